"""Duplicate Tichu's rounds: each round's tables are the movement's meetings
(``duplicate.movement``), not a draw by standings.

Tournament rules implemented here (RULINGS.md, "Duplicate Tichu"):

- The pairs are numbered once, in the order they are given (the event's registration order),
  and meet as the movement of that many pairs says: round by round, table by table, the
  North-South pair seated as team 0 (seats 0 and 2), the East-West pair as team 1 (1 and 3).
- The pair the movement sits out (an odd field) has a bye.
- A pair that withdrew keeps its number in the movement; its opponent of the round sits out,
  so that every other pair still plays the boards the movement gives it.
- Every table of a round plays the same boards (the movement's barometer): hand ``i`` of a
  table in round ``r`` is board ``(r - 1) x b + i`` for ``b`` boards a round (``board_number``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..choices import EntrantType
from ..duplicate.movement import MAX_PAIRS, MIN_PAIRS, Movement, movement
from ..errors import FormatError
from .base import Draw, Entrant, PairingError, PairingHistory, PairingMethod, checked_entrants

if TYPE_CHECKING:
    from ..formats import Format


def board_number(round_number: int, hand_number: int, boards_per_round: int) -> int:
    """The board that hand ``hand_number`` of any table of round ``round_number`` is."""
    return (round_number - 1) * boards_per_round + hand_number


def round_boards(round_number: int, boards_per_round: int) -> tuple[int, ...]:
    """The boards every table of round ``round_number`` plays, in the order of their hands."""
    return tuple(
        board_number(round_number, hand, boards_per_round)
        for hand in range(1, boards_per_round + 1)
    )


def event_movement(pairs: int, rounds: int | None, boards_per_round: int) -> Movement:
    """The movement of an event's ``pairs`` (``PairingError`` outside its range)."""
    if not MIN_PAIRS <= pairs <= MAX_PAIRS:
        raise PairingError(
            "duplicate_field",
            f"a duplicate movement is for {MIN_PAIRS} to {MAX_PAIRS} pairs, not {pairs}",
            count=pairs,
            minimum=MIN_PAIRS,
            maximum=MAX_PAIRS,
        )
    return movement(pairs, rounds, boards_per_round)


class DuplicatePairing(PairingMethod):
    """One round of a duplicate event (see the module's rules). The entrants are every pair of
    the movement in their fixed order; ``active``, if given, those still playing."""

    method = "duplicate"
    # Translators: a pairing method, described in the API's schema
    label = gettext_lazy("duplicate: pairs move through a movement and play the same boards")
    entrant_type = EntrantType.TEAM
    open_rounds = True  # without a number: every pair meets every other once
    deals_boards: ClassVar[bool] = True
    fixed_order: ClassVar[bool] = True

    def __init__(
        self,
        *,
        boards_per_round: int = 2,
        rounds: int | None = None,
        active: Collection[int] | None = None,
    ):
        self.boards_per_round = boards_per_round
        self.rounds = rounds
        self.active = None if active is None else frozenset(active)

    @classmethod
    def schedule_options(cls, fmt: Format) -> dict[str, Any]:
        return {"boards_per_round": fmt.hands_per_round, "rounds": fmt.rounds}

    @classmethod
    def check_format(cls, fmt: Format) -> None:
        game = fmt.game
        if game.seats != 4 or not game.teams:
            raise FormatError("pairing", _("Duplicate is played at tables of two pairs."))
        if fmt.hands_per_round is None or fmt.game_to is not None:
            raise FormatError("hands_per_round", _("A duplicate event sets its boards per round."))
        if fmt.double_round_robin:
            raise FormatError(
                "double_round_robin", _("A duplicate movement sets its rounds with rounds.")
            )

    def pair(
        self,
        entrants: Sequence[Entrant],
        history: PairingHistory,
        *,
        seed: int | str,
        round_number: int,
    ) -> Draw:
        pairs = [e.id for e in checked_entrants(entrants, MIN_PAIRS, "teams")]
        moves = event_movement(len(pairs), self.rounds, self.boards_per_round)
        if not 1 <= round_number <= len(moves.rounds):
            raise PairingError(
                "no_such_movement_round",
                f"This movement has {len(moves.rounds)} rounds; there is no round {round_number}.",
                rounds=len(moves.rounds),
                round=round_number,
            )
        sit_out = moves.sit_outs[round_number - 1]
        tables: list[tuple[int, int]] = []
        byes = [] if sit_out is None else [pairs[sit_out - 1]]
        for meeting in moves.rounds[round_number - 1]:
            match = (pairs[meeting.ns - 1], pairs[meeting.ew - 1])
            playing = [p for p in match if self.active is None or p in self.active]
            if len(playing) == 2:
                tables.append(match)
            else:
                byes.extend(playing)
        if self.active is not None:
            byes = [p for p in byes if p in self.active]
        return Draw(tables=tables, byes=byes, method=self.method)
