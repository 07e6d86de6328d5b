"""Score entry: what a table captain writes on the sheet after a hand, validated and scored.

A captain enters no cards, only what the score sheet holds. Each game of ``scoring.variants``
names the keys its sheet has; the partnership games (Tichu, Tientsin, Threechu) share one
sheet::

    {"card_points": [A, B] or null,          # team 0 (even seats), team 1 (odd seats)
     "finish_order": [seats in order out],   # may be partial or empty
     "calls": {"<seat>": "tichu" | "grand" | "blind"},
     "<sweep_key>": 0 | 1 | null,            # the variant's sweep: all players of a team out
                                             # before any opponent ("double_victory" in Tichu)
     "dealer": <seat>,                       # Threechu only: who played the dummy's hand too
     "tichu_success": {"<seat>": true | false}}   # optional made/failed ticks of a paper sheet

Grand Seigneur's sheet holds the finish order alone: ``{"finish_order": [every seat]}``.

Seats are ints, or the strings JSON object keys become; the even seats form team 0, the odd ones
team 1. Missing keys mean "nothing entered": no calls, no finish order, no sweep, no ticks. A key
the game does not know is refused, so that a typo never passes silently.

The rules checked (``docs/rules.md``, "Scoring a hand", "The score entry" and each game's
section); the Tichu points themselves are counted by ``scoring.score``, as for a hand played card
by card:

- Card points, without a sweep: both teams, each a multiple of 5 from -25 to 125, the two summing
  to exactly 100 (the deck holds 100 points and every card lands with one team).
- A *sweep* (a team's players all out before any opponent: the double victory of Tichu and
  Threechu, Tientsin's triple victory): the team scores the game's sweep value, the other team 0,
  and no card points are counted; the entry carries no card points, or exactly that value and 0.
- Calls: Tichu +-100, Grand Tichu +-200 (if the event allows it), Blind Grand Tichu +-400 (if the
  event allows it). A call is won only by the caller who went out first, lost by every other
  caller. One call per player (a mapping holds one per seat); at most one Grand (or Blind Grand)
  Tichu per team; each game adds its own limits (``Variant.check_calls``: Chaos Tichu's Grand per
  team, Threechu's dealer and dummy).
- The first player out must be known whenever anyone called: from the finish order, or from the
  ticks, which must agree with it (at most one made, only by a caller, only by the first out).
- A finish order that opens with a whole team is a sweep and must be entered as one.
- The finish order names no more seats than the table has. Grand Seigneur: every seat exactly
  once, none implied (seven seats under rules of eight would be a table of seven, each player
  scored a point too many, or a table of eight with its last left out: the engine cannot tell,
  so it takes only the whole order).

Every violation raises ``InvalidHand`` with a stable ``code`` and its ``params`` (for programs and
the web layer, which words them in the reader's language), a ``field`` naming the entry key at
fault (for field-level errors in forms and APIs) and an English sentence a captain understands.
Wrong types raise ``InvalidHand`` too, never ``TypeError`` or a bare ``ValueError``: the entry
comes straight from a form or a JSON body, so any value may stand anywhere (a refusal quotes it
cut short, ``_quoted``).

A Threechu caller that knows the hand's dealer says so (``score_entry(..., dealer=0)``): an entry
naming none is given that dealer, one naming another seat is refused (``dealer_not_hands_dealer``).
"""

from __future__ import annotations

import reprlib
from collections.abc import Iterable, Mapping
from contextlib import suppress
from typing import TYPE_CHECKING, Any, TypeGuard

from .rules import STANDARD, Rules
from .score import (
    CALL_VALUES,
    GRAND_CALLS,
    CallOutcome,
    HandScore,
    PlacingScore,
    hand_totals,
    sweep_of,
    team_of,
)
from .variants import sweep_keys

if TYPE_CHECKING:
    from .variants import PlacingVariant, TeamVariant

CARD_POINTS_MIN, CARD_POINTS_MAX, CARD_POINTS_TOTAL = -25, 125, 100


