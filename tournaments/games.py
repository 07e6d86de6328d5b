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
- ``threechu``: tables of 3 individuals, scored per player (``per_seat``): hand n's dealer is
  the player in position (n - 1) % 3, who plays the dummy's hand too; a round is a multiple of 3
  hands, so that each player deals equally often.
- ``grand_seigneur``: tables of 5 to 12 individuals (mixed sizes; ``rules.players`` is the
  preferred size), scored per player in placing points (the players beaten), places kept for the
  tie-breaks by first and second places; tables by standings, no byes from 5 players on.

A game scored per player (``per_seat``) stores each seat's credit of a hand in ``HandSeat``
(position, TP, VP, place), written with the hand; the standings sum those rows instead of the
two team columns of ``Hand``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from scoring import VARIANTS, score_entry


def players_of(game: str) -> int:
    """How many play the engine's ``game`` at a table, where the game fixes it (the one place
    that says so is the game's class in ``scoring.variants``)."""
    players = VARIANTS[game].own_players()
    if players is None:
        raise ValueError(f"{game} seats as many as its event says")
    return players


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
    placings: ClassVar[bool] = False
    """A hand's result is a finish order only (no calls, no card points)."""
    per_seat: ClassVar[bool] = False
    """Each player is credited on their own (``HandSeat``), not with a team's two columns."""
    hands_multiple: ClassVar[int] = 1
    """A round's hands at a table are a multiple of this (Threechu: 3, each player deals)."""
    vp_schemes: ClassVar[tuple[str, ...] | None] = None
    """The victory-point schemes the game allows (None: all)."""
    tiebreaks: ClassVar[tuple[str, ...] | None] = None
    """The tie-breaks the game allows (None: all)."""

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

    def draw_method(self, method: str):
        """The pairing method (``tournaments.pairing``) that seats a round of a format naming
        ``method``: individuals at tables of this game's size are seated by ``TablePairing``."""
        from .pairing.factory import make_pairing
        from .pairing.tables import TablePairing

        if method == "individual" and (self.seats != 4 or not self.teams):
            return TablePairing(seats=self.seats, teams=self.teams,
                                table_sizes=self.table_sizes,
                                avoid_meetings=self.avoid_meetings)
        return make_pairing(method)

    def match_seats(self, home: int, away: int) -> tuple[int, ...]:
        """A match of two team entrants as seats: each team fills its side of the table."""
        return (home, away) * (self.seats // 2)

    sized_tables: ClassVar[bool] = False
    """Does the event choose its tables' size (``rules.players``: Grand Seigneur)?"""
    avoid_meetings: ClassVar[bool] = True
    """The pairing seats players who met before apart while it can (not Grand Seigneur, whose
    tables are groups of the standings)."""

    def for_rules(self, rules) -> TableGame:
        """This game under an event's rules (Grand Seigneur: its preferred table size)."""
        return self

    def rules_for(self, rules, seats: int):
        """The engine's rules at a table of ``seats`` (Grand Seigneur: that many players)."""
        return rules

    def score_entry(self, entry: Mapping[str, Any], number: int, rules, seats: int):
        """A captain's score entry of hand ``number`` at a table of ``seats``, scored by the
        engine under the event's ``rules`` (``InvalidHand`` when it refuses the entry)."""
        return score_entry(entry, self.rules_for(rules, seats))

    def seat_credits(self, score, number: int, vp: tuple[int, int]
                     ) -> dict[int, tuple[int, int, int | None]]:
        """Each table position's (TP, VP, place) for a scored hand. Stored only for per-seat
        games (``HandSeat``); in a team game every seat has its team's TP and VP."""
        return {position: (score.totals[self.team_of(position)], vp[self.team_of(position)], None)
                for position in range(self.seats)}

    def hand_seats(self, number: int, names: Mapping[int, str]) -> dict[int, str]:
        """The engine's seats of hand ``number`` by the names of who plays them (a per-seat
        game may seat its players anew every hand: Threechu's dealer and dummy)."""
        return dict(names)

    def roles(self, number: int) -> dict[int, str]:
        """The engine's seats of hand ``number`` that play a part (``dealer``, ``dummy``)."""
        return {}

    def setting(self, number: int, previous: Any) -> dict[str, Any]:
        """The engine's setting of hand ``number`` (``scoring.simulation.play_hand``'s keywords)
        after the ``previous`` hand's score (None before the first)."""
        return {}

    def dealer_position(self, number: int) -> int | None:
        """The table position that deals hand ``number``, where the game names one."""
        return None

    def engine_seats(self, position: int, number: int) -> tuple[int, ...]:
        """The engine's seats of hand ``number`` that the player in ``position`` plays (its
        side's first: the player's team is ``engine_seats(...)[0] % 2``)."""
        return (position,)

    def team_of(self, position: int) -> int:
        """Team 0 sits in the even seats, team 1 in the odd ones."""
        return position % 2

    def team_positions(self, team: int) -> tuple[int, ...]:
        """The seats of a team, in playing order."""
        return tuple(range(team, self.seats, 2))


class TichuTables(TableGame):
    name = "tichu"
    seats = players_of("tichu")
    cups = True


class TientsinTables(TableGame):
    name = "tientsin"
    seats = players_of("tientsin")


class ThreechuTables(TableGame):
    """Three players at a table; the engine's four seats of a hand are 0 the dealer, 1 the next
    player, 2 the dummy (played by the dealer), 3 the third player."""

    name = "threechu"
    seats = players_of("threechu")  # the dummy is no player: the dealer plays its hand
    teams = False
    team_entrants = False
    per_seat = True
    hands_multiple = 3
    vp_schemes = ("dtm",)
    tiebreaks = ("tichu_points",)
    HAND_SEATS = {0: 0, 1: 1, 3: 2}
    """The engine's seat of a hand -> the player's offset from the dealer (2 is the dummy)."""
    DEALER_SEAT = 0
    """The dealer's seat in every hand's seats."""

    @staticmethod
    def dealer(number: int) -> int:
        """The position of hand ``number``'s dealer: the deal rotates every hand."""
        return (number - 1) % 3

    def position(self, seat: int, number: int) -> int | None:
        """The table position playing the engine's ``seat`` in hand ``number`` (the dummy's
        seat: the dealer's)."""
        return (self.dealer(number) + self.HAND_SEATS.get(seat, 0)) % 3

    def score_entry(self, entry: Mapping[str, Any], number: int, rules, seats: int):
        """The dealer is seat 0 of every hand, as the captain's page shows it: an entry naming
        no dealer is given that one, and one naming another seat is refused
        (``dealer_not_hands_dealer``), never changed behind the captain's back."""
        return score_entry(entry, rules, dealer=self.DEALER_SEAT)

    def seat_credits(self, score, number: int, vp: tuple[int, int]
                     ) -> dict[int, tuple[int, int, int | None]]:
        """The dealer: the dealer-and-dummy side's TP and VP; the two others: their side's."""
        credits = {}
        for seat, offset in self.HAND_SEATS.items():
            team = seat % 2
            credits[(self.dealer(number) + offset) % 3] = (score.totals[team], vp[team], None)
        return credits

    def roles(self, number: int) -> dict[int, str]:
        return {0: "dealer", 2: "dummy"}

    def setting(self, number: int, previous: Any) -> dict[str, Any]:
        return {"dealer": self.DEALER_SEAT}

    def dealer_position(self, number: int) -> int | None:
        return self.dealer(number)

    def engine_seats(self, position: int, number: int) -> tuple[int, ...]:
        """The dealer plays seats 0 and 2 (the dummy); the others seat 1 or 3."""
        offset = (position - self.dealer(number)) % 3
        return (0, 2) if offset == 0 else (1,) if offset == 1 else (3,)

    def hand_seats(self, number: int, names: Mapping[int, str]) -> dict[int, str]:
        dealer = self.dealer(number)
        return {seat: names.get((dealer + offset) % 3, "?") for seat, offset in
                self.HAND_SEATS.items()} | {2: names.get(dealer, "?")}


class GrandSeigneurTables(TableGame):
    """Five to twelve players at a table, each for themself; sizes may be mixed."""

    name = "grand_seigneur"
    seats = 8
    teams = False
    team_entrants = False
    per_seat = True
    placings = True
    sized_tables = True
    avoid_meetings = False
    vp_schemes = ("dtm",)
    tiebreaks = ("first_places", "second_places")
    SIZES = VARIANTS["grand_seigneur"].players_allowed

    def __init__(self, seats: int = 8):
        self.seats = seats  # type: ignore[misc]

    def for_rules(self, rules) -> TableGame:
        return GrandSeigneurTables(rules.players)

    def table_sizes(self, players: int) -> tuple[list[int], int]:
        """As many tables as the preferred size gives, their sizes as equal as can be, all
        within 5 to 12; fewer than five players fill no table."""
        if players < self.SIZES[0]:
            return [], players
        count = max(1, round(players / self.seats))
        while players / count < self.SIZES[0]:
            count -= 1
        while -(-players // count) > self.SIZES[-1]:
            count += 1
        share, more = divmod(players, count)
        return [share + 1] * more + [share] * (count - more), 0

    def allowed_sizes(self) -> tuple[int, ...]:
        return tuple(self.SIZES)

    def rules_for(self, rules, seats: int):
        return rules.replace(players=seats)

    def score_entry(self, entry: Mapping[str, Any], number: int, rules, seats: int):
        """The captain may leave out the last player (the form says so): here, where the
        table's size is known, the one seat missing from the finish order is added last. The
        engine takes only the whole order, which it cannot tell from a shorter table's."""
        return super().score_entry(with_last_seat(entry, seats), number, rules, seats)

    def seat_credits(self, score, number: int, vp: tuple[int, int]
                     ) -> dict[int, tuple[int, int, int | None]]:
        """Placing points (the players beaten) as VP, no TP, and the place."""
        return {seat: (0, points, score.place_of(seat)) for seat, points in
                enumerate(score.points)}

    def setting(self, number: int, previous: Any) -> dict[str, Any]:
        """From the second hand on, the exchange by the previous hand's placing."""
        return {} if previous is None else {"placing": previous.finish_order}


def with_last_seat(entry: Mapping[str, Any], seats: int) -> Mapping[str, Any]:
    """The entry with the one seat of a table of ``seats`` missing from its finish order added
    last, when exactly one is missing (any other entry unchanged: the engine judges it)."""
    order = entry.get("finish_order") if isinstance(entry, Mapping) else None
    if not isinstance(order, list) or len(order) != seats - 1:
        return entry
    missing = [seat for seat in range(seats) if seat not in order]
    return {**entry, "finish_order": [*order, *missing]} if len(missing) == 1 else entry


GAMES: dict[str, TableGame] = {game.name: game for game in (
    TichuTables(), TientsinTables(), ThreechuTables(), GrandSeigneurTables())}
"""Every game events can run, by its name (``Rules.game``)."""


def game_of(event_format) -> TableGame:
    """The tables of the game a format plays, under its rules."""
    return GAMES[event_format.rules.game].for_rules(event_format.rules)
