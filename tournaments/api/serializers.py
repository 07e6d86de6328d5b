"""Serializers: JSON in and out. Input serializers check shapes and types only; every rule of
Tichu or of the tournament is the services' and the engine's (they answer with field-level
errors of their own). Output serializers read prefetched data only, so lists stay constant in
queries; a table's code appears only for the organizers of its event (``context["organized"]``).
"""

from __future__ import annotations

from django.core.validators import ProhibitNullCharactersValidator, RegexValidator
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import exceptions, serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer

from scoring.variants import sweep_keys
from tichu_site.limits import TooManyLogins, limited_authenticate

from ..choices import BoardScoring, ByeCredit, EntrantType, Seeding
from ..formats import LIMITS, PRESETS, limit_message
from ..games import GAMES
from ..models import Change, DifferingEntry, Entrant, Event, Hand, Round, Table, label_entrants
from ..pairing.factory import pairing_choices
from ..services.names import MAX_NAME_LENGTH
from ..services.people import NEW
from ..services.undo import is_undoable, undoable_among
from ..standings.tiebreaks import TIEBREAKS
from ..standings.vp_schemes import vp_scheme_choices

MAX_ID = 2**62
NO_NUL = "^[^\\u0000]+$"
"""Text without a NUL character (a pattern the schema and the validator share). Not empty: an
empty text is the blank alternative of the schema (``allow_blank``), which DRF takes before
any validator runs, and a text matching both alternatives of a ``oneOf`` would match none."""
MAX_BULK = 500


# --- strict input fields ------------------------------------------------------------------------


class StrictCharField(serializers.CharField):
    """Text only (no numbers turned into text), valid Unicode, no NUL characters. The schema
    says so too (a pattern without NUL, from the validator): DRF refuses NUL in any text."""

    default_error_messages = {
        "not_text": _("Must be text."),
        "not_unicode": _("Must be valid Unicode text."),
    }

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # in place of DRF's own NUL check (both said it: the message twice), with its code
        self.validators = [
            v for v in self.validators if not isinstance(v, ProhibitNullCharactersValidator)
        ]
        self.validators.append(
            RegexValidator(
                NO_NUL, ProhibitNullCharactersValidator.message, code="null_characters_not_allowed"
            )
        )

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("not_text")
        try:
            data.encode("utf-8")
        except UnicodeEncodeError:
            self.fail("not_unicode")
        return super().to_internal_value(data)


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer only: no strings, floats or booleans."""

    default_error_messages = {"not_integer": _("Must be a whole number.")}

    def to_internal_value(self, data):
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("not_integer")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"not_boolean": _("Must be true or false.")}

    def to_internal_value(self, data):
        if not isinstance(data, bool):
            self.fail("not_boolean")
        return data


# Text with a character other than a space: Python's spaces (``str.split``), which are more
# than those of the schema's regular expressions (``\s``).
NOT_BLANK = "^[^\\u0000]*[^\\s\\u001c-\\u001f\\u0085\\u0000][^\\u0000]*$"
"""Not blank, and no NUL anywhere (DRF refuses it in any text)."""


NAME_SCHEMA = {"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH, "pattern": NOT_BLANK}


@extend_schema_field(NAME_SCHEMA)
class NameField(StrictCharField):
    """A name of an event, a player, a team or a member: not blank (the service refuses a name of
    spaces: 400), at most ``MAX_NAME_LENGTH`` characters as sent (the service counts them after
    tidying the spaces)."""

    def __init__(self, **kwargs):
        super().__init__(max_length=MAX_NAME_LENGTH, trim_whitespace=False, **kwargs)


def reason_field():
    return StrictCharField(
        required=False,
        allow_blank=True,
        max_length=300,
        default="",
        help_text="Why (kept in the history).",
    )


# --- events ---------------------------------------------------------------------------------------


def limited(name: str) -> dict:
    """A format value's ``min_value`` and ``max_value``, from the format's ``LIMITS``, refused
    in the domain's words."""
    low, high = LIMITS[name]
    return {
        "min_value": low,
        "max_value": high,
        "error_messages": dict.fromkeys(("min_value", "max_value"), limit_message(name)),
    }


