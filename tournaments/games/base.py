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

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from scoring import VARIANTS

from ..page_engine import score as page_score
from .columns import (
    CARD_POINTS,
    PLACE,
    PLACING_POINTS,
    TICHU_POINTS,
    VICTORY_POINTS,
    Column,
    SideValues,
)
from .sheets import SheetColumn


def players_of(game: str) -> int:
    """How many play the engine's ``game`` at a table, where the game fixes it (the one place
    that says so is the game's class in ``scoring.variants``)."""
    players = VARIANTS[game].own_players()
    if players is None:
        raise ValueError(f"{game} seats as many as its event says")
    return players


class SeatName(str):
    """A seat's name as people read it: the person who plays it, with their team beside
    ("Anna (Dragons)"), so that a side of a team's people is named once ("Anna & Bert
    (Dragons)", ``side_name``). A plain ``str`` names a seat without a known person: a player of
    an individual event, or a team whose players at this table are not named."""

    person: str
    team: str

    def __new__(cls, person: str, team: str) -> SeatName:
        name = super().__new__(cls, f"{person} ({team})")
        name.person, name.team = person, team
        return name

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return self.person, self.team


def side_name(names: Iterable[str]) -> str:
    """One side of a table named from its seats' names: each name once, joined with "&", a
    team's people with their team once ("Anna & Bert (Dragons)")."""
    unique = list(dict.fromkeys(names))
    people = [name for name in unique if isinstance(name, SeatName)]
    if len(unique) > 1 and len(people) == len(unique) and len({n.team for n in people}) == 1:
        return f"{' & '.join(name.person for name in people)} ({people[0].team})"
    return " & ".join(unique)


@dataclass(frozen=True)
class GamePreset:
    """A game's own preset (``formats.PRESET_LIST``, under the game's name): its short name and
    its line for the form that creates an event (in the reader's language), and the format's
    values: ``rules``, rule options over the standard rules (the game is the class's own), and
    ``format``, ``Format`` fields over their defaults."""

    label: str | Promise
    description: str | Promise
    rules: Mapping[str, Any] = field(default_factory=dict)
    format: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SampleEvent:
    """The demo's event of a game (``manage.py demo``): its name and how many play."""

    name: str
    entrants: int


