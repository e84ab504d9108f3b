"""REST of background jobs: `job/{id}` (the truth), `job/list`, `job/{id}/cancel` (its creator)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core.envelope import respond
from server.core.listing import ListSpec, list_response
from server.core.policy import user_access_of
from server.core.schema import answers, list_envelope_schema, list_parameters
from server.jobs import messages
from server.jobs.kinds import AnyJobKind
from server.jobs.models import Job, JobStatus
from server.jobs.runner import job_cancel
from server.jobs.schema import JobEnvelope, JobOutput
from server.jobs.selectors import job_for_user, job_row, jobs_visible_to

JOB_LIST = ListSpec(
    searchable={"kind": "kind", "status": "status"},
    orderable={"created": "created", "kind": "kind", "status": "status"},
    default_order=("created", "desc"),
)


def _rows(jobs: Iterable[Job], first: int) -> list[dict[str, Any]]:
    return [job_row(job) for job in jobs]


class JobDetailApi(APIView):
    access = AnyJobKind()

    @extend_schema(
        summary="Status dan progres satu proses latar belakang",
        responses=answers(JobEnvelope, 403, 404),
    )
    def get(self, request: Request, hash_id: str) -> Response:
        return respond(job_row(job_for_user(access=user_access_of(request), hash_id=hash_id)))


class JobListApi(APIView):
    access = AnyJobKind()

    @extend_schema(
        summary="Daftar proses latar belakang yang boleh dilihat pengguna",
        parameters=list_parameters(JOB_LIST),
        responses=answers(
            list_envelope_schema("JobListEnvelope", JobOutput(many=True)),
            403,
            422,
        ),
    )
    def get(self, request: Request) -> Response:
        return list_response(request, jobs_visible_to(user_access_of(request)), JOB_LIST, _rows)


class JobCancelApi(APIView):
    access = AnyJobKind()

    @extend_schema(
        summary="Batalkan proses (hanya pembuatnya); proses berjalan berhenti di antara batch",
        request=None,
        responses=answers(JobEnvelope, 403, 404, 409),
    )
    def post(self, request: Request, hash_id: str) -> Response:
        assert isinstance(request.user, AbstractBaseUser)
        job = job_for_user(access=user_access_of(request), hash_id=hash_id)
        job = job_cancel(job=job, user=request.user)
        message = messages.CANCELLED if job.status == JobStatus.CANCELLED else messages.CANCEL_REQUESTED
        return respond(job_row(job), message=message)
