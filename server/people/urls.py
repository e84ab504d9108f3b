from django.urls import URLPattern, path

from server.core.routes import crud_routes
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
    *crud_routes(
        "user_level",
        levels.UserLevelListApi,
        levels.UserLevelDetailApi,
        levels.UserLevelApi,
        levels.UserLevelDeleteApi,
        collection={"catalogue": levels.UserLevelCatalogueApi},
    ),
    *crud_routes(
        "user_login",
        logins.UserLoginListApi,
        logins.UserLoginDetailApi,
        logins.UserLoginApi,
        logins.UserLoginDeleteApi,
        collection={"level_list": logins.UserLoginLevelListApi},
        member={"unlock": logins.UserLoginUnlockApi},
    ),
]
