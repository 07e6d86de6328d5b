"""The form that takes a hand record as a JSON file (``scoring.record``'s format) and replays it:
a record that does not replay is refused with the engine's reason in the reader's language."""

from __future__ import annotations

import json

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import InvalidRecord
from scoring.frames import frames

from ..record_wording import record_error_message

MAX_RECORD_BYTES = 2 * 1024 * 1024
"""A record of the largest game (twelve players, two decks) is a few dozen KB: far below."""


class RecordUploadForm(forms.Form):
    record = forms.FileField(
        label=_("Hand record (JSON)"),
        help_text=_(
            "A hand as the engine records it (format “tichu-hand/1”): the deal, every action, "
            "the result. It is replayed and checked here, and stored nowhere."
        ),
    )

    def clean_record(self):
        upload = self.cleaned_data["record"]
        if upload.size > MAX_RECORD_BYTES:
            raise forms.ValidationError(
                _("The file is larger than %(size)s MB."), params={"size": 2}, code="too_large"
            )
        try:
            document = json.loads(upload.read().decode("utf-8"))
        except UnicodeDecodeError:
            raise forms.ValidationError(
                _("The file is not text (UTF-8)."), code="not_text"
            ) from None
        except json.JSONDecodeError as error:
            raise forms.ValidationError(
                _("The file is not JSON (line %(line)s, column %(column)s)."),
                params={"line": error.lineno, "column": error.colno},
                code="not_json",
            ) from None
        try:
            return frames(document)
        except InvalidRecord as error:
            raise forms.ValidationError(record_error_message(error), code=error.code) from None
        except RecursionError:  # JSON nested beyond what a record ever is
            raise forms.ValidationError(
                record_error_message(InvalidRecord("not a record")), code="not_a_record"
            ) from None
