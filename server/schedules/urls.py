from django.urls import URLPattern, path

from server.core.routes import crud_routes
from server.schedules.apis import (
    approval_sla,
    blacklist_apps,
    holidays,
    leaves,
    shift_patterns,
    shifts,
    system_trouble,
)

web_urlpatterns: list[URLPattern] = [
    *crud_routes("shift", shifts.ShiftListApi, shifts.ShiftDetailApi, shifts.ShiftApi, shifts.ShiftDeleteApi),
    path(
        "shift_pattern/content/",
        shift_patterns.ShiftPatternContentAddApi.as_view(),
        name="shift-pattern-content-add",
    ),
    path(
        "shift_pattern/content/<str:hash_id>",
        shift_patterns.ShiftPatternContentApi.as_view(),
        name="shift-pattern-content",
    ),
    path(
        "shift_pattern/content_set_order_up/<str:hash_id>",
        shift_patterns.ShiftPatternContentUpApi.as_view(),
        name="shift-pattern-content-up",
    ),
    path(
        "shift_pattern/content_set_order_down/<str:hash_id>",
        shift_patterns.ShiftPatternContentDownApi.as_view(),
        name="shift-pattern-content-down",
    ),
    *crud_routes(
        "shift_pattern",
        shift_patterns.ShiftPatternListApi,
        shift_patterns.ShiftPatternDetailApi,
        shift_patterns.ShiftPatternApi,
        shift_patterns.ShiftPatternDeleteApi,
    ),
    path("holiday/list", holidays.HolidayListApi.as_view(), name="holiday-list"),
    path("holiday/detail", holidays.HolidayDetailApi.as_view(), name="holiday-detail"),
    path("holiday/duplicate", holidays.HolidayDuplicateApi.as_view(), name="holiday-duplicate"),
    path("holiday/year/<str:year>", holidays.HolidayYearDeleteApi.as_view(), name="holiday-year-delete"),
    path("holiday", holidays.HolidayApi.as_view(), name="holiday"),
    path("holiday/<str:hash_id>", holidays.HolidayDeleteApi.as_view(), name="holiday-delete"),
    *crud_routes(
        "blacklist_app",
        blacklist_apps.BlacklistAppListApi,
        blacklist_apps.BlacklistAppDetailApi,
        blacklist_apps.BlacklistAppApi,
        blacklist_apps.BlacklistAppDeleteApi,
    ),
    path("cuti_khusus/rule", leaves.SpecialLeaveRuleApi.as_view(), name="cuti-khusus-rule"),
    *crud_routes(
        "cuti_khusus",
        leaves.SpecialLeaveListApi,
        leaves.SpecialLeaveDetailApi,
        leaves.SpecialLeaveApi,
        leaves.SpecialLeaveDeleteApi,
    ),
    path("cuti_tambahan/rule", leaves.AdditionalLeaveRuleApi.as_view(), name="cuti-tambahan-rule"),
    *crud_routes(
        "cuti_tambahan",
        leaves.AdditionalLeaveListApi,
        leaves.AdditionalLeaveDetailApi,
        leaves.AdditionalLeaveApi,
        leaves.AdditionalLeaveDeleteApi,
    ),
    *crud_routes(
        "system_trouble",
        system_trouble.SystemTroubleListApi,
        system_trouble.SystemTroubleDetailApi,
        system_trouble.SystemTroubleApi,
        system_trouble.SystemTroubleDeleteApi,
    ),
    path("setting/approval_sla", approval_sla.ApprovalSlaApi.as_view(), name="setting-approval-sla"),
    path(
        "setting/approval_sla/users",
        approval_sla.ApprovalSlaUsersApi.as_view(),
        name="setting-approval-sla-users",
    ),
]
