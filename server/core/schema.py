from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from server.core.policy import Public


class SchemaApi(SpectacularAPIView):
    access = Public()
    authentication_classes: list[type] = []


class SwaggerUiApi(SpectacularSwaggerView):
    access = Public()
    authentication_classes: list[type] = []
