"""Tientsin: six players, two teams of three (``docs/rules.md``, "Tientsin").

- Seats 0-5 in playing order; seats 0, 2, 4 are team A (0) and 1, 3, 5 team B (1).
- Deal: the 56 cards drawn one at a time from seat 0 on: seats 0 and 1 hold 10, the others 9. A
  Grand Tichu is called on the first 6 cards (before the seventh is taken).
- Exchange: each player passes one card to each of their two partners, none to the opponents.
- The Dog passes the lead to the partner of its player's choice who still holds cards; with
  neither holding cards, to the next player after the Dog's player who does.
- The hand ends when five players are out, or at a triple victory: one team's three players all
  out while all three opponents hold cards. It scores 300 for that team and 0 for the other, no
  card points counted. Partners going out first and second is nothing special.
- Otherwise the last player's hand cards and tricks go to the opposing team, the fifth player's
  tricks to the first player out. Card points per team as in Tichu (-25 to 125, summing to 100).
- Calls as in Tichu: at most one Grand Tichu per team.
- Victory points: a triple victory 3 VP to its team and 0 to the other; otherwise 2/1/0 by TP.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import TeamVariant, first_holding

TRIPLE_VICTORY_POINTS = 300


class Tientsin(TeamVariant):
    """Six players in two teams of three who alternate round the table."""

    name = "tientsin"
    players_allowed = range(6, 7)
    grand_look = 6
    sweep_key = "triple_victory"

    @property
    def sweep_points(self) -> int:
        return TRIPLE_VICTORY_POINTS

    def recipients(
        self, seat: int, dealer: int | None, placing: Sequence[int] | None
    ) -> tuple[int, ...]:
        """One card to each of the two partners, none to the opponents."""
        return ((seat + 2) % 6, (seat + 4) % 6)

    def dog_choices(self, seat: int, hands: Sequence[int]) -> tuple[int, ...]:
        """The partners holding cards (the player chooses); with neither, the next player after
        the Dog's who does."""
        partners = tuple(p for p in self.partners(seat) if hands[p])
        if partners:
            return partners
        found = first_holding(seat + 1, hands)
        return () if found is None else (found,)

    def trick_receivers(self, out: Sequence[int], last: int) -> dict[int, int]:
        """The last player's tricks go to the opposing team (as their hand cards do), the fifth
        player's to the first player out."""
        return {last: last + 1, out[-1]: out[0]}
