"""The API of a register's people: the list an organizer keeps, a person's profile (public unless
hidden; the e-mail only to the register's organizers), changing it, merging two records of one
person and undoing a merge. A register's people are its organizers' (owner and those it is shared
with): a person hidden, erased or merged away is not found (404) by anyone else, and nobody else
changes anyone (403; 401 without credentials)."""

from __future__ import annotations

from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from ..models import PersonMerge, Player
from ..selectors.people import kept_people, register_or_none
from ..selectors.person_stats import kept_person
from ..services.history import Actor
from ..services.names import MAX_CLUB_LENGTH, MAX_EMAIL_LENGTH
from ..services.people import (
    merge_undo,
    own_register,
    person_create,
    person_merge,
    person_update,
    registers_kept_by,
)
from .serializers import NameField, StrictBooleanField, StrictCharField, StrictIntegerField
from .views import Base, ListBase, Pagination, errors, query_whole_number

MAX_ID = 2**63 - 1


class PersonSerializer(serializers.Serializer):
    """A person as the API shows them: ``email`` only to the register's organizers; an erased
    person's ``name`` reads "erased player"."""

    id = serializers.IntegerField()
    public_id = serializers.CharField(help_text="The person's stable public address: /people/<id>/")
    name = serializers.CharField(source="shown_name")
    club = serializers.CharField(
        allow_blank=True, help_text="A club or city: tells equal names apart."
    )
    email = serializers.CharField(
        required=False,
        allow_blank=True,
        help_text="Private: answered to the register's organizers only.",
    )
    hidden = serializers.BooleanField(help_text="Hidden from public pages.")
    erased = serializers.BooleanField()
    register = serializers.IntegerField(source="register_id")
    merged_into = serializers.SerializerMethodField(
        help_text="A record merged into another: the person it is now (through later merges)."
    )

    @extend_schema_field(serializers.IntegerField(allow_null=True))
    def get_merged_into(self, person: Player) -> int | None:
        """The end of the merges' chain (it named the next record, itself maybe merged)."""
        return None if person.merged_into_id is None else kept_person(person).pk

    def to_representation(self, instance):
        data = super().to_representation(instance)
        if instance.register_id not in self.context.get("kept_registers", ()):
            data.pop("email", None)
        return data


class PersonCreateSerializer(serializers.Serializer):
    name = NameField()
    club = StrictCharField(required=False, allow_blank=True, max_length=MAX_CLUB_LENGTH)
    email = serializers.EmailField(required=False, allow_blank=True, max_length=MAX_EMAIL_LENGTH)
    register = StrictIntegerField(
        required=False,
        min_value=1,
        max_value=MAX_ID,
        help_text="A register you keep; without it, your own.",
    )


class PersonPatchSerializer(serializers.Serializer):
    name = NameField(required=False)
    club = StrictCharField(required=False, allow_blank=True, max_length=MAX_CLUB_LENGTH)
    email = serializers.EmailField(required=False, allow_blank=True, max_length=MAX_EMAIL_LENGTH)
    hidden = StrictBooleanField(required=False)


class MergeCreateSerializer(serializers.Serializer):
    merged = StrictIntegerField(
        min_value=1,
        max_value=MAX_ID,
        help_text="The other record of the person: its entries move to this one.",
    )


class MergeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    register = serializers.IntegerField(source="register_id")
    kept = serializers.IntegerField(source="kept_id")
    merged = serializers.IntegerField(source="merged_id")
    moved = serializers.SerializerMethodField(
        help_text="How many entries, roster places and seats moved."
    )
    actor = serializers.CharField()
    created_at = serializers.DateTimeField()
    undone_at = serializers.DateTimeField(allow_null=True)

    @extend_schema_field(serializers.DictField(child=serializers.IntegerField()))
    def get_moved(self, merge: PersonMerge) -> dict[str, int]:
        return {key: len(ids) for key, ids in merge.moved.items()}


def _kept_registers(user) -> set[int]:
    if not user or not user.is_authenticated:
        return set()
    return set(registers_kept_by(user).values_list("pk", flat=True))


def _person(request, pk: int, *, change: bool = False) -> Player:
    """The person, as the caller may see them (module docstring); ``change``: theirs to change."""
    person = Player.objects.select_related("register").filter(pk=pk).first()
    keeps = person is not None and person.register.is_organizer(request.user)
    if person is None or (not keeps and (person.hidden or person.merged_into_id is not None)):
        raise exceptions.NotFound()
    if change and not keeps:
        raise exceptions.PermissionDenied(
            _("Only the register's organizers may do this."), code="not_organizer"
        )
    return person