class RulesInputSerializer(serializers.Serializer):
    """Rule options of the engine to change from the preset (``scoring.Rules``)."""

    double_victory_points = StrictIntegerField(required=False, **limited("double_victory_points"))
    grand_tichu_allowed = StrictBooleanField(required=False)
    blind_grand_tichu = StrictBooleanField(required=False)
    dragon_kept_when_last = StrictBooleanField(required=False)
    mahjong_in_bomb = StrictBooleanField(required=False)
    chaos = StrictBooleanField(
        required=False,
        help_text="Chaos Tichu: each team calls exactly one Grand Tichu every "
        "hand (a hand without is refused).",
    )
    game = serializers.ChoiceField(
        choices=list(GAMES),
        required=False,
        help_text="The game at the tables (tournaments.games): "
        + ", ".join(f"{game.name} ({game.summary})" for game in GAMES.values())
        + ".",
    )
    players = StrictIntegerField(
        required=False,
        allow_null=True,
        **limited("players"),
        help_text="Grand Seigneur: the preferred table size (a field that does not divide sits "
        "at tables of mixed sizes, 5 to 12).",
    )


class EventCreateSerializer(serializers.Serializer):
    """A new event: a preset (``format``) plus overrides of any format setting."""

    name = NameField()
    format = serializers.ChoiceField(choices=sorted(PRESETS), default="dtm")
    seed = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=MAX_ID,
        help_text="Fixes every random draw of the event's pairings.",
    )
    entrant_type = serializers.ChoiceField(choices=EntrantType.choices, required=False)
    rounds = StrictIntegerField(required=False, allow_null=True, **limited("rounds"))
    hands_per_round = StrictIntegerField(
        required=False, allow_null=True, **limited("hands_per_round")
    )
    game_to = StrictIntegerField(required=False, allow_null=True, **limited("game_to"))
    rules = RulesInputSerializer(required=False)
    vp_scheme = serializers.ChoiceField(choices=vp_scheme_choices(), required=False)
    pairing = serializers.ChoiceField(choices=pairing_choices(), required=False)
    double_round_robin = StrictBooleanField(required=False)
    tiebreaks = serializers.ListField(
        child=StrictCharField(max_length=100),
        required=False,
        max_length=20,
        help_text="The tie-breaks after victory points, in order; each one of "
        + ", ".join(f"`{name}`" for name in TIEBREAKS)
        + ".",
    )
    bye_credit = serializers.ChoiceField(choices=ByeCredit.choices, required=False)
    confirmation_required = StrictBooleanField(
        required=False,
        help_text="A round is complete only when the opponents have confirmed every hand.",
    )
    forfeit_tp = StrictIntegerField(
        required=False,
        **limited("forfeit_tp"),
        help_text="TP each missing hand of a forfeited table credits to the team not at fault "
        "(a multiple of 5; default 0).",
    )
    best_of = StrictIntegerField(
        required=False, **limited("best_of"), help_text="Cups: games per match, odd."
    )
    best_of_from = StrictCharField(
        required=False,
        allow_null=True,
        max_length=20,
        help_text="Cups: the stage from which matches are best of "
        "`best_of` (final, semi_final, ...); null: every "
        "match.",
    )
    third_place = StrictBooleanField(required=False, help_text="Cups: a third-place match.")
    groups = StrictIntegerField(
        required=False,
        **limited("groups"),
        help_text="Groups, then a knockout cup: how many groups.",
    )
    advance = StrictIntegerField(
        required=False, **limited("advance"), help_text="Groups: how many of each group advance."
    )
    seeding = serializers.ChoiceField(
        choices=Seeding.choices,
        required=False,
        help_text="Cups: seeds in the organizer's order, or from the standings of `seeding_event`.",
    )
    seeding_event = StrictIntegerField(
        required=False, allow_null=True, min_value=1, max_value=MAX_ID
    )
    board_scoring = serializers.ChoiceField(
        choices=BoardScoring.choices,
        required=False,
        help_text="Duplicate: boards scored by matchpoints (percentages) or a butler score.",
    )

    def overrides(self) -> dict:
        """Every format setting the request names, checked values first; names the format does
        not know are passed on so that the service refuses them by name."""
        known = {"name", "format", "seed"}
        out = {}
        for key, value in self.initial_data.items():
            if key in known:
                continue
            if key == "rules" and isinstance(value, dict):
                checked = self.validated_data.get("rules", {})
                out[key] = {k: checked.get(k, v) for k, v in value.items()}
            else:
                out[key] = self.validated_data.get(key, value)
        return out