# Every code an ``InvalidHand`` carries, in every game: a user interface words each one.
SWEEP_CODES = (
    "{sweep}_invalid",
    "{sweep}_card_points",
    "{sweep}_mismatch",
    "finish_order_{sweep}",
    "tick_contradicts_{sweep}",
)
"""The refusals about a sweep, one of each per game's ``sweep_key`` (the entry's field at fault
is that key, so the code names it too)."""

ERROR_CODES = frozenset(
    {
        "passes_invalid",  # a duplicate board's passes (``boards.check_passes``)
        "pass_receivers",
        "pass_card_unknown",
        "pass_not_in_hand",
        "pass_card_twice",
        "entry_invalid",
        "unknown_field",
        "unknown_seat",
        "card_points_missing",
        "card_points_invalid",
        "card_points_not_multiple_of_5",
        "card_points_range",
        "card_points_sum",
        "finish_order_invalid",
        "finish_order_incomplete",
        "duplicate_seat",
        "calls_invalid",
        "unknown_call",
        "grand_tichu_not_allowed",
        "blind_grand_tichu_not_allowed",
        "two_grand_tichus",
        "tichu_success_invalid",
        "tick_not_caller",
        "two_calls_made",
        "tick_contradicts_finish_order",
        "first_out_unknown",
        "chaos_grand_tichu_missing",
        "dealer_missing",
        "dealer_not_hands_dealer",
        "dealer_grand_tichu",
        "dummy_grand_tichu",
        "finish_order_too_long",
        "no_team_totals",
        *(code.format(sweep=key) for key in sweep_keys() for code in SWEEP_CODES),
    }
)


