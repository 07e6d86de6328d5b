"""Every registered entry works end to end: each pairing method, victory-point scheme, tie-break
and preset creates an event that is played out (``simulate_event``: pairing or a cup's draw,
every hand through the captain's path) and gets its standings, and the choices a person or a
client is offered are the registries'.

A new entry in a registry is picked up here without a change: a pairing method needs a preset
that uses it (the presets are what an organizer starts from).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from scoring import VARIANTS
from tournaments.api.serializers import EventCreateSerializer
from tournaments.choices import ByeCredit, EntrantType, Seeding
from tournaments.formats import PRESETS, FormatError, resolve_format
from tournaments.games import GAMES
from tournaments.models import Bye, Hand, Seat, StandingRow, Table
from tournaments.pairing import PAIRING_METHODS
from tournaments.simulation import demo_organizer, simulate_event
from tournaments.standings.compute import compute
from tournaments.standings.tiebreaks import TIEBREAKS
from tournaments.standings.vp_schemes import VP_SCHEMES
from tournaments.views.settings_form import EventSettingsForm

pytestmark = pytest.mark.django_db

SMALL = {EntrantType.INDIVIDUAL: 8, EntrantType.TEAM: 4}  # two tables of four a round


def _played(preset: str, overrides: dict | None = None, seed: int = 3):
    """A small event of ``preset`` played out; its standings checked: a row for every entrant,
    equal to the lines computed from scratch."""
    fmt = resolve_format(preset, overrides)
    if fmt.rounds is not None:
        overrides = {**(overrides or {}), "rounds": min(fmt.rounds, 2)}
    event = simulate_event(
        preset=preset,
        entrants=SMALL[fmt.entrant_type],
        seed=seed,
        owner=demo_organizer(),
        overrides=overrides,
    ).event
    rows = {row.entrant_id: row for row in StandingRow.objects.filter(event=event)}
    assert set(rows) == set(event.entrants.values_list("pk", flat=True))
    lines, _ = compute(event)
    assert {
        line.entrant_id: (line.victory_points, line.tichu_points, line.tiebreaks) for line in lines
    } == {pk: (row.victory_points, row.tichu_points, row.tiebreaks) for pk, row in rows.items()}
    assert Hand.objects.filter(table__round__event=event).exists()
    return event, rows


def _preset_of(method: str) -> str:
    presets = [name for name, fmt in PRESETS.items() if fmt.pairing == method]
    assert presets, f"no preset uses the pairing method {method!r}: add one to PRESETS"
    return presets[0]


@pytest.mark.parametrize("method", sorted(PAIRING_METHODS))
def test_every_pairing_method_plays_an_event_to_its_standings(method):
    event, rows = _played(_preset_of(method))
    assert event.format.pairing == method
    assert event.format.is_cup == PAIRING_METHODS[method].is_cup
    assert sum(row.hands_played for row in rows.values()) > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays_an_event_to_its_standings(preset):
    event, _ = _played(preset)
    assert event.format_data["pairing"] == PRESETS[preset].pairing


def _scheme_format(scheme: str) -> tuple[str, dict]:
    """A team event scored by ``scheme``: four hands a round, else a game to 1000."""
    for preset in ("team_swiss", "league"):
        try:
            resolve_format(preset, {"vp_scheme": scheme})
        except FormatError:
            continue
        return preset, {"vp_scheme": scheme}
    raise AssertionError(f"no team format takes the victory-point scheme {scheme!r}")


@pytest.mark.parametrize("scheme", sorted(VP_SCHEMES))
def test_every_vp_scheme_scores_as_its_python_says(scheme):
    """The standings' SQL (``table_vp``) gives each team what the scheme's Python
    (``hand_vp``, ``table_points``) gives it from the same hands."""
    preset, overrides = _scheme_format(scheme)
    event, rows = _played(preset, overrides)
    fmt = event.format
    assert not Bye.objects.filter(round__event=event).exists()  # four teams: no byes
    victory = VP_SCHEMES[scheme]
    expected: dict[int, int] = defaultdict(int)
    for table in Table.objects.filter(round__event=event):
        hands = list(Hand.objects.filter(table=table).order_by("number"))
        totals = (sum(h.tp_0 for h in hands), sum(h.tp_1 for h in hands))
        hand_vps = [(h.vp_0, h.vp_1) for h in hands]
        assert all(victory.per_hand or vp == (0, 0) for vp in hand_vps)
        points = victory.table_points(hand_vps, totals, table.is_done(fmt, len(hands), totals))
        for seat in Seat.objects.filter(table=table, position__lt=2):
            expected[seat.entrant_id] += points[seat.position]
    assert {pk: row.victory_points for pk, row in rows.items()} == dict(expected)
    assert sum(expected.values()) > 0


@pytest.mark.parametrize("tiebreak", sorted(TIEBREAKS))
def test_every_tiebreak_is_computed_and_ranks(tiebreak):
    event, rows = _played("team_swiss", {"tiebreaks": [tiebreak]})
    spec = TIEBREAKS[tiebreak]
    for row in rows.values():
        value = getattr(row, spec.in_totals[1]) if spec.in_totals else row.tiebreaks[tiebreak]
        assert isinstance(value, int)


def test_the_choices_offered_are_the_registries():
    fields = EventCreateSerializer().fields
    assert list(fields["pairing"].choices) == list(PAIRING_METHODS)
    assert list(fields["vp_scheme"].choices) == list(VP_SCHEMES)
    assert list(fields["entrant_type"].choices) == EntrantType.values
    assert list(fields["bye_credit"].choices) == ByeCredit.values
    assert list(fields["seeding"].choices) == Seeding.values
    assert all(f"`{name}`" in fields["tiebreaks"].help_text for name in TIEBREAKS)
    form_fields = EventSettingsForm.base_fields
    assert [value for value, _ in form_fields["vp_scheme"].choices] == list(VP_SCHEMES)
    assert [value for value, _ in form_fields["bye_credit"].choices] == ByeCredit.values
    assert [value for value, _ in form_fields["seeding"].choices] == Seeding.values
    for registry in (PAIRING_METHODS, VP_SCHEMES, TIEBREAKS):
        for entry in registry.values():
            assert str(entry.label)


def test_every_preset_is_offered_by_the_form_the_api_and_the_pages_under_its_names():
    from django.utils import translation

    from tournaments.api.serializers import EventCreateSerializer
    from tournaments.formats import PRESET_LIST
    from tournaments.views.forms import EventCreateForm
    from tournaments.views.labels import preset_label

    names = [preset.name for preset in PRESET_LIST]
    assert [value for value, _ in EventCreateForm().fields["preset"].choices] == names
    assert set(EventCreateSerializer().fields["format"].choices) == set(names)
    with translation.override("de"):
        assert preset_label("knockout") == "K.-o.-Pokal"
        assert (
            dict(EventCreateForm().fields["preset"].choices)["team_swiss"]
            == "Zweierteams, Schweizer System"
        )
    assert preset_label("unknown") == "unknown"


def test_the_tournaments_games_read_their_player_counts_from_the_engine():
    """A game's player count is stated once, in its class in ``scoring.variants``: the tables
    read it there (no second number to drift from the engine's)."""
    assert set(GAMES) == set(VARIANTS)
    for name, game in GAMES.items():
        fixed = VARIANTS[name].own_players()
        if fixed is None:  # the event chooses: every size the engine allows
            assert game.allowed_sizes() == tuple(VARIANTS[name].players_allowed)
        else:
            assert (game.seats, game.allowed_sizes()) == (fixed, (fixed,))
