"""A hand record as the steps of its replay: what a page shows before the first action and after
each one (``frames``).

A frame holds, in codes and numbers (no words: the web layer words them, as it words the
engine's refusals): each seat's cards in hand (none before a Blind Grand Tichu is decided, the
first ``grand_look`` cards while a Grand Tichu may be called, then all), the calls so far, the
exchange (each giver's cards and their receivers, once laid out), the trick on the table with
who played what (and who passed), the trick taken last and by whom, each seat's taken cards, the
wish standing, who is out in which order, whom the hand waits for, what happened besides the
action itself (``events``: the rest dealt, the exchange done, a trick taken, a player out, the
wish fulfilled, the hand over), and on the last frame the score, as ``scoring.record.result_of``
writes it.

The record is replayed by ``scoring.record`` (``start``, ``apply_entry``, ``finish``: the very
steps of ``replay``), so every action is checked by ``HandState`` and a replay that shows a hand
is a replay that verifies it: an illegal record raises ``InvalidRecord`` here too. Nothing of the
rules is decided here; a frame only reads the state before and after each action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, Exchange, Pass, Play, Push
from .cards import cards_of, mask_of, points_of_mask
from .combinations import reading_of_mask
from .record import action_to_json, apply_entry, finish, result_of, start
from .score import HandScore, PlacingScore
from .state import BLIND, DOG_LEAD, DRAGON_GIFT, EXCHANGE, GRAND, OVER, PLAY, HandState
from .variants import TeamVariant

Frame = dict[str, Any]


@dataclass(frozen=True)
class Replay:
    """A hand's replay: the game's shape as the record sets it and the frames, one more than the
    record's actions (the deal first).

    ``game`` is the engine's game (``Rules.game``), ``seats`` the hands at the table, ``teams``
    each seat's team (``None`` in a game without teams), ``roles`` the seats that play a part
    (``Variant.roles``: Threechu's dealer and dummy), ``dealer`` and ``placing`` the hand's
    setting, ``grand_look`` the cards seen before the Grand Tichu window closes."""

    game: str
    seats: int
    teams: tuple[int | None, ...]
    roles: dict[int, str]
    dealer: int | None
    placing: tuple[int, ...] | None
    grand_look: int
    frames: list[Frame]
    score: HandScore | PlacingScore

    def as_json(self) -> dict[str, Any]:
        """The replay as JSON-ready data (seat keys of ``roles`` as text, as JSON has them)."""
        return {
            "game": self.game,
            "seats": self.seats,
            "teams": list(self.teams),
            "roles": {str(seat): role for seat, role in sorted(self.roles.items())},
            "dealer": self.dealer,
            "placing": None if self.placing is None else list(self.placing),
            "grand_look": self.grand_look,
            "frames": self.frames,
        }


def frames(record: Mapping[str, Any]) -> Replay:
    """Replay ``record`` (``InvalidRecord`` if it does not replay) and return every frame."""
    state, actions = start(record)
    steps = _Steps(state)
    shown = [steps.frame(None, [{"code": "dealt", "cards": _held(state)}])]
    for index, data in enumerate(actions):
        before = steps.before()
        action = apply_entry(state, index, data)
        shown.append(steps.after(action, before))
    score = finish(record, state)
    shown[-1]["score"] = result_of(score)
    variant = state.variant
    teams = tuple(
        variant.team_of(seat) if isinstance(variant, TeamVariant) else None
        for seat in range(state.seats)
    )
    return Replay(
        game=variant.name,
        seats=state.seats,
        teams=teams,
        roles=variant.roles(state.dealer),
        dealer=state.dealer,
        placing=state.placing,
        grand_look=variant.grand_look,
        frames=shown,
        score=score,
    )


def _texts(mask: int) -> list[str]:
    return [str(card) for card in cards_of(mask)]


def _held(state: HandState) -> int:
    """How many cards each seat sees now (the same for all but the last seats of a deal that
    does not divide): the first frame's ``dealt`` event."""
    return max((mask.bit_count() for mask in state.hands), default=0)


@dataclass
class _Before:
    """What a frame compares with the state after an action."""

    phase: str
    won: list[int]
    out: int
    wish: int | None
    table: Any


class _Steps:
    """Follows a replay: the trick's plays in order (the state keeps only their cards and the
    top combination), the last trick taken, the exchange laid out."""

    def __init__(self, state: HandState) -> None:
        self.state = state
        self.trick: list[dict[str, Any]] = []
        self.last_trick: dict[str, Any] | None = None
        self.tricks = 0
        self.exchange: list[list[list[Any]] | None] = [None] * state.seats

    def before(self) -> _Before:
        state = self.state
        return _Before(str(state.phase), list(state.won), len(state.out), state.wish, state.table)

    def after(self, action: Action, before: _Before) -> Frame:
        state = self.state
        shown = action_to_json(action)
        events: list[dict[str, Any]] = []
        if type(action) is Play:
            reading = reading_of_mask(
                mask_of(action.cards), before.table, state.rules.mahjong_in_bomb
            )
            kind = None if reading is None else str(reading.kind)
            shown["kind"] = kind
            if not self.trick:
                self.tricks += 1
            self.trick.append({"seat": action.seat, "cards": shown["cards"].split(), "kind": kind})
        elif type(action) is Pass and before.phase == PLAY:
            self.trick.append({"seat": action.seat, "pass": True})
        elif type(action) is Exchange or type(action) is Push:
            given = (
                (action.left, action.partner, action.right)
                if isinstance(action, Exchange)
                else action.cards
            )
            self.exchange[action.seat] = [
                [to, str(card)]
                for to, card in zip(state.recipients(action.seat), given, strict=True)
            ]
        phase = str(state.phase)
        if phase != before.phase:
            if before.phase == BLIND:
                events.append({"code": "dealt", "cards": _held(state)})
            elif before.phase == GRAND:
                events.append({"code": "dealt_rest"})
            elif before.phase == EXCHANGE:
                events.append({"code": "exchanged"})
            if phase == DRAGON_GIFT:
                events.append({"code": "dragon_won", "seat": state.dragon_giver})
            elif phase == DOG_LEAD:
                events.append({"code": "dog_lead", "seat": state.dog_player})
        if before.wish is not None and state.wish != before.wish:
            events.append({"code": "wish_fulfilled", "rank": before.wish})
        for seat in range(state.seats):
            taken = state.won[seat] & ~before.won[seat]
            if taken:
                events.append(
                    {
                        "code": "trick_taken",
                        "seat": seat,
                        "cards": taken.bit_count(),
                        "points": points_of_mask(taken),
                    }
                )
                self.last_trick = {"plays": self.trick, "to": seat}
                self.trick = []
        for place, seat in enumerate(state.out[before.out :], start=before.out + 1):
            events.append({"code": "out", "seat": seat, "place": place})
        if (
            type(action) is Play
            and shown.get("kind") == "dog"
            and phase == PLAY
            and state.turn != action.seat
        ):
            events.append({"code": "lead_passed", "seat": state.turn})
        if phase == OVER:
            events.append({"code": "over"})
        return self.frame(shown, events)

    def frame(self, action: dict[str, Any] | None, events: list[dict[str, Any]]) -> Frame:
        state = self.state
        return {
            "action": action,
            "events": events,
            "phase": str(state.phase),
            "to_act": state.to_act,
            "hands": [_texts(mask) for mask in state.hands],
            "calls": list(state.calls),
            "exchange": [None if given is None else list(given) for given in self.exchange],
            "trick": list(self.trick),
            "trick_number": self.tricks,
            "last_trick": self.last_trick,
            "taken": [_texts(mask) for mask in state.won],
            "wish": state.wish,
            "out": list(state.out),
            "score": None,
        }


def seat_cards(frame: Frame) -> Sequence[list[str]]:
    """Every card a frame shows, by where it lies: in hand, on the table, taken."""
    return [
        *frame["hands"],
        *(play["cards"] for play in frame["trick"] if "cards" in play),
        *frame["taken"],
    ]
