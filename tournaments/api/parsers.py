"""A JSON parser with limits: bodies over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` are refused (413),
nesting too deep and text that is not UTF-8 are parse errors (400), never server errors, each
in the reader's language (the JSON decoder's own detail, its place in the text, stays as
Python words it)."""

from __future__ import annotations

import json

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from .exceptions import PayloadTooLarge


def _no_constants(name):
    raise ValueError(f"{name} is not a JSON number")


class LimitedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2**20
        if stream is None:
            return None
        raw = stream.read(limit + 1)
        if len(raw) > limit:
            raise PayloadTooLarge(_("The request body is larger than %(n)d bytes.") % {"n": limit})
        try:
            text = raw.decode("utf-8")
            return json.loads(text, parse_constant=_no_constants)
        except RecursionError:
            raise ParseError(_("The JSON is nested too deeply.")) from None
        except (ValueError, UnicodeDecodeError) as error:
            raise ParseError(_("Malformed JSON: %(error)s") % {"error": error}) from None
