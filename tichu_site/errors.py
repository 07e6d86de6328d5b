"""Error answers: under ``/api/`` every one is the API's JSON (``{"detail", "code", "errors"}``),
elsewhere Django's pages.

DRF's views answer their own errors in that shape (``tournaments.api.exceptions``). These
handlers cover what happens outside them: a path under ``/api/`` that no route matches (such as
``/api/tables/0/hands/%C2%84/``), a request Django refuses before any view (400, 403), and an
unexpected exception (500, logged by Django as usual). The messages are DRF's own, so they come
in the reader's language from its catalogue. (With ``DEBUG=1`` Django shows its technical pages
for 404 and 500 instead, as for every path.)
"""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults

from tournaments.api.exceptions import error_body

API_PREFIX = "/api/"


def _api(request) -> bool:
    return request.path_info.startswith(API_PREFIX)


def _json(status: int, detail: str, code: str) -> JsonResponse:
    return JsonResponse(error_body(detail, code), status=status)


def bad_request(request, exception):
    if _api(request):
        return _json(400, _("Malformed request."), "parse_error")
    return defaults.bad_request(request, exception)


def permission_denied(request, exception):
    if _api(request):
        return _json(
            403, _("You do not have permission to perform this action."), "permission_denied"
        )
    return defaults.permission_denied(request, exception)


def page_not_found(request, exception):
    if _api(request):
        return _json(404, _("Not found."), "not_found")
    return defaults.page_not_found(request, exception)


def server_error(request):
    if _api(request):
        return _json(500, _("A server error occurred."), "error")
    return defaults.server_error(request)
