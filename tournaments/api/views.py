"""API views: parse, authorize, call one service, serialize. No rule of Tichu or of the tournament
is decided here; the services and the engine refuse what breaks one, and ``exceptions.handler``
turns their refusals into 4xx answers with field-level messages.
"""

from __future__ import annotations

import json
import logging
from datetime import datetime

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, generics, status
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.fields import DateTimeField
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.parsers import FormParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from .. import selectors
from ..choices import EntrantType
from ..code_attempts import wrong_code_limited
from ..models import Change, DifferingEntry, Entrant, Event, Hand, Round
from ..services.access import HAND, MANAGE, TABLE_CLOSE, event_actor, may
from ..services.events import entrant_withdraw, event_create, players_register, teams_register
from ..services.hands import HandOutcome, hand_confirm, hand_record
from ..services.history import Actor, Conflict, ServiceError
from ..services.lifecycle import event_finish, event_reopen
from ..services.people import PersonToConfirm
from ..services.rounds import (
    round_pair,
    round_publish,
    round_regenerate,
    round_warnings,
    seats_swap,
    table_close,
)
from ..services.settings import event_settings_update
from ..services.undo import change_undo
from ..standings import cache as standings_cache
from . import filters, serializers
from .exceptions import error_body
from .parsers import LimitedJSONParser
from .permissions import TABLE_CODE_HEADER, OrganizerWrites, require_organizer, table_actor

log = logging.getLogger(__name__)

ERRORS = {
    code: OpenApiResponse(serializers.ErrorSerializer, description=text)
    for code, text in {
        400: "Invalid input: field-level messages in `errors`.",
        401: "No credentials.",
        403: "Not allowed (not an organizer of this event, or a wrong table code).",
        404: "Not found (or not visible to you).",
        409: "Conflicts with what is recorded (the reason is in `detail`, its `code`).",
        413: "Body too large.",
        429: "Too many failed attempts.",
    }.items()
}


def errors(*codes: int) -> dict:
    return {code: ERRORS[code] for code in codes}


MAX_OFFSET = 2**62


def listing(operation_id: str, serializer: type, tag: str, *codes: int):
    """The schema of a paginated list: 400 for a filter or page parameter outside what the
    schema states for it, and the other error ``codes`` the list answers."""
    return extend_schema(
        operation_id=operation_id,
        tags=[tag],
        responses={200: serializer(many=True), **errors(400, *codes)},
    )


def query_whole_number(params, name: str, minimum: int, maximum: int | None = None) -> int | None:
    """The query parameter ``name`` as a whole number from ``minimum`` (to ``maximum``, if the
    schema states one), None when it is absent; anything else (``abc``, ``1.5``, ``-1``, an
    empty value, a number past the maximum however many digits it has) is refused: 400 naming
    it. Without a maximum, digits beyond any count read as ``MAX_OFFSET + 1`` (past every
    list)."""
    if name not in params:
        return None
    text = params.get(name)
    digits = text.lstrip("0") or "0"  # leading zeros pad the number (they read as 0 before)
    if not (text.isascii() and text.isdigit()) or int(digits[:20]) < minimum:
        raise exceptions.ValidationError(
            {name: [_("Must be a whole number from %(minimum)s.") % {"minimum": minimum}]},
            code="invalid",
        )
    if maximum is not None and (len(digits) > len(str(maximum)) or int(digits) > maximum):
        raise exceptions.ValidationError(
            {
                name: [
                    _("Must be a whole number from %(min)d to %(max)d.")
                    % {"min": minimum, "max": maximum}
                ]
            },
            code="invalid",
        )
    return int(digits) if len(digits) <= 19 else MAX_OFFSET + 1


def query_boolean(params, name: str) -> bool | None:
    """The query parameter ``name`` as true (``true``, ``1``, ``yes``) or false (``false``,
    ``0``, ``no``), None when it is absent; anything else is refused: 400 naming it."""
    if name not in params:
        return None
    text = params.get(name).lower()
    if text not in BOOLEAN_WORDS:
        raise exceptions.ValidationError({name: [_("Must be true or false.")]}, code="invalid")
    return BOOLEAN_WORDS[text]


BOOLEAN_WORDS = {
    **dict.fromkeys(filters.TRUE_WORDS, True),
    **dict.fromkeys(filters.FALSE_WORDS, False),
}


