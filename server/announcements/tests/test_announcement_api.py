"""The back-office announcement endpoints (spec doc1 §7.3): drafts, publishing rules, read-only once
published, tags, the 9-per-page pagination block, flags per endpoint, attachments and live events."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from rest_framework.test import APIClient

from server.accounts.models import User
from server.announcements.apis import URL_SCHEMA
from server.announcements.models import Announcement
from server.announcements.tests.helpers import BASE, form, later, local_text, make_announcement
from server.announcements.tests.test_attachments import PDF, png
from server.testing.events import EventLog, audit_event, capture_events

pytestmark = pytest.mark.django_db

ALL_ANNOUNCEMENT_FLAGS = [
    "allow_announcement",
    "allow_announcement_create",
    "allow_announcement_update",
    "allow_announcement_delete",
]


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


@pytest.fixture
def editor(make_user: Callable[..., User]) -> User:
    return make_user(flags=ALL_ANNOUNCEMENT_FLAGS, fullname="Bu Humas")


@pytest.fixture
def client(editor: User, client_for: Callable[[User], APIClient]) -> APIClient:
    return client_for(editor)


def test_create_a_draft_sanitises_content_and_announces_it(
    client: APIClient, editor: User, monkeypatch: Any
) -> None:
    body = form(
        content='<p onclick="x()">Halo <script>alert(1)</script><a href="javascript:alert(2)">tautan</a></p>',
        url="https://www.contoh.co.id/info",
        url_title="Info lengkap",
    )
    with capture_events(monkeypatch) as events:
        response = client.post(BASE, body, format="multipart")
    assert response.status_code == 201, response.json()
    assert response.json()["message"] == "Draft pengumuman berhasil disimpan."
    saved = Announcement.objects.get()
    assert saved.content == '<p>Halo <a rel="noopener noreferrer nofollow">tautan</a></p>'
    assert saved.tags == "office,pool" and saved.url == "www.contoh.co.id/info"
    assert saved.creator == editor and not saved.is_published

    row = response.json()["data"]
    assert row["status"] == "draft" and row["is_published"] == 0
    assert row["tag"] == ["office", "pool"] and row["creator_user_name"] == "Bu Humas"
    assert row["snippet"] == "Halo tautan"
    assert events == [
        audit_event(("announcement", saved.hash_id)),
        ("announcement", "created", {"hash_id": saved.hash_id, "row": row}, None),
    ]


def test_a_draft_needs_only_a_title(client: APIClient) -> None:
    response = client.post(BASE, form(title="  ", content="", tag=""), format="multipart")
    assert response.status_code == 422
    assert response.json()["message"] == "Judul pengumuman wajib diisi"
    assert client.post(BASE, form(content="", tag=""), format="multipart").status_code == 201


def test_publishing_checks_the_rules_of_the_spec(client: APIClient) -> None:
    response = client.post(
        BASE, form(title="", tag="", content="<p> </p>", is_published="1"), format="multipart"
    )
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "title": ["Judul pengumuman wajib diisi"],
        "tag": ["Tag wajib diisi"],
        "published_date": ["Tanggal wajib diisi"],
        "content": ["Deskripsi pengumuman wajib diisi"],
    }
    assert not Announcement.objects.exists()


def test_published_date_must_respect_the_pickers_minimum(client: APIClient) -> None:
    too_soon = form(is_published="1", published_date=local_text(timezone.now() + timedelta(minutes=2)))
    response = client.post(BASE, too_soon, format="multipart")
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "published_date": ["Tanggal terbit paling cepat 4 menit dari sekarang."]
    }
    past = form(is_published="1", published_date="2020-01-01 08:00")
    assert client.post(BASE, past, format="multipart").status_code == 422
    bad = form(is_published="1", published_date="besok pagi")
    assert client.post(BASE, bad, format="multipart").json()["message"] == (
        "Format tanggal terbit harus YYYY-MM-DD HH:mm."
    )


def test_publish_is_scheduled_editable_until_due_then_read_only(client: APIClient, monkeypatch: Any) -> None:
    draft = client.post(BASE, form(), format="multipart").json()["data"]
    when = later(10)
    with capture_events(monkeypatch) as events:
        response = client.put(
            f"{BASE}/",
            form(hash_id=draft["hash_id"], is_published="1", published_date=local_text(when), tag="all"),
            format="multipart",
        )
    assert response.status_code == 200, response.json()
    assert response.json()["message"].startswith(
        "Pengumuman berhasil diterbitkan dan tampil untuk karyawan mulai "
    )
    row = response.json()["data"]
    assert row["status"] == "scheduled" and row["is_published"] == 1 and row["tag"] == ["all"]
    assert events == [
        audit_event(("announcement", draft["hash_id"])),
        ("announcement", "published", {"hash_id": draft["hash_id"], "row": row}, None),
    ]

    # Scheduled, not yet due: still editable (issue 28), the new values live for the other screens.
    later_still = later(30)
    with capture_events(monkeypatch) as events:
        edited = client.put(
            f"{BASE}/",
            form(
                hash_id=draft["hash_id"],
                title="Diubah",
                is_published="1",
                published_date=local_text(later_still),
                tag="all",
            ),
            format="multipart",
        )
    assert edited.status_code == 200, edited.json()
    row = edited.json()["data"]
    assert row["status"] == "scheduled" and row["title"] == "Diubah"
    assert events == [
        audit_event(("announcement", draft["hash_id"])),
        ("announcement", "published", {"hash_id": draft["hash_id"], "row": row}, None),
    ]
    stored = Announcement.objects.get()
    assert stored.title == "Diubah" and stored.published_date == later_still.replace(second=0, microsecond=0)

    # Once due it is published: read-only.
    Announcement.objects.filter(pk=stored.pk).update(published_date=timezone.now() - timedelta(minutes=1))
    again = client.put(f"{BASE}/", form(hash_id=draft["hash_id"], title="Lagi"), format="multipart")
    assert again.status_code == 409
    assert again.json()["message"] == "Pengumuman yang sudah diterbitkan tidak dapat diubah."
    assert Announcement.objects.get().title == "Diubah"


def test_a_scheduled_announcement_goes_back_to_draft(client: APIClient) -> None:
    draft = client.post(BASE, form(), format="multipart").json()["data"]
    when = local_text(later(10))
    scheduled = form(hash_id=draft["hash_id"], is_published="1", published_date=when, tag="all")
    assert client.put(f"{BASE}/", scheduled, format="multipart").status_code == 200
    back = client.put(f"{BASE}/", form(hash_id=draft["hash_id"], title="Ditunda"), format="multipart")
    assert back.status_code == 200, back.json()
    assert back.json()["data"]["status"] == "draft"
    assert Announcement.objects.get().is_published is False


def test_update_of_a_missing_announcement_is_404(client: APIClient) -> None:
    response = client.put(f"{BASE}/", form(hash_id="tidakada"), format="multipart")
    assert response.status_code == 404
    assert response.json()["message"] == "Pengumuman tidak ditemukan."
    assert client.put(f"{BASE}/", form(), format="multipart").json()["errors"] == {
        "hash_id": ["ID pengumuman harus diisi."]
    }


def test_selecting_every_type_collapses_to_all_and_unknown_tags_are_refused(client: APIClient) -> None:
    row = client.post(BASE, form(tag="office, pool, site, tug_boat"), format="multipart").json()["data"]
    assert row["tag"] == ["all"]
    refused = client.post(BASE, form(tag="office, kapal"), format="multipart")
    assert refused.status_code == 422 and refused.json()["message"] == "Tag tidak dikenal: kapal."


def test_url_is_stored_without_scheme_and_checked(client: APIClient) -> None:
    row = client.post(BASE, form(url="HTTP://contoh.id:8080/a?b=1"), format="multipart").json()["data"]
    assert row["url"] == "contoh.id:8080/a?b=1"
    for bad in ("javascript:alert(1)", "contoh id", '"><script>'):
        response = client.post(BASE, form(url=bad), format="multipart")
        assert response.status_code == 422 and response.json()["message"] == "Link tidak valid.", bad


# Fuzzing found it: the schema's pattern let "#a\x1db" through, the server (Python's `\s`) did not.
# A client reads the pattern with ECMA semantics, as jsonschema_rs (schemathesis's validator) does.
@pytest.mark.parametrize(
    ("url", "valid"),
    [
        ("contoh.id:8080/a?b=1", True),
        ("http://contoh.id/#\u00e9", True),
        ("http://pss5rxepfY5Yr15Q:4#a\x1db", False),
        ("contoh.id/a\x85b", False),
        ("contoh.id/a\x00", False),
        ("contoh.id/a b", False),
    ],
)
def test_url_schema_pattern_and_the_server_agree(client: APIClient, url: str, valid: bool) -> None:
    pattern = URL_SCHEMA.regex.pattern
    assert jsonschema_rs.validator_for({"type": "string", "pattern": pattern}).is_valid(url) is valid
    response = client.post(BASE, form(url=url), format="multipart")
    assert (response.status_code == 201) is valid, response.json()


def test_list_filters_by_tag_and_important_with_the_pagination_block(client: APIClient) -> None:
    for n in range(10):
        make_announcement(title=f"Umum {n}", tags="all")
    make_announcement(title="Kapal", tags="tug_boat", important=True)
    make_announcement(title="Kantor dan site", tags="office,site")
    make_announcement(title="Draft pool", tags="pool", published=False)

    first = client.get(f"{BASE}/list", {"page": 1, "per_page": 9}).json()
    assert len(first["data"]) == 9 and first["recordsTotal"] == 13
    assert first["data"][0]["title"] == "Draft pool"
    assert first["pagination"] == {
        "firstPage": "disabled",
        "previousPage": "disabled",
        "currentPage": 1,
        "nextPage": 2,
        "lastPage": 2,
    }
    second = client.get(f"{BASE}/list", {"page": 2}).json()
    assert len(second["data"]) == 4
    assert second["pagination"] == {
        "firstPage": 1,
        "previousPage": 1,
        "currentPage": 2,
        "nextPage": "disabled",
        "lastPage": "disabled",
    }

    def titles(**params: Any) -> set[str]:
        return {row["title"] for row in client.get(f"{BASE}/list", params).json()["data"]}

    # 'all' counts for every type.
    assert titles(tag="site") == {"Kantor dan site", *(f"Umum {n}" for n in range(2, 10))}
    assert len(client.get(f"{BASE}/list", {"tag": "site"}).json()["data"]) == 9
    assert client.get(f"{BASE}/list", {"tag": "site"}).json()["recordsTotal"] == 11
    assert titles(tag="tug_boat", page=2) == {"Umum 0", "Umum 1"}
    assert titles(important=1) == {"Kapal"}
    assert titles(tag="pool", important=0) >= {"Draft pool"}
    assert client.get(f"{BASE}/list", {"tag": "kapal"}).status_code == 422
    assert client.get(f"{BASE}/list", {"per_page": 10}).status_code == 422


def test_empty_list_has_a_single_page(client: APIClient) -> None:
    body = client.get(f"{BASE}/list").json()
    assert body["data"] == [] and body["recordsTotal"] == 0
    assert body["pagination"]["currentPage"] == 1 and body["pagination"]["nextPage"] == "disabled"


def test_tags_and_detail(client: APIClient) -> None:
    assert client.get(f"{BASE}/tag").json()["data"] == [
        {"id": 1, "value": "all", "label": "Semua"},
        {"id": 2, "value": "office", "label": "Office"},
        {"id": 3, "value": "pool", "label": "Pool"},
        {"id": 4, "value": "site", "label": "Site"},
        {"id": 5, "value": "tug_boat", "label": "Tug Boat"},
    ]
    announcement = make_announcement(content="<h2>Rapat</h2><p>Senin</p>")
    detail = client.get(f"{BASE}/detail/{announcement.hash_id}").json()["data"]
    assert detail["content"] == "<h2>Rapat</h2><p>Senin</p>" and detail["status"] == "published"
    assert client.get(f"{BASE}/detail/xyz").status_code == 404


def test_important_toggle_and_delete_announce_their_events(client: APIClient, monkeypatch: Any) -> None:
    announcement = make_announcement()
    hash_id = announcement.hash_id
    with capture_events(monkeypatch) as events:
        marked = client.patch(f"{BASE}/important", {"id": hash_id, "important": 1}, format="json")
        unmarked = client.patch(f"{BASE}/important", {"id": hash_id, "important": "0"}, format="json")
        deleted = client.delete(f"{BASE}/{hash_id}")
    assert marked.json()["message"] == "Pengumuman ditandai penting."
    assert marked.json()["data"]["is_important"] == 1
    assert unmarked.json()["message"] == "Tanda penting pengumuman dihapus."
    assert deleted.json()["message"] == "Pengumuman berhasil dihapus."
    assert events.of("audit") == [audit_event(("announcement", hash_id))] * 3
    events = EventLog(event for event in events if event.topic != "audit")
    assert [(topic, kind) for topic, kind, *_ in events] == [
        ("announcement", "important"),
        ("announcement", "important"),
        ("announcement", "deleted"),
    ]
    assert events[0][2]["row"]["is_important"] == 1 and events[1][2]["row"]["is_important"] == 0
    assert events[2][2] == {"hash_id": hash_id}
    assert not Announcement.objects.exists()
    assert client.delete(f"{BASE}/{hash_id}").status_code == 404
    bad = client.patch(f"{BASE}/important", {"id": hash_id, "important": 2}, format="json")
    assert bad.status_code == 422 and bad.json()["message"] == "Nilai harus 0 atau 1."


def test_a_failed_write_sends_nothing(client: APIClient, monkeypatch: Any) -> None:
    with capture_events(monkeypatch) as events:
        client.post(BASE, form(title=""), format="multipart")
    assert events == []


def test_an_attachment_refused_by_its_endpoint_is_served_by_no_route(
    client: APIClient, make_user: Callable[..., User], client_for: Callable[[User], APIClient]
) -> None:
    """The finding of DESIGN §16: the bare media route served any stored file to any signed-in user."""
    upload = SimpleUploadedFile("Rahasia.pdf", PDF, content_type="application/pdf")
    row = client.post(BASE, {**form(), "attachment": upload}, format="multipart").json()["data"]
    stored = Announcement.objects.get().attachment.name
    outsider = client_for(make_user(flags=[]))
    assert outsider.get(row["attachment"]).status_code == 403
    for url in (f"/api/web/v1/media/{stored}", f"/media/{stored}", f"/api/web/v1/file/{stored}"):
        response = outsider.get(url)
        assert response.status_code == 404 and b"%PDF" not in response.content
    served = client.get(row["attachment"])
    assert served.status_code == 200 and served["Content-Security-Policy"] == "sandbox"


def test_attachment_is_stored_by_content_and_served_only_to_signed_in_users(
    client: APIClient, api: APIClient, media_root: Path, django_capture_on_commit_callbacks: Any
) -> None:
    upload = SimpleUploadedFile("Surat Edaran.pdf", PDF, content_type="application/pdf")
    row = client.post(BASE, {**form(), "attachment": upload}, format="multipart").json()["data"]
    assert row["attachment_name"] == "Surat Edaran.pdf"
    assert row["attachment"] == f"/api/web/v1/announcement/attachment/{row['hash_id']}"
    stored = Announcement.objects.get().attachment.name
    assert stored.startswith("announcement/") and stored.endswith(".pdf") and "Surat" not in stored

    served = client.get(row["attachment"])
    assert served.status_code == 200 and served["Content-Type"] == "application/pdf"
    assert b"".join(served.streaming_content) == PDF
    assert served["X-Content-Type-Options"] == "nosniff"
    assert api.get(row["attachment"]).status_code == 401
    assert api.get(f"/media/{stored}").status_code == 404

    with django_capture_on_commit_callbacks(execute=True):
        replaced = client.put(
            f"{BASE}/",
            {**form(hash_id=row["hash_id"]), "attachment": SimpleUploadedFile("foto.pdf", png())},
            format="multipart",
        ).json()["data"]
    assert replaced["attachment_name"] == "foto.png"
    assert not (media_root / stored).exists()
    with django_capture_on_commit_callbacks(execute=True):
        client.delete(f"{BASE}/{row['hash_id']}")
    assert not list(media_root.rglob("*.*"))


def test_a_disguised_or_oversized_attachment_is_refused_without_saving(
    client: APIClient, media_root: Path
) -> None:
    disguised = SimpleUploadedFile(
        "surat.pdf", b"<html><script>alert(1)</script>", content_type="application/pdf"
    )
    response = client.post(BASE, {**form(), "attachment": disguised}, format="multipart")
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "attachment": ["Lampiran harus berupa PDF, gambar (JPG, PNG, GIF, WEBP) atau dokumen Office."]
    }
    big = SimpleUploadedFile("besar.pdf", PDF + b"0" * (10 * 1024 * 1024), content_type="application/pdf")
    response = client.post(BASE, {**form(), "attachment": big}, format="multipart")
    assert response.status_code == 422 and response.json()["message"] == "Ukuran lampiran maksimal 10 MB."
    assert not Announcement.objects.exists() and not list(media_root.rglob("*.*"))


@pytest.mark.parametrize(
    ("method", "path", "needs"),
    [
        ("get", "/list", "allow_announcement"),
        ("get", "/tag", "allow_announcement"),
        ("get", "/detail/{id}", "allow_announcement"),
        ("get", "/attachment/{id}", "allow_announcement"),
        ("post", "", "allow_announcement_create"),
        ("put", "/", "allow_announcement_update"),
        ("patch", "/important", "allow_announcement_update"),
        ("delete", "/{id}", "allow_announcement_delete"),
    ],
)
def test_flags_per_endpoint(
    method: str,
    path: str,
    needs: str,
    make_user: Callable[..., User],
    client_for: Callable[[User], APIClient],
    api: APIClient,
) -> None:
    announcement = make_announcement(published=False)
    url = BASE + path.format(id=announcement.hash_id)
    body = (
        {}
        if method == "get"
        else {"id": announcement.hash_id, "important": 1, **form(hash_id=announcement.hash_id)}
    )
    without = [flag for flag in ALL_ANNOUNCEMENT_FLAGS if flag != needs]
    refused = getattr(client_for(make_user(flags=without)), method)(
        url, body, format="multipart" if method in ("post", "put") else "json"
    )
    assert refused.status_code == 403, (method, path)
    assert getattr(api, method)(url, body).status_code == 401
    allowed_flags = ["allow_announcement", needs]
    allowed = getattr(client_for(make_user(flags=allowed_flags)), method)(
        url, body, format="multipart" if method in ("post", "put") else "json"
    )
    assert allowed.status_code in (200, 201, 404), (method, path, allowed.status_code)
    if path == "/attachment/{id}":
        assert allowed.json()["message"] == "Lampiran tidak ditemukan."
    else:
        assert allowed.status_code in (200, 201)
