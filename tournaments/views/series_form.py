"""The organizer's form of a series: its register (when they keep several), name, how places
give points, the events counted, who qualifies, and its events.

The form reads what was typed (a points table as "25-20-16-13"); the rules (a table never
rising, events of the series' register only) are the service's, whose refusals the view puts on
the field they name.
"""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..models import Event, Register, Series
from ..series import FIELD, TABLE
from ..services.series import MAX_COUNT, SeriesSettings

# Places are separated by spaces, dashes, semicolons or a comma with a space after it; a comma
# between digits is a decimal comma ("12,5").
PLACE_SEPARATORS = re.compile(r"[\s;/–-]+|,(?!\d)")


class SeriesForm(forms.Form):
    register = forms.ModelChoiceField(
        label=pgettext_lazy("a register of people", "Register"),
        queryset=Register.objects.none(),
        empty_label=None,
    )
    name = forms.CharField(label=_("Name"), max_length=100)
    points = forms.ChoiceField(
        label=_("Points per place"),
        choices=[
            (FIELD, _("Scaled by the field: 100 × (N − place + 1) / N")),
            (TABLE, _("A fixed table")),
        ],
        initial=FIELD,
    )
    points_table = forms.CharField(
        label=_("Points table"),
        required=False,
        help_text=_(
            "For a fixed table: the points of place 1, 2, 3 … (e.g. 25-20-16-13-11-10-9); "
            "later places get 0."
        ),
    )
    best_k = forms.IntegerField(
        label=_("Events counted"),
        required=False,
        min_value=1,
        max_value=MAX_COUNT,
        help_text=_("Each player's best events counted; empty: every event."),
    )
    qualifying = forms.IntegerField(
        label=_("Qualifying places"),
        min_value=0,
        max_value=MAX_COUNT,
        initial=0,
        help_text=_("The first places marked as qualified; 0: none."),
    )
    events = forms.ModelMultipleChoiceField(
        label=_("Events"),
        queryset=Event.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, registers, series: Series | None = None, **kwargs):
        """``registers``: those the organizer keeps; a series' own is fixed once made."""
        if series is not None:
            kwargs.setdefault(
                "initial",
                {
                    "name": series.name,
                    "points": series.points,
                    "points_table": "-".join(str(v) for v in series.points_table),
                    "best_k": series.best_k,
                    "qualifying": series.qualifying,
                    "events": list(series.events.values_list("pk", flat=True)),
                },
            )
        super().__init__(*args, **kwargs)
        kept = [series.register] if series is not None else list(registers)
        register_field, events_field = self.fields["register"], self.fields["events"]
        assert isinstance(register_field, forms.ModelChoiceField)  # as declared above
        assert isinstance(events_field, forms.ModelMultipleChoiceField)
        if series is not None or len(kept) == 1:
            del self.fields["register"]
        else:
            register_field.queryset = Register.objects.filter(pk__in=[r.pk for r in kept])
        events_field.queryset = Event.objects.filter(register__in=kept).order_by(
            "-created_at", "-pk"
        )
        self.registers = kept

    def chosen_register(self) -> Register:
        return self.cleaned_data.get("register") or self.registers[0]

    def settings(self) -> SeriesSettings:
        data = self.cleaned_data
        table = [part for part in PLACE_SEPARATORS.split(data["points_table"] or "") if part]
        return SeriesSettings(
            name=data["name"],
            points=data["points"],
            points_table=table,
            best_k=data["best_k"],
            qualifying=data["qualifying"],
        )
