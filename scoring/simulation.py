"""Simulation: deal a hand and let four bots play it to the end (``play_hand``).

Used by the demo, by simulated events (``tournaments.services.simulation``), by tests that fuzz
the rules and by ``benchmarks/engine.py``. A seed replays a hand exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, Exchange
from .bots import Bot, HeuristicBot, deal_cards, play_out
from .cards import Card
from .record import make_record
from .rules import STANDARD, Rules
from .score import HandScore, PlacingScore
from .state import HandState


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A hand played to the end: the score entry a captain would type (card points or null, finish
    order, calls, double victory), the totals, the full score, and the JSON record (built when
    asked for: the demo records only the entry)."""

    entry: dict[str, Any]
    totals: tuple[int, ...]
    score: HandScore | PlacingScore
    state: HandState
    actions: tuple[Action, ...]

    @property
    def passes(self) -> dict[str, dict[str, str]]:
        """The exchange as a table records it on a duplicate board (``boards.check_passes``):
        for each seat that gave one card to each other seat, the card each received."""
        seats = len(self.state.exchanges)
        return {
            str(ex.seat): {
                str((ex.seat + 1) % seats): str(ex.right),
                str((ex.seat + 2) % seats): str(ex.partner),
                str((ex.seat + 3) % seats): str(ex.left),
            }
            for ex in self.state.exchanges
            if isinstance(ex, Exchange)
        }

    @property
    def record(self) -> dict[str, Any]:
        """The hand record (``scoring.record``): deal, every action, result."""
        return make_record(self.state, list(self.actions))


def play_hand(
    rules: Rules = STANDARD,
    seed: int = 0,
    bots: Sequence[Bot] | None = None,
    *,
    dealer: int | None = None,
    placing: Sequence[int] | None = None,
    deal: Sequence[Sequence[Card]] | None = None,
) -> PlayedHand:
    """Deal with ``seed`` and let a bot per seat (default: ``HeuristicBot``s seeded from
    ``seed``) play one hand of the rules' game to the end (``scoring.bots.play_out``); the
    hand's setting, Threechu's ``dealer`` or Grand Seigneur's previous ``placing``, as
    ``HandState`` takes it. ``deal``: each seat's cards in the order dealt, instead of a deal
    drawn from ``seed`` (a duplicate board, ``scoring.boards``: every table the same cards)."""
    rng = random.Random(seed)
    seats = rules.variant.seats
    if bots is None:
        bots = [HeuristicBot(random.Random(rng.getrandbits(64))) for _ in range(seats)]
    cards = deal_cards(rng, rules) if deal is None else [list(hand) for hand in deal]
    state = HandState(cards, rules, dealer=dealer, placing=placing)
    actions = play_out(state, bots)
    score = state.score()
    return PlayedHand(state.entry(score), score.totals, score, state, tuple(actions))
