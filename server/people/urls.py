from django.urls import URLPattern, path

from server.people.apis import employees, levels, logins

web_urlpatterns: list[URLPattern] = [
    path("employee/list", employees.EmployeeListApi.as_view(), name="employee-list"),
    path("employee/detail/<str:hash_id>", employees.EmployeeDetailApi.as_view(), name="employee-detail"),
    path(
        "employee/set_attendance_disabled",
        employees.EmployeeAttendanceDisabledApi.as_view(),
        name="employee-set-attendance-disabled",
    ),
    path(
        "employee/set_force_approval_permission",
        employees.EmployeeForceApprovalApi.as_view(),
        name="employee-set-force-approval-permission",
    ),
    path(
        "employee/set_employee_password",
        employees.EmployeePasswordResetApi.as_view(),
        name="employee-set-employee-password",
    ),
    path(
        "employee/<str:hash_id>/unlock_mobile",
        employees.EmployeeMobileUnlockApi.as_view(),
        name="employee-unlock-mobile",
    ),
    path(
        "employee/set_personalia",
        employees.EmployeeSetPersonaliaApi.as_view(),
        name="employee-set-personalia",
    ),
    path("user_level/list", levels.UserLevelListApi.as_view(), name="user-level-list"),
    path("user_level/catalogue", levels.UserLevelCatalogueApi.as_view(), name="user-level-catalogue"),
    path("user_level/detail/<str:hash_id>", levels.UserLevelDetailApi.as_view(), name="user-level-detail"),
    path("user_level", levels.UserLevelApi.as_view(), name="user-level"),
    path("user_level/<str:hash_id>", levels.UserLevelDeleteApi.as_view(), name="user-level-delete"),
    path("user_login/list", logins.UserLoginListApi.as_view(), name="user-login-list"),
    path("user_login/level_list", logins.UserLoginLevelListApi.as_view(), name="user-login-level-list"),
    path("user_login/detail/<str:hash_id>", logins.UserLoginDetailApi.as_view(), name="user-login-detail"),
    path("user_login", logins.UserLoginApi.as_view(), name="user-login"),
    path("user_login/<str:hash_id>/unlock", logins.UserLoginUnlockApi.as_view(), name="user-login-unlock"),
    path("user_login/<str:hash_id>", logins.UserLoginDeleteApi.as_view(), name="user-login-delete"),
]
