"""The event's settings as a form on its organizer page: every format value, the locked ones
shown but disabled (``services.settings`` says which), errors beside their field."""

from __future__ import annotations

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from ..choices import ByeCredit, Seeding
from ..formats import LIMITS, limit_message
from ..models import Event
from ..pairing import RoundRobinPairing
from ..services.history import ServiceError
from ..services.settings import LOCKED_ONCE_PUBLISHED, locked_fields
from ..standings.tiebreaks import tiebreak_choices
from ..standings.vp_schemes import vp_scheme_choices

TIEBREAK_FIELDS = ("tiebreak_1", "tiebreak_2", "tiebreak_3")
RULE_OPTIONS = (
    "double_victory_points",
    "grand_tichu_allowed",
    "blind_grand_tichu",
    "dragon_kept_when_last",
    "mahjong_in_bomb",
    "chaos",
    "players",
)
CUP_FIELDS = (
    "best_of",
    "best_of_from",
    "third_place",
    "groups",
    "advance",
    "seeding",
    "seeding_event",
)
GROUP_FIELDS = ("groups", "advance")
# a cup's stages as the form and the history word them ("" is every match)
CUP_VALUE_LABELS = {
    "": _("every match"),
    "quarter_final": _("Quarter-finals"),
    "semi_final": _("Semi-finals"),
    "final": _("Final"),
}


def limited(name: str) -> dict:
    """A field's ``min_value`` and ``max_value``: the format's ``LIMITS`` of the value, refused
    in the domain's words."""
    low, high = LIMITS[name]
    return {
        "min_value": low,
        "max_value": high,
        "error_messages": dict.fromkeys(("min_value", "max_value"), limit_message(name)),
    }


def value_labels() -> dict[str, Promise]:
    """Every choice's label by its value, from the registries: what the history words a
    changed setting with."""
    return {
        **CUP_VALUE_LABELS,
        **dict(Seeding.choices),
        **dict(ByeCredit.choices),
        **dict(vp_scheme_choices()),
    }


