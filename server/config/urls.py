from django.urls import include, path, re_path

from server.accounts.urls import mobile_urlpatterns as accounts_mobile
from server.accounts.urls import web_urlpatterns as accounts_web
from server.adjustments.urls import web_urlpatterns as adjustments_web
from server.announcements.urls import mobile_urlpatterns as announcements_mobile
from server.announcements.urls import web_urlpatterns as announcements_web
from server.approval_mail.urls import web_urlpatterns as approval_mail_web
from server.attendance.urls import web_urlpatterns as attendance_web
from server.attendance.urls import web_v2_urlpatterns as attendance_web_v2
from server.audit.urls import web_urlpatterns as audit_web
from server.core.apis import ClientConfigApi, HealthApi, SchemaApi, SwaggerUiApi, client_index
from server.core.envelope import json_not_found
from server.core.files import SignedFileApi
from server.dashboard.urls import web_urlpatterns as dashboard_web
from server.izin.urls import web_urlpatterns as izin_web
from server.jobs.urls import web_urlpatterns as jobs_web
from server.mobile.urls import mobile_urlpatterns as mobile_app
from server.notifications.urls import web_urlpatterns as notifications_web
from server.people.urls import web_urlpatterns as people_web
from server.realtime.urls import web_urlpatterns as realtime_web
from server.reports.urls import web_urlpatterns as reports_web
from server.schedules.urls import web_urlpatterns as schedules_web
from server.sync.urls import web_urlpatterns as sync_web
from server.uploads.urls import web_urlpatterns as uploads_web
from server.workforce.urls import web_urlpatterns as workforce_web

web_v1 = [
    path("config", ClientConfigApi.as_view(), name="client-config"),
    path("file/<str:token>", SignedFileApi.as_view(), name="signed-file"),
    *accounts_web,
    *realtime_web,
    *attendance_web,
    *izin_web,
    *workforce_web,
    *dashboard_web,
    *reports_web,
    *jobs_web,
    *sync_web,
    *uploads_web,
    *announcements_web,
    *schedules_web,
    *people_web,
    *audit_web,
    *adjustments_web,
    *approval_mail_web,
    *notifications_web,
]

web_v2 = [
    *attendance_web_v2,
]

mobile_v1 = [
    *accounts_mobile,
    *mobile_app,
    *announcements_mobile,
]

urlpatterns = [
    path("api/health", HealthApi.as_view(), name="health"),
    path("api/schema/", SchemaApi.as_view(), name="schema"),
    path("api/docs/", SwaggerUiApi.as_view(url_name="schema"), name="swagger-ui"),
    path("api/web/v1/", include(web_v1)),
    path("api/web/v2/", include(web_v2)),
    path("api/mobile/v1/", include(mobile_v1)),
    re_path(r"^api(?:/.*)?$", json_not_found),
    re_path(r"^(?!static/|media/|ws/)(?P<path>.*)$", client_index),
]
