"""The `settings.<kind>` topics: the settings screens stay current while someone else edits them.

One topic per kind, open to the users who may view that kind's list:
`settings.shift`, `settings.shift_pattern`, `settings.holiday`, `settings.blacklist_app`,
`settings.cuti_khusus`, `settings.cuti_tambahan`, `settings.system_trouble`, `settings.approval_sla`.
Snapshot: `{}` (the screen reads its lists over REST; a resubscribe makes it refetch).
Events (after commit): "changed" `{"action": "created" | "updated" | "deleted", "hash_id": ...}`
(for a whole holiday year the hash_id is the year). The affected attendance days send their own
`dashboard` hint once recomputed.
"""

from __future__ import annotations

from server.core.policy import AnyFlag, Policy
from server.realtime.principals import Principal
from server.realtime.topics import Snapshot, register_topic

SETTINGS_TOPIC_POLICIES: dict[str, Policy] = {
    # The pattern screen shows shift names and picks shifts, so pattern viewers follow shifts too.
    "shift": AnyFlag("allow_setting_shift", "allow_setting_shift_pattern"),
    "shift_pattern": AnyFlag("allow_setting_shift_pattern"),
    "holiday": AnyFlag("allow_setting_holiday"),
    "blacklist_app": AnyFlag("allow_blacklist_app"),
    "cuti_khusus": AnyFlag("allow_cuti_khusus"),
    "cuti_tambahan": AnyFlag("allow_cuti_tambahan"),
    "system_trouble": AnyFlag("allow_system_trouble"),
    # The approval deadlines (server/schedules/sla.py): a system setting beside the risk thresholds.
    "approval_sla": AnyFlag("allow_system_trouble"),
}


def settings_topic(kind: str) -> str:
    if kind not in SETTINGS_TOPIC_POLICIES:
        raise ValueError(f"Unknown settings kind {kind!r}")
    return f"settings.{kind}"


def _empty_snapshot(principal: Principal) -> Snapshot:
    return {}


for _kind, _policy in SETTINGS_TOPIC_POLICIES.items():
    register_topic(settings_topic(_kind), allows=_policy)(_empty_snapshot)
