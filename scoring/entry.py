"""Score entry: what a table captain types after a hand, validated and turned into Tichu points.

A captain enters no cards, only what the score sheet holds. The entry is a mapping::

    {"card_points": [A, B] or null,          # team 0 (seats 0, 2), team 1 (seats 1, 3)
     "finish_order": [seats in order out],   # may be partial or empty
     "calls": {"<seat>": "tichu" | "grand" | "blind"},
     "double_victory": 0 | 1 | null,         # the team that went out first and second
     "tichu_success": {"<seat>": true | false}}   # optional made/failed ticks of a paper sheet

Seats are 0-3 (as ints, or as the strings "0"-"3" that JSON object keys become); seats 0 and 2 are
team 0, seats 1 and 3 team 1. Missing keys mean "nothing entered": no calls, no finish order, no
double victory, no ticks. A key the engine does not know is refused, so that a typo never passes
silently.

The rules checked (``docs/rules.md``, "Scoring a hand" and "The score entry"); the Tichu points
themselves are counted by ``scoring.score``, as for a hand played card by card:

- Card points, without a double victory: both teams, each a multiple of 5 from -25 to 125, the two
  summing to exactly 100 (the deck holds 100 points and every card lands with one team).
- Double victory: the team scores the event's double-victory value, the other team 0, and no card
  points are counted; the entry carries no card points, or exactly that value and 0.
- Calls: Tichu +-100, Grand Tichu +-200 (if the event allows it), Blind Grand Tichu +-400 (if the
  event allows it). A call is won only by the caller who went out first, lost by every other
  caller. One call per player (a mapping holds one per seat); the two partners of a team may not
  both call Grand Tichu (a Blind Grand Tichu counts as a Grand Tichu here).
- The first player out must be known whenever anyone called: from the finish order, or from the
  ticks, which must agree with it (at most one made, only by a caller, only by the first out).
- A finish order whose first two are partners is a double victory and must be entered as one.

Every violation raises ``InvalidHand`` with a stable ``code`` (for programs), a ``field`` naming the
entry key at fault (for field-level errors in forms and APIs) and a sentence a captain understands.
Wrong types raise ``InvalidHand`` too, never ``TypeError``: the entry comes straight from a form.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from .rules import STANDARD, Rules
from .score import (
    CALL_VALUES,
    GRAND_CALLS,
    SEATS,
    Call,
    CallOutcome,
    HandScore,
    double_victory_of,
    hand_totals,
    partner_of,
    team_of,
)

ENTRY_KEYS = ("card_points", "finish_order", "calls", "double_victory", "tichu_success")
CARD_POINTS_MIN, CARD_POINTS_MAX, CARD_POINTS_TOTAL = -25, 125, 100


class InvalidHand(ValueError):
    """A score entry that breaks a rule. ``code`` is stable; ``field`` names the entry key at fault
    (``None`` when the fault lies between keys); ``str(error)`` is the captain's sentence."""

    def __init__(self, code: str, message: str, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.field = field
        self.message = message


def score_hand(entry: Mapping[str, Any], rules: Rules = STANDARD) -> tuple[int, int]:
    """Both teams' Tichu points for one hand's score entry; ``InvalidHand`` if it breaks a rule."""
    return score_entry(entry, rules).totals


def normalize_entry(entry: Mapping[str, Any], rules: Rules = STANDARD) -> dict[str, Any]:
    """The canonical form of a valid score entry (see ``HandScore.as_entry``)."""
    return score_entry(entry, rules).as_entry()


def score_entry(entry: Mapping[str, Any], rules: Rules = STANDARD) -> HandScore:
    """Validate a score entry against every rule (module docstring) and score it.

    Tichu points per team: ``scoring.score.hand_totals``.
    """
    if not isinstance(entry, Mapping):
        raise InvalidHand("entry_invalid", "The score entry must be a mapping of fields.")
    unknown = [key for key in entry if key not in ENTRY_KEYS]
    if unknown:
        raise InvalidHand("unknown_field", f"Unknown field {unknown[0]!r} in the score entry.",
                          str(unknown[0]))
    double_victory = _double_victory(entry.get("double_victory"))
    card_points = _card_points(entry.get("card_points"), double_victory, rules)
    finish_order = _finish_order(entry.get("finish_order"), double_victory)
    calls = _calls(entry.get("calls"), rules)
    ticks = _ticks(entry.get("tichu_success"), calls)
    first_out = _first_out(finish_order, calls, ticks, double_victory)
    if first_out is not None and not finish_order:
        finish_order = (first_out,)
    if double_victory is not None and len(finish_order) == 1:
        finish_order += (partner_of(finish_order[0]),)
    if len(finish_order) == 3:
        finish_order += tuple(seat for seat in SEATS if seat not in finish_order)
    outcomes = tuple(CallOutcome(seat, call, _made(seat, first_out, ticks, double_victory))
                     for seat, call in sorted(calls.items()))
    totals = hand_totals(card_points, double_victory, outcomes, rules)
    return HandScore(totals, card_points, double_victory, finish_order, outcomes)


def _is_int(value: object) -> TypeGuard[int]:
    """A JSON integer: ``bool`` is an ``int`` subclass in Python but never a number on a sheet."""
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: object, field: str) -> int:
    """A seat from an int 0-3 or its string "0"-"3" (JSON object keys are strings)."""
    if _is_int(value) and value in SEATS:
        return value
    if isinstance(value, str) and value.strip() in ("0", "1", "2", "3"):
        return int(value)
    raise InvalidHand("unknown_seat", f"{value!r} is not a seat: seats are 0, 1, 2 and 3.", field)