class Pagination(LimitOffsetPagination):
    """``limit`` items from ``offset``, with links to the next and previous pages, and no total:
    counting the hands of a 40,000-player event costs many times the page. The page reads one
    item more than it shows, which says whether a next page exists. ``limit`` (from 1; more than
    ``max_limit`` answers ``max_limit``) and ``offset`` (from 0) are whole numbers or refused
    (400), as the schema states them."""

    default_limit = 50
    max_limit = 500

    def get_limit(self, request):
        limit = query_whole_number(request.query_params, self.limit_query_param, 1)
        return self.default_limit if limit is None else min(limit, self.max_limit)

    def get_offset(self, request):
        return query_whole_number(request.query_params, self.offset_query_param, 0) or 0

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            minimum = 1 if parameter["name"] == self.limit_query_param else 0
            parameter["schema"] = {"type": "integer", "minimum": minimum}
        parameters[0]["description"] = (
            f"Items per page: {self.default_limit} without it, at most {self.max_limit}."
        )
        return parameters

    def paginate_queryset(self, queryset, request, view=None):
        self.request = request
        self.limit = self.get_limit(request)
        self.offset = self.get_offset(request)
        if self.offset > MAX_OFFSET:  # past any list, and past what the database can count
            self.has_next = False
            return []
        items = list(queryset[self.offset : self.offset + self.limit + 1])
        self.has_next = len(items) > self.limit
        return items[: self.limit]

    def get_next_link(self):
        if not self.has_next:
            return None
        url = replace_query_param(
            self.request.build_absolute_uri(), self.limit_query_param, self.limit
        )
        return replace_query_param(url, self.offset_query_param, self.offset + self.limit)

    def get_paginated_response(self, data):
        return Response(
            {"next": self.get_next_link(), "previous": self.get_previous_link(), "results": data}
        )

    def get_paginated_response_schema(self, schema):
        paged = super().get_paginated_response_schema(schema)
        del paged["properties"]["count"]
        paged["required"] = [name for name in paged.get("required", []) if name != "count"]
        return paged


class Base(APIView):
    parser_classes = [LimitedJSONParser]
    permission_classes = [OrganizerWrites]

    def organized(self) -> set[int]:
        if not hasattr(self, "_organized"):
            self._organized = selectors.organized_event_ids(self.request.user)
        return self._organized

    def context(self) -> dict:
        return {"request": self.request, "organized": self.organized()}

    def actor(self) -> Actor:
        return Actor.organizer(self.request.user)


class ListBase(Base, generics.ListAPIView):
    pagination_class = Pagination

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "organized": self.organized()}


def _event(pk: int) -> Event:
    return get_object_or_404(Event, pk=pk)


# --- authentication -------------------------------------------------------------------------------


class TokenView(ObtainAuthToken):
    """An organizer's API token from their username and password."""

    parser_classes = [LimitedJSONParser, FormParser]
    serializer_class = serializers.LimitedAuthTokenSerializer

    @extend_schema(
        operation_id="auth_token",
        request=serializers.TokenRequestSerializer,
        responses={200: serializers.TokenSerializer, **errors(400, 429)},
        auth=[],
        tags=["auth"],
    )
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)


# --- events ---------------------------------------------------------------------------------------


