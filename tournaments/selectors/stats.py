"""Player statistics, computed from the stored hands of an event.

For one entrant (a player in an individual event, a team in a team event): hands played, calls of
Tichu and Grand Tichu with how many were made (the success rate), double victories made and
suffered, victory points per hand and per round, Tichu points, and partners.

Nothing is decided here: every hand's calls are read back through the engine
(``scoring.score_entry`` on the stored canonical entry), so a call counts as made exactly when the
engine scored it made. Per-round VP are the stored round results (bye credits and per-round or
per-game schemes included); draft rounds are never counted. Five queries, whatever the event's
size.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from scoring import InvalidHand

from ..collation import name_key
from ..games import score_for_table
from ..models import Bye, Entrant, Hand, HandSeat, Round, RoundResult, Seat, label_entrants


@dataclass
class CallStats:
    """Calls of one kind and how many were made."""

    called: int = 0
    made: int = 0

    @property
    def failed(self) -> int:
        return self.called - self.made

    @property
    def rate(self) -> float | None:
        """Share of calls made, 0.0-1.0 (None without calls)."""
        return self.made / self.called if self.called else None

    @property
    def percent(self) -> int | None:
        return round(100 * self.made / self.called) if self.called else None


@dataclass
class HandLine:
    """One hand from the entrant's side: own team first."""

    round_number: int
    table_number: int
    number: int
    tp: tuple[int, int]
    vp: tuple[int, int]
    calls: list[tuple[str, str, bool]]  # (who, call, made) for every call at the table
    double_victory: str | None  # "made", "suffered" or None


@dataclass
class RoundLine:
    number: int
    table_number: int | None
    partners: list[str]
    opponents: list[str]
    hands: int
    tichu_points: int
    victory_points: int | None
    bye: bool = False


@dataclass
class EntrantStats:
    entrant: Entrant
    hands_played: int = 0
    tichu_points: int = 0
    hand_victory_points: int = 0
    calls: dict[str, CallStats] = field(
        default_factory=lambda: {"tichu": CallStats(), "grand": CallStats(), "blind": CallStats()}
    )
    double_victories: int = 0
    double_victories_suffered: int = 0
    rounds: list[RoundLine] = field(default_factory=list)
    hands: list[HandLine] = field(default_factory=list)
    # (name, hands played together): the most first, then in German order (``collation``)
    partners: list[tuple[str, int]] = field(default_factory=list)

    @property
    def tichu(self) -> CallStats:
        return self.calls["tichu"]

    @property
    def grand(self) -> CallStats:
        return self.calls["grand"]

    @property
    def blind(self) -> CallStats:
        return self.calls["blind"]

    @property
    def round_victory_points(self) -> int:
        return sum(r.victory_points or 0 for r in self.rounds)

    @property
    def vp_per_round(self) -> float | None:
        """Average VP of the rounds played at a table (byes left out)."""
        played = [r.victory_points or 0 for r in self.rounds if not r.bye]
        return sum(played) / len(played) if played else None

    @property
    def vp_per_hand(self) -> float | None:
        """VP earned at the tables per hand played (byes left out)."""
        if not self.hands_played:
            return None
        return sum(r.victory_points or 0 for r in self.rounds if not r.bye) / self.hands_played


