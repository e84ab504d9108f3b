from django.urls import URLPattern, path

from server.announcements import apis

web_urlpatterns: list[URLPattern] = [
    path("announcement", apis.AnnouncementCreateApi.as_view(), name="announcement-create"),
    path("announcement/", apis.AnnouncementUpdateApi.as_view(), name="announcement-update"),
    path("announcement/list", apis.AnnouncementListApi.as_view(), name="announcement-list"),
    path("announcement/tag", apis.AnnouncementTagListApi.as_view(), name="announcement-tag"),
    path("announcement/important", apis.AnnouncementImportantApi.as_view(), name="announcement-important"),
    path(
        "announcement/detail/<str:hash_id>", apis.AnnouncementDetailApi.as_view(), name="announcement-detail"
    ),
    path(
        "announcement/attachment/<str:hash_id>",
        apis.AnnouncementAttachmentApi.as_view(),
        name="announcement-attachment",
    ),
    path("announcement/<str:hash_id>", apis.AnnouncementDeleteApi.as_view(), name="announcement-delete"),
]

mobile_urlpatterns: list[URLPattern] = [
    path("announcement/", apis.MobileAnnouncementListApi.as_view(), name="mobile-announcement-list"),
    path(
        "announcement/<str:hash_id>/attachment",
        apis.MobileAnnouncementAttachmentApi.as_view(),
        name="mobile-announcement-attachment",
    ),
]