class EventList(ListBase, generics.CreateAPIView):
    """Events (public list); an organizer creates one from a preset with overrides."""

    serializer_class = serializers.EventSerializer
    filterset_class = filters.EventFilter

    def get_queryset(self):
        return selectors.event_list()

    @extend_schema(
        operation_id="events_create",
        request=serializers.EventCreateSerializer,
        responses={201: serializers.EventSerializer, **errors(400, 401)},
        tags=["events"],
    )
    def post(self, request):
        data = serializers.EventCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event = event_create(
            owner=request.user,
            name=data.validated_data["name"],
            preset=data.validated_data["format"],
            overrides=data.overrides(),
            seed=data.validated_data.get("seed"),
        )
        return Response(serializers.EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @listing("events_list", serializers.EventSerializer, "events")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class EventDetail(Base, generics.RetrieveAPIView):
    serializer_class = serializers.EventSerializer
    queryset = Event.objects.all()

    @extend_schema(
        operation_id="events_retrieve",
        responses={200: serializers.EventSerializer, **errors(404)},
        tags=["events"],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="events_settings",
        request=serializers.EventSettingsSerializer,
        responses={200: serializers.EventSerializer, **errors(400, 401, 403, 404, 409)},
        description="Change format values (the creation's overrides; `rules` a "
        "partial mapping). Once a round is published, the values that "
        "would change recorded results answer 409 `locked`.",
        tags=["events"],
    )
    def patch(self, request, pk):
        event = _event(pk)
        require_organizer(request, event)
        data = serializers.EventSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event = event_settings_update(
            event_id=event.pk, changes=data.overrides(), actor=self.actor()
        )
        return Response(serializers.EventSerializer(event).data)


class EventFinish(Base):
    @extend_schema(
        operation_id="events_finish",
        request=None,
        responses={200: serializers.EventSerializer, **errors(401, 403, 404, 409)},
        description="Finish the event after its last round: its standings are "
        "final, and it takes no more hands, rounds or pairings (409 "
        "`event_finished`) until it is reopened. 409 `round_incomplete` "
        "or `draft_pending` while a round is under way.",
        tags=["events"],
    )
    def post(self, request, pk):
        event = _event(pk)
        require_organizer(request, event)
        return Response(
            serializers.EventSerializer(event_finish(event_id=event.pk, actor=self.actor())).data
        )


class EventReopen(Base):
    @extend_schema(
        operation_id="events_reopen",
        request=serializers.ReasonSerializer,
        responses={200: serializers.EventSerializer, **errors(400, 401, 403, 404, 409)},
        description="Reopen a finished event (recorded in the history with the "
        "optional `reason`): it is running again.",
        tags=["events"],
    )
    def post(self, request, pk):
        event = _event(pk)
        require_organizer(request, event)
        data = serializers.ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(
            serializers.EventSerializer(
                event_reopen(
                    event_id=event.pk, actor=self.actor(), reason=data.validated_data["reason"]
                )
            ).data
        )


PLAYER_CREATE = {
    "type": "object",
    "required": ["name"],
    "properties": {
        "name": serializers.NAME_SCHEMA,
        "members": {
            "type": "array",
            "items": serializers.NAME_SCHEMA,
            "maxItems": 20,
            "description": "Team events: the team's roster (2-5 names).",
        },
        "person": serializers.PERSON_CHOICE_SCHEMA,
        "people": {
            "type": "array",
            "items": serializers.PERSON_CHOICE_SCHEMA,
            "maxItems": 20,
            "description": "Team events: who each member is, in the order of `members`.",
        },
    },
}


class EventPlayers(ListBase):
    """An event's entrants (public); organizers register players or teams, one or a list."""

    serializer_class = serializers.EntrantSerializer
    filterset_class = filters.EntrantFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Entrant.objects.none()
        event = _event(self.kwargs["pk"])
        return selectors.entrant_list(event_id=event.pk)

    @listing("events_players_list", serializers.EntrantSerializer, "players", 404)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="events_players_create",
        request={
            "application/json": {
                "oneOf": [
                    PLAYER_CREATE,
                    {"type": "array", "items": PLAYER_CREATE, "maxItems": serializers.MAX_BULK},
                ]
            }
        },
        responses={
            201: OpenApiResponse(
                {
                    "oneOf": [
                        {"$ref": "#/components/schemas/Entrant"},
                        {"type": "array", "items": {"$ref": "#/components/schemas/Entrant"}},
                    ]
                }
            ),
            **errors(400, 401, 403, 404),
            409: OpenApiResponse(
                serializers.RegistrationConflictSerializer,
                description="Conflicts with what is recorded (`code`); `person_to_confirm` "
                "with the `candidates` the name may be.",
            ),
        },
        description='`{"name"}` registers one player (`{"name", "members"}` a team); a '
        "list registers several at once and answers with a list. `id` is the "
        "entrant id that seats hold. Each player (each member) is a person of the event's "
        'register: `person` (a team\'s `people`) names them by id or asks for a "new" one; '
        "without it an exact match of name and club links by itself, a new person is made "
        "when nobody fits, and other fits answer 409 `person_to_confirm` with the "
        "`candidates` (their `id`, `name`, `club`, `fit`) and the place in `errors` "
        "(`person`, `people.1`, `3.person` in a list). A person plays in one team of an "
        "event (409 `one_team_per_person`, naming the other team); a cup takes no team once "
        "drawn (409 `cup_drawn`).",
        tags=["players"],
    )
    def post(self, request, pk):
        event = _event(pk)
        require_organizer(request, event)
        many = isinstance(request.data, list)
        if many and len(request.data) > serializers.MAX_BULK:
            raise exceptions.ValidationError(
                {
                    "non_field_errors": [
                        _("Register at most %(n)s at once.") % {"n": serializers.MAX_BULK}
                    ]
                }
            )
        if many and not request.data:
            raise exceptions.ValidationError({"non_field_errors": [_("Give at least one player.")]})
        data = serializers.PlayerCreateSerializer(data=request.data, many=many)
        data.is_valid(raise_exception=True)
        items = data.validated_data if many else [data.validated_data]
        try:
            entrants = _register(event, items, self.actor())
        except ServiceError as error:
            if error.field != "person":
                raise
            return _person_refused(error, many)
        ids = [entrant.pk for entrant in entrants]
        fresh = {e.pk: e for e in selectors.entrant_list(event_id=event.pk).filter(pk__in=ids)}
        out = serializers.EntrantSerializer([fresh[pk] for pk in ids], many=True).data
        return Response(out if many else out[0], status=status.HTTP_201_CREATED)