def entrant_stats(entrant: Entrant) -> EntrantStats:
    """Every statistic of one entrant in its event (module docstring)."""
    event = entrant.event
    stats = EntrantStats(entrant=entrant)
    own = list(
        Seat.objects.filter(entrant=entrant, table__round__status__in=Round.PUBLIC_STATUSES)
        .select_related("table__round")
        .order_by("table__round__number", "position")
    )
    positions: dict[int, set[int]] = {}
    tables = {}
    for seat in own:
        positions.setdefault(seat.table_id, set()).add(seat.position)
        tables[seat.table_id] = seat.table
    table_seats: dict[int, dict[int, Seat]] = {}
    for seat in Seat.objects.filter(table_id__in=tables).select_related("entrant", "player"):
        table_seats.setdefault(seat.table_id, {})[seat.position] = seat
    label_entrants(seat.entrant for seats in table_seats.values() for seat in seats.values())
    hands_by_table: dict[int, list[Hand]] = {}
    for hand in Hand.objects.listed().filter(table_id__in=tables).order_by("number"):
        hands_by_table.setdefault(hand.table_id, []).append(hand)
    results = {r.round_id: r for r in RoundResult.objects.filter(entrant=entrant)}
    partners: Counter[str] = Counter()

    game = event.format.game
    placing_points = {}  # a game of placings: (hand, position) -> the points of the place
    if game.placings:
        placing_points = {
            (hand_id, position): vp
            for hand_id, position, vp in HandSeat.objects.filter(
                hand__table_id__in=tables
            ).values_list("hand_id", "position", "vp")
        }
    for table_id, table in sorted(tables.items(), key=lambda t: t[1].round.number):
        mine = positions[table_id]
        team = min(mine) % 2
        seats = table_seats.get(table_id, {})
        if game.teams and not event.format.seats_partners:  # a team meets the other team
            partner_names = []
            opponent_names = list(
                dict.fromkeys(
                    s.entrant.display_name for p, s in sorted(seats.items()) if p % 2 != team
                )
            )
        elif game.teams:
            partner_names = [
                s.label
                for p, s in sorted(seats.items())
                if p % 2 == team and s.entrant_id != entrant.pk
            ]
            opponent_names = [s.label for p, s in sorted(seats.items()) if p % 2 != team]
        else:  # the others at the table (a hand's sides change with the deal, or none)
            partner_names = []
            opponent_names = [s.label for p, s in sorted(seats.items()) if p not in mine]
        tp = 0
        names = {p: s.label for p, s in seats.items()}
        for hand in hands_by_table.get(table_id, []):
            if event.format.seats_partners:  # counted by hands, as a person's page does
                partners.update(
                    names[p]
                    for p in game.partner_positions(min(mine), hand.number, seats)
                    if seats[p].entrant_id != entrant.pk
                )
            played = {seat for p in mine for seat in game.engine_seats(p, hand.number)}
            hand_names = game.hand_seats(hand.number, names)
            line = _hand_line(
                hand,
                table,
                min(played) % 2,
                played,
                hand_names,
                _score_of(event.format, hand, len(seats)),
                stats,
            )
            if game.placings:  # the entrant's placing points (no team, no Tichu points)
                own = sum(placing_points.get((hand.pk, p), 0) for p in mine)
                line.vp = (own, 0)
                stats.hand_victory_points += own
            tp += line.tp[0]
            stats.hands.append(line)
        hands = len(hands_by_table.get(table_id, []))
        result = results.get(table.round_id)
        stats.rounds.append(
            RoundLine(
                number=table.round.number,
                table_number=table.number,
                partners=partner_names,
                opponents=opponent_names,
                hands=hands,
                tichu_points=tp,
                victory_points=result.victory_points if result else None,
            )
        )
        stats.hands_played += hands
        stats.tichu_points += tp

    for bye in Bye.objects.filter(
        entrant=entrant, round__status__in=Round.PUBLIC_STATUSES
    ).select_related("round"):
        result = results.get(bye.round_id)
        stats.rounds.append(
            RoundLine(
                number=bye.round.number,
                table_number=None,
                partners=[],
                opponents=[],
                hands=0,
                tichu_points=result.tichu_points if result else 0,
                victory_points=result.victory_points if result else None,
                bye=True,
            )
        )
    stats.rounds.sort(key=lambda r: r.number)
    stats.partners = sorted(partners.items(), key=lambda p: (-p[1], name_key(p[0])))
    return stats


def _score_of(event_format, hand: Hand, seats: int):
    """The engine's score of a stored hand, as its table scored it (None where the event's
    rules changed after the hand was stored: its calls are then left out)."""
    try:
        return score_for_table(event_format, hand.entry, hand.number, seats).score
    except InvalidHand:
        return None


def _hand_line(
    hand: Hand, table, team: int, mine: set[int], seats: dict, score, stats: EntrantStats
) -> HandLine:
    other = 1 - team
    tp = (hand.tp_0, hand.tp_1)
    vp = (hand.vp_0, hand.vp_1)
    calls = []
    for outcome in getattr(score, "calls", ()):
        who = seats.get(outcome.seat, str(outcome.seat))
        calls.append((who, outcome.call, outcome.made))
        if outcome.seat in mine:
            kind = stats.calls[outcome.call]
            kind.called += 1
            kind.made += int(outcome.made)
    double = None
    if hand.sweep_team is not None:
        double = "made" if hand.sweep_team == team else "suffered"
        if double == "made":
            stats.double_victories += 1
        else:
            stats.double_victories_suffered += 1
    stats.hand_victory_points += vp[team]
    return HandLine(
        round_number=table.round.number,
        table_number=table.number,
        number=hand.number,
        tp=(tp[team], tp[other]),
        vp=(vp[team], vp[other]),
        calls=calls,
        double_victory=double,
    )
