"""Filters of the public lists (django-filter): by event, round, table, number, status, and by
name, however it is typed ("Mueller" finds Müller: ``models.name_search``)."""

from __future__ import annotations

import django_filters

from ..models import Change, Entrant, Event, Hand, Round, Table, name_search

MAX_ID = 2**62
MAX_NAME_QUERY = 120  # the longest name (an event's); every word is one more condition


def _id(field_name: str, help_text: str):
    return django_filters.NumberFilter(field_name=field_name, min_value=1, max_value=MAX_ID,
                                       help_text=help_text)


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
    event = _id("event_id", "Entrants of this event.")
    name = _name("Entrants whose name holds every word (\"mueller\" or \"muller\" finds "
                 "Müller).")
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
