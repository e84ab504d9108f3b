"""The `dashboard` topic (signed-in users) and the `wall` topic (wall displays only): live counts.

Services announce every change behind the counts (check-ins, decisions, izin) with
`server.core.days_changed.counts_changed(reason=...)`; the dashboard's hint
(server.dashboard.services.dashboard_hint) publishes `dashboard` "changed" `{"reason": ...}`.
Both topics listen to that one group but never forward the hints: each process recomputes
`shared_counts` at most once per window for all its subscribers of both topics and pushes
`{"op": "event", "topic": T, "type": "counts", "data": <counts>}`
(server.realtime.coalescer). Each push carries the complete counts, so a lost hint or push is
repaired by the next one (and by the periodic refresh); the snapshot on (re)subscribe makes a
reconnected screen correct.

Scope: the shared computation holds each man power type's part; the dashboard's `view` cuts it to the
reader (`counts_in_scope`): a scoped approver's attendance approval counts are those of the types it
may decide (as its queue and menu badge), anyone else's are company-wide. No reader is sent another
type's part. The wall has its own computation (server.dashboard.wall: the company-wide counts, the
per-site split and the latest arrivals), pushed as its `counts` event.

Wall displays own sockets too: they register here how a display's ticket is issued and redeemed.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.utils import timezone

from server.core import clock
from server.core.days_changed import DASHBOARD_TOPIC
from server.core.policy import AllFlags, SignedIn
from server.dashboard.authentication import DisplayTokenAuthentication
from server.dashboard.models import WallDisplay
from server.dashboard.selectors import (
    counts_in_scope,
    dashboard_counts_now,
    dashboard_scope_types,
    shared_counts_now,
)
from server.dashboard.services import WALL_DISPLAYS_TOPIC, wall_displays_lookup
from server.dashboard.wall import wall_live_now
from server.realtime.event_schemas import EMPTY, array, component, describe_topic, payload
from server.realtime.models import TicketKind
from server.realtime.owners import SocketOwner, register_socket_owner
from server.realtime.principals import WALL_TOPIC, Principal
from server.realtime.publish import group_name
from server.realtime.topics import Coalesced, Event, Snapshot, register_topic

COUNTS = Coalesced(key="dashboard.counts", compute=shared_counts_now)


def _display_ticket(display: WallDisplay) -> Mapping[str, object]:
    return {"wall_display": display}


def display_principals(display_ids: set[int], now: datetime) -> dict[int, Principal]:
    """The principals of the displays not revoked (by id): no flags, the `wall` topic only."""
    live = WallDisplay.objects.filter(pk__in=display_ids, revoked_at__isnull=True).values_list(
        "pk", flat=True
    )
    return {pk: Principal(kind=TicketKind.DISPLAY, access={}, wall_display_id=pk) for pk in live}


register_socket_owner(
    SocketOwner(
        kind=TicketKind.DISPLAY,
        model=WallDisplay,
        authentication=DisplayTokenAuthentication,
        lookup=wall_displays_lookup,
        ticket_fields=_display_ticket,
        owner_field="wall_display",
        principals=display_principals,
    )
)


def hint_groups(principal: Principal) -> list[str]:
    return [group_name(DASHBOARD_TOPIC)]


def _scope(principal: Principal) -> tuple[str, ...]:
    return tuple(dashboard_scope_types(principal.access))


def dashboard_view(principal: Principal, event: Event) -> Event:
    """A `counts` push as this reader is shown it (the shared counts cut to its scope)."""
    return Event(event.type, dict(counts_in_scope(event.data, _scope(principal))))  # type: ignore[arg-type]


@register_topic(
    DASHBOARD_TOPIC,
    allows=SignedIn(),
    groups=hint_groups,
    coalesced=COUNTS,
    view=dashboard_view,
    shared_by=_scope,
)
def dashboard_snapshot(principal: Principal) -> Snapshot:
    return dict(dashboard_counts_now(_scope(principal)))


def wall_snapshot_data(*, display: WallDisplay) -> dict[str, Any]:
    """What a wall shows: its name, the server's clock (the wall ticks from it), the counts, the
    per-site split and the latest arrivals (server.dashboard.wall).

    `GET wall_display/snapshot` answers this too; `wall` `counts` events carry the live part
    (`counts`, `sites`, `arrivals`: WallDisplayLive), recomputed after every hint.
    """
    return {
        "display_name": display.name,
        "server_time": timezone.localtime(clock.now()).isoformat(timespec="seconds"),
        **wall_live_now(),
    }


# The wall's own computation (the counts from the shared one, plus its sites and arrivals), pushed as
# `counts` events; hinted by the same dashboard group after every change behind the counts.
WALL_LIVE = Coalesced(key="wall.live", compute=wall_live_now)


@register_topic(
    WALL_TOPIC,
    allows=lambda principal: principal.is_display,
    groups=hint_groups,
    coalesced=WALL_LIVE,
)
def wall_snapshot(principal: Principal) -> Snapshot:
    assert principal.wall_display_id is not None
    display = WallDisplay.objects.filter(pk=principal.wall_display_id).first()
    return wall_snapshot_data(display=display or WallDisplay(name=""))


describe_topic(
    DASHBOARD_TOPIC, snapshot=component("DashboardCounts"), events={"counts": component("DashboardCounts")}
)
# A display's `revoked` comes from its control group (server.realtime.principals) and blanks the wall.
describe_topic(
    WALL_TOPIC,
    snapshot=component("WallDisplaySnapshot"),
    events={
        "counts": payload(
            counts=component("DashboardCounts"),
            sites=array(component("WallSite")),
            arrivals=array(component("WallArrival")),
        ),
        "revoked": EMPTY,
    },
)


@register_topic(WALL_DISPLAYS_TOPIC, allows=AllFlags("allow_user_login"))
def wall_displays_snapshot(principal: Principal) -> Snapshot:
    """Admins' list of displays: events (`created`, `updated`, `revoked`) carry the `hash_id`; the
    list refetches (REST is the truth)."""
    return {"count": WallDisplay.objects.count()}
