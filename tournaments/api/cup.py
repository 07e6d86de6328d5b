"""The API of a cup: its bracket (rounds, third-place match, groups, placings), its matches with
every game, and the organizer's draw. Reads are public, like the standings; the draw is the
organizer's."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response

from ..knockout.draw import cup_draw
from ..knockout.groups import group_label
from ..knockout.reads import MatchView, cup_view, match_view
from ..models import Event, Match
from .permissions import require_organizer
from .views import Base, _event, errors


class CupTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField(allow_null=True)


@extend_schema_field(CupTeamSerializer(allow_null=True))
class CupSlotField(serializers.Field):
    """One of a match's two places: its team, or null while unknown (or a bye). A field of its own
    for the schema: a list of ``CupTeamSerializer(allow_null=True)`` would be described as a list
    of teams without the null."""


class CupGameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id", help_text="The table the game is at.")
    hands = serializers.IntegerField()
    tp = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Tichu points of the match's first and second team.",
    )
    winner_side = serializers.IntegerField(
        source="winner", allow_null=True, help_text="0: the first team, 1: the second."
    )


class MatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    stage = serializers.ChoiceField(choices=Match.Stage.values)
    group = serializers.CharField(allow_null=True)
    level = serializers.IntegerField(help_text="Bracket round (1: the first) or group round.")
    slot = serializers.IntegerField()
    teams = serializers.ListField(
        child=CupSlotField(),
        min_length=2,
        max_length=2,
        help_text="The first and second team; null while unknown (or a bye).",
    )
    best_of = serializers.IntegerField()
    games_won = serializers.ListField(child=serializers.IntegerField())
    winner = serializers.IntegerField(allow_null=True, help_text="The winning team's id.")
    decided_by = serializers.ChoiceField(choices=Match.Decision.values, help_text="'' while open.")
    live = serializers.BooleanField(help_text="Both teams known, not decided: at a table.")
    games = CupGameSerializer(many=True)
    attention = serializers.DictField(
        help_text="What a correction left for the organizer to check (code and ids), else empty."
    )


def match_data(view: MatchView) -> dict:
    m = view.match
    teams = [
        None if team is None else {"id": team, "name": name, "seed": seed}
        for team, name, seed in zip(m.teams, view.names, view.seeds, strict=True)
    ]
    return {
        "id": m.pk,
        "stage": m.stage,
        "group": None if m.group is None else group_label(m.group),
        "level": m.level,
        "slot": m.slot,
        "teams": teams,
        "best_of": m.best_of,
        "games_won": list(view.won),
        "winner": m.winner_id,
        "decided_by": m.decided_by,
        "live": view.live,
        "games": CupGameSerializer(view.games, many=True).data,
        "attention": m.attention,
    }


class BracketRoundSerializer(serializers.Serializer):
    level = serializers.IntegerField()
    stage = serializers.CharField(help_text="final, semi_final, quarter_final, round_of_N.")
    matches = MatchSerializer(many=True)


class CupGroupLineSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    team = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    tp_for = serializers.IntegerField()
    tp_against = serializers.IntegerField()


class CupGroupSerializer(serializers.Serializer):
    label = serializers.CharField()
    table = CupGroupLineSerializer(many=True)
    matches = MatchSerializer(many=True)


class CupPlacingSerializer(serializers.Serializer):
    place = serializers.IntegerField(
        help_text="Shared by the teams that went out in the same "
        "round (3 for both semi-finals' losers without "
        "a third-place match)."
    )
    team = serializers.IntegerField(help_text="The team's id.")
    name = serializers.CharField()


class BracketSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    drawn = serializers.BooleanField()
    rounds = BracketRoundSerializer(many=True)
    third_place = MatchSerializer(allow_null=True)
    groups = CupGroupSerializer(many=True)
    placings = CupPlacingSerializer(many=True)


class DrawSerializer(serializers.Serializer):
    order = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="Team ids in seed order (best first); without it, the format's seeding.",
    )


def _cup(pk: int) -> Event:
    event = _event(pk)
    if not event.format.is_cup:
        raise Http404("This event is not a cup.")
    return event


class EventBracket(Base):
    @extend_schema(
        operation_id="events_bracket",
        responses={200: BracketSerializer, **errors(404)},
        tags=["cups"],
        description="The cup's bracket round by round, the third-place match, the "
        "group tables and the placings so far (404 for an event that "
        "is not a cup).",
    )
    def get(self, request, pk):
        cup = cup_view(_cup(pk))
        return Response(
            {
                "event": pk,
                "drawn": cup.drawn,
                "rounds": [
                    {
                        "level": r.level,
                        "stage": r.stage,
                        "matches": [match_data(m) for m in r.matches],
                    }
                    for r in cup.rounds
                ],
                "third_place": match_data(cup.third_place) if cup.third_place else None,
                "groups": [
                    {
                        "label": g.label,
                        "matches": [match_data(m) for m in g.matches],
                        "table": [
                            {
                                "rank": rank,
                                "team": line.team,
                                "name": name,
                                "played": line.played,
                                "won": line.won,
                                "tp_for": line.tp_for,
                                "tp_against": line.tp_against,
                            }
                            for rank, name, line in g.lines
                        ],
                    }
                    for g in cup.groups
                ],
                "placings": [
                    {"place": place, "team": team, "name": name} for place, team, name in cup.placed
                ],
            }
        )


class EventMatches(Base):
    @extend_schema(
        operation_id="events_matches",
        responses={200: MatchSerializer(many=True), **errors(404)},
        tags=["cups"],
    )
    def get(self, request, pk):
        cup = cup_view(_cup(pk))
        listed = [m for g in cup.groups for m in g.matches]
        listed += [m for r in cup.rounds for m in r.matches]
        listed += [cup.third_place] if cup.third_place else []
        return Response([match_data(m) for m in listed])


class MatchDetail(Base):
    @extend_schema(
        operation_id="matches_read", responses={200: MatchSerializer, **errors(404)}, tags=["cups"]
    )
    def get(self, request, pk):
        match = Match.objects.filter(pk=pk).select_related("event").first()
        found = match and match_view(match.event, match.pk)
        if not found:
            raise Http404("No such match.")
        return Response(match_data(found[0]))


class EventDraw(Base):
    @extend_schema(
        operation_id="events_draw",
        request=DrawSerializer,
        responses={201: BracketSerializer, **errors(400, 401, 403, 404, 409)},
        tags=["cups"],
        description="Draw the cup once: groups and the whole bracket; the first "
        "matches are at their tables at once. 409 `already_drawn`, "
        "`too_few_entrants`; 400 on `order` when it does not name every "
        "team once.",
    )
    def post(self, request, pk):
        event = _cup(pk)
        require_organizer(request, event)
        body = DrawSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        cup_draw(event_id=event.pk, actor=self.actor(), order=body.validated_data.get("order"))
        response = EventBracket().get(request, pk)
        response.status_code = 201
        return response