class InvalidHand(ValueError):
    """A score entry that breaks a rule. ``code`` is stable and ``params`` holds its values (the
    seats, teams and numbers at fault); ``field`` names the entry key at fault (``None`` when the
    fault lies between keys); ``str(error)`` is the captain's sentence."""

    def __init__(
        self,
        code: str,
        message: str,
        field: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.field = field
        self.message = message
        self.params = dict(params or {})


def score_hand(entry: Mapping[str, Any], rules: Rules = STANDARD) -> tuple[int, int]:
    """Both teams' Tichu points for one hand's score entry; ``InvalidHand`` if it breaks a rule.
    (Grand Seigneur has no teams: its entries are scored by ``score_entry`` alone, and here
    refused with ``no_team_totals``.)"""
    score = score_entry(entry, rules)
    if isinstance(score, PlacingScore):
        raise InvalidHand(
            "no_team_totals",
            f"{score.game} scores placings, not team totals: use score_entry.",
            None,
            {"game": score.game},
        )
    return score.totals


def normalize_entry(entry: Mapping[str, Any], rules: Rules = STANDARD) -> dict[str, Any]:
    """The canonical form of a valid score entry (see ``HandScore.as_entry``)."""
    return score_entry(entry, rules).as_entry()


def score_entry(
    entry: Mapping[str, Any], rules: Rules = STANDARD, *, dealer: int | None = None
) -> HandScore | PlacingScore:
    """Validate a score entry against every rule of the event's game (module docstring) and score
    it: a ``HandScore`` in the partnership games, a ``PlacingScore`` in Grand Seigneur.
    ``dealer``: Threechu's dealer of the hand, where the caller knows it (``ValueError`` in the
    other games, which have none)."""
    return rules.variant.score_entry(entry, dealer)


def _keys(entry: object, known: tuple[str, ...]) -> None:
    """The entry is a mapping holding only keys the game knows."""
    if not isinstance(entry, Mapping):
        raise InvalidHand("entry_invalid", "The score entry must be a mapping of fields.")
    unknown = [key for key in entry if key not in known]
    if unknown:
        field = str(_quoted(unknown[0]))
        raise InvalidHand(
            "unknown_field", f"Unknown field {field!r} in the score entry.", field, {"field": field}
        )


def score_team_entry(
    entry: Mapping[str, Any], game: TeamVariant, dealer: int | None = None
) -> HandScore:
    """A partnership game's entry, checked and scored (module docstring). Tichu points per team =
    card points (or the sweep value and 0) + that team's calls. ``dealer``: the hand's dealer as
    the caller knows it (Threechu)."""
    _keys(entry, game.entry_keys)
    dealer = game.dealer_of(entry, dealer)
    sweep = _sweep(entry.get(game.sweep_key), game)
    card_points = _card_points(entry.get("card_points"), sweep, game)
    finish_order = _finish_order(entry.get("finish_order"), sweep, game)
    calls = _calls(entry.get("calls"), game)
    game.check_calls(calls, dealer)
    ticks = _ticks(entry.get("tichu_success"), calls, game)
    first_out = _first_out(finish_order, calls, ticks, sweep, game)
    if first_out is not None and not finish_order:
        finish_order = (first_out,)
    if sweep is not None and len(finish_order) == game.team_size - 1:
        finish_order += tuple(s for s in game.members(sweep) if s not in finish_order)
    if len(finish_order) == game.seats - 1:
        finish_order += tuple(s for s in range(game.seats) if s not in finish_order)
    outcomes = tuple(
        CallOutcome(seat, call, _made(seat, first_out, ticks, sweep))
        for seat, call in sorted(calls.items())
    )

    totals = hand_totals(card_points, sweep, outcomes, game.rules, game.sweep_points)
    return HandScore(totals, card_points, sweep, finish_order, outcomes, dealer, game.name)


def score_placing_entry(entry: Mapping[str, Any], game: PlacingVariant) -> PlacingScore:
    """Grand Seigneur's entry: the finish order of every seat, none implied (module
    docstring)."""
    _keys(entry, ("finish_order",))
    order = _order(entry.get("finish_order"), game.seats)
    if len(order) != game.seats:
        missing = [s for s in range(game.seats) if s not in order]
        raise InvalidHand(
            "finish_order_incomplete",
            f"Enter the whole finish order: seats {_seat_list(missing)} are missing.",
            "finish_order",
            {"missing": missing},
        )
    return PlacingScore(order, game.name)


def _seat_list(seats: Iterable[int]) -> str:
    return ", ".join(str(seat) for seat in seats)


def _is_int(value: object) -> TypeGuard[int]:
    """A JSON integer: ``bool`` is an ``int`` subclass in Python but never a number on a sheet."""
    return isinstance(value, int) and not isinstance(value, bool)


_QUOTE = reprlib.Repr()
_QUOTE.maxstring = _QUOTE.maxlong = _QUOTE.maxother = 40


def _quoted(value: object) -> int | str:
    """A value of the entry as a refusal quotes it, in its message and params: a whole number as
    it is, anything else as text, long ones cut with "..." (a number too long to print at all,
    over 4300 digits, is only "...")."""
    if _is_int(value) and value.bit_length() < 64:
        return value
    if isinstance(value, str):
        return value if len(value) <= 40 else f"{value[:36]}..."
    try:
        return _QUOTE.repr(value)
    except ValueError:  # Python prints no int of more than 4300 digits
        return "..."


def seat_of(value: object, field: str, seats: int = 4) -> int:
    """A seat from an int ``0``-``seats - 1`` or its string (JSON object keys are strings)."""
    if isinstance(value, str) and value.strip().isdecimal():
        with suppress(ValueError):  # more digits than Python reads: no seat either
            value = int(value)
    if _is_int(value) and 0 <= value < seats:
        return value
    shown = _quoted(value)
    raise InvalidHand(
        "unknown_seat",
        f"{shown!r} is not a seat: seats are 0 to {seats - 1}.",
        field,
        {"seat": shown if _is_int(shown) else str(shown), "seats": seats},
    )


def _sweep(value: object, game: TeamVariant) -> int | None:
    """The team whose players all went out first (0 or 1), or none."""
    if value is None or (_is_int(value) and value in (0, 1)):
        return value
    raise InvalidHand(
        f"{game.sweep_key}_invalid",
        f"{game.sweep_key.replace('_', ' ').capitalize()} names the team that made it: 0, 1 or "
        "none.",
        game.sweep_key,
    )


def _card_points(value: object, sweep: int | None, game: TeamVariant) -> tuple[int, int] | None:
    """Card points per team: multiples of 5 in -25..125 summing to 100; under a sweep none, or
    exactly the sweep value for the team that made it and 0."""
    field = "card_points"
    if value is None:
        if sweep is None:
            raise InvalidHand(
                "card_points_missing",
                f"Enter both teams' card points (or mark a {game.sweep_key.replace('_', ' ')}).",
                field,
            )
        return None
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(_is_int(points) for points in value)
    ):
        raise InvalidHand(
            "card_points_invalid", "Card points are two whole numbers, one per team.", field
        )
    points = (value[0], value[1])
    if sweep is not None:
        expected = [0, 0]
        expected[sweep] = game.sweep_points
        if list(points) != expected:
            raise InvalidHand(
                f"{game.sweep_key}_card_points",
                f"After a {game.sweep_key.replace('_', ' ')} no card points are counted: leave "
                f"them empty or enter {expected[0]} and {expected[1]}.",
                field,
                {"expected": expected},
            )
        return None
    if any(p % 5 for p in points):
        raise InvalidHand(
            "card_points_not_multiple_of_5", "Card points always come in multiples of 5.", field
        )
    if any(not CARD_POINTS_MIN <= p <= CARD_POINTS_MAX for p in points):
        raise InvalidHand(
            "card_points_range",
            f"A team's card points lie between {CARD_POINTS_MIN} and {CARD_POINTS_MAX}.",
            field,
            {"min": CARD_POINTS_MIN, "max": CARD_POINTS_MAX},
        )
    if sum(points) != CARD_POINTS_TOTAL:
        raise InvalidHand(
            "card_points_sum",
            f"The two teams' card points must add up to {CARD_POINTS_TOTAL} "
            f"(entered {points[0]} + {points[1]} = {sum(points)}); "
            f"a {game.sweep_key.replace('_', ' ')} is marked as such.",
            field,
            {"entered": list(points), "total": CARD_POINTS_TOTAL},
        )
    return points


