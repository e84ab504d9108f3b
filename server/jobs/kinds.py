"""The registry of job kinds: what a kind runs and who may see it (DESIGN §11).

A feature registers its kinds in its own `jobs.py` (imported by `JobsConfig.ready()`):

    @register_job_kind("sync.hr_pull", access=AnyFlag(*SYNC_FLAGS))
    def hr_pull(job: JobContext) -> dict[str, Any]:
        ...
        return {"created": 3}

`access` says who may read the job over REST and follow it on the `jobs` topic; starting one is
the starting endpoint's own policy. The job endpoints and the topic are open to whoever may see some
kind (`AnyJobKind`): the flags of the kinds the apps registered, not a list kept here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured

from server.core.policy import AnyFlag, Policy
from server.jobs.context import JobContext

JobBody = Callable[[JobContext], Mapping[str, Any]]


@dataclass(frozen=True)
class JobKind:
    name: str
    access: AnyFlag
    run: JobBody

    def visible_to(self, access: Mapping[str, int]) -> bool:
        return self.access.allows(access)


_kinds: dict[str, JobKind] = {}


def register_job_kind(name: str, *, access: AnyFlag) -> Callable[[JobBody], JobBody]:
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


def job_flags() -> tuple[str, ...]:
    """Every flag some registered kind is visible with, in the order the kinds were registered."""
    return tuple(dict.fromkeys(flag for kind in _kinds.values() for flag in kind.access.flags))


class AnyJobKind(Policy):
    """Who may see some job kind: any flag of the registered kinds (read when asked, so a kind
    registered after the policy was made counts)."""

    def allows(self, access: Mapping[str, int]) -> bool:
        return AnyFlag(*job_flags()).allows(access)

    def describe(self) -> str:
        return AnyFlag(*job_flags()).describe()
