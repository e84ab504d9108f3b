from django.urls import URLPattern, path

from server.people import apis

web_urlpatterns: list[URLPattern] = [
    path("employee/list", apis.EmployeeListApi.as_view(), name="employee-list"),
    path("employee/detail/<str:hash_id>", apis.EmployeeDetailApi.as_view(), name="employee-detail"),
    path(
        "employee/set_attendance_disabled",
        apis.EmployeeAttendanceDisabledApi.as_view(),
        name="employee-set-attendance-disabled",
    ),
    path(
        "employee/set_force_approval_permission",
        apis.EmployeeForceApprovalApi.as_view(),
        name="employee-set-force-approval-permission",
    ),
    path(
        "employee/set_employee_password",
        apis.EmployeePasswordResetApi.as_view(),
        name="employee-set-employee-password",
    ),
    path("employee/set_personalia", apis.EmployeeSetPersonaliaApi.as_view(), name="employee-set-personalia"),
    path("user_level/list", apis.UserLevelListApi.as_view(), name="user-level-list"),
    path("user_level/catalogue", apis.UserLevelCatalogueApi.as_view(), name="user-level-catalogue"),
    path("user_level/detail/<str:hash_id>", apis.UserLevelDetailApi.as_view(), name="user-level-detail"),
    path("user_level", apis.UserLevelApi.as_view(), name="user-level"),
    path("user_level/<str:hash_id>", apis.UserLevelDeleteApi.as_view(), name="user-level-delete"),
    path("user_login/list", apis.UserLoginListApi.as_view(), name="user-login-list"),
    path("user_login/level_list", apis.UserLoginLevelListApi.as_view(), name="user-login-level-list"),
    path("user_login/detail/<str:hash_id>", apis.UserLoginDetailApi.as_view(), name="user-login-detail"),
    path("user_login", apis.UserLoginApi.as_view(), name="user-login"),
    path("user_login/<str:hash_id>/unlock", apis.UserLoginUnlockApi.as_view(), name="user-login-unlock"),
    path("user_login/<str:hash_id>", apis.UserLoginDeleteApi.as_view(), name="user-login-delete"),
]
