"""The games an event can run, as the tournament sees them: one class each, in ``GAMES``.

The engine (``scoring.variants``) knows how a game is dealt, played and scored; this registry
knows what the tournament needs on top: how many seats a table has, whether the seats form two
teams that alternate round the table (Tichu, Tientsin) or every player plays for themself, how a
field of players is split into tables (with byes for those left over), and which entrants and
pairing methods the game allows. A new game is a class here; the pairing, the seating, the
captain's form and the standings ask it rather than testing the game's name.

- ``tichu``: tables of 4, two teams of two (seats 0, 2 and 1, 3).
- ``tientsin``: tables of 6, two teams of three (seats 0, 2, 4 and 1, 3, 5); individuals whose
  partners change every round, or fixed teams of three.
"""

from __future__ import annotations

from typing import ClassVar


class TableGame:
    """A game's tables: their size, their teams, how a field is split into them."""

    name: ClassVar[str]
    seats: ClassVar[int]
    """The seats of a table (the preferred size where sizes may be mixed)."""
    teams: ClassVar[bool] = True
    """Two teams alternating round the table (even seats team A, odd seats team B)."""
    team_entrants: ClassVar[bool] = True
    """May the entrants be fixed teams (each filling one side of the table)?"""
    cups: ClassVar[bool] = False
    """May the game be played as a knockout cup?"""

    @property
    def team_size(self) -> int:
        """The players of a team (a fixed team's roster plays that many at a table)."""
        return self.seats // 2 if self.teams else 1

    def table_sizes(self, players: int) -> tuple[list[int], int]:
        """How ``players`` sit: the sizes of the tables (largest first) and the byes left over."""
        tables, byes = divmod(players, self.seats)
        return [self.seats] * tables, byes

    def allowed_sizes(self) -> tuple[int, ...]:
        """Every table size a seating of this game may have."""
        return (self.seats,)

    def pairing(self, method: str) -> tuple[str, dict]:
        """The pairing method (``tournaments.pairing``) and its options for a format's
        ``pairing``: individuals at tables of this game's size are seated by ``tables``."""
        if method == "individual" and (self.seats != 4 or not self.teams):
            from .pairing.tables import TablePairing

            return TablePairing.method, {"seats": self.seats, "teams": self.teams,
                                         "table_sizes": self.table_sizes}
        return method, {}

    def match_seats(self, home: int, away: int) -> tuple[int, ...]:
        """A match of two team entrants as seats: each team fills its side of the table."""
        return (home, away) * (self.seats // 2)

    def team_of(self, position: int) -> int:
        """Team 0 sits in the even seats, team 1 in the odd ones."""
        return position % 2

    def team_positions(self, team: int) -> tuple[int, ...]:
        """The seats of a team, in playing order."""
        return tuple(range(team, self.seats, 2))


class TichuTables(TableGame):
    name = "tichu"
    seats = 4
    cups = True


class TientsinTables(TableGame):
    name = "tientsin"
    seats = 6


GAMES: dict[str, TableGame] = {game.name: game for game in (TichuTables(), TientsinTables())}
"""Every game events can run, by its name (``Rules.game``)."""


def game_of(event_format) -> TableGame:
    """The tables of the game a format plays."""
    return GAMES[event_format.rules.game]
