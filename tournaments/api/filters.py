"""Filters of the public lists (django-filter): by event, round, table, number, status, and by
name, however it is typed ("Mueller" finds Müller: ``models.name_search``)."""

from __future__ import annotations

import django_filters
from django import forms
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ..formats import PRESETS
from ..models import Change, Entrant, Event, Hand, Round, Series, Table, name_search

MAX_ID = 2**62
MAX_NAME_QUERY = 120  # the longest name (an event's); every word is one more condition


class WholeNumberFilter(django_filters.NumberFilter):
    """A whole number: ``0.5`` is refused like the schema's integer refuses it (a number filter
    took it and matched nothing)."""

    field_class = forms.IntegerField


def _whole(
    field_name: str | None = None, *, minimum: int = 1, help_text: str = ""
) -> WholeNumberFilter:
    """A filter by a whole number from ``minimum``, with its bounds in the schema too: the
    schema generator reads none off a filter, so 0 was valid by the schema and refused (400)."""
    in_schema = serializers.IntegerField(
        min_value=minimum, max_value=MAX_ID, help_text=help_text or None
    )
    found = WholeNumberFilter(
        field_name=field_name, min_value=minimum, max_value=MAX_ID, help_text=help_text
    )
    return extend_schema_field(in_schema)(found)


class StrictBooleanField(forms.NullBooleanField):
    """``true``/``1``/``yes`` or ``false``/``0``/``no`` (any case), or refused: Django's field
    (and its widget) read any other value as "no filter", so ``?active=maybe`` listed everyone."""

    widget = forms.TextInput

    def to_python(self, value):
        if value in (None, ""):
            return None
        word = str(value).lower()
        if word not in TRUE_WORDS | FALSE_WORDS:
            raise forms.ValidationError(_("Must be true or false."), code="invalid")
        return word in TRUE_WORDS

    def validate(self, value):
        pass


TRUE_WORDS = {"true", "1", "yes"}
FALSE_WORDS = {"false", "0", "no"}


class StrictBooleanFilter(django_filters.BooleanFilter):
    field_class = StrictBooleanField


def _name(help_text: str):
    """Text to find in names; no NUL character (Django's field refuses it: 400)."""
    found = django_filters.CharFilter(
        method="filter_name", max_length=MAX_NAME_QUERY, help_text=help_text
    )
    return extend_schema_field(
        {"type": "string", "maxLength": MAX_NAME_QUERY, "pattern": "^[^\\u0000]*$"}
    )(found)


class StrictFilterSet(django_filters.FilterSet):
    """Filters by a number, a choice or true/false refuse an empty value (400), as the schema's
    integer, enum or boolean does; Django's fields read it as "no filter". Free text (a name)
    may be empty."""

    def is_valid(self):
        valid = super().is_valid()
        for name, found in self.filters.items():
            if self.data.get(name) == "" and not isinstance(found, django_filters.CharFilter):
                self.form.add_error(
                    name,
                    forms.ValidationError(
                        _("Give a value, or leave the parameter out."), code="blank"
                    ),
                )
        return valid and not self.form.errors


class NameFilterSet(StrictFilterSet):
    """A list whose ``name`` filter finds every word however it is spelt: without case and
    accents, "ue" or "u" for ü, "ss" for ß."""

    def filter_name(self, queryset, _field, value: str):
        return queryset.filter(name_search(value))


class EventFilter(NameFilterSet):
    name = _name('Events whose name holds every word ("koeln" finds Köln).')
    format = django_filters.ChoiceFilter(
        field_name="preset",
        choices=[(name, name) for name in sorted(PRESETS)],
        help_text="Events of this preset.",
    )

    class Meta:
        model = Event
        fields = ["status"]


class EntrantFilter(NameFilterSet):
    event = _whole("event_id", help_text="Entrants of this event.")
    name = _name('Entrants whose name holds every word ("mueller" or "muller" finds Müller).')
    active = StrictBooleanFilter(field_name="withdrawn_after_round", lookup_expr="isnull")

    class Meta:
        model = Entrant
        fields: list[str] = []


class RoundFilter(StrictFilterSet):
    event = _whole("event_id", help_text="Rounds of this event.")
    number = _whole()

    class Meta:
        model = Round
        fields = ["status"]


class TableFilter(StrictFilterSet):
    event = _whole("round__event_id", help_text="Tables of this event.")
    round = _whole("round_id", help_text="Tables of this round.")
    number = _whole()

    class Meta:
        model = Table
        fields = ["status"]


class HandFilter(StrictFilterSet):
    event = _whole("table__round__event_id", help_text="Hands of this event.")
    round = _whole("table__round_id", help_text="Hands of this round.")
    table = _whole("table_id", help_text="Hands of this table.")
    number = _whole()
    confirmed_by_opponents = StrictBooleanFilter()

    class Meta:
        model = Hand
        fields = ["confirmed_by_opponents"]


class ChangeFilter(StrictFilterSet):
    subject_id = _whole(minimum=-MAX_ID)

    class Meta:
        model = Change
        fields = ["subject", "action"]


class SeriesFilter(NameFilterSet):
    register = _whole("register_id", help_text="Series of this register.")
    name = _name('Series whose name holds every word ("koeln" finds Köln).')

    class Meta:
        model = Series
        fields: list[str] = []