class PeopleList(ListBase):
    """The people of the registers the caller keeps; organizers add a person."""

    permission_classes = [IsAuthenticated]
    serializer_class = PersonSerializer
    pagination_class = Pagination

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Player.objects.none()
        params = self.request.query_params
        # a register not kept filters to nobody; a number past the schema's maximum is refused
        register = query_whole_number(params, "register", 1, MAX_ID)
        query = params.get("q", "")
        if "\x00" in query:  # no name holds one; PostgreSQL refuses it in a query (a 503)
            raise exceptions.ValidationError(
                {"q": [ProhibitNullCharactersValidator.message]}, code="null_characters_not_allowed"
            )
        return kept_people(self.request.user, query, register).select_related("register")

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "kept_registers": self._kept()}

    def _kept(self) -> set[int]:
        return _kept_registers(self.request.user)

    @extend_schema(
        operation_id="people_list",
        tags=["people"],
        parameters=[
            OpenApiParameter(
                "register",
                {"type": "integer", "minimum": 1, "maximum": MAX_ID},
                description="One register you keep.",
            ),
            OpenApiParameter("q", str, description="Words of the name, however spelt."),
        ],
        responses={200: PersonSerializer(many=True), **errors(400, 401)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        operation_id="people_create",
        tags=["people"],
        request=PersonCreateSerializer,
        responses={201: PersonSerializer, **errors(400, 401)},
    )
    def post(self, request):
        data = PersonCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        if "register" in fields:
            register = register_or_none(request.user, fields["register"])
            if register is None:
                raise exceptions.ValidationError(
                    {"register": [_("You do not keep this register.")]}
                )
        else:
            register = own_register(request.user)
        person = person_create(
            register=register,
            name=fields["name"],
            club=fields.get("club", ""),
            email=fields.get("email", ""),
            user=request.user,
        )
        out = PersonSerializer(person, context={"kept_registers": {register.pk}}).data
        return Response(out, status=status.HTTP_201_CREATED)


class PersonDetail(Base):
    """A person's profile: public unless hidden; their register's organizers change it."""

    @extend_schema(
        operation_id="people_retrieve",
        tags=["people"],
        responses={200: PersonSerializer, **errors(404)},
    )
    def get(self, request, pk):
        person = _person(request, pk)
        context = {"kept_registers": _kept_registers(request.user)}
        return Response(PersonSerializer(person, context=context).data)

    @extend_schema(
        operation_id="people_partial_update",
        tags=["people"],
        request=PersonPatchSerializer,
        responses={200: PersonSerializer, **errors(400, 401, 403, 404, 409)},
        description="Name, club, e-mail, hidden. An erased person is not changed (409 "
        "`person_erased`); entries keep the name they were registered under.",
    )
    def patch(self, request, pk):
        person = _person(request, pk, change=True)
        data = PersonPatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        person = person_update(person, hidden=fields.pop("hidden", None), **fields)
        context = {"kept_registers": {person.register_id}}
        return Response(PersonSerializer(person, context=context).data)


class PersonMergeView(Base):
    @extend_schema(
        operation_id="people_merge",
        tags=["people"],
        request=MergeCreateSerializer,
        responses={201: MergeSerializer, **errors(400, 401, 403, 404, 409)},
        description="Merge the record `merged` into this person: its entries, roster places "
        "and seats move here. Refused when both played in one event (409 `played_together`).",
    )
    def post(self, request, pk):
        kept = _person(request, pk, change=True)
        data = MergeCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        merged = Player.objects.filter(
            pk=data.validated_data["merged"], register_id=kept.register_id
        ).first()
        if merged is None:
            raise exceptions.ValidationError(
                {"merged": [_("No such person in the register.")]}, code="unknown_person"
            )
        merge = person_merge(kept=kept, merged=merged, actor=Actor.organizer(request.user))
        return Response(MergeSerializer(merge).data, status=status.HTTP_201_CREATED)


class MergeUndo(Base):
    @extend_schema(
        operation_id="people_merge_undo",
        tags=["people"],
        request=None,
        responses={200: MergeSerializer, **errors(401, 404, 409)},
        description="Undo a merge: what it moved goes back. Refused when already undone, or "
        "when a later merge builds on it (409 `later_merge`, naming it).",
    )
    def post(self, request, pk):
        merge = PersonMerge.objects.select_related("register").filter(pk=pk).first()
        if merge is None or not merge.register.is_organizer(request.user):
            raise exceptions.NotFound()
        merge = merge_undo(merge, actor=Actor.organizer(request.user))
        return Response(MergeSerializer(merge).data)
