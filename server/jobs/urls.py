from django.urls import URLPattern, path

from server.jobs import apis

web_urlpatterns: list[URLPattern] = [
    path("job/list", apis.JobListApi.as_view(), name="job-list"),
    path("job/<str:hash_id>", apis.JobDetailApi.as_view(), name="job-detail"),
    path("job/<str:hash_id>/cancel", apis.JobCancelApi.as_view(), name="job-cancel"),
]
