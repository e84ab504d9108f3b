"""What back-office sessions plug into realtime: their sockets (tickets and principals) and the
`session` topic (always listened to: revocation forces the socket out, access changes reach the
client live; `accounts/services.py` publishes them)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from server.accounts.authentication import AccessTokenAuthentication
from server.accounts.models import AccessToken, User
from server.accounts.services import tokens_lookup
from server.realtime.event_schemas import COUNT_BY_KEY, EMPTY, describe_topic, payload
from server.realtime.models import TicketKind
from server.realtime.owners import SocketOwner, register_socket_owner
from server.realtime.principals import SESSION_TOPIC, Principal
from server.realtime.topics import Snapshot, register_topic, session_group, session_view


def _session_ticket(token: AccessToken) -> Mapping[str, object]:
    # The socket belongs to the sign-in session that asked: it closes when that session is revoked.
    return {"user_id": token.user_id, "access_token": token}


def session_principals(token_ids: set[int], now: datetime) -> dict[int, Principal]:
    """The principals of the sign-in sessions still usable (by token id), their users active."""
    tokens = AccessToken.objects.select_related("user", "user__level").filter(pk__in=token_ids)
    return {
        token.pk: Principal(
            kind=TicketKind.USER,
            access=token.user.user_access,
            user_id=token.user_id,
            access_token_id=token.pk,
        )
        for token in tokens
        if token.is_usable(now) and token.user.is_active
    }


register_socket_owner(
    SocketOwner(
        kind=TicketKind.USER,
        model=AccessToken,
        authentication=AccessTokenAuthentication,
        lookup=tokens_lookup,
        ticket_fields=_session_ticket,
        owner_field="access_token",
        principals=session_principals,
    )
)


@register_topic(
    SESSION_TOPIC,
    allows=lambda principal: principal.is_user,
    groups=lambda principal: [group for group in [session_group(principal)] if group],
    view=session_view,
)
def session_snapshot(principal: Principal) -> Snapshot:
    assert principal.user_id is not None
    user = User.objects.select_related("level").get(pk=principal.user_id)
    return {"user_access": user.user_access}


# A revocation reaches only the revoked sessions' sockets, without the tokens' ids (session_view).
describe_topic(
    SESSION_TOPIC,
    snapshot=payload(user_access=COUNT_BY_KEY),
    events={"revoked": EMPTY, "access": payload(user_access=COUNT_BY_KEY)},
)
