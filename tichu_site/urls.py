"""URLs: the admin, the REST API with its schema and docs, and the pages (tournaments.urls)."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from .login_forms import LimitedAdminAuthenticationForm

admin.site.login_form = LimitedAdminAuthenticationForm  # logins limited as on the pages
urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("", include("tournaments.urls")),
]
