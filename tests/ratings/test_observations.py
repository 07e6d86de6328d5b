"""Every game of the service gives the rating its observations, from the database."""

import pytest

from tournaments.formats import PRESET_LIST
from tournaments.models import Hand, Player, Rating, RatingPoint, Register
from tournaments.ratings import model
from tournaments.ratings.observations import register_hands
from tournaments.ratings.store import refresh
from tournaments.simulation import simulate_event

pytestmark = pytest.mark.django_db

GAMES = {
    "dtm": (8, model.TeamHand, (2, 2)),
    "chaos_dtm": (8, model.TeamHand, (2, 2)),
    "team_swiss": (4, model.TeamHand, (2, 2)),
    "tientsin": (12, model.TeamHand, (3, 3)),
    "threechu": (6, model.TeamHand, (1, 2)),
    "grand_seigneur": (10, model.PlacingHand, None),
}


@pytest.mark.parametrize("preset", sorted(GAMES))
def test_every_game_gives_one_observation_per_hand(organizer, preset):
    entrants, kind, sides = GAMES[preset]
    played = simulate_event(preset=preset, entrants=entrants, seed=3, owner=organizer, rounds=2)
    register = played.event.register
    hands = register_hands(register)
    [(event_id, observations)] = hands.events
    assert event_id == played.event.pk
    assert len(observations) == Hand.objects.filter(table__round__event=played.event).count()
    assert all(isinstance(obs, kind) for obs in observations)
    if sides:
        assert {(len(o.side_a), len(o.side_b)) for o in observations} == {sides}
        # each hand's total, keyed by the rules' game: Chaos Tichu's totals have their own base
        assert {o.game for o in observations} == {played.event.format.rules.game}
        assert all(o.total is not None for o in observations)
    people = set(Player.objects.filter(register=register).values_list("pk", flat=True))
    assert set(hands.people) <= people and len(hands.people) >= 4


def test_presets_of_every_game_are_covered():
    """A new game's preset must say what its hands tell the rating."""
    games = {preset.format.rules.game for preset in PRESET_LIST}
    covered = {p.format.rules.game for p in PRESET_LIST if p.name in GAMES}
    assert games == covered


def test_threechu_dealer_counts_alone_against_the_other_two(organizer):
    played = simulate_event(preset="threechu", entrants=3, seed=5, owner=organizer, rounds=1)
    hands = register_hands(played.event.register)
    [(_, observations)] = hands.events
    hand_rows = Hand.objects.filter(table__round__event=played.event).order_by("number")
    seats = {
        s.position: s.entrant.player_id
        for s in played.event.rounds.get().tables.get().seats.select_related("entrant")
    }
    column = {person: index for index, person in enumerate(hands.people)}
    for hand, observation in zip(hand_rows, observations, strict=True):
        dealer = (hand.number - 1) % 3
        assert observation.side_a == (column[seats[dealer]],)
        assert observation.margin == hand.tp_0 - hand.tp_1
        assert (observation.total, observation.game) == (hand.tp_0 + hand.tp_1, "threechu")


def test_register_is_rated_from_scratch_identically(organizer):
    played = simulate_event(preset="dtm", entrants=8, seed=2, owner=organizer, rounds=3)
    simulate_event(preset="dtm", entrants=8, seed=4, owner=organizer, rounds=3)
    register = Register.objects.get(pk=played.event.register_id)
    Register.objects.filter(pk=register.pk).update(change_seq=register.change_seq + 1)
    assert refresh(register.pk)
    first = list(
        Rating.objects.order_by("person_id").values_list("person_id", "mu", "sigma", "hands")
    )
    points = list(
        RatingPoint.objects.order_by("person_id", "event_id").values_list(
            "person_id", "event_id", "mu", "sigma", "hands"
        )
    )
    assert refresh(register.pk, full=True)
    assert (
        list(Rating.objects.order_by("person_id").values_list("person_id", "mu", "sigma", "hands"))
        == first
    )
    assert (
        list(
            RatingPoint.objects.order_by("person_id", "event_id").values_list(
                "person_id", "event_id", "mu", "sigma", "hands"
            )
        )
        == points
    )
    assert len(points) == 16  # 8 people after each of 2 events (the same names link)
