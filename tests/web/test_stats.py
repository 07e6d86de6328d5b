"""Player statistics agree with the stored hands and standings."""

from __future__ import annotations

import pytest

from scoring import score_entry
from tournaments.models import Hand, Seat, StandingRow
from tournaments.selectors.stats import entrant_stats
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.standings.compute import refresh

pytestmark = pytest.mark.django_db


def test_totals_agree_with_the_standings(played_event):
    for row in StandingRow.objects.filter(event=played_event).select_related("entrant"):
        stats = entrant_stats(row.entrant)
        assert stats.hands_played == row.hands_played
        assert stats.tichu_points == row.tichu_points
        assert stats.round_victory_points == row.victory_points
        assert stats.hand_victory_points == row.victory_points - row.adjustment_vp
        assert len(stats.rounds) == played_event.rounds.count()


def test_calls_and_success_rate(played_event):
    rules = played_event.rules
    for entrant in played_event.entrants.all():
        called = made = 0
        for seat in Seat.objects.filter(entrant=entrant):
            for hand in Hand.objects.filter(table=seat.table_id):
                for call in score_entry(hand.entry, rules).calls:
                    if call.seat == seat.position:
                        called += 1
                        made += call.made
        stats = entrant_stats(entrant)
        assert (stats.tichu.called, stats.tichu.made) == (called, made)
        assert stats.grand.called == 0  # the DTM does not allow Grand Tichu
        if called:
            assert stats.tichu.rate == made / called


def test_partners_double_victories_and_vp_per_hand(running_event):
    table = running_event.rounds.first().tables.order_by("number").first()
    seats = {s.position: s.entrant for s in table.seats.select_related("entrant")}
    captain = Actor.captain(table)
    hand_record(
        table_id=table.pk,
        number=1,
        actor=captain,
        entry={
            "card_points": None,
            "finish_order": [0],
            "double_victory": 0,
            "calls": {"0": "tichu"},
        },
    )
    hand_record(
        table_id=table.pk,
        number=2,
        actor=captain,
        entry={"card_points": [20, 80], "finish_order": [1], "calls": {"2": "tichu"}},
    )
    refresh(running_event.pk)
    stats = entrant_stats(seats[0])
    assert stats.partners == [(seats[2].name, 2)]  # two hands together
    assert stats.double_victories == 1 and stats.double_victories_suffered == 0
    assert (stats.tichu.called, stats.tichu.made) == (1, 1)
    assert stats.hands_played == 2
    assert stats.hand_victory_points == 3  # 3 for the double victory, 0 for the lost hand
    assert stats.vp_per_hand == 1.5
    partner = entrant_stats(seats[2])
    assert (partner.tichu.called, partner.tichu.made, partner.tichu.percent) == (1, 0, 0)
    opponent = entrant_stats(seats[1])
    assert opponent.double_victories_suffered == 1
    assert opponent.hands[0].tp == (0, 200)
