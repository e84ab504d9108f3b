from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from server.core.envelope import respond
from server.core.policy import SignedIn
from server.core.schema import envelope_schema
from server.realtime.owners import socket_owners
from server.realtime.services import realtime_ticket_issue


@extend_schema_serializer(component_name="RealtimeTicket")
class RealtimeTicketOutput(serializers.Serializer[Any]):
    ticket = serializers.CharField()


class RealtimeTicketApi(APIView):
    """A one-time ticket for `/ws/v1/?ticket=`: the token itself never goes into a URL.

    Signed-in users and wall displays (`Authorization: Display <token>`, one of the two views that
    accept it) both get one; a display's socket may subscribe to the `wall` topic only.
    """

    access = SignedIn()

    def get_authenticators(self) -> list[BaseAuthentication]:
        # Whoever may own a socket, as the apps registered them (`server.realtime.owners`).
        return [owner.authentication() for owner in socket_owners.all()]

    @extend_schema(
        request=None,
        responses=envelope_schema("RealtimeTicketEnvelope", RealtimeTicketOutput()),
        summary="Tiket sekali pakai untuk membuka websocket (berlaku 30 detik)",
    )
    def post(self, request: Request) -> Response:
        return respond(RealtimeTicketOutput({"ticket": realtime_ticket_issue(owner=request.auth)}).data)