def _order(value: object, seats: int) -> tuple[int, ...]:
    """Distinct seats in the order they went out."""
    field = "finish_order"
    if value is None:
        return ()
    if not isinstance(value, (list, tuple)):
        raise InvalidHand(
            "finish_order_invalid",
            "The finish order is a list of seats in the order they went out.",
            field,
        )
    if len(value) > seats:
        raise InvalidHand(
            "finish_order_too_long",
            f"The finish order names {len(value)} seats, but the table has {seats}.",
            field,
            {"given": len(value), "table_seats": seats},
        )
    order = tuple(seat_of(seat, field, seats) for seat in value)
    if len(set(order)) != len(order):
        twice = next(seat for seat in order if order.count(seat) > 1)
        raise InvalidHand(
            "duplicate_seat", "A seat appears twice in the finish order.", field, {"seat": twice}
        )
    return order


def _finish_order(value: object, sweep: int | None, game: TeamVariant) -> tuple[int, ...]:
    """The finish order. One opening with a whole team is a sweep, which must be entered as one;
    a sweep ends the hand once its team is out (seats listed after it are accepted and
    ignored)."""
    field = "finish_order"
    key = game.sweep_key
    what = key.replace("_", " ")
    order = _order(value, game.seats)
    size = game.team_size
    if sweep is None:
        if sweep_of(order, size) is not None:
            raise InvalidHand(
                f"finish_order_{key}",
                f"A whole team went out first: enter this as a {what}.",
                field,
                {"team": team_of(order[0])},
            )
        return order
    for place, seat in enumerate(order[:size]):
        if team_of(seat) != sweep:
            raise InvalidHand(
                f"{key}_mismatch",
                f"In a {what} the first {size} players out are all of the team "
                f"marked with it (seat {seat} is not).",
                field,
                {"seat": seat, "place": place + 1, "team": sweep},
            )
    # A paper sheet may list the others after the winning team: they played on for nothing, so
    # their order carries no meaning and is dropped.
    return order[:size]