class TableGame(ABC):
    """A game's tables: their size, their teams, how a field is split into them."""

    name: ClassVar[str]
    title: ClassVar[str | Promise]
    """The game's name as people read it (a person's statistics per game, their events)."""
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
    preset: ClassVar[GamePreset | None] = None
    """The game's own preset, offered with the others (None: the game has none of its own, as
    four-player Tichu, whose presets are the DTM's and the team formats')."""
    sample: ClassVar[SampleEvent | None] = None
    """The demo's event of the game, if it shows one."""

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
            return TablePairing(
                seats=self.seats,
                teams=self.teams,
                table_sizes=self.table_sizes,
                avoid_meetings=self.avoid_meetings,
            )
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
        engine under the event's ``rules`` (``InvalidHand`` when it refuses the entry), as the
        captain's page scores it without the server (``page_engine.score``)."""
        return page_score(entry, self.rules_for(rules, seats), self.entry_setting(seats))

    def entry_setting(self, seats: int) -> dict[str, Any]:
        """How a captain's entry reaches the engine at a table of ``seats``
        (``page_engine.score``: a hand's dealer, a finish order completed): none here."""
        return {}

    def seat_credits(
        self, score, number: int, vp: tuple[int, int]
    ) -> dict[int, tuple[int, int, int | None]]:
        """Each table position's (TP, VP, place) for a scored hand. Stored only for per-seat
        games (``HandSeat``); in a team game every seat has its team's TP and VP."""
        return {
            position: (score.totals[self.team_of(position)], vp[self.team_of(position)], None)
            for position in range(self.seats)
        }

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

    def partner_positions(self, position: int, number: int, positions: Iterable[int]) -> list[int]:
        """Of a table's ``positions``, those on ``position``'s side in hand ``number``: its
        partners there (a Threechu side changes with the deal; a game of placings has none)."""
        if self.placings:
            return []
        side = self.engine_seats(position, number)[0] % 2
        return [
            other
            for other in positions
            if other != position and self.engine_seats(other, number)[0] % 2 == side
        ]

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
        "empty after a double victory."
    )
    """The hand form's help on card points (``%(total)s``: the deck's), naming the sweep."""

    # --- on paper and in a spreadsheet: the table sheet and the results export --------------

    hand_record: ClassVar[tuple[str, ...]] = ("calls", "first_out", "sweep")
    """The words of a hand beside its numbers (``sheets.RECORD_KEYS``): a column each on the
    table sheet (to write in, or printed: the dealer) and in the results export."""
    sheet_side_columns: ClassVar[tuple[Column, ...]] = (CARD_POINTS,)
    """What the table writes on its sheet per side and hand."""
    export_columns: ClassVar[tuple[Column, ...]] = (CARD_POINTS, TICHU_POINTS, VICTORY_POINTS)
    """Each side's numbers of a hand in the results export (``hand_sides``'s keys)."""
    sheet_help: ClassVar[str | Promise | None] = None
    """A line above the sheet's grid on how to fill it in, where the columns need one."""
    card_points_title: ClassVar[str | Promise] = _lazy("Card points")
    """The heading of the ``card_points`` record (one team's card points)."""
    SHEET_WIDTHS: ClassVar[dict[str, float]] = {
        "dealer": 26,
        "calls": 34,
        "first_out": 24,
        "sweep": 24,
        "card_points": 24,
        "finish_order": 12,
        "side": 22,
    }
    """Each record's share of the sheet's grid (``finish_order``: each place's; ``side``: each
    side column's), fitted to the page's width by the sheet."""

    def record_title(self, key: str) -> str:
        """The heading of a ``hand_record`` key, in the active language."""
        titles = {
            "dealer": _("Dealer"),
            "calls": _("Calls"),
            "first_out": _("First out"),
            "sweep": capfirst(str(self.sweep_label)),
            "card_points": str(self.card_points_title),
            "finish_order": _("Finish order"),
        }
        return titles[key]

    @abstractmethod
    def side_heading(self, index: int, side: tuple[int, ...], names: Mapping[int, str]) -> str:
        """A side as the sheet heads its columns and its seats (a team's letter, a player)."""
        ...

    @abstractmethod
    def side_code(self, index: int, side: tuple[int, ...]) -> str:
        """A side in the export's headings, the same on every table (a team's letter, a
        seat's number)."""
        ...

    def sheet_seats(self, names: Mapping[int, str]) -> list[tuple[str, tuple[int, ...]]]:
        """The sheet's seats: a heading and the positions listed under it."""
        return [(_("Players"), tuple(self.positions_of(names)))]

    def sheet_columns(self, names: Mapping[int, str]) -> list[SheetColumn]:
        """The score grid of a table whose players are ``names`` (by position): after the
        hand's number, a column per ``hand_record`` key (a place each of the finish order,
        the dealer printed hand by hand), then the ``sheet_side_columns`` of each side."""
        positions = list(self.positions_of(names))
        columns = []
        for key in self.hand_record:
            width = self.SHEET_WIDTHS[key]
            if key == "finish_order":
                columns += [
                    SheetColumn(f"{place}.", width) for place in range(1, len(positions) + 1)
                ]
            elif key == "dealer":
                columns.append(
                    SheetColumn(
                        self.record_title(key), width, printed=lambda n: self.dealer_name(n, names)
                    )
                )
            else:
                columns.append(SheetColumn(self.record_title(key), width))
        for index, side in enumerate(self.sides(positions)):
            heading = self.side_heading(index, side, names)
            columns += [
                SheetColumn(self.side_column_title(column, heading), self.SHEET_WIDTHS["side"])
                for column in self.sheet_side_columns
            ]
        return columns

    def side_column_title(self, column: Column, heading: str) -> str:
        """A side's column on the sheet: what it holds and whose it is ("Card points team A")."""
        return f"{column.title} {heading}"

    def dealer_name(self, number: int, names: Mapping[int, str]) -> str:
        """Who deals hand ``number`` (empty where the game names no dealer)."""
        dealer = self.dealer_position(number)
        return "" if dealer is None else names.get(dealer, "?")

    @abstractmethod
    def sides(self, positions: Iterable[int]) -> list[tuple[int, ...]]:
        """The table positions of each side of a table whose seats are ``positions``."""
        ...

    def side_names(self, names: Mapping[int, str]) -> list[str]:
        """Each side's name from the players' ``names`` by table position."""
        return [
            side_name(names.get(p, "?") for p in side)
            for side in self.sides(self.positions_of(names))
        ]

    def forfeit_sides(self, names: Mapping[int, str]) -> list[tuple[int, str]]:
        """The sides a table may be forfeited by (``Table.forfeited_by``) with their names.
        The rulings ("Closing a table before all its hands are in") credit a forfeit to the
        team not at fault: a game of two teams offers its two; a game where every player plays
        for themself offers none, and its table closes as averaged only."""
        return list(enumerate(self.side_names(names))) if self.teams else []

    def positions_of(self, names: Mapping[int, str]) -> range:
        """A table's positions: its own size, or as many as are seated where sizes differ."""
        return range(max(self.seats, max(names, default=-1) + 1))

    @abstractmethod
    def hand_sides(self, hand: Any, positions: Sequence[int]) -> list[SideValues]:
        """Each side's numbers of a stored hand (``hand_columns``'s keys)."""
        ...

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
        return [
            (seats.get(int(seat), "?"), call, made.get(seat) is True)
            for seat, call in sorted(calls.items(), key=lambda item: int(item[0]))
        ]

    def table_totals(
        self, hands: Sequence[Any], positions: Sequence[int], round_vp: Sequence[int | None]
    ) -> list[SideValues]:
        """Each side's total of a table (``total_columns``'s keys): its hands' numbers summed.
        ``round_vp`` is each side's VP as the standings stored them for the round."""
        totals: list[SideValues] = [
            dict.fromkeys((c.key for c in self.total_columns), 0) for _side in self.sides(positions)
        ]
        for hand in hands:
            for total, values in zip(totals, self.hand_sides(hand, positions), strict=True):
                for key in total:
                    total[key] = (total[key] or 0) + (values.get(key) or 0)
        return totals


