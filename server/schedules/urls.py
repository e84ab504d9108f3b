from django.urls import URLPattern, path
from rest_framework.views import APIView

from server.schedules import apis


def _crud(
    prefix: str,
    list_api: type[APIView],
    detail_api: type[APIView],
    write_api: type[APIView],
    delete_api: type[APIView],
) -> list[URLPattern]:
    name = prefix.replace("_", "-")
    return [
        path(f"{prefix}/list", list_api.as_view(), name=f"{name}-list"),
        path(f"{prefix}/detail/<str:hash_id>", detail_api.as_view(), name=f"{name}-detail"),
        path(prefix, write_api.as_view(), name=name),
        path(f"{prefix}/<str:hash_id>", delete_api.as_view(), name=f"{name}-delete"),
    ]


web_urlpatterns: list[URLPattern] = [
    *_crud("shift", apis.ShiftListApi, apis.ShiftDetailApi, apis.ShiftApi, apis.ShiftDeleteApi),
    path(
        "shift_pattern/content/", apis.ShiftPatternContentAddApi.as_view(), name="shift-pattern-content-add"
    ),
    path(
        "shift_pattern/content/<str:hash_id>",
        apis.ShiftPatternContentApi.as_view(),
        name="shift-pattern-content",
    ),
    path(
        "shift_pattern/content_set_order_up/<str:hash_id>",
        apis.ShiftPatternContentUpApi.as_view(),
        name="shift-pattern-content-up",
    ),
    path(
        "shift_pattern/content_set_order_down/<str:hash_id>",
        apis.ShiftPatternContentDownApi.as_view(),
        name="shift-pattern-content-down",
    ),
    *_crud(
        "shift_pattern",
        apis.ShiftPatternListApi,
        apis.ShiftPatternDetailApi,
        apis.ShiftPatternApi,
        apis.ShiftPatternDeleteApi,
    ),
    path("holiday/list", apis.HolidayListApi.as_view(), name="holiday-list"),
    path("holiday/detail", apis.HolidayDetailApi.as_view(), name="holiday-detail"),
    path("holiday/duplicate", apis.HolidayDuplicateApi.as_view(), name="holiday-duplicate"),
    path("holiday/year/<str:year>", apis.HolidayYearDeleteApi.as_view(), name="holiday-year-delete"),
    path("holiday", apis.HolidayApi.as_view(), name="holiday"),
    path("holiday/<str:hash_id>", apis.HolidayDeleteApi.as_view(), name="holiday-delete"),
    *_crud(
        "blacklist_app",
        apis.BlacklistAppListApi,
        apis.BlacklistAppDetailApi,
        apis.BlacklistAppApi,
        apis.BlacklistAppDeleteApi,
    ),
    path("cuti_khusus/rule", apis.SpecialLeaveRuleApi.as_view(), name="cuti-khusus-rule"),
    *_crud(
        "cuti_khusus",
        apis.SpecialLeaveListApi,
        apis.SpecialLeaveDetailApi,
        apis.SpecialLeaveApi,
        apis.SpecialLeaveDeleteApi,
    ),
    path("cuti_tambahan/rule", apis.AdditionalLeaveRuleApi.as_view(), name="cuti-tambahan-rule"),
    *_crud(
        "cuti_tambahan",
        apis.AdditionalLeaveListApi,
        apis.AdditionalLeaveDetailApi,
        apis.AdditionalLeaveApi,
        apis.AdditionalLeaveDeleteApi,
    ),
    *_crud(
        "system_trouble",
        apis.SystemTroubleListApi,
        apis.SystemTroubleDetailApi,
        apis.SystemTroubleApi,
        apis.SystemTroubleDeleteApi,
    ),
]
