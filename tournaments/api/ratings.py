"""The API of a register's ranking list: ``GET /api/ratings/?register=ID``, public like the
standings (people hidden from public pages are listed to the register's organizers only)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers

from .. import selectors
from ..models import Rating, Register
from ..ratings.model import CONSERVATIVE_K
from .serializers import ListedPersonSerializer
from .views import ListBase, errors, query_whole_number


class RankingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="The place on the ranking list (1: the first).")
    person = ListedPersonSerializer(source="person.listed")
    mu = serializers.FloatField(
        help_text="Estimated strength: the TP a hand the person adds to their side's margin over "
        "an average player of the register."
    )
    sigma = serializers.FloatField(help_text="The estimate's uncertainty (a standard deviation).")
    conservative = serializers.FloatField(
        help_text=f"mu - {CONSERVATIVE_K:g} sigma: what the list is ordered by."
    )
    hands = serializers.IntegerField(help_text="The hands the rating is computed from.")


REGISTER = OpenApiParameter(
    "register",
    {"type": "integer", "minimum": 1},
    required=True,
    description="The register whose ranking list is read (its id).",
)


class RatingList(ListBase):
    """A register's ranking list: people with at least its minimum of hands, by the
    conservative estimate. Computed by the worker after each change of the register's hands,
    reproducible from scratch."""

    serializer_class = RankingRowSerializer

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema's reading, with no request
            return Rating.objects.none()
        number = query_whole_number(self.request.query_params, "register", 1)
        if number is None:
            raise serializers.ValidationError(
                {"register": [_("Name the register: ?register=ID.")]}, code="required"
            )
        register = get_object_or_404(Register, pk=number)
        return selectors.ranking_list(
            register, with_hidden=register.is_organizer(self.request.user)
        )

    def paginate_queryset(self, queryset):
        page = super().paginate_queryset(queryset)
        offset = self.paginator.offset if page is not None else 0
        for index, rating in enumerate(page or []):
            rating.rank = offset + index + 1
        return page

    @extend_schema(
        operation_id="ratings_list",
        tags=["ratings"],
        parameters=[REGISTER],
        responses={200: RankingRowSerializer(many=True), **errors(400, 404)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)
