"""Filters of the public lists (django-filter): by event, round, table, number, status."""

from __future__ import annotations

import django_filters

from ..models import Change, Entrant, Event, Hand, Round, Table

MAX_ID = 2**62


def _id(field_name: str, help_text: str):
    return django_filters.NumberFilter(field_name=field_name, min_value=1, max_value=MAX_ID,
                                       help_text=help_text)


class EventFilter(django_filters.FilterSet):
    name = django_filters.CharFilter(lookup_expr="icontains")
    format = django_filters.CharFilter(field_name="preset")

    class Meta:
        model = Event
        fields = ["status"]


class EntrantFilter(django_filters.FilterSet):
    event = _id("event_id", "Entrants of this event.")
    name = django_filters.CharFilter(lookup_expr="icontains")
    active = django_filters.BooleanFilter(field_name="withdrawn_after_round", lookup_expr="isnull")

    class Meta:
        model = Entrant
        fields = []


class RoundFilter(django_filters.FilterSet):
    event = _id("event_id", "Rounds of this event.")
    number = django_filters.NumberFilter(min_value=1, max_value=MAX_ID)

    class Meta:
        model = Round
        fields = ["status"]


class TableFilter(django_filters.FilterSet):
    event = _id("round__event_id", "Tables of this event.")
    round = _id("round_id", "Tables of this round.")
    number = django_filters.NumberFilter(min_value=1, max_value=MAX_ID)

    class Meta:
        model = Table
        fields = ["status"]


class HandFilter(django_filters.FilterSet):
    event = _id("table__round__event_id", "Hands of this event.")
    round = _id("table__round_id", "Hands of this round.")
    table = _id("table_id", "Hands of this table.")
    number = django_filters.NumberFilter(min_value=1, max_value=MAX_ID)

    class Meta:
        model = Hand
        fields = ["confirmed_by_opponents"]


class ChangeFilter(django_filters.FilterSet):
    subject_id = django_filters.NumberFilter(min_value=-MAX_ID, max_value=MAX_ID)

    class Meta:
        model = Change
        fields = ["subject", "action"]