def _double_victory(value: object) -> int | None:
    """The team that went out first and second (0 or 1), or none."""
    if value is None or (_is_int(value) and value in (0, 1)):
        return value
    raise InvalidHand("double_victory_invalid",
                      "Double victory names the team that made it: 0, 1 or none.",
                      "double_victory")


def _card_points(value: object, double_victory: int | None, rules: Rules) -> tuple[int, int] | None:
    """Card points per team: multiples of 5 in -25..125 summing to 100; under a double victory
    none, or exactly the double-victory value for the team that made it and 0."""
    field = "card_points"
    if value is None:
        if double_victory is None:
            raise InvalidHand("card_points_missing",
                              "Enter both teams' card points (or mark a double victory).", field)
        return None
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(_is_int(points) for points in value)):
        raise InvalidHand("card_points_invalid",
                          "Card points are two whole numbers, one per team.", field)
    points = (value[0], value[1])
    if double_victory is not None:
        expected = [0, 0]
        expected[double_victory] = rules.double_victory_points
        if list(points) != expected:
            raise InvalidHand(
                "double_victory_card_points",
                f"After a double victory no card points are counted: leave them empty or enter "
                f"{expected[0]} and {expected[1]}.", field)
        return None
    if any(p % 5 for p in points):
        raise InvalidHand("card_points_not_multiple_of_5",
                          "Card points always come in multiples of 5.", field)
    if any(not CARD_POINTS_MIN <= p <= CARD_POINTS_MAX for p in points):
        raise InvalidHand("card_points_range",
                          f"A team's card points lie between {CARD_POINTS_MIN} and "
                          f"{CARD_POINTS_MAX}.", field)
    if sum(points) != CARD_POINTS_TOTAL:
        raise InvalidHand("card_points_sum",
                          f"The two teams' card points must add up to {CARD_POINTS_TOTAL} "
                          f"(entered {points[0]} + {points[1]} = {sum(points)}); "
                          "a double victory is marked as such.", field)
    return points


def _finish_order(value: object, double_victory: int | None) -> tuple[int, ...]:
    """Distinct seats in the order they went out. First two partners means a double victory, which
    must be entered as one; a double victory ends the hand after its second player out (seats
    listed after it are accepted and ignored)."""
    field = "finish_order"
    if value is None:
        return ()
    if not isinstance(value, (list, tuple)):
        raise InvalidHand("finish_order_invalid",
                          "The finish order is a list of seats in the order they went out.", field)
    order = tuple(_seat(seat, field) for seat in value)
    if len(set(order)) != len(order):
        raise InvalidHand("duplicate_seat", "A seat appears twice in the finish order.", field)
    if double_victory is None:
        if double_victory_of(order) is not None:
            raise InvalidHand("finish_order_double_victory",
                              "Partners went out first and second: enter this as a double "
                              "victory.", field)
        return order
    if order and team_of(order[0]) != double_victory:
        raise InvalidHand("double_victory_mismatch",
                          f"The first player out (seat {order[0]}) is not on the team marked "
                          "with the double victory.", field)
    if len(order) >= 2 and double_victory_of(order) is None:
        raise InvalidHand("double_victory_mismatch",
                          "In a double victory the second player out is the first one's "
                          "partner.", field)
    # A paper sheet may list the other two after the winning pair: they played on for nothing,
    # so their order carries no meaning and is dropped.
    return order[:2]


