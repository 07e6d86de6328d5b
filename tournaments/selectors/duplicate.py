"""What the pages and the API read of a duplicate event: a table's boards, a board's traveller,
a pair's scorecard and its movement card (RULINGS.md, "Duplicate Tichu").

Who may see a traveller (``traveller_visible``): a pair sees the other tables' results of a
board only once its own result of that board is in (its hand, or an artificial result); the
public once the board's round is complete; the organizers always. The board's cards follow
the same rule (``board_cards_visible``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.boards import Board, board, dealer_of

from ..choices import BoardScoring
from ..duplicate.movement import Movement
from ..models import ArtificialResult, BoardScore, Entrant, Event, Hand, Round, Seat, Table
from ..pairing import PairingError
from ..pairing.duplicate import event_movement, round_boards

SEAT_WORDS = (
    gettext_lazy("North"),
    gettext_lazy("East"),
    gettext_lazy("South"),
    gettext_lazy("West"),
)
DIRECTION_WORDS = (gettext_lazy("North-South"), gettext_lazy("East-West"))
ARTIFICIAL_WORDS: dict[str, Promise] = {
    ArtificialResult.Kind.AVERAGE: gettext_lazy("average"),
    ArtificialResult.Kind.AVERAGE_PLUS: gettext_lazy("average plus"),
    ArtificialResult.Kind.AVERAGE_MINUS: gettext_lazy("average minus"),
}


def seat_word(seat: int) -> str:
    """A seat by its compass name (North, East, South, West)."""
    return str(SEAT_WORDS[seat])


def round_of_board(event: Event, number: int) -> int:
    """The round whose tables play board ``number``."""
    return (number - 1) // (event.format.hands_per_round or 1) + 1


def boards_total(event: Event) -> int:
    """How many boards the event's rounds deal so far (its rounds paired)."""
    rounds = Round.objects.filter(event=event).count()
    return rounds * (event.format.hands_per_round or 0)


def board_cards(event: Event, number: int) -> Board:
    """The board's deal, from the event's seed (``scoring.boards``)."""
    return board(event.seed, number)


@dataclass(frozen=True)
class BoardAtTable:
    """A board as a table's page lists it: its hand number there, the board's number, its
    dealer (seat and who sits there), and whether the table's result of it is in."""

    number: int
    board: int
    dealer: int
    dealer_name: str
    entered: bool
    artificial: str


def table_boards(table: Table, names: dict[int, str]) -> dict[int, BoardAtTable]:
    """The boards a duplicate table plays, by hand number (``names``: each seat's player)."""
    event_format = table.round.event.format
    entered = set(Hand.objects.filter(table=table).values_list("number", flat=True))
    artificial = dict(ArtificialResult.objects.filter(table=table).values_list("number", "ns"))
    found = {}
    for number, board_no in enumerate(
        round_boards(table.round.number, event_format.hands_per_round or 1), start=1
    ):
        dealer = dealer_of(board_no)
        who = names.get(dealer)
        found[number] = BoardAtTable(
            number,
            board_no,
            dealer,
            f"{seat_word(dealer)} ({who})" if who else seat_word(dealer),
            number in entered or number in artificial,
            str(ARTIFICIAL_WORDS[artificial[number]]) if number in artificial else "",
        )
    return found


def pair_entered(table: Table, number: int) -> bool:
    """Whether the table's result of its hand ``number`` is in: a hand, or an artificial one."""
    return (
        Hand.objects.filter(table=table, number=number).exists()
        or ArtificialResult.objects.filter(table=table, number=number).exists()
    )


def round_complete(event: Event, number: int) -> bool:
    """Whether the round of board ``number`` is complete (the public sees its traveller)."""
    return Round.objects.filter(
        event=event, number=round_of_board(event, number), status=Round.Status.COMPLETE
    ).exists()


@dataclass(frozen=True)
class TravellerRow:
    """One table's result of a board, both directions: the pairs, Tichu points, the result
    (North-South's points minus East-West's), matchpoints and percentage (or butler score)."""

    table: int
    ns: str
    ew: str
    ns_id: int
    ew_id: int
    tp: tuple[int, int] | None
    result: int | None
    artificial: str
    matchpoints: tuple[float | None, float | None]
    values: tuple[float, float]
    replay: tuple[int, int, int] | None = None
    """Where the table's play of the board is replayed (round, table, hand numbers), if it was
    recorded card by card (the bots of a simulated event)."""


@dataclass(frozen=True)
class Traveller:
    board: int
    round: int
    butler: bool
    rows: list[TravellerRow]
    up_to_date: bool


