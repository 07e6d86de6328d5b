"""Events made for a person's page: a round of one table whose hands the test writes, so that
each number of the page is known beforehand."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tournaments.models import Event, Player, Seat, Table
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, round_publish

from ..conftest import wait_for_standings


@dataclass
class OneTable:
    """An event of one table in its first round: ``at[position]`` is the person seated there."""

    event: Event
    table: Table
    at: dict[int, Player]

    def hand(self, number: int, entry: dict) -> None:
        hand_record(
            table_id=self.table.pk, number=number, entry=entry, actor=Actor.captain(self.table)
        )
        wait_for_standings(self.event)


def one_table(owner, preset: str, names: list[str], **overrides) -> OneTable:
    """``names`` registered in a new event of ``preset``, one round paired and published."""
    event = event_create(
        owner=owner, name=f"{preset} evening", preset=preset, overrides=overrides, seed=1
    )
    actor = Actor.organizer(owner)
    players_register(event=event, names=names, actor=actor)
    rnd = round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    table = rnd.tables.get()
    seats = Seat.objects.filter(table=table).select_related("entrant__player")
    return OneTable(event, table, {seat.position: seat.entrant.player for seat in seats})


@pytest.fixture
def table_of(organizer):
    """``table_of(preset, names, **overrides)``: a ``OneTable`` of the organizer's."""
    return lambda preset, names, **overrides: one_table(organizer, preset, names, **overrides)