def _calls(value: object, rules: Rules) -> dict[int, str]:
    """Calls per seat, each allowed by the event; no two Grand Tichus in one team."""
    field = "calls"
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidHand("calls_invalid",
                          "Calls map a seat to 'tichu', 'grand' or 'blind'.", field)
    calls: dict[int, str] = {}
    for key, call in value.items():
        seat = _seat(key, field)
        if seat in calls:
            raise InvalidHand("duplicate_seat", f"Seat {seat} is named twice in the calls.", field)
        if call is None or call == "":
            continue
        if not isinstance(call, str) or call.strip().lower() not in CALL_VALUES:
            raise InvalidHand("unknown_call",
                              f"{call!r} is not a call: use 'tichu', 'grand' or 'blind'.", field)
        call = call.strip().lower()
        if call == Call.GRAND and not rules.grand_tichu_allowed:
            raise InvalidHand("grand_tichu_not_allowed",
                              "This event does not allow Grand Tichu.", field)
        if call == Call.BLIND and not rules.blind_grand_tichu:
            raise InvalidHand("blind_grand_tichu_not_allowed",
                              "This event does not allow Blind Grand Tichu.", field)
        calls[seat] = call
    for seat in (0, 1):
        if calls.get(seat) in GRAND_CALLS and calls.get(partner_of(seat)) in GRAND_CALLS:
            raise InvalidHand("two_grand_tichus",
                              f"Partners (seats {seat} and {partner_of(seat)}) may not both call "
                              "Grand Tichu.", field)
    return calls


def _ticks(value: object, calls: dict[int, str]) -> dict[int, bool]:
    """Made/failed ticks per seat: only for callers, at most one made."""
    field = "tichu_success"
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidHand("tichu_success_invalid",
                          "Call ticks map a seat to true (made) or false (failed).", field)
    ticks: dict[int, bool] = {}
    for key, made in value.items():
        seat = _seat(key, field)
        if seat in ticks:
            raise InvalidHand("duplicate_seat", f"Seat {seat} is ticked twice.", field)
        if not isinstance(made, bool):
            raise InvalidHand("tichu_success_invalid",
                              "A call tick is true (made) or false (failed).", field)
        if seat not in calls:
            raise InvalidHand("tick_not_caller",
                              f"Seat {seat} is ticked but made no call.", field)
        ticks[seat] = made
    if sum(ticks.values()) > 1:
        raise InvalidHand("two_calls_made",
                          "At most one call is made in a hand: only the first player out wins "
                          "theirs.", field)
    return ticks


def _first_out(finish_order: tuple[int, ...], calls: dict[int, str], ticks: dict[int, bool],
               double_victory: int | None) -> int | None:
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
                    f"{first_out} went out first.", field)
        return first_out
    if made:
        seat = made[0]
        if double_victory is not None and team_of(seat) != double_victory:
            raise InvalidHand("tick_contradicts_double_victory",
                              f"Seat {seat}'s call is ticked made, but the other team made a "
                              "double victory.", field)
        return seat
    for seat in calls:
        if seat not in ticks and (double_victory is None or team_of(seat) == double_victory):
            raise InvalidHand("first_out_unknown",
                              "Someone called: enter who went out first (or tick each call made "
                              "or failed).", "finish_order")
    return None


def _made(seat: int, first_out: int | None, ticks: dict[int, bool],
          double_victory: int | None) -> bool:
    """A call is made only by the caller who went out first (the first out being known, or the
    call ticked, or the caller's team beaten by a double victory: ``_first_out`` ensured one)."""
    if first_out is not None:
        return seat == first_out
    if seat in ticks:
        return ticks[seat]
    assert double_victory is not None and team_of(seat) != double_victory
    return False
