"""The sanitiser keeps what the editor makes and removes anything that could run in a reader's browser."""

from __future__ import annotations

from server.announcements.content import content_sanitise, content_snippet, content_text


def test_script_event_handlers_and_javascript_links_are_removed() -> None:
    raw = (
        "<p>Halo<script>alert('x')</script></p>"
        '<img src="x" onerror="alert(1)">'
        '<p onclick="steal()">Klik <a href="javascript:alert(1)">di sini</a></p>'
        '<a href="JaVaScRiPt:alert(2)">lagi</a>'
        '<p style="background:url(javascript:alert(3))">gaya</p>'
        "<iframe src='https://evil.example'></iframe>"
    )
    clean = content_sanitise(raw)
    lowered = clean.lower()
    assert "<script" not in lowered and "alert('x')" not in clean
    assert "onerror" not in lowered and "onclick" not in lowered and "<img" not in lowered
    assert "javascript:" not in lowered and "style=" not in lowered and "<iframe" not in lowered
    assert "<p>Halo</p>" in clean and "di sini" in clean and "gaya" in clean


def test_the_editor_markup_survives() -> None:
    raw = (
        "<h2>Judul</h2><p><strong>tebal</strong> <em>miring</em></p>"
        '<p><a href="https://contoh.id/x" target="_blank">tautan</a></p>'
        "<ul><li><p>satu</p></li></ul><ol><li><p>dua</p></li></ol>"
        '<table><tbody><tr><th colspan="1" rowspan="1"><p>A</p></th>'
        '<td colspan="2" rowspan="1"><p>B</p></td></tr></tbody></table>'
    )
    clean = content_sanitise(raw)
    for piece in (
        "<h2>Judul</h2>",
        "<strong>tebal</strong>",
        "<em>miring</em>",
        '<a href="https://contoh.id/x" target="_blank" rel="noopener noreferrer nofollow">tautan</a>',
        "<ul><li><p>satu</p></li></ul>",
        "<ol><li><p>dua</p></li></ol>",
        '<th colspan="1" rowspan="1"><p>A</p></th>',
        '<td colspan="2" rowspan="1"><p>B</p></td>',
    ):
        assert piece in clean


def test_snippet_is_the_text_without_markup_cut_at_60_characters() -> None:
    content = (
        "<h2>Rapat</h2>"
        "<p>Semua karyawan &amp; staf wajib hadir di ruang rapat utama pada hari Senin pagi.</p>"
    )
    assert content_text(content).startswith("Rapat Semua karyawan & staf wajib")
    snippet = content_snippet(content)
    assert snippet == content_text(content)[:60].rstrip() + "..."
    assert "<" not in snippet
    assert content_snippet("<p>Pendek</p>") == "Pendek"
    assert content_text("<p></p>") == ""
