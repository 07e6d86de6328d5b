"""Every game's events through the services (issue 22): a field seated at the game's tables
round after round, every hand stored as the engine scores it, each player credited with their
side's numbers and the standings their sums; a format the game cannot play refused; every
preset played by ``manage.py simulate_event``."""

from __future__ import annotations

from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command

from tests.tournaments.test_standings_incremental import computed, stored
from tournaments import selectors
from tournaments.choices import EntrantType
from tournaments.formats import PRESETS, FormatError, resolve_format
from tournaments.games import GAMES, score_for_table
from tournaments.models import Bye, Event, Hand, Round, Seat
from tournaments.pairing import PAIRING_METHODS
from tournaments.services.events import team_register
from tournaments.services.history import Actor, ServiceError
from tournaments.services.lineups import seats_lineup
from tournaments.services.rounds import round_pair
from tournaments.standings.tiebreaks import TIEBREAKS
from tournaments.standings.vp_schemes import VP_SCHEMES

from .conftest import assert_stored_as_scored, credits_of, field_of, play, preset_of, start

pytestmark = pytest.mark.django_db(transaction=True)


def seated(event) -> dict[int, dict[int, int]]:
    """Each table's entrants by position."""
    tables: dict[int, dict[int, int]] = {}
    for table, position, entrant in Seat.objects.filter(table__round__event=event).values_list(
        "table_id", "position", "entrant_id"
    ):
        tables.setdefault(table, {})[position] = entrant
    return tables


def test_an_event_of_each_game_is_seated_played_and_summed(game, organizer):
    """Two rounds of a field of two tables and one player more: every table of a size the game
    allows, every player seated or given a bye (never twice while others have none), every hand
    stored as scored, and each player's standing the sum of their side's numbers."""
    event = play(game, organizer)
    event_format = event.format
    game = event_format.game
    assert set(event.rounds.values_list("status", flat=True)) == {Round.Status.COMPLETE}
    tables = seated(event)
    byes = list(Bye.objects.filter(round__event=event).values_list("entrant_id", flat=True))
    for rnd in event.rounds.all():
        sizes = [len(tables[t.pk]) for t in rnd.tables.all()]
        assert set(sizes) <= set(game.allowed_sizes()), sizes
        assert sorted(sizes, reverse=True) == game.table_sizes(field_of(game))[0]
        assert sum(sizes) + rnd.byes.count() == field_of(game)
    assert len(byes) == len(set(byes)), "a bye never twice while others have none"

    vp, tp, hands_of = Counter(), Counter(), Counter()
    hands = Hand.objects.filter(table__round__event=event).prefetch_related("seat_credits")
    for table_id, table_hands in _by_table(hands).items():
        seats = tables[table_id]
        assert [h.number for h in table_hands] == list(range(1, event_format.hands_per_round + 1))
        for hand in table_hands:
            assert_stored_as_scored(
                hand, score_for_table(event_format, hand.entry, hand.number, len(seats))
            )
            for position, numbers in credits_of(game, hand, sorted(seats)).items():
                vp[seats[position]] += numbers.get("vp") or 0
                tp[seats[position]] += numbers.get("tp") or 0
                hands_of[seats[position]] += 1
    rows = list(selectors.standing_rows(event))
    assert {r.entrant_id for r in rows} == set(event.entrants.values_list("pk", flat=True))
    assert VP_SCHEMES[event_format.vp_scheme].per_hand
    assert {r.entrant_id: r.victory_points - r.adjustment_vp for r in rows} == {
        r.entrant_id: vp[r.entrant_id] for r in rows
    }
    assert {r.entrant_id: r.tichu_points - r.adjustment_tp for r in rows} == {
        r.entrant_id: tp[r.entrant_id] for r in rows
    }
    assert {r.entrant_id: r.hands_played for r in rows} == {
        r.entrant_id: hands_of[r.entrant_id] for r in rows
    }
    assert all(set(r.tiebreaks) <= set(event_format.tiebreaks) for r in rows)
    assert computed(event) == stored(event)


def _by_table(hands) -> dict[int, list[Hand]]:
    found: dict[int, list[Hand]] = {}
    for hand in sorted(hands, key=lambda h: (h.table_id, h.number)):
        found.setdefault(hand.table_id, []).append(hand)
    return found


TEAM_GAMES = [name for name, game in GAMES.items() if game.team_entrants]


