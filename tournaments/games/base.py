"""What every game at a tournament's tables has (``TableGame``), and its two kinds: a game of
two teams (``TeamGame``) and a game where every player plays for themself (``SoloGame``).

The engine (``scoring.variants``) knows how a game is dealt, played and scored; a game here knows
what the tournament needs on top: how many seats a table has, how a field of players is split
into tables (with byes for those left over), which entrants and pairing methods the game allows,
and its *shape*: the sides of a table (two teams, or each player), the numbers each side shows
for a hand, a table and the standings (``columns``), the words beside a hand (a sweep, the
dealer, the finish order). Pages, sheets, exports and the API lay themselves out from that
shape; none of them asks which game it shows.

A game scored per player (``per_seat``) stores each seat's credit of a hand in ``HandSeat``
(position, TP, VP, place), written with the hand; the standings sum those rows instead of the
two team columns of ``Hand``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from scoring import VARIANTS, score_entry

from .columns import PLACING_POINTS, TICHU_POINTS, VICTORY_POINTS, Column, SideValues


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
    summary: ClassVar[str]
    """The game in a few words, for the API's documentation."""
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
        from ..pairing.factory import make_pairing
        from ..pairing.tables import TablePairing

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

    # --- the shape: what the pages show of a table of this game ---------------------------

    hand_columns: ClassVar[tuple[Column, ...]] = (TICHU_POINTS, VICTORY_POINTS)
    """Each side's numbers in a hand's row."""
    total_columns: ClassVar[tuple[Column, ...]] = (TICHU_POINTS, VICTORY_POINTS)
    """Each side's numbers in a table's total (a round's page, the table's card)."""
    standing_columns: ClassVar[tuple[Column, ...]] = (VICTORY_POINTS, TICHU_POINTS)
    """The standings' numbers, the ranking's key first (``Column.standing``)."""
    side_label: ClassVar[str | Promise] = _lazy("Team")
    """What a side of a table is called in a heading."""
    sweep_label: ClassVar[str | Promise] = _lazy("double victory")
    """A sweep's name (the engine's ``sweep_key``), where the game scores card points."""
    card_points_help: ClassVar[str | Promise] = _lazy(
        "Enter one team's card points: the other team gets %(total)s minus them. Leave both "
        "empty after a double victory.")
    """The hand form's help on card points (``%(total)s``: the deck's), naming the sweep."""

    def sides(self, positions: Iterable[int]) -> list[tuple[int, ...]]:
        """The table positions of each side of a table whose seats are ``positions``."""
        raise NotImplementedError

    def side_names(self, names: Mapping[int, str]) -> list[str]:
        """Each side's name from the players' ``names`` by table position."""
        return [" & ".join(dict.fromkeys(names.get(p, "?") for p in side))
                for side in self.sides(self.positions_of(names))]

    def positions_of(self, names: Mapping[int, str]) -> range:
        """A table's positions: its own size, or as many as are seated where sizes differ."""
        return range(max(self.seats, max(names, default=-1) + 1))

    def hand_sides(self, hand: Any, positions: Sequence[int]) -> list[SideValues]:
        """Each side's numbers of a stored hand (``hand_columns``'s keys)."""
        raise NotImplementedError

    def hand_notes(self, hand: Any, names: Mapping[int, str]) -> list[str]:
        """The words beside a stored hand's numbers (a sweep, the dealer, the finish order),
        in the active language."""
        return []

    def hand_calls(self, hand: Any, names: Mapping[int, str]) -> list[tuple[str, str, bool]]:
        """Each call of a stored hand in seat order: who called (by name, ``names`` by table
        position), the call ("tichu", "grand", "blind") and whether it was made. None in a game
        of placings, whose entries have no calls."""
        entry = hand.entry or {}
        calls, made = entry.get("calls") or {}, entry.get("tichu_success") or {}
        seats = self.hand_seats(hand.number, names)
        return [(seats.get(int(seat), "?"), call, made.get(seat) is True)
                for seat, call in sorted(calls.items(), key=lambda item: int(item[0]))]

    def table_totals(self, hands: Sequence[Any], positions: Sequence[int],
                     round_vp: Sequence[int | None]) -> list[SideValues]:
        """Each side's total of a table (``total_columns``'s keys): its hands' numbers summed.
        ``round_vp`` is each side's VP as the standings stored them for the round."""
        totals: list[SideValues] = [dict.fromkeys((c.key for c in self.total_columns), 0)
                                    for _side in self.sides(positions)]
        for hand in hands:
            for total, values in zip(totals, self.hand_sides(hand, positions), strict=True):
                for key in total:
                    total[key] = (total[key] or 0) + (values.get(key) or 0)
        return totals


