"""Filters of the public lists (django-filter): by event, round, table, number, status."""

from __future__ import annotations

import django_filters
from django import forms
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from ..models import Change, Entrant, Event, Hand, Round, Table

MAX_ID = 2**62


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


class EventFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains")
    format = django_filters.CharFilter(field_name="preset")

    class Meta:
        model = Event
        fields = ["status"]


class EntrantFilter(django_filters.FilterSet):
    event = _whole("event_id", help_text="Entrants of this event.")
    name = django_filters.CharFilter(lookup_expr="icontains")
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
