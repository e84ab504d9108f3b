"""Events committed during an HTTP request go out once its answer is sent (the response closed), so a
fan-out to many sockets never sits in front of the answer; elsewhere they go out at commit."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from server.realtime import publish as publish_module
from server.realtime.publish import PublishAfterAnswerMiddleware, publish

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    monkeypatch.setattr(
        publish_module, "send_now", lambda topic, type, data, scope=None: out.append((topic, type))
    )
    return out


def test_a_requests_events_wait_for_its_answer(
    sent: list[tuple[str, str]], django_capture_on_commit_callbacks: Any
) -> None:
    def view(request: HttpRequest) -> HttpResponse:
        with django_capture_on_commit_callbacks(execute=True):
            publish("dashboard", "changed", {"reason": "a"})
            publish("approval.attendance", "entered", {"row": {}})
        assert sent == []  # committed, not yet sent
        return HttpResponse("ok")

    response = PublishAfterAnswerMiddleware(view)(RequestFactory().get("/api/x"))
    assert sent == []
    response.close()  # what the server does once the last byte is out
    assert sent == [("dashboard", "changed"), ("approval.attendance", "entered")]
    response.close()
    assert len(sent) == 2  # sent once


def test_a_failing_request_still_sends_what_it_committed(
    sent: list[tuple[str, str]], django_capture_on_commit_callbacks: Any
) -> None:
    def view(request: HttpRequest) -> HttpResponse:
        with django_capture_on_commit_callbacks(execute=True):
            publish("dashboard", "changed", {"reason": "a"})
        raise RuntimeError("after the commit")

    with pytest.raises(RuntimeError):
        PublishAfterAnswerMiddleware(view)(RequestFactory().get("/api/x"))
    assert sent == [("dashboard", "changed")]


def test_outside_a_request_events_go_out_at_commit(
    sent: list[tuple[str, str]], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        publish("dashboard", "changed", {"reason": "job"})
        assert sent == []
    assert sent == [("dashboard", "changed")]