class EventSettingsSerializer(EventCreateSerializer):
    """A change of an event's format values (any of the creation's overrides)."""

    name = None
    format = None
    seed = None


class EventSerializer(serializers.ModelSerializer):
    format = serializers.CharField(source="preset", read_only=True)
    settings = serializers.JSONField(
        source="format_data", read_only=True, help_text="The event's format: preset plus overrides."
    )
    standings_up_to_date = serializers.BooleanField(read_only=True)

    class Meta:
        model = Event
        fields = [
            "id",
            "name",
            "format",
            "settings",
            "status",
            "created_at",
            "standings_up_to_date",
            "standings_computed_at",
        ]
        read_only_fields = fields


# --- entrants -------------------------------------------------------------------------------------


PERSON_CHOICE_SCHEMA = {
    "oneOf": [
        {"type": "integer", "minimum": 1, "maximum": 2**63 - 1},
        {"type": "string", "enum": ["new"]},
    ],
    "nullable": True,
    "description": 'A person of the event\'s register (their id), or "new"; null or absent: an '
    "exact match (name and club) links by itself, a new person is made when nobody fits, "
    "otherwise 409 `person_to_confirm` offers the candidates.",
}


@extend_schema_field(PERSON_CHOICE_SCHEMA)
class PersonChoiceField(serializers.Field):
    """Who a registered name is (``services.people``): a person's id, ``"new"``, or null (the
    rule decides)."""

    default_error_messages = {"invalid": _('Must be the id of a person or "new".')}

    def __init__(self, **kwargs):
        super().__init__(allow_null=True, required=False, **kwargs)

    def to_internal_value(self, data):
        if data == NEW:
            return NEW
        if isinstance(data, bool) or not isinstance(data, int) or not 0 < data < 2**63:
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


class PlayerCreateSerializer(serializers.Serializer):
    """A player (individual events), or a team with its roster (team events), and who they are
    in the event's register (``person``; a team's ``people``, in the order of ``members``)."""

    name = NameField()
    members = serializers.ListField(
        child=NameField(),
        required=False,
        max_length=20,
        help_text="Team events: the team's roster (2-5 names).",
    )
    person = PersonChoiceField()
    people = serializers.ListField(
        child=PersonChoiceField(),
        required=False,
        max_length=20,
        help_text="Team events: who each member is, in the order of `members` (see `person`).",
    )

    def validate(self, attrs):
        if len(attrs.get("people", [])) > len(attrs.get("members", [])):
            raise serializers.ValidationError(
                {"people": [_("Give at most one person per member.")]}
            )
        return attrs


class LabelledList(serializers.ListSerializer):
    """A list whose entrants (``child.entrants_of`` each item) get their ``display_name`` in one
    query for the whole list, not one per item."""

    def to_representation(self, data):
        items = list(data.all() if hasattr(data, "all") else data)
        label_entrants(entrant for item in items for entrant in self.child.entrants_of(item))
        return super().to_representation(items)


DISPLAY_NAME_HELP = "The name as pages show it: equal names told apart by club or start number."


