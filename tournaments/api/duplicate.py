"""The API of a duplicate event (RULINGS.md, "Duplicate Tichu"): its movement, its boards (the
cards once the board's round is complete, or to its organizers), each board's results at every
table with matchpoints (the traveller), the pairs' percentages board by board, and the
organizer's artificial results. Reads follow the pages' rules (``selectors.duplicate``): a
captain's code (``X-Table-Code``) of a table that has entered its result of a board opens that
board's traveller before the round is complete."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from ..models import ArtificialResult, Event, Round, StandingRow, Table
from ..selectors import duplicate
from ..services.access import HAND, VIEW, may
from ..services.duplicate import artificial_result_clear, artificial_result_set
from ..standings.compute import ranked
from .permissions import TABLE_CODE_HEADER, require_organizer
from .views import CODE_HEADER, Base, errors


def _duplicate(pk: int) -> Event:
    event = get_object_or_404(Event, pk=pk)
    if not event.format.is_duplicate:
        raise Http404("Not a duplicate event.")
    return event


def _boards_shown(request, event: Event) -> Callable[[int], bool]:
    """Whether the reader sees board ``n``'s results: the event's organizers and helpers at
    once, everyone else once the board's round is complete."""
    if may(event.role(request.user), VIEW):
        return lambda n: True
    complete = set(
        event.rounds.filter(status=Round.Status.COMPLETE).values_list("number", flat=True)
    )
    return lambda n: duplicate.round_of_board(event, n) in complete


class MeetingSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    ns = serializers.IntegerField(help_text="The North-South pair's entrant id (seats 0 and 2).")
    ew = serializers.IntegerField(help_text="The East-West pair's entrant id (seats 1 and 3).")
    boards = serializers.ListField(child=serializers.IntegerField())


class MovementRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    tables = MeetingSerializer(many=True)
    sits_out = serializers.IntegerField(
        allow_null=True, help_text="The pair that sits out (an odd field), else null."
    )


class MovementSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    pairs = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The entrant ids of the movement's pairs 1, 2, ... (registration order).",
    )
    boards_per_round = serializers.IntegerField()
    rounds = MovementRoundSerializer(many=True)


class BoardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    round = serializers.IntegerField()
    dealer = serializers.IntegerField(help_text="The dealer's seat (0 North ... 3 West).")
    played = serializers.BooleanField(help_text="Its round is complete.")
    hands = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        allow_null=True,
        help_text="Each seat's 14 cards in the order dealt (the first 8, then the last 6), in "
        "the engine's notation; null until the board's round is complete (organizers see them "
        "always).",
    )


class BoardResultSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    ns = serializers.IntegerField()
    ew = serializers.IntegerField()
    tp = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    result = serializers.IntegerField(
        allow_null=True, help_text="North-South's Tichu points minus East-West's."
    )
    artificial = serializers.CharField(help_text="'' or the artificial results NS / EW.")
    matchpoints = serializers.ListField(child=serializers.FloatField(allow_null=True))
    scores = serializers.ListField(
        child=serializers.FloatField(),
        help_text="North-South's and East-West's percentage (or butler score).",
    )


class TravellerSerializer(BoardSerializer):
    results = BoardResultSerializer(many=True)


class PairBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    direction = serializers.IntegerField(help_text="0 North-South, 1 East-West.")
    result = serializers.IntegerField(allow_null=True)
    artificial = serializers.CharField()
    matchpoints = serializers.FloatField(allow_null=True)
    score = serializers.FloatField()


class PairScoreSerializer(serializers.Serializer):
    entrant = serializers.IntegerField()
    name = serializers.CharField()
    score = serializers.FloatField(
        allow_null=True, help_text="The average percentage (or the butler total)."
    )
    boards = PairBoardSerializer(many=True)


class ArtificialSerializer(serializers.Serializer):
    ns = serializers.ChoiceField(choices=ArtificialResult.Kind.choices)
    ew = serializers.ChoiceField(choices=ArtificialResult.Kind.choices)


def _board_data(event: Event, number: int, cards: bool) -> dict:
    deal = duplicate.board_cards(event, number)
    return {
        "number": number,
        "round": duplicate.round_of_board(event, number),
        "dealer": deal.dealer,
        "played": duplicate.round_complete(event, number),
        "hands": [[str(c) for c in hand] for hand in deal.hands] if cards else None,
    }


class EventMovement(Base):
    @extend_schema(
        operation_id="events_movement",
        responses={200: MovementSerializer, **errors(404)},
        tags=["duplicate"],
        description="Who meets whom at which table, in which direction, with which boards, "
        "round by round (404 for an event that is not a duplicate one, or before it has pairs).",
    )
    def get(self, request, pk):
        event = _duplicate(pk)
        order, moves = duplicate.movement_of(event)
        if moves is None:
            raise Http404("No movement for this field.")
        return Response(
            {
                "event": pk,
                "pairs": order,
                "boards_per_round": moves.boards_per_round,
                "rounds": [
                    {
                        "number": number,
                        "tables": [
                            {
                                "table": m.table,
                                "ns": order[m.ns - 1],
                                "ew": order[m.ew - 1],
                                "boards": list(m.boards),
                            }
                            for m in meetings
                        ],
                        "sits_out": None if out is None else order[out - 1],
                    }
                    for number, (meetings, out) in enumerate(
                        zip(moves.rounds, moves.sit_outs, strict=True), start=1
                    )
                ],
            }
        )


