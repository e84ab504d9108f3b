"""The `jobs` topic (DESIGN §6, §11): live progress of background jobs.

Groups: one per job kind (`rt.jobs.<kind>`); a user listens to the kinds their flags let them see
(`server.jobs.kinds`). Snapshot: `{"jobs": [<job row>, ...]}`, running and recent jobs, so a
reloaded page, a second tab or a reconnect shows the same progress. Events: "progress" with the job
row `{job, kind, status, processed, total, errors, result, ...}` at most every 250 ms per job and at
every status change.
"""

from __future__ import annotations

from server.jobs.kinds import AnyJobKind, kinds_visible_to
from server.jobs.runner import JOBS_TOPIC
from server.jobs.selectors import job_row, jobs_running_and_recent
from server.realtime.event_schemas import array, component, describe_topic, payload
from server.realtime.principals import Principal
from server.realtime.publish import group_name
from server.realtime.topics import Snapshot, register_topic


def _allows(principal: Principal) -> bool:
    return principal.is_user and AnyJobKind().allows(principal.access)


def _groups(principal: Principal) -> list[str]:
    return [group_name(JOBS_TOPIC, kind) for kind in kinds_visible_to(principal.access)]


@register_topic(JOBS_TOPIC, allows=_allows, groups=_groups)
def jobs_snapshot(principal: Principal) -> Snapshot:
    return {"jobs": [job_row(job) for job in jobs_running_and_recent(principal.access)]}


describe_topic(
    JOBS_TOPIC, snapshot=payload(jobs=array(component("Job"))), events={"progress": component("Job")}
)
