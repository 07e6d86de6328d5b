"""Filters of the public lists (django-filter): by event, round, table, number, status, and by
name, however it is typed ("Mueller" finds Müller: ``models.name_search``)."""

from __future__ import annotations

import django_filters
from django import forms
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ..models import Change, Entrant, Event, Hand, Round, Table, name_search

MAX_ID = 2**62
MAX_NAME_QUERY = 120  # the longest name (an event's); every word is one more condition


class WholeNumberFilter(django_filters.NumberFilter):
    """A whole number: ``0.5`` is refused like the schema's integer refuses it (a number filter
    took it and matched nothing)."""

    field_class = forms.IntegerField


def _whole(field_name: str | None = None, *, minimum: int = 1,
           help_text: str = "") -> WholeNumberFilter:
    """A filter by a whole number from ``minimum``, with its bounds in the schema too: the
    schema generator reads none off a filter, so 0 was valid by the schema and refused (400)."""
    in_schema = serializers.IntegerField(min_value=minimum, max_value=MAX_ID,
                                         help_text=help_text or None)
    found = WholeNumberFilter(field_name=field_name, min_value=minimum, max_value=MAX_ID,
                              help_text=help_text)
    return extend_schema_field(in_schema)(found)


def _name(help_text: str):
    return django_filters.CharFilter(method="filter_name", max_length=MAX_NAME_QUERY,
                                     help_text=help_text)


class NameFilterSet(django_filters.FilterSet):
    """A list whose ``name`` filter finds every word however it is spelt: without case and
    accents, "ue" or "u" for ü, "ss" for ß."""

    def filter_name(self, queryset, _field, value: str):
        return queryset.filter(name_search(value))


class EventFilter(NameFilterSet):
    name = _name("Events whose name holds every word (\"koeln\" finds Köln).")
    format = django_filters.CharFilter(field_name="preset")

    class Meta:
        model = Event
        fields = ["status"]


class EntrantFilter(NameFilterSet):
    event = _whole("event_id", help_text="Entrants of this event.")
    name = _name("Entrants whose name holds every word (\"mueller\" or \"muller\" finds "
                 "Müller).")
    active = django_filters.BooleanFilter(field_name="withdrawn_after_round", lookup_expr="isnull")

    class Meta:
        model = Entrant
        fields = []


class RoundFilter(django_filters.FilterSet):
    event = _whole("event_id", help_text="Rounds of this event.")
    number = _whole()

    class Meta:
        model = Round
        fields = ["status"]


class TableFilter(django_filters.FilterSet):
    event = _whole("round__event_id", help_text="Tables of this event.")
    round = _whole("round_id", help_text="Tables of this round.")
    number = _whole()

    class Meta:
        model = Table
        fields = ["status"]


class HandFilter(django_filters.FilterSet):
    event = _whole("table__round__event_id", help_text="Hands of this event.")
    round = _whole("table__round_id", help_text="Hands of this round.")
    table = _whole("table_id", help_text="Hands of this table.")
    number = _whole()

    class Meta:
        model = Hand
        fields = ["confirmed_by_opponents"]


class ChangeFilter(django_filters.FilterSet):
    subject_id = _whole(minimum=-MAX_ID)

    class Meta:
        model = Change
        fields = ["subject", "action"]
