from django.urls import URLPattern, path

from server.workforce import apis

web_urlpatterns: list[URLPattern] = [
    path("man_power", apis.ManPowerOptionsApi.as_view(), name="man-power-options"),
    path("employee/search", apis.EmployeeSearchApi.as_view(), name="employee-search"),
    path("employee/count", apis.EmployeeAgeCountApi.as_view(), name="employee-age-count"),
    path("employee/list_birth_day", apis.EmployeeBirthdayListApi.as_view(), name="employee-birthday-list"),
]
