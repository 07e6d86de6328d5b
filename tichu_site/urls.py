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

# Under /api/ errors outside the API's views are JSON too (tichu_site.errors).
handler400 = "tichu_site.errors.bad_request"
handler403 = "tichu_site.errors.permission_denied"
handler404 = "tichu_site.errors.page_not_found"
handler500 = "tichu_site.errors.server_error"