def _register(event: Event, items: list[dict], actor: Actor) -> list[Entrant]:
    """Players, or teams (an item with members, or a team event): all of the list, or none."""
    if event.format.entrant_type == EntrantType.INDIVIDUAL and not any(
        "members" in i for i in items
    ):
        return players_register(
            event=event,
            names=[i["name"] for i in items],
            people=[i.get("person") for i in items],
            actor=actor,
        )
    return teams_register(
        event=event,
        teams=[(i["name"], i.get("members")) for i in items],
        people=[i.get("people", []) for i in items],
        actor=actor,
    )


def _person_refused(error: ServiceError, many: bool) -> Response:
    """A name's person refused or to be confirmed: the message at the name's place (``person``,
    ``people.<member>``, led by the item's index in a list), with the candidates offered."""
    place = "person" if error.member is None else f"people.{error.member}"
    if many and error.index is not None:
        place = f"{error.index}.{place}"
    body = error_body(error.message, error.code, {place: [error.message]})
    if isinstance(error, PersonToConfirm):
        body["candidates"] = serializers.CandidateSerializer(error.candidates, many=True).data
    return Response(body, status=error.status)


class EventRounds(ListBase):
    """An event's rounds (drafts for its organizers only), without their tables; organizers
    pair the next round."""

    serializer_class = serializers.RoundInListSerializer
    filterset_class = filters.RoundFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Round.objects.none()
        event = _event(self.kwargs["pk"])
        return (
            selectors.round_list(self.request.user, tables=False)
            .filter(event=event)
            .order_by("number")
        )

    @listing("events_rounds_list", serializers.RoundInListSerializer, "rounds", 404)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="events_rounds_create",
        request=None,
        parameters=[
            OpenApiParameter(
                "draft",
                OpenApiTypes.BOOL,
                description=(
                    "Keep the new round as a draft (review, swap seats, then publish). By default "
                    "the round is published at once, so that captains can enter hands. `true` or "
                    "`1`, `false` or `0`."
                ),
            )
        ],
        responses={201: serializers.RoundSerializer, **errors(400, 401, 403, 404, 409)},
        description="Pairs the next round. 409 when the previous round is incomplete, a draft "
        "is pending, or the event is over. Table codes are shown to organizers.",
        tags=["rounds"],
    )
    def post(self, request, pk):
        event = _event(pk)
        require_organizer(request, event)
        draft = bool(query_boolean(request.query_params, "draft"))
        rnd = round_pair(event_id=event.pk, actor=self.actor(), publish=not draft)
        rnd = selectors.round_list(request.user).get(pk=rnd.pk)
        return Response(
            serializers.RoundSerializer(rnd, context=self.context()).data,
            status=status.HTTP_201_CREATED,
        )


class EventStandings(Base):
    """The stored standings in rank order (read, never computed), cached per change.

    Every phone at a venue polls this: a GET without credentials whose ``Accept`` admits JSON
    and nothing else skips DRF's request handling (authentication, negotiation) and gets the
    cached bytes with the headers DRF would add. Anything else (a token, the browsable API for
    ``text/html``, an unknown event's 404) goes through DRF as usual.
    """

    permission_classes = [AllowAny]

    def dispatch(self, request, *args, **kwargs):
        if _plain_json_read(request):
            try:
                response = _standings_response(kwargs["pk"], _standings_part(request.GET))
            except (exceptions.NotFound, exceptions.ValidationError, ServiceError):
                return super().dispatch(request, *args, **kwargs)  # DRF's error answer
            for header, value in self.default_response_headers.items():
                response[header] = value
            return response
        return super().dispatch(request, *args, **kwargs)

    @extend_schema(
        operation_id="events_standings",
        parameters=[
            OpenApiParameter(
                "limit",
                {"type": "integer", "minimum": 1},
                description=(
                    f"Rows to answer (at most {Pagination.max_limit}); without it, every row."
                ),
            ),
            OpenApiParameter(
                "offset",
                {"type": "integer", "minimum": 0},
                description=("Rows to skip before them (ranks count over the whole standings)."),
            ),
        ],
        responses={200: serializers.StandingsSerializer, **errors(400, 404, 409)},
        tags=["standings"],
        description="The standings of an event. A cup has none: it ranks its teams by the round "
        "they reached, never by VP (409 `cup_placings`); its placings are in its "
        "bracket (`/api/events/{id}/bracket/`).",
    )
    def get(self, request, pk):
        part = _standings_part(request.query_params)
        if getattr(request.accepted_renderer, "format", "json") == "json":
            return _standings_response(pk, part)
        return Response(json.loads(_standings_body(pk, part)))