class EntrantSerializer(serializers.ModelSerializer):
    members = serializers.SerializerMethodField()
    active = serializers.BooleanField(read_only=True)
    display_name = serializers.CharField(read_only=True, help_text=DISPLAY_NAME_HELP)

    class Meta:
        model = Entrant
        fields = [
            "id",
            "name",
            "display_name",
            "event",
            "members",
            "joined_round",
            "withdrawn_after_round",
            "active",
        ]
        read_only_fields = fields
        list_serializer_class = LabelledList

    @staticmethod
    def entrants_of(entrant: Entrant) -> list[Entrant]:
        return [entrant]

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_members(self, entrant) -> list[str]:
        return entrant.member_names


class ReasonSerializer(serializers.Serializer):
    """An organizer's action with an optional reason for the history (reopening an event)."""

    reason = reason_field()


class WithdrawSerializer(ReasonSerializer):
    pass


# --- rounds and tables ----------------------------------------------------------------------------


def seat_rows(table: Table) -> list:
    """The seats of a table in position order (0-3 in Tichu, 0-5 in Tientsin)."""
    return sorted(table.seats.all(), key=lambda seat: seat.position)


def _shows_code(serializer, event_id: int) -> bool:
    return event_id in serializer.context.get("organized", ())


class TableInRoundSerializer(serializers.ModelSerializer):
    seats = serializers.SerializerMethodField(
        help_text=(
            "Entrant ids in seat order: 0-3 in Tichu (seats 0 and 2 partners), 0-5 in Tientsin "
            "(seats 0, 2, 4 against 1, 3, 5); in a team event the team in every seat of its side."
        )
    )
    seat_ids = serializers.SerializerMethodField(help_text="The seats' ids (for swapping).")
    # Not read-only: the schema lists every read-only field as always present, and the code is
    # left out for readers who do not organize the event (``to_representation``). Output only.
    code = serializers.CharField(
        required=False,
        help_text=("The captain's code: present for the organizers of the event only."),
    )
    opponents_code = serializers.CharField(
        required=False,
        help_text=(
            "The opponents' code, with which they confirm the table's hands: present for the "
            "organizers of the event only."
        ),
    )

    class Meta:
        model = Table
        fields = ["id", "number", "status", "seats", "seat_ids", "code", "opponents_code"]
        read_only_fields = fields

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_seats(self, table) -> list[int]:
        return [seat.entrant_id for seat in seat_rows(table) if seat is not None]

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_seat_ids(self, table) -> list[int]:
        return [seat.pk for seat in seat_rows(table) if seat is not None]

    def to_representation(self, table):
        data = super().to_representation(table)
        if not _shows_code(self, self.context.get("event_id_of_round", {}).get(table.round_id)):
            data.pop("code", None)
            data.pop("opponents_code", None)
        return data


class RoundInListSerializer(serializers.ModelSerializer):
    """A round in a list: without its tables (a round of a 40,000-player event has 10,000; a
    page of rounds would hold them all). Its tables: the round itself, or ``/api/tables/``."""

    byes = serializers.SerializerMethodField(help_text="Entrant ids without a table.")

    class Meta:
        model = Round
        fields = ["id", "event", "number", "status", "byes"]
        read_only_fields = fields

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_byes(self, rnd) -> list[int]:
        return [bye.entrant_id for bye in rnd.byes.all()]


class RoundSerializer(RoundInListSerializer):
    """A round with its tables."""

    tables = serializers.SerializerMethodField()

    class Meta(RoundInListSerializer.Meta):
        fields = ["id", "event", "number", "status", "tables", "byes"]
        read_only_fields = fields

    @extend_schema_field(TableInRoundSerializer(many=True))
    def get_tables(self, rnd):
        context = {**self.context, "event_id_of_round": {rnd.pk: rnd.event_id}}
        return TableInRoundSerializer(rnd.tables.all(), many=True, context=context).data


class EntrantRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    display_name = serializers.CharField(help_text=DISPLAY_NAME_HELP)


