"""``GET /api/people/{id}/profile/``: a person's record across the events of their register, as
their public page shows it (``selectors.person_stats``): events with place and field, awards,
statistics per game, partners, the rating and its history.

Visible as the page is: a hidden person (erased ones are hidden too) only to their register's
organizers (404 for anyone else); a merged record answers as the person it was merged into.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from ..games import GAMES
from ..models import Player
from ..selectors.person_stats import CALLS, GameStats, Profile, kept_person, person_profile
from .views import errors

GAME_CHOICES = list(GAMES)


class ProfilePersonSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    public_id = serializers.CharField()
    name = serializers.CharField(allow_blank=True, help_text="Empty for an erased person.")
    club = serializers.CharField(allow_blank=True)
    erased = serializers.BooleanField()
    hidden = serializers.BooleanField()


class ProfileEventSerializer(serializers.Serializer):
    event = serializers.IntegerField(source="event.pk")
    name = serializers.CharField(source="event.name")
    date = serializers.DateTimeField(source="event.created_at")
    status = serializers.ChoiceField(
        source="event.status", choices=["draft", "running", "finished"]
    )
    game = serializers.ChoiceField(source="game.name", choices=GAME_CHOICES)
    team = serializers.CharField(
        allow_null=True, help_text="The team, where the person played on its roster."
    )
    place = serializers.IntegerField(
        allow_null=True, help_text="Once the event is finished (1 is the winner; ties share)."
    )
    field = serializers.IntegerField(allow_null=True, help_text="How many were placed.")


class AwardsSerializer(serializers.Serializer):
    first = serializers.IntegerField(source="firsts")
    second = serializers.IntegerField(source="seconds")
    third = serializers.IntegerField(source="thirds")


class CallCountSerializer(serializers.Serializer):
    called = serializers.IntegerField()
    made = serializers.IntegerField()


class CallsSerializer(serializers.Serializer):
    tichu = CallCountSerializer()
    grand = CallCountSerializer()
    blind = CallCountSerializer()


class SweepSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="The game's sweep: double victory, triple victory.")
    made = serializers.IntegerField()
    suffered = serializers.IntegerField()


class GameStatsSerializer(serializers.Serializer):
    """One game's numbers: ``calls`` and ``sweep`` where the game has calls, ``hands_won`` and
    ``average_place`` where a hand's result is a finish order; null where the game has none."""

    game = serializers.ChoiceField(source="game.name", choices=GAME_CHOICES)
    events = serializers.IntegerField()
    hands = serializers.IntegerField()
    vp_per_hand = serializers.FloatField(
        allow_null=True, help_text="VP (placing points in a game of placings) per hand."
    )
    calls = serializers.SerializerMethodField()
    sweep = serializers.SerializerMethodField()
    hands_won = serializers.SerializerMethodField()
    average_place = serializers.SerializerMethodField()

    @extend_schema_field(CallsSerializer(allow_null=True))
    def get_calls(self, stats: GameStats):
        if not stats.has_calls:
            return None
        return {kind: {"called": c.called, "made": c.made} for kind, c in stats.calls.items()}

    @extend_schema_field(SweepSerializer(allow_null=True))
    def get_sweep(self, stats: GameStats):
        if not stats.has_calls:
            return None
        return {
            "name": str(stats.game.sweep_label),
            "made": stats.sweeps,
            "suffered": stats.sweeps_suffered,
        }

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_hands_won(self, stats: GameStats):
        return None if stats.has_calls else stats.hands_won

    @extend_schema_field(serializers.FloatField(allow_null=True))
    def get_average_place(self, stats: GameStats):
        return None if stats.has_calls else stats.average_place


class PartnerSerializer(serializers.Serializer):
    person = serializers.IntegerField(source="person_id")
    public_id = serializers.CharField(
        allow_null=True, help_text="Null where their page is not public."
    )
    name = serializers.CharField(allow_blank=True, help_text="Empty for an erased person.")
    hands = serializers.IntegerField(help_text="Hands played on the person's side.")


class StatisticsSerializer(serializers.Serializer):
    events = serializers.IntegerField()
    hands = serializers.IntegerField()
    games = GameStatsSerializer(many=True)
    partners = PartnerSerializer(many=True)


class RatingPointSerializer(serializers.Serializer):
    event = serializers.IntegerField(source="event_id")
    name = serializers.CharField(source="event_name")
    date = serializers.DateTimeField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    hands = serializers.IntegerField()


class RatingSerializer(serializers.Serializer):
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    hands = serializers.IntegerField()
    history = RatingPointSerializer(many=True)


class PersonProfileSerializer(serializers.Serializer):
    person = ProfilePersonSerializer()
    events = ProfileEventSerializer(many=True)
    awards = AwardsSerializer()
    statistics = StatisticsSerializer()
    rating = RatingSerializer(allow_null=True, help_text="Null until the person is rated.")


def profile_data(profile: Profile) -> dict:
    """The answer's shape from a profile (an erased person's name and club are blank)."""
    person = profile.person
    rating = profile.rating
    return {
        "person": {
            "id": person.pk,
            "public_id": person.public_id,
            "name": person.name,
            "club": person.club,
            "erased": person.erased,
            "hidden": person.hidden,
        },
        "events": profile.events,
        "awards": profile.awards,
        "statistics": {
            "events": len(profile.events),
            "hands": profile.hands,
            "games": profile.games,
            "partners": profile.partners,  # an erased partner's name is blank
        },
        "rating": None
        if rating is None
        else {
            "mu": rating.mu,
            "sigma": rating.sigma,
            "hands": rating.hands,
            "history": profile.history,
        },
    }


class PersonProfile(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="people_profile",
        responses={200: PersonProfileSerializer, **errors(404)},
        tags=["people"],
        description="A person's events (place and field once finished), awards (firsts, "
        "seconds, thirds), statistics per game (each game's own: calls and its sweep, or "
        "placings), partners played with most, and rating with its history. A hidden person "
        f"answers 404 but to their register's organizers. Calls counted: {', '.join(CALLS)}.",
    )
    def get(self, request, pk: int):
        person = get_object_or_404(Player.objects.select_related("register"), pk=pk)
        person = kept_person(person)
        if person.hidden and not person.register.is_organizer(request.user):
            raise Http404("No such person.")
        return Response(PersonProfileSerializer(profile_data(person_profile(person))).data)
