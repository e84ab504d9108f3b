"""The base view of the employee app's endpoints (other apps' mobile endpoints subclass it)."""

from __future__ import annotations

from typing import Any

from rest_framework.views import APIView

from server.mobile.authentication import EmployeeTokenAuthentication
from server.mobile.policies import EmployeeSignedIn


class MobileApiView(APIView):
    """A view of the employee app: authenticated by employee tokens only."""

    authentication_classes = [EmployeeTokenAuthentication]
    access: Any = EmployeeSignedIn()