class EventBoards(Base):
    @extend_schema(
        operation_id="events_boards",
        responses={200: BoardSerializer(many=True), **errors(404)},
        tags=["duplicate"],
        description="The boards of the rounds paired so far; each board's cards once its "
        "round is complete (to the event's organizers and helpers at once).",
    )
    def get(self, request, pk):
        event = _duplicate(pk)
        shown = _boards_shown(request, event)
        return Response(
            [_board_data(event, n, shown(n)) for n in range(1, duplicate.boards_total(event) + 1)]
        )


class EventBoard(Base):
    @extend_schema(
        operation_id="events_board",
        parameters=[CODE_HEADER],
        responses={200: TravellerSerializer, **errors(403, 404)},
        tags=["duplicate"],
        description="A board and its traveller: every table's result with matchpoints and "
        "percentages. Public once the board's round is complete; before, to the event's "
        "organizers and helpers, and to the captain (`X-Table-Code`) of a table that has "
        "entered its own result of the board (403 before it has).",
    )
    def get(self, request, pk, number):
        event = _duplicate(pk)
        if not 1 <= number <= duplicate.boards_total(event):
            raise Http404("No such board.")
        if not (
            duplicate.round_complete(event, number)
            or may(event.role(request.user), VIEW)
            or _captain_entered(request, event, number)
        ):
            raise PermissionDenied(
                "Enter your result of this board first: the other tables' results are shown "
                "after it."
            )
        traveller = duplicate.traveller(event, number)
        return Response(
            {
                **_board_data(event, number, True),
                "results": [
                    {
                        "table": row.table,
                        "ns": row.ns_id,
                        "ew": row.ew_id,
                        "tp": list(row.tp) if row.tp else None,
                        "result": row.result,
                        "artificial": row.artificial,
                        "matchpoints": list(row.matchpoints),
                        "scores": list(row.values),
                    }
                    for row in traveller.rows
                ],
            }
        )


def _captain_entered(request, event: Event, number: int) -> bool:
    """The request carries the code of a table of the board's round that has entered it."""
    code = request.headers.get(TABLE_CODE_HEADER)
    if not code:
        return False
    table = (
        Table.objects.filter(
            code=code, round__event=event, round__number=duplicate.round_of_board(event, number)
        )
        .select_related("round")
        .first()
    )
    if table is None:
        return False
    hand = number - (table.round.number - 1) * (event.format.hands_per_round or 1)
    return duplicate.pair_entered(table, hand)


class EventPercentages(Base):
    @extend_schema(
        operation_id="events_percentages",
        responses={200: PairScoreSerializer(many=True), **errors(404)},
        tags=["duplicate"],
        description="Every pair's total (the average percentage, or the butler total) and its "
        "boards, as the standings worker last scored them, best first. Boards of rounds not "
        "yet complete are left out but to the event's organizers and helpers.",
    )
    def get(self, request, pk):
        event = _duplicate(pk)
        shown = _boards_shown(request, event)
        boards: dict[int, list[dict]] = {}
        for s in event.board_scores.order_by("board"):
            if shown(s.board):
                boards.setdefault(s.entrant_id, []).append(
                    {
                        "board": s.board,
                        "direction": s.direction,
                        "result": s.result,
                        "artificial": s.artificial,
                        "matchpoints": s.matchpoints,
                        "score": s.value,
                    }
                )
        rows = ranked(
            StandingRow.objects.filter(event=event).select_related("entrant"), event.format
        )
        return Response(
            [
                {
                    "entrant": row.entrant_id,
                    "name": row.entrant.display_name,
                    "score": row.score,
                    "boards": boards.get(row.entrant_id, []),
                }
                for row in rows
            ]
        )


def _board_table(pk: int, number: int) -> Table:
    """A duplicate event's table with a board numbered ``number`` there, else 404."""
    table = get_object_or_404(Table.objects.select_related("round__event"), pk=pk)
    event_format = table.round.event.format
    if not event_format.is_duplicate or not 1 <= number <= (event_format.hands_per_round or 0):
        raise Http404("No such board at this table.")
    return table


class TableArtificial(Base):
    @extend_schema(
        operation_id="tables_artificial_set",
        request=ArtificialSerializer,
        responses={200: ArtificialSerializer, **errors(400, 401, 403, 404, 409)},
        tags=["duplicate"],
        description="Give board `number` of the table (its hand number there) an artificial "
        "result per direction: average (50%), average_plus (60%), average_minus (40%). It is "
        "scored in place of the table's hand of the board.",
    )
    def put(self, request, pk, number):
        table = _board_table(pk, number)
        actor = require_organizer(request, table.round.event, action=HAND)
        data = ArtificialSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        result = artificial_result_set(
            table_id=pk, number=number, actor=actor, **data.validated_data
        )
        return Response({"ns": result.ns, "ew": result.ew})

    @extend_schema(
        operation_id="tables_artificial_clear",
        responses={204: None, **errors(401, 403, 404, 409)},
        tags=["duplicate"],
        description="Remove the board's artificial result (the table's hand counts again).",
    )
    def delete(self, request, pk, number):
        table = _board_table(pk, number)
        actor = require_organizer(request, table.round.event, action=HAND)
        if not artificial_result_clear(table_id=pk, number=number, actor=actor):
            raise Http404("No artificial result of this board.")
        return Response(status=204)