def traveller(event: Event, number: int) -> Traveller:
    """Every table's result of board ``number``, as the worker last scored it, best
    North-South result first."""
    scores = list(BoardScore.objects.filter(event=event, board=number).select_related("table"))
    by_table: dict[int, dict[int, BoardScore]] = {}
    for score in scores:
        by_table.setdefault(score.table_id, {})[score.direction] = score
    names = {
        e.pk: e.display_name for e in Entrant.objects.filter(pk__in={s.entrant_id for s in scores})
    }
    hands = {
        (h.table_id, h.number): h
        for h in Hand.objects.filter(table_id__in=by_table)
        .listed()
        .only("table_id", "number", "tp_0", "tp_1")
    }
    board_round = round_of_board(event, number)
    hand_number = number - (round_of_board(event, number) - 1) * (event.format.hands_per_round or 1)
    rows = []
    for table_id, pair in by_table.items():
        ns, ew = pair.get(0), pair.get(1)
        if ns is None or ew is None:
            continue
        hand = hands.get((table_id, hand_number))
        rows.append(
            TravellerRow(
                ns.table.number,
                names.get(ns.entrant_id, ""),
                names.get(ew.entrant_id, ""),
                ns.entrant_id,
                ew.entrant_id,
                (hand.tp_0, hand.tp_1) if hand and not ns.artificial else None,
                ns.result,
                " / ".join(str(ARTIFICIAL_WORDS[kind]) for kind in (ns.artificial, ew.artificial))
                if ns.artificial
                else "",
                (ns.matchpoints, ew.matchpoints),
                (ns.value, ew.value),
                (board_round, ns.table.number, hand_number)
                if hand and hand.has_replay and not ns.artificial
                else None,
            )
        )
    rows.sort(key=lambda r: (r.result is None, -(r.result or 0), r.table))
    return Traveller(
        number,
        round_of_board(event, number),
        event.format.board_scoring == BoardScoring.BUTLER,
        rows,
        event.standings_up_to_date,
    )


@dataclass(frozen=True)
class ScorecardRow:
    board: int
    round: int
    table: int
    direction: str
    opponents: str
    result: int | None
    artificial: str
    matchpoints: float | None
    value: float


def scorecard(event: Event, entrant: Entrant) -> list[ScorecardRow]:
    """A pair's boards as the worker last scored them, board by board."""
    mine = list(
        BoardScore.objects.filter(event=event, entrant=entrant).select_related("table__round")
    )
    others = {
        (s.table_id, s.board): s.entrant_id
        for s in BoardScore.objects.filter(
            event=event, table_id__in={s.table_id for s in mine}
        ).exclude(entrant=entrant)
    }
    names = {e.pk: e.display_name for e in Entrant.objects.filter(pk__in=set(others.values()))}
    return [
        ScorecardRow(
            s.board,
            s.table.round.number,
            s.table.number,
            str(DIRECTION_WORDS[s.direction]),
            names.get(others.get((s.table_id, s.board), 0), ""),
            s.result,
            str(ARTIFICIAL_WORDS[s.artificial]) if s.artificial else "",
            s.matchpoints,
            s.value,
        )
        for s in sorted(mine, key=lambda s: s.board)
    ]


@dataclass(frozen=True)
class MovementStop:
    """A round of a pair's movement card: where it sits (table, direction), against whom, and
    which boards; ``table`` None where it sits out."""

    round: int
    table: int | None
    direction: str
    opponents: str
    boards: tuple[int, ...]
    played: bool


def movement_of(event: Event) -> tuple[list[int], Movement | None]:
    """The event's pairs (entrant ids of the movement's pairs 1, 2, ...: those registered for
    round 1, in registration order, as ``pairing.duplicate`` numbers them) and its movement
    (None where the field has none)."""
    event_format = event.format
    order = list(
        Entrant.objects.filter(event=event, joined_round=1)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    try:
        return order, event_movement(
            len(order), event_format.rounds, event_format.hands_per_round or 1
        )
    except PairingError:
        return order, None


def movement_card(event: Event, entrant: Entrant) -> tuple[int | None, list[MovementStop]]:
    """A pair's number in the movement and its card, round by round (the movement of the pairs
    registered for round 1, in registration order: ``pairing.duplicate``)."""
    order, moves = movement_of(event)
    if moves is None or entrant.pk not in order:
        return None, []
    names = {e.pk: e.display_name for e in Entrant.objects.filter(event=event)}
    played = set(
        Round.objects.filter(event=event, status=Round.Status.COMPLETE).values_list(
            "number", flat=True
        )
    )
    pair = order.index(entrant.pk) + 1
    stops = []
    for number, meeting in enumerate(moves.card(pair), start=1):
        if meeting is None:
            stops.append(MovementStop(number, None, _("sits out"), "", (), number in played))
            continue
        direction = 0 if meeting.ns == pair else 1
        other = meeting.ew if direction == 0 else meeting.ns
        stops.append(
            MovementStop(
                number,
                meeting.table,
                str(DIRECTION_WORDS[direction]),
                names.get(order[other - 1], ""),
                meeting.boards,
                number in played,
            )
        )
    return pair, stops


def pair_table(event: Event, entrant: Entrant, number: int) -> Table | None:
    """The table at which ``entrant`` played board ``number`` (None: it did not play it)."""
    rnd = round_of_board(event, number)
    seat = (
        Seat.objects.filter(table__round__event=event, table__round__number=rnd, entrant=entrant)
        .select_related("table")
        .first()
    )
    return seat.table if seat else None
