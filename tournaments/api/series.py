"""The API of series: the list (public, like events) and a register organizer's new series, one
series, and its table (``tournaments.series``'s rule, ``selectors.series``'s reading).

A series' table leaves hidden persons out for everyone but the register's organizers, as its
page does; erased persons are "erased player", without a public address.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response

from ..models import Series
from ..selectors import series as queries
from ..series import FIELD, as_points
from ..services.people import own_register, registers_kept_by
from ..services.series import (
    MAX_COUNT,
    MAX_POINTS,
    MAX_TABLE,
    SeriesSettings,
    require_register_organizer,
    series_create,
    series_delete,
    series_update,
)
from . import filters
from .serializers import (
    MAX_BULK,
    MAX_ID,
    ListedPersonSerializer,
    NameField,
    StrictIntegerField,
)
from .views import Base, ListBase, errors, listing


class StrictNumberField(serializers.FloatField):
    """A JSON number only: no strings or booleans."""

    default_error_messages = {"not_number": _("Must be a number.")}

    def to_internal_value(self, data):
        if not isinstance(data, int | float) or isinstance(data, bool):
            self.fail("not_number")
        return super().to_internal_value(data)


class SeriesSettingsSerializer(serializers.Serializer):
    """What an organizer sets of a series; a ``PATCH`` sends any of it (``partial``)."""

    name = NameField()
    points = serializers.ChoiceField(
        choices=Series.Points.choices,
        default=FIELD,
        help_text="`field`: 100 x (N - place + 1) / N, one decimal; `table`: `points_table`.",
    )
    points_table = serializers.ListField(
        child=StrictNumberField(min_value=0, max_value=float(MAX_POINTS)),
        max_length=MAX_TABLE,
        default=list,
        help_text="Points of place 1, 2, ...: never rising, at most one decimal; later places 0.",
    )
    best_k = StrictIntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=MAX_COUNT,
        help_text="Each person's best events counted; null: every event.",
    )
    qualifying = StrictIntegerField(
        default=0, min_value=0, max_value=MAX_COUNT, help_text="The first ranks marked qualified."
    )
    events = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=MAX_ID),
        max_length=MAX_BULK,
        default=list,
        help_text="Event ids, each of the series' register.",
    )


class SeriesCreateSerializer(SeriesSettingsSerializer):
    register = StrictIntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="A register you keep; without it, your own.",
    )


class SeriesSerializer(serializers.ModelSerializer):
    register_name = serializers.CharField(source="register.name", read_only=True)
    points_table = serializers.ListField(child=serializers.FloatField(), read_only=True)
    events = serializers.ManyRelatedField(
        child_relation=serializers.PrimaryKeyRelatedField(read_only=True), read_only=True
    )

    class Meta:
        model = Series
        fields = [
            "id",
            "name",
            "register",
            "register_name",
            "points",
            "points_table",
            "best_k",
            "qualifying",
            "events",
            "created_at",
        ]
        read_only_fields = fields


class SeriesEventSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="The event's column, 1 the earliest.")
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField(help_text="Only finished events place anyone.")


class SeriesResultSerializer(serializers.Serializer):
    event = serializers.IntegerField()
    place = serializers.IntegerField()
    field = serializers.IntegerField(help_text="How many the event placed.")
    points = serializers.FloatField()
    counted = serializers.BooleanField(help_text="Among the person's best `best_k`.")


class SeriesRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Shared by persons equal on every tie-break.")
    person = ListedPersonSerializer()
    results = SeriesResultSerializer(many=True, help_text="The events the person was placed in.")
    total = serializers.FloatField(help_text="The counted points.")
    wins = serializers.IntegerField()
    seconds = serializers.IntegerField()
    qualified = serializers.BooleanField()


class SeriesTableSerializer(serializers.Serializer):
    series = SeriesSerializer()
    events = SeriesEventSerializer(many=True)
    rows = SeriesRowSerializer(many=True)


def table_data(table: queries.SeriesTable) -> dict:
    return {
        "series": SeriesSerializer(table.series).data,
        "events": [
            {"number": n, "id": e.pk, "name": e.name, "status": e.status}
            for n, e in enumerate(table.events, start=1)
        ],
        "rows": [
            {
                "rank": row.line.rank,
                "person": ListedPersonSerializer(row.person).data,
                "results": [
                    {
                        "event": r.event_id,
                        "place": r.place,
                        "field": r.field,
                        "points": float(as_points(r.points)),
                        "counted": r.counted,
                    }
                    for r in row.cells
                    if r is not None
                ],
                "total": float(as_points(row.line.total)),
                "wins": row.line.wins,
                "seconds": row.line.seconds,
                "qualified": row.line.qualified,
            }
            for row in table.rows
        ],
    }


class SeriesList(ListBase):
    """Every series (public, like events); an organizer makes one in a register they keep."""

    serializer_class = SeriesSerializer
    filterset_class = filters.SeriesFilter

    def get_queryset(self):
        return queries.series_list().prefetch_related("events")

    @listing("series_list", SeriesSerializer, "series")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="series_create",
        request=SeriesCreateSerializer,
        responses={201: SeriesSerializer, **errors(400, 401, 403, 409)},
        description="A new series. 400 on `events` for an event of another register (or none), "
        "on `points_table` for a table that rises or is missing with `points: table`; 409 "
        "`name_taken` on `name` when the register has a series of that name.",
        tags=["series"],
    )
    def post(self, request):
        body = SeriesCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        register = _register(request.user, data.get("register"))
        series = series_create(
            register=register,
            user=request.user,
            settings=SeriesSettings(
                name=data["name"],
                points=data["points"],
                points_table=data["points_table"],
                best_k=data.get("best_k"),
                qualifying=data["qualifying"],
            ),
            events=data["events"],
        )
        fresh = queries.series_list().prefetch_related("events").get(pk=series.pk)
        return Response(SeriesSerializer(fresh).data, status=status.HTTP_201_CREATED)


def _register(user, register_id: int | None):
    """The register a new series goes to: one ``user`` keeps (400 naming ``register`` when it is
    none of theirs: whether it exists is not said), else their own."""
    if register_id is None:
        return own_register(user)
    register = registers_kept_by(user).filter(pk=register_id).first()
    if register is None:
        raise exceptions.ValidationError(
            {"register": [_("You keep no register %(id)d.") % {"id": register_id}]}
        )
    return register


class SeriesDetail(Base):
    """A series: public to read; its register's organizers change or delete it."""

    @extend_schema(
        operation_id="series_retrieve",
        responses={200: SeriesSerializer, **errors(404)},
        tags=["series"],
    )
    def get(self, request, pk):
        series = queries.series_or_404(pk)
        return Response(SeriesSerializer(series).data)

    @extend_schema(
        operation_id="series_partial_update",
        request=SeriesSettingsSerializer,
        responses={200: SeriesSerializer, **errors(400, 401, 403, 404, 409)},
        description="Change any of the settings; `events` is the whole new set (events added "
        "and removed at once). Refusals as on creating a series: 400 by field, 409 "
        "`name_taken`; 403 for anyone but the register's organizers.",
        tags=["series"],
    )
    def patch(self, request, pk):
        series = queries.series_or_404(pk)
        require_register_organizer(series.register, request.user)  # before reading the body
        body = SeriesSettingsSerializer(data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        settings = None
        if data.keys() - {"events"}:
            settings = SeriesSettings(
                name=data.get("name", series.name),
                points=data.get("points", series.points),
                points_table=data.get("points_table", series.points_table),
                best_k=data.get("best_k", series.best_k),
                qualifying=data.get("qualifying", series.qualifying),
            )
        series_update(series, user=request.user, settings=settings, events=data.get("events"))
        fresh = queries.series_list().prefetch_related("events").get(pk=series.pk)
        return Response(SeriesSerializer(fresh).data)

    @extend_schema(
        operation_id="series_destroy",
        request=None,
        responses={204: None, **errors(401, 403, 404)},
        description="Delete the series: its events and their results stay, only the grouping "
        "goes. 403 for anyone but the register's organizers.",
        tags=["series"],
    )
    def delete(self, request, pk):
        series = queries.series_or_404(pk)
        series_delete(series, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeriesStandings(Base):
    @extend_schema(
        operation_id="series_standings",
        responses={200: SeriesTableSerializer, **errors(404)},
        description="The series' table: per person the rank, the results of each event they "
        "were placed in (points, and whether they count), the total, wins, second places and "
        "whether they qualify. Hidden persons are left out but for the register's organizers.",
        tags=["series"],
    )
    def get(self, request, pk):
        series = queries.series_or_404(pk)
        table = queries.table_of(series, public=not queries.keeps(series, request.user))
        return Response(table_data(table))