class SeatPlayerSerializer(EntrantRefSerializer):
    person = serializers.CharField(
        allow_null=True,
        help_text=(
            "In a team event, the member of the team's roster who plays this seat (chosen when the "
            "table is made: the roster's first members; changed by the captain or the organizer); "
            "null in an individual event or where nobody is named."
        ),
    )


class TableSerializer(TableInRoundSerializer):
    event = serializers.IntegerField(source="round.event_id", read_only=True)
    round_number = serializers.IntegerField(source="round.number", read_only=True)
    players = serializers.SerializerMethodField(help_text="Who sits in seats 0-3.")

    class Meta:
        model = Table
        fields = [
            "id",
            "event",
            "round",
            "round_number",
            "number",
            "status",
            "forfeited_by",
            "seats",
            "seat_ids",
            "players",
            "code",
            "opponents_code",
        ]
        read_only_fields = fields
        list_serializer_class = LabelledList

    @staticmethod
    def entrants_of(table: Table) -> list[Entrant]:
        return [seat.entrant for seat in table.seats.all()]

    @extend_schema_field(SeatPlayerSerializer(many=True))
    def get_players(self, table):
        seats = [seat for seat in seat_rows(table) if seat is not None]
        label_entrants(seat.entrant for seat in seats)
        return [
            {
                "id": seat.entrant_id,
                "name": seat.entrant.name,
                "display_name": seat.entrant.display_name,
                "person": seat.player.shown_name if seat.player_id else None,
            }
            for seat in seats
        ]

    def to_representation(self, table):
        data = serializers.ModelSerializer.to_representation(self, table)
        if not _shows_code(self, table.round.event_id):
            data.pop("code", None)
            data.pop("opponents_code", None)
        return data


class SwapSerializer(serializers.Serializer):
    seats = serializers.ListField(
        child=StrictIntegerField(min_value=1, max_value=MAX_ID),
        min_length=2,
        max_length=2,
        help_text="The ids of the two seats to swap.",
    )


class SwapResultSerializer(serializers.Serializer):
    warnings = serializers.ListField(child=serializers.CharField())
    round = RoundSerializer()


class WarningsSerializer(serializers.Serializer):
    warnings = serializers.ListField(child=serializers.CharField())


class TableCloseSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=Table.Status.choices)
    forfeited_by = serializers.ChoiceField(
        choices=[0, 1],
        required=False,
        allow_null=True,
        help_text="The team at fault on a forfeit (0: seats 0 and 2, 1: seats 1 and 3); "
        "required with status forfeited. A game without teams (every player for "
        "themself) has no forfeit: its table closes as averaged (400 `no_teams`).",
    )
    reason = reason_field()

    def validate(self, data):
        if data["status"] == Table.Status.FORFEITED and data.get("forfeited_by") is None:
            raise serializers.ValidationError(
                {"forfeited_by": _("Name the team that forfeits the table.")}
            )
        return data


# --- hands ----------------------------------------------------------------------------------------


class HandConfirmSerializer(serializers.Serializer):
    code = StrictCharField(
        max_length=16,
        required=False,
        help_text=(
            "The opponents' code of the table (printed on the table sheet beside the captain's; "
            "the organizers read it as the table's `opponents_code`). Required but for an "
            "organizer of the event."
        ),
    )
    totals = serializers.ListField(
        child=StrictIntegerField(),
        min_length=2,
        max_length=2,
        required=False,
        help_text=(
            "The teams' points the opponents read (team A, team B), where they confirmed "
            "away from the server (the captain's phone sends its confirmations when the "
            "connection returns): a hand recorded with other points answers 409 "
            "`hand_changed`, with the recorded totals in `stored`."
        ),
    )


