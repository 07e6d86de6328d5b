"""The driver: how bots are asked to act, until a hand is over.

A bot answers two questions about its seat (the ``Bot`` protocol):

- ``act(state, seat)``: the action the hand waits for from this seat (``state.to_act == seat``):
  a call or pass in the calling phases, an exchange, a play or pass in turn, the Dragon's gift. It
  may also return a ``Tichu`` call first; it is asked again afterwards.
- ``interrupt(state, seat)``: before each turn during a trick, whether to lay a bomb out of turn
  (``None``: no). Only a seat holding a bomb is asked.

The state machine checks every action a bot takes (``HandState.apply``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from scoring.actions import Action
from scoring.hand_plays import HandPlays
from scoring.plays import bombs_in
from scoring.state import OVER, PLAY, HandState

from .bits import others_of


class Bot(Protocol):
    """A player of one or more seats."""

    def act(self, state: HandState, seat: int) -> Action:
        """The action the hand waits for from ``seat``."""
        ...

    def interrupt(self, state: HandState, seat: int) -> Action | None:
        """A bomb ``seat`` lays out of turn now, or ``None``."""
        ...


def seat_plays(cache: list[HandPlays | None], state: HandState, seat: int) -> HandPlays:
    """The ``HandPlays`` of the cards ``seat`` holds, kept in ``cache`` (one per seat) and
    narrowed as the hand shrinks; a hand that is no part of the cached one starts afresh."""
    mask = state.hands[seat]
    found = cache[seat]
    if found is None or found.mahjong_in_bomb != state.rules.mahjong_in_bomb:
        found = HandPlays(mask, state.rules.mahjong_in_bomb)
    else:
        found = found.narrow(mask)
    cache[seat] = found
    return found


def _bomb_out_of_turn(
    bots: Sequence[Bot], state: HandState, seat: int, armed: dict[int, int], mahjong_in_bomb: bool
) -> Action | None:
    """Ask each other seat that holds a bomb, in playing order from ``seat``, whether it lays one
    now; the first bomb laid, or ``None``. ``armed``: the seats seen holding a bomb, with the
    hand each was last seen holding one in: as a seat's bombs only go as its hand shrinks, the
    same hand needs no second look, and a seat left without bombs is dropped for good."""
    hands = state.hands
    for other in others_of(seat, state.seats):
        seen = armed.get(other)
        if seen is None:
            continue
        hand = hands[other]
        if hand != seen:
            if not bombs_in(hand, mahjong_in_bomb):
                del armed[other]
                continue
            armed[other] = hand
        action = bots[other].interrupt(state, other)
        if action is not None:
            return action
    return None


def play_out(state: HandState, bots: Sequence[Bot]) -> list[Action]:
    """Let the bots play the hand from ``state`` to its end; the actions taken, in order.

    Before each turn during a trick, every other seat holding a bomb is asked whether to lay it
    out of turn (a seat's bombs can only disappear once the play starts, as its hand shrinks)."""
    actions: list[Action] = []
    append, apply = actions.append, state.apply
    while state.phase != PLAY:  # the calls and the exchange
        seat = state.to_act
        assert seat is not None  # a hand waits for a seat until it is over
        action = bots[seat].act(state, seat)
        apply(action)
        append(action)
    mahjong_in_bomb = state.rules.mahjong_in_bomb
    armed = {seat: hand for seat, hand in enumerate(state.hands) if bombs_in(hand, mahjong_in_bomb)}
    while True:
        phase = state.phase
        if phase == PLAY:
            seat = state.turn
            bomb = (
                _bomb_out_of_turn(bots, state, seat, armed, mahjong_in_bomb)
                if armed and state.table is not None
                else None
            )
            action = bots[seat].act(state, seat) if bomb is None else bomb
        elif phase == OVER:
            break
        else:  # the Dragon's gift
            seat = state.to_act
            assert seat is not None
            action = bots[seat].act(state, seat)
        apply(action)
        append(action)
    return actions
