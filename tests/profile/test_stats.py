"""A person's statistics across events, against hands whose calls and results the test wrote,
and against the per-event statistics of simulated events of every game."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import settled
from tournaments.games import GAMES
from tournaments.models import Entrant, Player, Rating, RatingPoint
from tournaments.selectors.person_stats import person_profile
from tournaments.selectors.placings import event_placings
from tournaments.selectors.stats import entrant_stats
from tournaments.services.history import Actor
from tournaments.services.lifecycle import event_finish
from tournaments.services.people import person_merge
from tournaments.simulation import simulate_event

pytestmark = pytest.mark.django_db(transaction=True)

FOUR = ["Anna Adler", "Bert Brandt", "Cora Conrad", "Dirk Dahl"]


def _game(profile, game: str):
    return next(stats for stats in profile.games if stats.game.name == game)


def test_calls_sweeps_vp_and_partners_of_hands_written_by_hand(table_of):
    t = table_of("dtm", FOUR, rules={"grand_tichu_allowed": True, "blind_grand_tichu": True})
    t.hand(1, {"finish_order": [0, 2], "double_victory": 0, "calls": {"0": "tichu"}})
    t.hand(2, {"card_points": [30, 70], "finish_order": [1], "calls": {"0": "grand", "1": "tichu"}})
    t.hand(3, {"card_points": [50, 50], "finish_order": [2], "calls": {"2": "tichu", "1": "blind"}})

    first = _game(person_profile(t.at[0]), "tichu")
    assert first.hands == 3
    assert (first.calls["tichu"].called, first.calls["tichu"].made) == (1, 1)
    assert (first.calls["grand"].called, first.calls["grand"].made) == (1, 0)
    assert (first.sweeps, first.sweeps_suffered) == (1, 0)
    # per hand (DTM): 3 for the double victory, 0 for -170 against 170, 2 for 150 against -350
    assert first.vp_per_hand == pytest.approx(5 / 3)

    second = person_profile(t.at[1])
    stats = _game(second, "tichu")
    assert (stats.calls["tichu"].called, stats.calls["tichu"].made) == (1, 1)
    assert (stats.calls["blind"].called, stats.calls["blind"].made) == (1, 0)
    assert (stats.sweeps, stats.sweeps_suffered) == (0, 1)
    assert stats.vp_per_hand == pytest.approx(2 / 3)
    assert [(p.person_id, p.hands) for p in second.partners] == [(t.at[3].pk, 3)]
    assert (second.tichu.called, second.tichu.made, second.grand.called) == (1, 1, 0)


def test_threechu_counts_the_dealer_s_dummy_and_the_sides_that_change_with_the_deal(table_of):
    t = table_of("threechu", FOUR[:3])
    # hand 1: position 0 deals; engine seat 1 is position 1, who goes out first after a Tichu
    t.hand(1, {"card_points": [40, 60], "finish_order": [1], "calls": {"1": "tichu"}, "dealer": 0})
    # hand 2: position 1 deals and plays the dummy's hand too: the dealer's side sweeps
    t.hand(2, {"finish_order": [0, 2], "double_victory": 0, "dealer": 0})
    # hand 3: position 2 deals; engine seat 3 is position 1 again, seat 0 position 2
    t.hand(
        3,
        {"card_points": [50, 50], "finish_order": [3], "calls": {"3": "tichu", "0": "tichu"}},
    )
    profile = person_profile(t.at[1])
    stats = _game(profile, "threechu")
    assert stats.hands == 3
    assert (stats.calls["tichu"].called, stats.calls["tichu"].made) == (2, 2)
    assert (stats.sweeps, stats.sweeps_suffered) == (1, 0)
    assert sorted((p.person_id, p.hands) for p in profile.partners) == sorted(
        [(t.at[0].pk, 1), (t.at[2].pk, 1)]
    )
    dealer_of_3 = _game(person_profile(t.at[2]), "threechu")
    assert (dealer_of_3.calls["tichu"].called, dealer_of_3.calls["tichu"].made) == (1, 0)
    assert dealer_of_3.sweeps_suffered == 1


def test_tientsin_counts_its_triple_victory(table_of):
    t = table_of("tientsin", [*FOUR, "Emil Ernst", "Frida Fuchs"])
    t.hand(1, {"finish_order": [0, 2, 4], "triple_victory": 0, "calls": {"0": "tichu"}})
    t.hand(2, {"card_points": [20, 80], "finish_order": [1], "calls": {"2": "grand"}})
    profile = person_profile(t.at[2])
    stats = _game(profile, "tientsin")
    assert (stats.sweeps, stats.sweeps_suffered) == (1, 0)
    assert (stats.calls["grand"].called, stats.calls["grand"].made) == (1, 0)
    assert stats.calls["tichu"].called == 0  # the partner's call
    assert {(p.person_id, p.hands) for p in profile.partners} == {
        (t.at[0].pk, 2),
        (t.at[4].pk, 2),
    }


def test_a_game_of_placings_counts_places_and_has_no_calls_or_partners(table_of):
    t = table_of("grand_seigneur", [*FOUR, "Emil Ernst"])
    t.hand(1, {"finish_order": [2, 0, 1, 3, 4]})
    t.hand(2, {"finish_order": [0, 2, 1, 4, 3]})
    profile = person_profile(t.at[2])
    stats = _game(profile, "grand_seigneur")
    assert not stats.has_calls
    assert stats.hands == 2
    assert dict(stats.places) == {1: 1, 2: 1}
    assert (stats.hands_won, stats.average_place) == (1, 1.5)
    assert stats.vp_per_hand == pytest.approx((4 + 3) / 2)  # placing points: the players beaten
    assert profile.partners == []


@pytest.mark.parametrize("preset", ["dtm", "tientsin", "threechu", "grand_seigneur"])
def test_one_event_s_numbers_are_the_event_s_own_statistics(organizer, preset):
    entrants = {"dtm": 8, "tientsin": 6, "threechu": 6, "grand_seigneur": 10}[preset]
    event = simulate_event(
        preset=preset, entrants=entrants, seed=5, owner=organizer, rounds=2
    ).event
    for entrant in Entrant.objects.filter(event=event).select_related("player"):
        own = entrant_stats(entrant)
        stats = _game(person_profile(entrant.player), event.format.game.name)
        assert stats.events == 1
        assert stats.hands == own.hands_played
        assert stats.vp_per_hand == pytest.approx(own.vp_per_hand)
        if stats.has_calls:
            for kind in ("tichu", "grand", "blind"):
                assert stats.calls[kind].called == own.calls[kind].called
                assert stats.calls[kind].made == own.calls[kind].made
            assert stats.sweeps == own.double_victories
            assert stats.sweeps_suffered == own.double_victories_suffered
        else:
            assert sum(stats.places.values()) == own.hands_played


def test_awards_and_places_come_from_finished_events_only(organizer):
    actor = Actor.organizer(organizer)
    finished = []
    for preset, entrants in (("dtm", 8), ("team_swiss", 4)):
        event = simulate_event(
            preset=preset, entrants=entrants, seed=11, owner=organizer, rounds=2
        ).event
        finished.append(event_finish(event_id=event.pk, actor=actor))
    running = simulate_event(preset="dtm", entrants=8, seed=11, owner=organizer, rounds=1).event
    placings = [p for event in finished for p in event_placings(event)]
    for person in Player.objects.filter(pk__in={p.person_id for p in placings}):
        profile = person_profile(person)
        own = [p for p in placings if p.person_id == person.pk]
        by_event = {line.event.pk: line for line in profile.events}
        for placing in own:
            assert (by_event[placing.event_id].place, by_event[placing.event_id].field) == (
                placing.place,
                placing.field,
            )
        assert profile.awards.firsts == sum(1 for p in own if p.place == 1)
        assert profile.awards.seconds == sum(1 for p in own if p.place == 2)
        assert profile.awards.thirds == sum(1 for p in own if p.place == 3)
        if running.pk in by_event:
            assert by_event[running.pk].place is None
            assert by_event[running.pk].event.status == "running"
    team_line = next(
        line
        for person in Player.objects.filter(team_entries__event=finished[1])[:1]
        for line in person_profile(person).events
        if line.event.pk == finished[1].pk
    )
    assert team_line.team  # a roster member's line names the team


def test_events_are_listed_by_date_with_their_game(organizer):
    events = [
        simulate_event(preset=preset, entrants=n, seed=3, owner=organizer, rounds=1).event
        for preset, n in (("dtm", 4), ("threechu", 3), ("dtm", 4))
    ]
    everywhere = Player.objects.filter(entries__event=events[0]).filter(entries__event=events[2])[0]
    lines = person_profile(everywhere).events
    assert [line.event.pk for line in lines][:1] == [events[0].pk]
    assert [line.event.pk for line in lines] == sorted(line.event.pk for line in lines)
    assert {line.game.name for line in lines} <= set(GAMES)


def test_a_merged_record_counts_as_the_kept_person(organizer, table_of):
    first = table_of("dtm", FOUR)
    first.hand(1, {"card_points": [50, 50], "finish_order": [0], "calls": {"0": "tichu"}})
    second = table_of("dtm", ["Xaver Xylo", "Yara Yu", "Zeno Zorn", "Wanda Wolf"])
    second.hand(1, {"card_points": [50, 50], "finish_order": [0], "calls": {"0": "tichu"}})
    kept, merged = first.at[0], second.at[0]
    person_merge(kept=kept, merged=merged, actor=Actor.organizer(organizer))
    settled(first.event, second.event)  # the merge's standings runs have rewritten the results
    profile = person_profile(kept)
    assert {line.event.pk for line in profile.events} == {first.event.pk, second.event.pk}
    stats = _game(profile, "tichu")
    assert (stats.events, stats.hands, stats.calls["tichu"].made) == (2, 2, 2)


def _rated(person: Player, events) -> None:
    """Known figures in place of what the worker computed from the hands."""
    settled(*events)
    Rating.objects.filter(person=person).delete()
    RatingPoint.objects.filter(person=person).delete()
    Rating.objects.create(
        register=person.register, person=person, mu=1.5, sigma=0.5, hands=12 * len(events)
    )
    for number, event in enumerate(events, start=1):
        RatingPoint.objects.create(
            person=person, event=event, mu=number / 2, sigma=1 / number, hands=12 * number
        )


def test_the_queries_do_not_grow_with_the_person_s_events_or_hands(organizer):
    actor = Actor.organizer(organizer)

    def played(preset: str, entrants: int, rounds: int):
        event = simulate_event(
            preset=preset, entrants=entrants, seed=21, owner=organizer, rounds=rounds
        ).event
        return event_finish(event_id=event.pk, actor=actor)

    first = played("dtm", 4, 1)
    person = Player.objects.filter(entries__event=first).order_by("pk")[0]
    _rated(person, [first])
    with CaptureQueriesContext(connection) as one_event:
        assert len(person_profile(person).events) == 1
    later = [played("dtm", 4, 3), played("tientsin", 6, 2), played("threechu", 3, 2)]
    RatingPoint.objects.filter(person=person).delete()
    Rating.objects.filter(person=person).delete()
    _rated(person, [first, *later])
    with CaptureQueriesContext(connection) as more_events:
        profile = person_profile(person)
    assert len(profile.events) >= 3
    assert profile.hands > 3 * person_profile(person).games[0].events
    assert len(more_events.captured_queries) == len(one_event.captured_queries)
    assert len(more_events.captured_queries) <= 10