@pytest.mark.parametrize("name", TEAM_GAMES)
def test_a_team_event_of_each_team_game_seats_each_team_on_its_side(name, organizer):
    """Fixed teams of a game of two teams: a team needs a table side's players and fills its
    side of the table (the even or the odd seats) with the members it names, as many as the
    side's seats."""
    game = GAMES[name]
    event = start(game, organizer, 0, entrant_type=EntrantType.TEAM, pairing="swiss")
    actor = Actor.organizer(organizer)
    short = [f"s{i}" for i in range(game.team_size - 1)]
    with pytest.raises(ServiceError) as error:
        team_register(event=event, name="Short", members=short, actor=actor)
    assert error.value.code == "roster_size"
    assert str(game.team_size) in error.value.message, "the message says how many play"
    teams = [
        team_register(
            event=event,
            name=f"T{i}",
            members=[f"{letter}{i}" for letter in "abcdefg"[: game.team_size + 1]],
            actor=actor,
        )
        for i in range(2)
    ]
    table = round_pair(event_id=event.pk, actor=actor).tables.get()
    side = 0 if table.seats.get(position=0).entrant_id == teams[0].pk else 1
    positions = game.team_positions(side)
    assert set(table.seats.filter(position__in=positions).values_list("entrant", flat=True)) == {
        teams[0].pk
    }
    roster = list(teams[0].members.order_by("pk").values_list("pk", flat=True))
    with pytest.raises(ServiceError):
        seats_lineup(table_id=table.pk, team=side, player_ids=roster[1:-1], actor=actor)
    lineup = seats_lineup(table_id=table.pk, team=side, player_ids=roster[1:], actor=actor)
    assert [(s.position, s.player_id) for s in lineup] == list(
        zip(positions, roster[1:], strict=True)
    )


@pytest.mark.parametrize("name", TEAM_GAMES)
def test_a_team_event_of_each_team_game_is_played_and_summed(name, organizer):
    """Five teams, two rounds: each table's sides one team each, a bye a round, every hand's
    points in the teams' standings."""
    from tournaments.simulation import simulate_event

    game = GAMES[name]
    preset, overrides = preset_of(game)
    event = simulate_event(
        preset=preset,
        entrants=5,
        seed=2,
        owner=organizer,
        rounds=2,
        overrides={**overrides, "entrant_type": EntrantType.TEAM, "pairing": "swiss"},
    ).event
    assert all(e.members.count() == game.team_size for e in event.entrants.all())
    for seats in seated(event).values():  # a team fills its side
        assert len(seats) == game.seats
        for side in (0, 1):
            assert len({seats[p] for p in game.team_positions(side)}) == 1
    rows = selectors.standing_rows(event)
    hands = Hand.objects.filter(table__round__event=event)
    assert sum(r.tichu_points - r.adjustment_tp for r in rows) == sum(
        h.tp_0 + h.tp_1 for h in hands
    )
    assert Bye.objects.filter(round__event=event).count() == 2
    assert computed(event) == stored(event)


def refused_formats(game) -> list[dict]:
    """Format changes the game's class refuses: read from its declarations."""
    changes: list[dict] = []
    if game.hands_multiple > 1:
        changes.append({"hands_per_round": game.hands_multiple + 1})
    if not game.team_entrants:
        changes.append({"entrant_type": EntrantType.TEAM, "pairing": "swiss"})
    if game.vp_schemes is not None:
        changes += [{"vp_scheme": s} for s in VP_SCHEMES if s not in game.vp_schemes][:1]
    if game.tiebreaks is not None:
        changes += [{"tiebreaks": [t]} for t in TIEBREAKS if t not in game.tiebreaks][:1]
    if game.sized_tables:
        changes.append({"rules": {"players": max(game.allowed_sizes()) + 1}})
    if not game.cups:
        cup = next(name for name, method in PAIRING_METHODS.items() if method.is_cup)
        changes.append({"entrant_type": EntrantType.TEAM, "pairing": cup, "rounds": None})
    return changes


def test_a_format_the_game_cannot_play_is_refused(game):
    preset, overrides = preset_of(game)
    fmt = resolve_format(preset, overrides)
    assert fmt.game.name == game.name
    assert fmt.hands_per_round % game.hands_multiple == 0
    assert fmt.vp_scheme in (game.vp_schemes or VP_SCHEMES)
    assert set(fmt.tiebreaks) <= set(game.tiebreaks or TIEBREAKS)
    refused = refused_formats(game)
    assert refused or game.cups
    for changes in refused:
        merged = {**overrides, **changes}
        if "rules" in merged:
            merged["rules"] = {**overrides.get("rules", {}), **changes.get("rules", {})}
        with pytest.raises(FormatError):
            resolve_format(preset, merged)
    if game.sized_tables:
        sizes = game.allowed_sizes()
        for size in (sizes[0], sizes[-1]):
            sized = resolve_format(preset, {**overrides, "rules": {"players": size}})
            assert sized.game.seats == size


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_simulate_event_plays_every_preset(preset):
    """``manage.py simulate_event``: an event of the preset played by bots, its hands counted
    and its standings (a cup: its placings) printed."""
    fmt = PRESETS[preset]
    teams = fmt.entrant_type == EntrantType.TEAM
    players = 5 if teams else field_of(fmt.game)
    args = ["--format", preset, "--players", str(players), "--seed", "3"]
    if not fmt.is_cup:
        args += ["--rounds", "1"]
    out = StringIO()
    call_command("simulate_event", *args, stdout=out)
    event = Event.objects.get()
    assert (event.preset, event.format.rules) == (preset, fmt.rules)
    hands = Hand.objects.filter(table__round__event=event).count()
    text = out.getvalue()
    assert hands > 0 and f"{hands} hands played" in text
    names = event.entrants.values_list("name", flat=True)
    assert all(name in text for name in names), "every entrant in the printed table"
