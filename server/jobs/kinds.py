"""The registry of job kinds: what a kind runs and who may see it (DESIGN §11).

A feature registers its kinds in its own `jobs.py` (imported by `JobsConfig.ready()`):

    @register_job_kind("sync.hr_pull", access=AnyFlag(*SYNC_FLAGS))
    def hr_pull(job: JobContext) -> dict[str, Any]:
        ...
        return {"created": 3}

`access` says who may read the job over REST and follow it on the `jobs` topic; starting one is
the starting endpoint's own policy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ImproperlyConfigured

from server.core.policy import Policy

if TYPE_CHECKING:
    from server.jobs.runner import JobContext

JobBody = Callable[["JobContext"], Mapping[str, Any]]

# Every flag some job kind is visible with: the policy of the job endpoints and the topic.
SYNC_FLAGS = ("allow_employee_update", "allow_sync_penggajian")
UPLOAD_FLAGS = ("allow_upload_manual",)
SCHEDULE_FLAGS = (
    "allow_setting_shift",
    "allow_setting_shift_pattern",
    "allow_setting_holiday",
    "allow_system_trouble",
)
JOB_FLAGS = (*SYNC_FLAGS, *UPLOAD_FLAGS, *SCHEDULE_FLAGS)


@dataclass(frozen=True)
class JobKind:
    name: str
    access: Policy
    run: JobBody

    def visible_to(self, access: Mapping[str, int]) -> bool:
        return self.access.allows(access)


_kinds: dict[str, JobKind] = {}


def register_job_kind(name: str, *, access: Policy) -> Callable[[JobBody], JobBody]:
    def decorate(run: JobBody) -> JobBody:
        if name in _kinds and _kinds[name].run is not run:
            raise ImproperlyConfigured(f"Job kind {name!r} is registered twice")
        _kinds[name] = JobKind(name=name, access=access, run=run)
        return run

    return decorate


def unregister_job_kind(name: str) -> None:
    _kinds.pop(name, None)


def job_kind(name: str) -> JobKind:
    try:
        return _kinds[name]
    except KeyError:
        raise ImproperlyConfigured(f"Unknown job kind {name!r}") from None


def job_kinds() -> list[JobKind]:
    return list(_kinds.values())


def kinds_visible_to(access: Mapping[str, int]) -> list[str]:
    return [kind.name for kind in _kinds.values() if kind.visible_to(access)]