class HandEntrySerializer(serializers.Serializer):
    """The engine's score entry (``scoring.entry``), for the schema; the engine checks it."""

    card_points = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        required=False,
        min_length=2,
        max_length=2,
        help_text="Team 0 (the even seats), team 1 (the odd).",
    )
    finish_order = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=11),
        required=False,
        max_length=12,
        help_text="Seats in the order they went out.",
    )
    calls = serializers.DictField(
        child=serializers.ChoiceField(["tichu", "grand", "blind"]),
        required=False,
        help_text='{"<seat>": "tichu"|"grand"|"blind"}',
    )
    tichu_success = serializers.DictField(child=serializers.BooleanField(), required=False)
    reason = serializers.CharField(
        required=False,
        max_length=300,
        help_text="Organizer's correction: why (kept in the history).",
    )
    typed_at = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="When the captain typed the hand on a phone that sends it later (kept with a "
        "new hand beside the time the server received it).",
    )
    passes = serializers.DictField(
        child=serializers.DictField(child=serializers.CharField()),
        required=False,
        help_text='A duplicate board\'s exchange (optional): {"<giving seat>": {"<receiving '
        'seat>": "<card>"}}, one card to each other seat, each a card the seat held on the '
        "board (refused with the engine's `pass_not_in_hand` otherwise).",
    )


# A sweep's team under each game's key (``scoring.variants``: a double victory, a triple...):
# the entry's keys are the engine's, so the schema lists every game's.
for _key in sorted(sweep_keys()):
    HandEntrySerializer._declared_fields[_key] = serializers.IntegerField(
        allow_null=True,
        required=False,
        min_value=0,
        max_value=1,
        help_text="The team whose players all went out before any opponent (a sweep), under "
        "the key of the game's sweep.",
    )


class HandResultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    number = serializers.IntegerField()
    totals = serializers.ListField(child=serializers.IntegerField())
    victory_points = serializers.ListField(child=serializers.IntegerField())
    result = serializers.ChoiceField(["created", "corrected", "unchanged"])
    entry = serializers.JSONField()
    credits = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="Games scored per player (Threechu): each table position's credit for the "
        'hand, {"position", "tp", "vp", "place"}.',
    )


class HandSerializer(serializers.ModelSerializer):
    round = serializers.IntegerField(source="table.round_id", read_only=True)
    # the API's name since its first version, for any game's sweep (``Hand.sweep_team``)
    double_victory = serializers.IntegerField(source="sweep_team", read_only=True, allow_null=True)
    totals = serializers.SerializerMethodField()
    victory_points = serializers.SerializerMethodField()
    credits = serializers.SerializerMethodField(
        help_text=(
            "Games scored per player (Threechu, Grand Seigneur): each table position's credit for "
            'the hand, {"position", "tp", "vp", "place"}; empty in a game of two '
            "teams."
        )
    )

    class Meta:
        model = Hand
        fields = [
            "id",
            "table",
            "round",
            "number",
            "entry",
            "totals",
            "victory_points",
            "double_victory",
            "credits",
            "confirmed_by_opponents",
            "replay",
            "created_at",
            "typed_at",
            "updated_at",
            "passes",
        ]
        read_only_fields = fields

    replay = serializers.SerializerMethodField(
        help_text=(
            "The hand's replay page (its hands, calls, exchange and tricks step by step), where "
            "the hand was recorded card by card (a simulated event's bots, a backup's); null "
            "otherwise. The record itself: the same address with `record.json` for `replay/`."
        )
    )

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_replay(self, hand) -> str | None:
        has_replay = getattr(hand, "has_replay", None)
        if has_replay is None:  # a hand not read as a list reads it (``HandQuerySet.listed``)
            has_replay = hand.play_record is not None
        if not has_replay:
            return None
        table = hand.table
        path = reverse(
            "event-hand-replay",
            args=[table.round.event_id, table.round.number, table.number, hand.number],
        )
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_credits(self, hand) -> list[dict]:
        return [
            {"position": c.position, "tp": c.tp, "vp": c.vp, "place": c.place}
            for c in hand.seat_credits.all()
        ]

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_totals(self, hand) -> list[int]:
        return [hand.tp_0, hand.tp_1]

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_victory_points(self, hand) -> list[int]:
        return [hand.vp_0, hand.vp_1]


