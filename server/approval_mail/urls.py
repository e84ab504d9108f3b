from server.approval_mail import apis
from server.core.routes import api_paths

web_urlpatterns = api_paths(
    ("approval_link/<str:token>", apis.ApprovalLinkApi, "approval-link"),
)