class EventSettingsForm(forms.Form):
    rounds = forms.IntegerField(
        label=_("Rounds"),
        required=False,
        **limited("rounds"),
        help_text=_("Empty in a round robin: as many as it needs."),
    )
    hands_per_round = forms.IntegerField(
        label=_("Hands per round"), required=False, **limited("hands_per_round")
    )
    game_to = forms.IntegerField(
        label=_("Game to (points)"),
        required=False,
        **limited("game_to"),
        help_text=_("Instead of hands per round."),
    )
    vp_scheme = forms.ChoiceField(label=_("Victory points"), choices=vp_scheme_choices)
    tiebreak_1 = forms.ChoiceField(label=_("Tie-break 1"), required=False)
    tiebreak_2 = forms.ChoiceField(label=_("Tie-break 2"), required=False)
    tiebreak_3 = forms.ChoiceField(label=_("Tie-break 3"), required=False)
    bye_credit = forms.ChoiceField(label=_("A bye is worth"), choices=ByeCredit.choices)
    forfeit_tp = forms.IntegerField(
        label=_("TP per missing hand of a forfeit, for the team not at fault"),
        required=False,
        **limited("forfeit_tp"),
        step_size=5,
        help_text=_("Empty or 0: none; or for example 100."),
    )
    confirmation_required = forms.BooleanField(
        label=_("A round is complete only when the opponents confirmed every hand"), required=False
    )
    double_round_robin = forms.BooleanField(label=_("Double round robin"), required=False)
    best_of = forms.IntegerField(
        label=_("Best of (games per match)"),
        **limited("best_of"),
        help_text=_("Cups: an odd number."),
    )
    best_of_from = forms.ChoiceField(
        label=_("Best of from"),
        required=False,
        choices=[
            (value, CUP_VALUE_LABELS[value])
            for value in ("", "quarter_final", "semi_final", "final")
        ],
    )
    third_place = forms.BooleanField(label=_("Third-place match"), required=False)
    groups = forms.IntegerField(label=_("Groups"), **limited("groups"))
    advance = forms.IntegerField(label=_("Advance per group"), **limited("advance"))
    seeding = forms.ChoiceField(label=_("Seeds from"), choices=Seeding.choices)
    seeding_event = forms.ChoiceField(
        label=_("Seeding event"), required=False, help_text=_("Its standings seed the cup.")
    )
    double_victory_points = forms.IntegerField(
        label=_("Points for a double victory"), **limited("double_victory_points")
    )
    grand_tichu_allowed = forms.BooleanField(label=_("Grand Tichu allowed"), required=False)
    blind_grand_tichu = forms.BooleanField(label=_("Blind Grand Tichu (±400)"), required=False)
    dragon_kept_when_last = forms.BooleanField(
        label=_("The Dragon is kept when it wins the last trick"), required=False
    )
    mahjong_in_bomb = forms.BooleanField(
        label=_("The Mah Jong may be the 1 of a straight flush bomb"), required=False
    )
    chaos = forms.BooleanField(
        label=_("Chaos Tichu: each team calls exactly one Grand Tichu every hand"), required=False
    )
    players = forms.IntegerField(
        label=_("Players at a table (the preferred size)"),
        required=False,
        **limited("players"),
        help_text=_("A field that does not divide sits at tables of mixed sizes, 5 to 12."),
    )

    def __init__(self, *args, event: Event, **kwargs):
        data = event.format.as_dict()  # the stored values, and the defaults of newer ones
        initial = {name: data.get(name) for name in self.base_fields if name in data}
        initial.update({name: data["rules"].get(name) for name in RULE_OPTIONS})
        for field, value in zip(
            TIEBREAK_FIELDS, [*data.get("tiebreaks", []), "", "", ""], strict=False
        ):
            initial[field] = value
        super().__init__(*args, initial=initial, **kwargs)
        choices = [("", _("—")), *tiebreak_choices()]
        for field in TIEBREAK_FIELDS:
            self.fields[field].choices = choices
        if data.get("pairing") != RoundRobinPairing.method:
            del self.fields["double_round_robin"]
        self._cup_fields(event)
        if not event.format.game.sized_tables:  # only a game of tables of several sizes
            del self.fields["players"]
        self.locked = locked_fields(event)
        self.results_locked = LOCKED_ONCE_PUBLISHED[0] in self.locked
        for name, field in self.fields.items():
            if self.format_name(name) in self.locked:
                field.disabled = True

    def _cup_fields(self, event: Event) -> None:
        """A cup's values, only in a cup (groups only with groups); the seeding event one of
        the organizer's other events."""
        if not event.format.is_cup:
            for name in CUP_FIELDS:
                del self.fields[name]
            return
        if not event.format.groups:
            for name in GROUP_FIELDS:
                del self.fields[name]
        others = Event.objects.filter(owner_id=event.owner_id).exclude(pk=event.pk)
        self.fields["seeding_event"].choices = [
            ("", "—"),
            *((str(pk), name) for pk, name in others.order_by("-pk").values_list("pk", "name")),
        ]
        self.initial["best_of_from"] = self.initial.get("best_of_from") or ""
        self.initial["seeding_event"] = str(self.initial.get("seeding_event") or "")

    @staticmethod
    def format_name(field: str) -> str:
        """The format value a form field edits (the rule options are one value, ``rules``)."""
        if field in RULE_OPTIONS:
            return "rules"
        return "tiebreaks" if field in TIEBREAK_FIELDS else field

    def clean(self):
        data = super().clean()
        chosen = [data.get(field) for field in TIEBREAK_FIELDS if data.get(field)]
        if len(set(chosen)) != len(chosen):
            self.add_error("tiebreak_2", _("Each tie-break once."))
        return data

    def changes(self) -> dict:
        """The form's values as format overrides (``services.settings``)."""
        data = self.cleaned_data
        changes = {
            name: data[name]
            for name in self.fields
            if self.format_name(name) == name and name in data
        }
        if "forfeit_tp" in changes:
            changes["forfeit_tp"] = changes["forfeit_tp"] or 0
        if "best_of_from" in changes:
            changes["best_of_from"] = changes["best_of_from"] or None
        if "seeding_event" in changes:
            changes["seeding_event"] = int(changes["seeding_event"] or 0) or None
        changes["tiebreaks"] = [data[field] for field in TIEBREAK_FIELDS if data.get(field)]
        changes["rules"] = {name: data[name] for name in RULE_OPTIONS if name in self.fields}
        return changes

    def add_service_error(self, error: ServiceError) -> None:
        """A refusal of the service beside the field it names."""
        field = {"rules": "double_victory_points", "tiebreaks": "tiebreak_1"}.get(
            error.field, error.field
        )
        self.add_error(field if field in self.fields else None, error.message)