def hand_result(hand: Hand, result: str, credits: dict | None = None) -> dict:
    """A recorded hand; ``credits`` (position -> (TP, VP, place)) in a game scored per player."""
    answer = {
        "id": hand.pk,
        "table": hand.table_id,
        "number": hand.number,
        "totals": [hand.tp_0, hand.tp_1],
        "victory_points": [hand.vp_0, hand.vp_1],
        "result": result,
        "entry": hand.entry,
    }
    if credits:
        answer["credits"] = [
            {"position": position, "tp": tp, "vp": vp, "place": place}
            for position, (tp, vp, place) in sorted(credits.items())
        ]
    return answer


# --- standings and history ------------------------------------------------------------------------


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        help_text="Shared by the rows equal on VP and every tie-break; the rows' order stays fixed."
    )
    tied = serializers.BooleanField(help_text='Another row shares this rank (shown as "3=").')
    player = EntrantRefSerializer(help_text="The entrant: a player, or a team in team events.")
    victory_points = serializers.IntegerField()
    tichu_points = serializers.IntegerField()
    hands_played = serializers.IntegerField()
    byes = serializers.IntegerField()
    adjustment_vp = serializers.IntegerField()
    adjustment_tp = serializers.IntegerField()
    tiebreaks = serializers.DictField(child=serializers.IntegerField())
    score = serializers.FloatField(
        allow_null=True,
        help_text="A duplicate event's total, which ranks it: the average percentage of the "
        "pair's boards (or its butler total); null in other events.",
    )


class StandingsSerializer(serializers.Serializer):
    up_to_date = serializers.BooleanField(help_text="False while a recomputation is pending.")
    count = serializers.IntegerField(help_text="Rows in the whole standings.")
    rows = StandingRowSerializer(
        many=True, help_text="Every row, or the slice `limit` and `offset` ask for."
    )


def standings_data(event: Event, rows, count: int) -> dict:
    """The standings' answer: ``rows`` (all, or a slice) of ``count`` in the event."""
    rows = list(rows)
    label_entrants(row.entrant for row in rows)
    return {
        "up_to_date": event.standings_up_to_date,
        "count": count,
        "rows": [
            {
                "rank": row.rank,
                "tied": row.tied > 1,
                "player": {
                    "id": row.entrant_id,
                    "name": row.entrant.name,
                    "display_name": row.entrant.display_name,
                },
                "victory_points": row.victory_points,
                "tichu_points": row.tichu_points,
                "hands_played": row.hands_played,
                "byes": row.byes,
                "adjustment_vp": row.adjustment_vp,
                "adjustment_tp": row.adjustment_tp,
                "tiebreaks": row.tiebreaks,
                "score": row.score,
            }
            for row in rows
        ],
    }


class ChangeListSerializer(serializers.ListSerializer):
    """A page of the history: which of its changes can be undone is asked once for the page."""

    def to_representation(self, data):
        changes = list(data.all() if hasattr(data, "all") else data)
        self.child.undoable = undoable_among(changes)
        return super().to_representation(changes)