def _standings_part(params) -> tuple[int, int] | None:
    """The slice of the standings ``?limit=&offset=`` ask for, as (offset, limit), the limit
    capped as the lists' pages are; None (every row) without a limit. Values that are not
    whole numbers (a limit from 1, an offset from 0) are refused (400), as by the lists."""
    limit = query_whole_number(params, "limit", 1)
    offset = query_whole_number(params, "offset", 0) or 0
    if limit is None:
        return None
    return offset, min(limit, Pagination.max_limit)


JSON_MEDIA_RANGES = {"", "*/*", "application/*", "application/json"}


def _plain_json_read(request) -> bool:
    """A GET without credentials for which DRF would choose the JSON renderer anyway."""
    if request.method != "GET" or "HTTP_AUTHORIZATION" in request.META:
        return False
    accept = request.META.get("HTTP_ACCEPT", "")
    return all(
        media.split(";", 1)[0].strip().lower() in JSON_MEDIA_RANGES for media in accept.split(",")
    )


def _standings_body(event_id: int, part: tuple[int, int] | None) -> bytes:
    name = "api" if part is None else "api:{}:{}".format(*part)
    return standings_cache.cached(event_id, name, lambda: _standings_json(event_id, part))


def _standings_response(event_id: int, part: tuple[int, int] | None) -> HttpResponse:
    return HttpResponse(_standings_body(event_id, part), content_type="application/json")


def _standings_json(event_id: int, part: tuple[int, int] | None) -> bytes:
    """Every row, or the slice ``part`` (offset, limit): only the rows answered are read."""
    event = (
        Event.objects.filter(pk=event_id)
        .only("pk", "change_seq", "standings_seq", "format_data")
        .first()
    )
    if event is None:
        raise exceptions.NotFound()
    if event.format.is_cup:
        raise Conflict(
            _(
                "A cup ranks its teams by its placings, not by points: see its "
                "bracket (/api/events/%(id)s/bracket/)."
            )
            % {"id": event.pk},
            code="cup_placings",
        )
    ranking = selectors.ranking(event)
    rows = ranking[:] if part is None else ranking[part[0] : part[0] + part[1]]
    return JSONRenderer().render(serializers.standings_data(event, rows, len(ranking)))