def _calls(value: object, game: TeamVariant) -> dict[int, str]:
    """Calls per seat, each allowed by the event; at most one Grand Tichu per team."""
    field = "calls"
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidHand(
            "calls_invalid", "Calls map a seat to 'tichu', 'grand' or 'blind'.", field
        )
    calls: dict[int, str] = {}
    rules = game.rules
    for key, call in value.items():
        seat = seat_of(key, field, game.seats)
        if seat in calls:
            raise InvalidHand(
                "duplicate_seat", f"Seat {seat} is named twice in the calls.", field, {"seat": seat}
            )
        if call is None or call == "":
            continue
        if not isinstance(call, str) or call.strip().lower() not in CALL_VALUES:
            raise InvalidHand(
                "unknown_call",
                f"{_quoted(call)!r} is not a call: use 'tichu', 'grand' or 'blind'.",
                field,
                {"seat": seat},
            )
        call = call.strip().lower()
        if call == "grand" and not game.grand_tichu_allowed:
            raise InvalidHand(
                "grand_tichu_not_allowed",
                "This event does not allow Grand Tichu.",
                field,
                {"seat": seat},
            )
        if call == "blind" and not rules.blind_grand_tichu:
            raise InvalidHand(
                "blind_grand_tichu_not_allowed",
                "This event does not allow Blind Grand Tichu.",
                field,
                {"seat": seat},
            )
        calls[seat] = call
    for team in (0, 1):
        grands = [seat for seat in game.members(team) if calls.get(seat) in GRAND_CALLS]
        if len(grands) > 1:
            raise InvalidHand(
                "two_grand_tichus",
                f"Partners (seats {_seat_list(grands)}) may not both call Grand Tichu.",
                field,
                {"seats": grands, "team": team},
            )
    return calls


def _ticks(value: object, calls: dict[int, str], game: TeamVariant) -> dict[int, bool]:
    """Made/failed ticks per seat: only for callers, at most one made."""
    field = "tichu_success"
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidHand(
            "tichu_success_invalid",
            "Call ticks map a seat to true (made) or false (failed).",
            field,
        )
    ticks: dict[int, bool] = {}
    for key, made in value.items():
        seat = seat_of(key, field, game.seats)
        if seat in ticks:
            raise InvalidHand(
                "duplicate_seat", f"Seat {seat} is ticked twice.", field, {"seat": seat}
            )
        if not isinstance(made, bool):
            raise InvalidHand(
                "tichu_success_invalid", "A call tick is true (made) or false (failed).", field
            )
        if seat not in calls:
            raise InvalidHand(
                "tick_not_caller", f"Seat {seat} is ticked but made no call.", field, {"seat": seat}
            )
        ticks[seat] = made
    if sum(ticks.values()) > 1:
        raise InvalidHand(
            "two_calls_made",
            "At most one call is made in a hand: only the first player out wins theirs.",
            field,
        )
    return ticks


def _first_out(
    finish_order: tuple[int, ...],
    calls: dict[int, str],
    ticks: dict[int, bool],
    sweep: int | None,
    game: TeamVariant,
) -> int | None:
    """The first player out, from the finish order or a made tick, checked against the ticks; an
    entry with calls must tell every call's outcome."""
    field = "tichu_success"
    made = [seat for seat, tick in ticks.items() if tick]
    first_out = finish_order[0] if finish_order else None
    if first_out is not None:
        for seat, tick in ticks.items():
            if tick != (seat == first_out):
                raise InvalidHand(
                    "tick_contradicts_finish_order",
                    f"Seat {seat}'s call is ticked {'made' if tick else 'failed'}, but seat "
                    f"{first_out} went out first.",
                    field,
                    {"seat": seat, "made": tick, "first_out": first_out},
                )
        return first_out
    if made:
        seat = made[0]
        if sweep is not None and team_of(seat) != sweep:
            raise InvalidHand(
                f"tick_contradicts_{game.sweep_key}",
                f"Seat {seat}'s call is ticked made, but the other team made a "
                f"{game.sweep_key.replace('_', ' ')}.",
                field,
                {"seat": seat, "team": sweep},
            )
        return seat
    for seat in calls:
        if seat not in ticks and (sweep is None or team_of(seat) == sweep):
            raise InvalidHand(
                "first_out_unknown",
                f"Seat {seat} called: enter who went out first.",
                "finish_order",
                {"seat": seat},
            )
    return None


def _made(seat: int, first_out: int | None, ticks: dict[int, bool], sweep: int | None) -> bool:
    """A call is made only by the caller who went out first (the first out being known, or the
    call ticked, or the caller's team beaten by a sweep: ``_first_out`` ensured one)."""
    if first_out is not None:
        return seat == first_out
    if seat in ticks:
        return ticks[seat]
    assert sweep is not None and team_of(seat) != sweep
    return False