class DifferingEntrySerializer(serializers.ModelSerializer):
    """A captain's entry refused for differing from the recorded hand (``DifferingEntry``)."""

    table = serializers.IntegerField(source="table_id", read_only=True)
    round = serializers.IntegerField(source="table.round_id", read_only=True)
    round_number = serializers.IntegerField(source="table.round.number", read_only=True)
    table_number = serializers.IntegerField(source="table.number", read_only=True)
    number = serializers.IntegerField(read_only=True, help_text="The hand's number at its table.")
    entry = serializers.JSONField(read_only=True, help_text="The entry as the phone sent it.")
    totals = serializers.SerializerMethodField(help_text="The teams' points of this entry.")
    recorded = serializers.SerializerMethodField(
        help_text='The hand recorded under this number: {"hand": its id, "totals"}.'
    )
    entered_by = serializers.CharField(read_only=True, help_text="Who sent it (a captain).")
    typed_at = serializers.DateTimeField(
        read_only=True, allow_null=True, help_text="When the phone says it was typed."
    )
    received_at = serializers.DateTimeField(read_only=True, help_text="When it arrived.")

    class Meta:
        model = DifferingEntry
        fields = [
            "id",
            "table",
            "round",
            "round_number",
            "table_number",
            "number",
            "entry",
            "totals",
            "recorded",
            "entered_by",
            "typed_at",
            "received_at",
        ]

    @extend_schema_field(
        {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
    )
    def get_totals(self, row) -> list[int]:
        return [row.tp_0, row.tp_1]

    @extend_schema_field(
        {
            "type": "object",
            "properties": {
                "hand": {"type": "integer"},
                "totals": {"type": "array", "items": {"type": "integer"}},
            },
            "required": ["hand", "totals"],
        }
    )
    def get_recorded(self, row) -> dict:
        return {"hand": row.recorded_id, "totals": [row.recorded_tp_0, row.recorded_tp_1]}


class ChangeSerializer(serializers.ModelSerializer):
    undoable = serializers.SerializerMethodField(
        help_text="Whether the change can be undone now: false once a later change changed the "
        "same thing (or the undo no longer fits, e.g. a swap of a published round)."
    )

    class Meta:
        model = Change
        fields = [
            "id",
            "event",
            "subject",
            "subject_id",
            "action",
            "actor",
            "old",
            "new",
            "reason",
            "created_at",
            "undoable",
        ]
        read_only_fields = fields
        list_serializer_class = ChangeListSerializer

    def get_undoable(self, change) -> bool:
        page = getattr(self, "undoable", None)  # set for a page by ``ChangeListSerializer``
        return change.pk in page if page is not None else is_undoable(change)


class ErrorSerializer(serializers.Serializer):
    """Every 4xx answer."""

    detail = serializers.CharField()
    code = serializers.CharField()
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))


class CandidateSerializer(serializers.Serializer):
    """A person of the register a registered name may mean, and why (``fit``)."""

    id = serializers.IntegerField(source="person.pk")
    name = serializers.CharField(source="person.name")
    club = serializers.CharField(source="person.club")
    fit = serializers.ChoiceField(choices=["exact", "other_club", "close_name"])


class ListedPersonSerializer(serializers.Serializer):
    """A person in a list of people (a series table, a ranking list): ``ListedPerson``."""

    id = serializers.IntegerField()
    public_id = serializers.CharField(
        allow_null=True,
        help_text="The person's public address: /people/{public_id}/ (null once erased).",
    )
    name = serializers.CharField(help_text='"erased player" once erased.')
    club = serializers.CharField(allow_blank=True)
    hidden = serializers.BooleanField(
        help_text="Hidden from public pages: listed to the register's organizers only."
    )


class RegistrationConflictSerializer(ErrorSerializer):
    """A refused registration: with ``person_to_confirm``, the people the name may be."""

    candidates = CandidateSerializer(
        many=True, required=False, help_text="With `person_to_confirm`: the people offered."
    )


class LimitedAuthTokenSerializer(AuthTokenSerializer):
    """DRF's token request, its password checked under the login limits per account at an
    address and per address (``tichu_site.limits``): 429 while either is used up, saying which
    and how long to wait (``Retry-After`` too)."""

    def validate(self, attrs):
        username, password = attrs.get("username"), attrs.get("password")
        if not (username and password):
            return super().validate(attrs)
        try:
            user = limited_authenticate(
                self.context.get("request"), username=username, password=password
            )
        except TooManyLogins as refusal:
            raise exceptions.Throttled(wait=refusal.wait, detail=refusal.reason) from None
        if not user:
            raise serializers.ValidationError(
                _("Unable to log in with provided credentials."), code="authorization"
            )
        return {**attrs, "user": user}


class TokenRequestSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