class EventChanges(ListBase):
    """The history of an event: who changed what, when, from which value to which, and why.
    Its organizers' only: 401 without credentials, 404 to anyone else (``require_organizer``)."""

    permission_classes = [IsAuthenticated]
    serializer_class = serializers.ChangeSerializer
    filterset_class = filters.ChangeFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Change.objects.none()
        event = _event(self.kwargs["pk"])
        require_organizer(self.request, event, private=True)
        return selectors.change_list(event)

    @listing("events_changes_list", serializers.ChangeSerializer, "history", 401, 404)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class EventDifferingEntries(ListBase):
    """The results desk's list of hands another phone entered differently from the recorded
    hand, not settled yet (``DifferingEntry``): the organizer corrects the hand or keeps its
    score. Its organizers' only: 401 without credentials, 404 to anyone else."""

    permission_classes = [IsAuthenticated]
    serializer_class = serializers.DifferingEntrySerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return DifferingEntry.objects.none()
        event = _event(self.kwargs["pk"])
        require_organizer(self.request, event, private=True)
        return selectors.differing_entry_list(event)

    @listing(
        "events_differing_entries_list", serializers.DifferingEntrySerializer, "hands", 401, 404
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class ChangeUndo(Base):
    @extend_schema(
        operation_id="changes_undo",
        request=None,
        responses={
            200: OpenApiResponse(
                {
                    "oneOf": [
                        {"$ref": "#/components/schemas/HandResult"},
                        {"$ref": "#/components/schemas/Change"},
                    ]
                }
            ),
            **errors(401, 404, 409),
        },
        description="Undo a recorded action whose `undoable` is true. A correction of "
        "a hand: the hand gets its old entry back (answers the hand's "
        "result). A withdrawal (the entrant is reinstated), a seat swap "
        "of a draft (swapped back), a closed table (its old status): "
        "answers the new history row. Every undo is itself recorded. "
        "An undo applies only while nothing later changed the same "
        "thing: otherwise 409 `superseded`, naming the later change; "
        "a closed table is not opened again once a later round is "
        "paired (409 `later_round`); in a cup, a withdrawal undone "
        "reopens the matches it lost by walkover, and is refused once "
        "the winner has played a hand in a later match (409 "
        "`walkover_played_on`). A change no undo takes back (an entry, "
        "a pairing...), or whose subject is gone: 409 `not_undoable`.",
        tags=["history"],
    )
    def post(self, request, pk):
        change = get_object_or_404(Change.objects.select_related("event"), pk=pk)
        require_organizer(request, change.event, private=True)
        outcome = change_undo(change_id=change.pk, actor=self.actor())
        if isinstance(outcome, HandOutcome):  # a correction undone: the hand as it is now
            return Response(serializers.hand_result(outcome.hand, outcome.result, outcome.credits))
        return Response(serializers.ChangeSerializer(outcome).data)


# --- entrants -------------------------------------------------------------------------------------


class PlayerList(ListBase):
    serializer_class = serializers.EntrantSerializer
    filterset_class = filters.EntrantFilter

    def get_queryset(self):
        return selectors.entrant_list()

    @listing("players_list", serializers.EntrantSerializer, "players")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class PlayerDetail(Base, generics.RetrieveAPIView):
    serializer_class = serializers.EntrantSerializer

    def get_queryset(self):
        return selectors.entrant_list()

    @extend_schema(
        operation_id="players_retrieve",
        responses={200: serializers.EntrantSerializer, **errors(404)},
        tags=["players"],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class PlayerWithdraw(Base):
    @extend_schema(
        operation_id="players_withdraw",
        request=serializers.WithdrawSerializer,
        responses={200: serializers.EntrantSerializer, **errors(400, 401, 403, 404)},
        description="Never paired again from the next round on; played hands stay.",
        tags=["players"],
    )
    def post(self, request, pk):
        entrant = get_object_or_404(Entrant.objects.select_related("event"), pk=pk)
        require_organizer(request, entrant.event)
        data = serializers.WithdrawSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entrant_withdraw(
            entrant_id=entrant.pk, actor=self.actor(), reason=data.validated_data["reason"]
        )
        entrant = selectors.entrant_list().get(pk=entrant.pk)
        return Response(serializers.EntrantSerializer(entrant).data)


# --- rounds ---------------------------------------------------------------------------------------


class RoundList(ListBase):
    """Published and complete rounds, without their tables; an organizer also sees their
    events' drafts."""

    serializer_class = serializers.RoundInListSerializer
    filterset_class = filters.RoundFilter

    def get_queryset(self):
        return selectors.round_list(self.request.user, tables=False).order_by("event_id", "number")

    @listing("rounds_list", serializers.RoundInListSerializer, "rounds")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class RoundDetail(Base, generics.RetrieveAPIView):
    serializer_class = serializers.RoundSerializer

    def get_queryset(self):
        return selectors.round_list(self.request.user)

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "organized": self.organized()}

    @extend_schema(
        operation_id="rounds_retrieve",
        responses={200: serializers.RoundSerializer, **errors(404)},
        tags=["rounds"],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class RoundAction(Base):
    """An organizer's action on a round: drafts are invisible to anyone else (404)."""

    def round(self, pk) -> Round:
        rnd = get_object_or_404(Round.objects.select_related("event"), pk=pk)
        require_organizer(self.request, rnd.event, private=rnd.status == Round.Status.DRAFT)
        return rnd

    def round_data(self, pk) -> dict:
        rnd = selectors.round_list(self.request.user).get(pk=pk)
        return serializers.RoundSerializer(rnd, context=self.context()).data


class RoundPublish(RoundAction):
    @extend_schema(
        operation_id="rounds_publish",
        request=None,
        responses={200: serializers.RoundSerializer, **errors(401, 403, 404, 409)},
        description="Publish a draft: captains may enter hands, the public sees it.",
        tags=["rounds"],
    )
    def post(self, request, pk):
        rnd = self.round(pk)
        round_publish(round_id=rnd.pk, actor=self.actor())
        return Response(self.round_data(rnd.pk))


class RoundRegenerate(RoundAction):
    @extend_schema(
        operation_id="rounds_regenerate",
        request=None,
        responses={200: serializers.RoundSerializer, **errors(401, 403, 404, 409)},
        description="Pair a draft again (after withdrawals or late entries), same seed.",
        tags=["rounds"],
    )
    def post(self, request, pk):
        rnd = self.round(pk)
        round_regenerate(round_id=rnd.pk, actor=self.actor())
        return Response(self.round_data(rnd.pk))


class RoundSwap(RoundAction):
    @extend_schema(
        operation_id="rounds_swap",
        request=serializers.SwapSerializer,
        responses={200: serializers.SwapResultSerializer, **errors(400, 401, 403, 404, 409)},
        description="Swap who sits in two seats of a draft; `warnings` says which "
        "pairing rule the new seating breaks, if any.",
        tags=["rounds"],
    )
    def post(self, request, pk):
        rnd = self.round(pk)
        data = serializers.SwapSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        seat_a, seat_b = data.validated_data["seats"]
        warnings = seats_swap(round_id=rnd.pk, seat_a=seat_a, seat_b=seat_b, actor=self.actor())
        return Response({"warnings": warnings, "round": self.round_data(rnd.pk)})


class RoundWarnings(RoundAction):
    @extend_schema(
        operation_id="rounds_warnings",
        responses={200: serializers.WarningsSerializer, **errors(401, 403, 404)},
        tags=["rounds"],
    )
    def get(self, request, pk):
        rnd = get_object_or_404(Round.objects.select_related("event"), pk=pk)
        require_organizer(request, rnd.event, private=True)
        return Response({"warnings": round_warnings(rnd)})


# --- tables and hands -----------------------------------------------------------------------------

CODE_HEADER = OpenApiParameter(
    TABLE_CODE_HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="The table's captain code (from the table sheet); organizers send their token "
    "instead.",
)


class TableList(ListBase):
    """Tables of visible rounds; codes only for the organizers of their event."""

    serializer_class = serializers.TableSerializer
    filterset_class = filters.TableFilter

    def get_queryset(self):
        return selectors.table_list(self.request.user).order_by(
            "round__event_id", "round__number", "number"
        )

    @listing("tables_list", serializers.TableSerializer, "tables")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class TableDetail(Base, generics.RetrieveAPIView):
    serializer_class = serializers.TableSerializer

    def get_queryset(self):
        return selectors.table_list(self.request.user)

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "organized": self.organized()}

    @extend_schema(
        operation_id="tables_retrieve",
        responses={200: serializers.TableSerializer, **errors(404)},
        tags=["tables"],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class TableClose(Base):
    @extend_schema(
        operation_id="tables_close",
        request=serializers.TableCloseSerializer,
        responses={200: serializers.TableSerializer, **errors(400, 401, 403, 404)},
        description="Close a table as forfeited or averaged (it then counts as "
        "complete with the hands it has), or open it again.",
        tags=["tables"],
    )
    def post(self, request, pk):
        table = selectors.table_with_event(pk)
        if table is None:
            raise exceptions.NotFound()
        actor = require_organizer(
            request,
            table.round.event,
            action=TABLE_CLOSE,
            private=table.round.status == Round.Status.DRAFT,
        )
        data = serializers.TableCloseSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        table_close(
            table_id=table.pk,
            status=data.validated_data["status"],
            actor=actor,
            reason=data.validated_data["reason"],
            forfeited_by=data.validated_data.get("forfeited_by"),
        )
        table = selectors.table_list(request.user).get(pk=table.pk)
        return Response(serializers.TableSerializer(table, context=self.context()).data)


class TableHands(ListBase):
    serializer_class = serializers.HandSerializer
    filterset_class = filters.HandFilter

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Hand.objects.none()
        table = get_object_or_404(selectors.table_list(self.request.user), pk=self.kwargs["pk"])
        return selectors.hand_list(self.request.user).filter(table=table).order_by("number")

    @listing("tables_hands_list", serializers.HandSerializer, "hands", 404)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class TableHand(Base):
    """One hand of a table: read it (public), or enter it (captain's code or organizer)."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="tables_hands_retrieve",
        responses={200: serializers.HandSerializer, **errors(404)},
        tags=["hands"],
    )
    def get(self, request, pk, number):
        hand = get_object_or_404(selectors.hand_list(request.user), table_id=pk, number=number)
        return Response(serializers.HandSerializer(hand, context={"request": request}).data)

    @extend_schema(
        operation_id="tables_hands_enter",
        parameters=[CODE_HEADER],
        request=serializers.HandEntrySerializer,
        responses={
            201: serializers.HandResultSerializer,
            200: OpenApiResponse(
                serializers.HandResultSerializer,
                description=(
                    "The same entry again (nothing changes), or an organizer's correction "
                    "(recorded in the history)."
                ),
            ),
            **errors(400, 401, 403, 404, 409, 413, 429),
        },
        description="Enter hand `number` at a table with the engine's score-entry shape. The "
        "same body again answers 200 and changes nothing; a different body for a "
        "hand already entered is refused to a captain (409) and is a correction "
        "when an organizer sends it (optional `reason`). Invalid entries answer 400 "
        "with the engine's `code` and a message per field in `errors`.",
        tags=["hands"],
    )
    def put(self, request, pk, number):
        entry, reason = _split_reason(request.data)
        entry, typed_at = _split_typed_at(entry)
        entry, passes = _split_passes(entry)
        # The code is checked on the table the service loads (and locks) anyway: one query.
        outcome = hand_record(
            table_id=pk,
            number=number,
            entry=entry,
            reason=reason,
            actor=lambda table: table_actor(request, table),
            typed_at=typed_at,
            passes=passes,
        )
        return Response(
            serializers.hand_result(outcome.hand, outcome.result, outcome.credits),
            status=status.HTTP_201_CREATED if outcome.result == "created" else status.HTTP_200_OK,
        )


def _split_reason(data) -> tuple[object, str]:
    """The score entry without the organizer's ``reason`` (which is no part of a hand)."""
    if not isinstance(data, dict):
        return data, ""
    entry = dict(data)
    if "reason" not in entry:
        return entry, ""
    reason = serializers.StrictCharField(max_length=300, allow_blank=True)
    try:
        return entry, reason.run_validation(entry.pop("reason"))
    except exceptions.ValidationError as error:
        raise exceptions.ValidationError({"reason": error.detail}) from None


def _split_passes(entry: object) -> tuple[object, object]:
    """The score entry without a duplicate board's ``passes`` (stored beside the hand, checked
    against the board's cards by the engine: ``scoring.boards.check_passes``)."""
    if not isinstance(entry, dict) or "passes" not in entry:
        return entry, None
    entry = dict(entry)
    return entry, entry.pop("passes")


def _split_typed_at(entry: object) -> tuple[object, datetime | None]:
    """The score entry without ``typed_at``, when the captain's phone typed the hand (a phone
    that had no connection sends its hands later): no part of a hand, stored beside it."""
    if not isinstance(entry, dict) or "typed_at" not in entry:
        return entry, None
    entry = dict(entry)
    field = DateTimeField(allow_null=True)
    try:
        return entry, field.run_validation(entry.pop("typed_at"))
    except exceptions.ValidationError as error:
        raise exceptions.ValidationError({"typed_at": error.detail}) from None


class HandConfirm(Base):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="tables_hands_confirm",
        request=serializers.HandConfirmSerializer,
        responses={200: serializers.HandSerializer, **errors(400, 403, 404, 409, 429)},
        description="The opponents confirm the score their captain entered, with "
        "their own code (`code`, not the captain's): after reading the "
        "whole hand (`GET` the hand). A wrong code answers 403 "
        "(`wrong_code`) and counts against the limits of wrong table "
        "codes (then 429). An organizer or helper of the event needs no "
        "code.",
        tags=["hands"],
    )
    def post(self, request, pk, number):
        table = selectors.table_with_event(pk)
        if table is None:
            raise exceptions.NotFound()
        event = table.round.event
        role = event.role(request.user)
        organizer = may(role, MANAGE)
        if table.round.status == Round.Status.DRAFT and not organizer:
            raise exceptions.NotFound()
        data = serializers.HandConfirmSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        code = data.validated_data.get("code")
        # the event's organizers and helpers (who run corrections) confirm without a code
        actor = event_actor(event, request.user, HAND, role=role) if may(role, HAND) else None
        if actor is None and not code:
            raise exceptions.ValidationError(
                {"code": [_("Type the opponents' code from the table sheet.")]}
            )
        try:
            hand = hand_confirm(
                table_id=table.pk,
                number=number,
                code=code,
                actor=actor,
                totals=data.validated_data.get("totals"),
            )
        except ServiceError as error:
            if error.code == "wrong_code":
                wait = wrong_code_limited(request, table.pk)
                if wait is not None:
                    raise exceptions.Throttled(wait=wait) from None
            raise
        return Response(serializers.HandSerializer(hand, context={"request": request}).data)


class HandList(ListBase):
    serializer_class = serializers.HandSerializer
    filterset_class = filters.HandFilter

    def get_queryset(self):
        return selectors.hand_list(self.request.user).order_by("table_id", "number")

    @listing("hands_list", serializers.HandSerializer, "hands")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class HandDetail(Base, generics.RetrieveAPIView):
    serializer_class = serializers.HandSerializer

    def get_queryset(self):
        return selectors.hand_list(self.request.user)

    @extend_schema(
        operation_id="hands_retrieve",
        responses={200: serializers.HandSerializer, **errors(404)},
        tags=["hands"],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)