class TeamGame(TableGame):
    """Two teams alternating round the table: team A in the even seats, team B in the odd ones.
    A hand stores each team's TP and VP in ``Hand``'s two columns and the sweep's team."""


    def sides(self, positions: Iterable[int]) -> list[tuple[int, ...]]:
        ordered = sorted(positions)
        return [tuple(ordered[0::2]), tuple(ordered[1::2])]

    def hand_sides(self, hand: Any, positions: Sequence[int]) -> list[SideValues]:
        card_points = (hand.entry or {}).get("card_points") or (None, None)
        return [{"tp": hand.tp_0, "vp": hand.vp_0, "card_points": card_points[0]},
                {"tp": hand.tp_1, "vp": hand.vp_1, "card_points": card_points[1]}]

    def hand_notes(self, hand: Any, names: Mapping[int, str]) -> list[str]:
        notes = []
        order = (hand.entry or {}).get("finish_order") or []
        if order:
            notes.append(_("first out: %(name)s") % {"name": names.get(order[0], "?")})
        if hand.double_victory is not None:
            team = self.side_names(names)[hand.double_victory]
            notes.append(f"{self.sweep_label}: {team}")
        return notes

    def table_totals(self, hands: Sequence[Any], positions: Sequence[int],
                     round_vp: Sequence[int | None]) -> list[SideValues]:
        """The hands' TP; the round's VP as the standings scored it (a scheme may score the
        round as a whole)."""
        totals = super().table_totals(hands, positions, round_vp)
        for total, vp in zip(totals, round_vp, strict=True):
            total["vp"] = vp
        return totals


class SoloGame(TableGame):
    """Every player for themself: a side is one player, credited per hand in ``HandSeat``."""

    side_label = _lazy("Player")
    teams = False
    team_entrants = False
    per_seat = True

    def sides(self, positions: Iterable[int]) -> list[tuple[int, ...]]:
        return [(position,) for position in sorted(positions)]

    def positions_of(self, names: Mapping[int, str]) -> range:
        """The seated positions: tables of one event may differ in size."""
        return range(max(names) + 1) if names else range(self.seats)

    def hand_sides(self, hand: Any, positions: Sequence[int]) -> list[SideValues]:
        credits = {credit.position: credit for credit in hand.seat_credits.all()}
        return [{"tp": c.tp, "vp": c.vp, "points": c.vp, "place": c.place} if c else {}
                for c in (credits.get(position) for position in positions)]


class PlacingGame(SoloGame):
    """A game of placings: a hand's result is its finish order, each player credited with the
    players they beat (placing points, no TP), their place kept for the tie-breaks."""

    placings = True
    vp_schemes = ("dtm",)
    tiebreaks = ("first_places", "second_places")
    hand_columns = (PLACING_POINTS,)
    total_columns = (PLACING_POINTS,)
    standing_columns = (PLACING_POINTS,)

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

    def hand_notes(self, hand: Any, names: Mapping[int, str]) -> list[str]:
        """The finish order, by name."""
        order = (hand.entry or {}).get("finish_order") or []
        return [" · ".join(f"{place}. {names.get(seat, '?')}"
                           for place, seat in enumerate(order, start=1))]


def with_last_seat(entry: Mapping[str, Any], seats: int) -> Mapping[str, Any]:
    """The entry with the one seat of a table of ``seats`` missing from its finish order added
    last, when exactly one is missing (any other entry unchanged: the engine judges it)."""
    order = entry.get("finish_order") if isinstance(entry, Mapping) else None
    if not isinstance(order, list) or len(order) != seats - 1:
        return entry
    missing = [seat for seat in range(seats) if seat not in order]
    return {**entry, "finish_order": [*order, *missing]} if len(missing) == 1 else entry