class TeamGame(TableGame):
    """Two teams alternating round the table: team A in the even seats, team B in the odd ones.
    A hand stores each team's TP and VP in ``Hand``'s two columns and the sweep's team."""

    def side_heading(self, index: int, side: tuple[int, ...], names: Mapping[int, str]) -> str:
        return f"{self.side_label} {self.side_code(index, side)}"

    def side_code(self, index: int, side: tuple[int, ...]) -> str:
        return "AB"[index]

    def sheet_seats(self, names: Mapping[int, str]) -> list[tuple[str, tuple[int, ...]]]:
        """Each team's seats under its name (team A, team B)."""
        sides = self.sides(self.positions_of(names))
        return [(self.side_heading(index, side, names), side) for index, side in enumerate(sides)]

    def sheet_columns(self, names: Mapping[int, str]) -> list[SheetColumn]:
        """The records and each team's card points, then the opponents' initials."""
        return [*super().sheet_columns(names), SheetColumn(_("Opponents"), 24)]

    def sides(self, positions: Iterable[int]) -> list[tuple[int, ...]]:
        ordered = sorted(positions)
        return [tuple(ordered[0::2]), tuple(ordered[1::2])]

    def hand_sides(self, hand: Any, positions: Sequence[int]) -> list[SideValues]:
        card_points = (hand.entry or {}).get("card_points") or (None, None)
        return [
            {"tp": hand.tp_0, "vp": hand.vp_0, "card_points": card_points[0]},
            {"tp": hand.tp_1, "vp": hand.vp_1, "card_points": card_points[1]},
        ]

    def hand_notes(self, hand: Any, names: Mapping[int, str]) -> list[str]:
        notes = []
        order = (hand.entry or {}).get("finish_order") or []
        if order:
            notes.append(_("first out: %(name)s") % {"name": names.get(order[0], "?")})
        if hand.sweep_team is not None:
            team = self.side_names(names)[hand.sweep_team]
            notes.append(f"{self.sweep_label}: {team}")
        return notes

    def table_totals(
        self, hands: Sequence[Any], positions: Sequence[int], round_vp: Sequence[int | None]
    ) -> list[SideValues]:
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

    export_columns = (TICHU_POINTS, VICTORY_POINTS)
    sheet_side_columns: ClassVar[tuple[Column, ...]] = (TICHU_POINTS,)

    def sides(self, positions: Iterable[int]) -> list[tuple[int, ...]]:
        return [(position,) for position in sorted(positions)]

    def side_heading(self, index: int, side: tuple[int, ...], names: Mapping[int, str]) -> str:
        return names.get(side[0], "—")

    def side_code(self, index: int, side: tuple[int, ...]) -> str:
        return _("seat %(n)s") % {"n": side[0] + 1}

    def side_column_title(self, column: Column, heading: str) -> str:
        """A player's column: its short label and the player's name ("TP Anna")."""
        return f"{column.label} {heading}"

    def positions_of(self, names: Mapping[int, str]) -> range:
        """The seated positions: tables of one event may differ in size."""
        return range(max(names) + 1) if names else range(self.seats)

    def hand_sides(self, hand: Any, positions: Sequence[int]) -> list[SideValues]:
        credits = {credit.position: credit for credit in hand.seat_credits.all()}
        return [
            {"tp": c.tp, "vp": c.vp, "points": c.vp, "place": c.place} if c else {}
            for c in (credits.get(position) for position in positions)
        ]


