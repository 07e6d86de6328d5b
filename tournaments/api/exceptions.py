"""Errors as JSON: every 4xx the API answers has the same shape.

``{"detail": "<a sentence>", "code": "<stable code>", "errors": {"<field>": ["<message>"]}}``, and
what a refusal is about where the service names it (``ServiceError.details``: a captain's hand
that conflicts with the recorded one has it as ``stored``).

- ``ServiceError`` (and ``Conflict``, ``Forbidden``) from the services: their status, code, message,
  and the field at fault when they name one; ``not_found`` becomes 404.
- ``InvalidHand`` from the engine: 400 with the engine's code, its captain-readable sentence and the
  entry key at fault.
- ``FormatError`` from the formats: 400 for the format setting at fault.
- A database error (the server is down, a lock timed out): 503 with ``Retry-After``; the
  service's transaction was rolled back, so nothing was saved and the request can be repeated.
- DRF's own errors (validation, parse errors of malformed JSON, authentication, throttling...)
  keep their status and get the same shape; validation errors are flattened to dotted field paths.
"""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.db import DatabaseError
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from scoring import InvalidHand

from ..formats import FormatError
from ..services.history import ServiceError
from ..wording import hand_error_message

log = logging.getLogger(__name__)


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _lazy("The request body is too large.")
    default_code = "too_large"


def error_body(detail: str, code: str, errors: dict | None = None) -> dict:
    return {"detail": detail, "code": code, "errors": errors or {}}


def handler(exc, context):
    """DRF's ``EXCEPTION_HANDLER``: map domain and DRF errors to 4xx JSON (module docstring)."""
    if isinstance(exc, InvalidHand):  # worded in the client's language, the code unchanged
        field = exc.field or "non_field_errors"
        message = hand_error_message(exc)
        return _response(400, error_body(message, exc.code, {field: [message]}))
    if isinstance(exc, ServiceError):
        status_code = 404 if exc.code == "not_found" else exc.status
        errors = {exc.field: [exc.message]} if exc.field else {}
        return _response(status_code, error_body(exc.message, exc.code, errors) | exc.details)
    if isinstance(exc, FormatError):
        return _response(400, error_body(str(exc), "format", {exc.field: [str(exc)]}))
    if isinstance(exc, RequestDataTooBig):
        return _response(413, error_body(_("The request body is too large."), "too_large"))
    if isinstance(exc, DatabaseError):  # the service's transaction was rolled back
        log.error("database error during %s", context.get("request"), exc_info=exc)
        set_rollback()
        response = _response(
            503,
            error_body(
                _("The database could not be reached; nothing was saved. Please try again."),
                "database_unavailable",
            ),
        )
        response["Retry-After"] = "5"
        return response
    if isinstance(exc, RecursionError):  # JSON nested beyond reason
        return _response(400, error_body(_("The JSON is nested too deeply."), "parse_error"))
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    response.data = _sanitize(_reshape(exc, response.data))
    return response


def _reshape(exc, data) -> dict:
    if isinstance(exc, exceptions.ValidationError):
        errors = _flatten(exc.detail)
        first = next(iter(errors.values()), [_("Invalid input.")])[0]
        codes = _flatten(exc.get_codes())
        code = next(iter(codes.values()), ["invalid"])[0]
        return error_body(first, str(code), errors)
    if isinstance(exc, Http404):
        return error_body(_("Not found."), "not_found")
    if isinstance(exc, DjangoPermissionDenied):
        return error_body(
            _("You do not have permission to perform this action."), "permission_denied"
        )
    if isinstance(exc, exceptions.APIException):
        detail = exc.detail
        if isinstance(detail, list | dict):
            errors = _flatten(detail)
            message = next(iter(errors.values()), [exc.default_detail])[0]
            return error_body(str(message), exc.default_code, errors)
        return error_body(str(detail), getattr(detail, "code", None) or exc.default_code)
    return error_body(str(data), "error")


def _flatten(detail, prefix: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as ``{"a.0.b": ["message", ...]}``."""
    out: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = "non_field_errors" if key == "non_field_errors" and not prefix else str(key)
            path = f"{prefix}.{name}" if prefix else name
            for sub, messages in _flatten(value, path).items():
                out.setdefault(sub, []).extend(messages)
    elif isinstance(detail, list):
        if all(not isinstance(item, dict | list) for item in detail):
            out.setdefault(prefix or "non_field_errors", []).extend(str(item) for item in detail)
        else:
            for index, item in enumerate(detail):
                path = f"{prefix}.{index}" if prefix else str(index)
                for sub, messages in _flatten(item, path).items():
                    out.setdefault(sub, []).extend(messages)
    else:
        out.setdefault(prefix or "non_field_errors", []).append(str(detail))
    return out


def _sanitize(value):
    """Messages may echo the input; lone surrogates in it would break the UTF-8 response."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_sanitize(k): _sanitize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_sanitize(v) for v in value]
    return value


def _response(status_code: int, data: dict) -> Response:
    return Response(_sanitize(data), status=status_code)
