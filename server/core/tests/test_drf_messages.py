"""The REST framework's own validation messages reach the envelope in Indonesian (server/locale)."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def test_a_list_where_an_object_belongs_is_answered_in_indonesian(api: APIClient) -> None:
    response = api.post("/api/web/v1/auth/", data=json.dumps([1, 2]), content_type="application/json")
    assert response.status_code in (400, 422)
    text = json.dumps(response.json(), ensure_ascii=False)
    assert "Expected a dictionary" not in text
    assert "diharapkan objek" in text


def test_a_number_where_text_belongs_is_answered_in_indonesian(api: APIClient) -> None:
    response = api.post(
        "/api/web/v1/auth/",
        data=json.dumps({"email": {"a": 1}, "password": ["x"]}),
        content_type="application/json",
    )
    assert response.status_code in (400, 422)
    text = json.dumps(response.json(), ensure_ascii=False)
    assert "Not a valid string" not in text
    assert "Isi dengan teks" in text


def test_the_wrong_method_names_it_in_indonesian(api: APIClient) -> None:
    response = api.delete("/api/web/v1/auth/")
    assert response.status_code == 405
    assert "tidak diizinkan" in response.json()["message"]
