"""The `audit` topic (DESIGN §6, §17): readers of the audit screen (allow_audit) hear of new entries.

Snapshot: `{}`. Events (after commit): "created" `{"count": n, "objects": [[object_type, object_id], ...]}`;
the screen and the 'Riwayat' panels refetch.
"""

from __future__ import annotations

from server.core.policy import AllFlags
from server.realtime.principals import Principal
from server.realtime.topics import Snapshot, register_topic

AUDIT_TOPIC = "audit"
AUDIT_FLAG = "allow_audit"


@register_topic(AUDIT_TOPIC, allows=AllFlags(AUDIT_FLAG))
def audit_snapshot_topic(principal: Principal) -> Snapshot:
    return {}