class PlacingGame(SoloGame):
    """A game of placings: a hand's result is its finish order, each player credited with the
    players they beat (placing points, no TP), their place kept for the tie-breaks."""

    placings = True
    vp_schemes = ("dtm",)
    tiebreaks = ("first_places", "second_places")
    hand_columns = (PLACING_POINTS,)
    total_columns = (PLACING_POINTS,)
    standing_columns = (PLACING_POINTS,)
    hand_record = ("finish_order",)
    """A hand's result is its finish order: on the sheet a place each, as many as the table
    seats."""
    sheet_side_columns: ClassVar[tuple[Column, ...]] = ()
    export_columns = (PLACE, PLACING_POINTS)
    sheet_help = _lazy(
        "Write each hand's finish order as seat numbers: under 1. the first out, "
        "and so on (the last may be left out)."
    )

    def entry_setting(self, seats: int) -> dict[str, Any]:
        """The captain may leave out the last player (the form says so): where the table's
        size is known, the one seat missing from the finish order is added last. The engine
        takes only the whole order, which it cannot tell from a shorter table's."""
        return {"complete_order": seats}

    def seat_credits(
        self, score, number: int, vp: tuple[int, int]
    ) -> dict[int, tuple[int, int, int | None]]:
        """Placing points (the players beaten) as VP, no TP, and the place."""
        return {seat: (0, points, score.place_of(seat)) for seat, points in enumerate(score.points)}

    def hand_notes(self, hand: Any, names: Mapping[int, str]) -> list[str]:
        """The finish order, by name."""
        order = (hand.entry or {}).get("finish_order") or []
        return [
            " · ".join(
                f"{place}. {names.get(seat, '?')}" for place, seat in enumerate(order, start=1)
            )
        ]
