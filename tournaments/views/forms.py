"""Forms: they parse what a person typed into the shapes the services take, and nothing more.

Whether a hand is possible, who may enter it, what a format allows: the engine and the services
decide, and their messages are attached to these forms (``add_service_error``).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from scoring.entry import CARD_POINTS_TOTAL
from scoring.variants import sweep_keys

from ..card_words import deck_choices
from ..choices import BoardScoring
from ..formats import PRESET_LIST, PRESETS
from ..games import side_name
from ..models import CORRECTION_REQUEST_LENGTH
from ..services.clock import MAX_MINUTES
from ..wording import hand_error_message
from .player_files import (
    CONTROL,
    ENCODINGS,
    PLAYER_ROLES,
    TEAM_ROLES,
    PlayerFile,
    UnreadableFile,
    read_player_file,
    text_codec,
)
from .words import CALL_WORDS, STATUSES

# The engine's entry keys, mapped to the form fields that carry them.
ENTRY_FIELDS = {
    "card_points": "cp_0",
    "finish_order": "first_out",
    "calls": "calls",
    "tichu_success": None,
    "passes": "passes",
} | dict.fromkeys(sweep_keys(), "double_victory")
MAX_PLAYER_FILE = 256 * 1024
MAX_CONFIRMED_ROWS = 5000


class HandForm(forms.Form):
    """One hand as a score sheet holds it: calls, first out, a sweep, one team's points.

    ``seats`` are the table's seats (for the labels; their number is the table's size: 4 in
    Tichu, 6 in Tientsin, whose teams alternate round the table); ``calls`` the calls the event
    allows (the engine checks them again); ``chaos``: the event plays Chaos Tichu, so the form
    says that each team marks one Grand Tichu; ``sweep_key``: the score sheet's name of a sweep
    (the engine's ``sweep_key`` of the game), which the form's ``double_victory``
    field carries; ``passes``: a duplicate board, whose passes the table may record (a card
    for each other seat from each seat: ``pass_rows``), so that a fouled board can be found.
    """

    number = forms.IntegerField(label=_("Hand"), min_value=1)
    first_out = forms.ChoiceField(
        label=_("Went out first"), required=False, widget=forms.RadioSelect
    )
    double_victory = forms.ChoiceField(
        label=_("Double victory"), required=False, widget=forms.RadioSelect
    )
    cp_0 = forms.IntegerField(label=_("Card points team A"), required=False)
    cp_1 = forms.IntegerField(label=_("Card points team B"), required=False)
    # Which card points the page's script filled in (not typed): it may fill them in again.
    filled = forms.CharField(required=False, widget=forms.HiddenInput)

    engine_field = None
    engine_message = None

    def __init__(
        self,
        *args,
        seats,
        calls=("tichu",),
        chaos=False,
        numbers=None,
        sweep_key="double_victory",
        sweep_label=None,
        card_points_help="",
        number_labels=None,
        passes=False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        self.chaos = chaos
        self.sweep_key = sweep_key
        self.card_points_help = card_points_help % {"total": CARD_POINTS_TOTAL}
        names = {seat.position: seat.label for seat in self.seats}
        self.seat_names = names
        self.positions = list(range(max(4, max(names, default=0) + 1)))
        call_choices = [("", _("no call"))] + [(c, CALL_WORDS[c]) for c in calls]
        for position in self.positions:
            self.fields[f"call_{position}"] = forms.ChoiceField(
                label=names.get(position, position),
                required=False,
                choices=call_choices,
                widget=forms.RadioSelect,
            )
        self.fields["first_out"].choices = [("", _("not entered"))] + [
            (str(p), names.get(p, p)) for p in self.positions
        ]
        team_a = side_name(names.get(p, "") for p in self.positions[0::2])
        team_b = side_name(names.get(p, "") for p in self.positions[1::2])
        self.team_names = (team_a, team_b)
        self.fields["double_victory"].choices = [("", _("none")), ("0", team_a), ("1", team_b)]
        if sweep_label is not None:
            self.fields["double_victory"].label = capfirst(sweep_label)
        self.fields["cp_0"].label = _("Card points %(team)s") % {"team": team_a}
        self.fields["cp_1"].label = _("Card points %(team)s") % {"team": team_b}
        self.card_points_total = CARD_POINTS_TOTAL
        if numbers:
            labels = number_labels or {}
            self.fields["number"].widget = forms.Select(
                choices=[(n, labels.get(n, n)) for n in numbers]
            )
        else:  # the hand is fixed by the page (an organizer's entry or correction)
            self.fields["number"].widget = forms.HiddenInput()
        self.pass_rows = self._pass_fields(names) if passes else []

    def _pass_fields(self, names: dict) -> list[tuple[str, list]]:
        """A select of the deck for each card a seat passes, by the seat it went to: rows of
        (the seat that gave, its three fields). Any card may be chosen: the board's cards are
        not shown (another table may not have played it yet); the engine checks them."""
        deck = [("", "–"), *deck_choices()]
        rows = []
        for giver in range(4):
            fields = []
            for receiver in (r for r in range(4) if r != giver):
                name = f"pass_{giver}_{receiver}"
                self.fields[name] = forms.ChoiceField(
                    label=names.get(receiver, receiver), required=False, choices=deck
                )
                fields.append(self[name])
            rows.append((names.get(giver, giver), fields))
        return rows

    def passes(self) -> dict | None:
        """The passes chosen, as the engine records them (``scoring.boards.check_passes``):
        each seat that gave any, with what it gave to whom; None when none were chosen."""
        chosen: dict[str, dict[str, str]] = {}
        for giver in range(4) if self.pass_rows else ():
            given = {
                str(receiver): self.cleaned_data[f"pass_{giver}_{receiver}"]
                for receiver in range(4)
                if receiver != giver and self.cleaned_data.get(f"pass_{giver}_{receiver}")
            }
            if given:
                chosen[str(giver)] = given
        return chosen or None

    def clean_filled(self) -> str:
        """Only a card-points field's name; anything else means nothing was filled in."""
        value = self.cleaned_data.get("filled")
        return value if value in ("cp_0", "cp_1") else ""

    def call_fields(self):
        return [self[f"call_{position}"] for position in self.positions]

    def entry(self) -> dict:
        """The engine's score-entry shape from the cleaned data. One team's card points may be
        left empty: the deck's total minus the other's is filled in (what a score sheet does)."""
        data = self.cleaned_data
        a, b = data.get("cp_0"), data.get("cp_1")
        if a is None and b is None:
            card_points = None
        else:
            card_points = [
                a if a is not None else CARD_POINTS_TOTAL - b,
                b if b is not None else CARD_POINTS_TOTAL - a,
            ]
        first = data.get("first_out")
        double_victory = data.get("double_victory")
        return {
            "card_points": card_points,
            "finish_order": [int(first)] if first not in (None, "") else [],
            "calls": {str(p): data[f"call_{p}"] for p in self.positions if data.get(f"call_{p}")},
            self.sweep_key: int(double_victory) if double_victory not in (None, "") else None,
        }

    def add_engine_error(self, error) -> None:
        """Show the engine's refusal, worded with the players' names, next to the field it names
        (and above the form)."""
        self.engine_message = hand_error_message(error, self.seat_names, first_seat=1)
        self.add_error(None, self.engine_message)
        self.engine_field = ENTRY_FIELDS.get(error.field)

    @staticmethod
    def initial_from_entry(number: int, entry: dict | None) -> dict:
        """Form values that show a stored (canonical) entry again, for a correction."""
        initial = {"number": number}
        if not entry:
            return initial
        if entry.get("card_points"):
            initial["cp_0"], initial["cp_1"] = entry["card_points"]
            initial["filled"] = "cp_1"  # a correction of team A's points carries B's along
        if entry.get("finish_order"):
            initial["first_out"] = str(entry["finish_order"][0])
        sweep = next((entry[key] for key in sweep_keys() if entry.get(key) is not None), None)
        if sweep is not None:
            initial["double_victory"] = str(sweep)
        for seat, call in (entry.get("calls") or {}).items():
            initial[f"call_{seat}"] = call
        return initial


class LineupForm(forms.Form):
    """Who plays a team's seats at a table: a member of its roster for each seat, in seat order
    (``selectors.pages.Lineup``). Two teams' forms share a page: each has its team's prefix, and
    the button that sends it names the team."""

    def __init__(self, *args, lineup, **kwargs):
        super().__init__(*args, prefix=f"team{lineup.team}", **kwargs)
        self.lineup = lineup
        choices = [(player_id, name) for player_id, name in lineup.roster]
        for seat in lineup.seats:
            self.fields[f"seat_{seat.position}"] = forms.TypedChoiceField(
                label=_("Seat %(n)s") % {"n": seat.position + 1},
                choices=choices,
                coerce=int,
                initial=seat.player_id,
            )

    def player_ids(self) -> list[int]:
        return [self.cleaned_data[f"seat_{seat.position}"] for seat in self.lineup.seats]


class PlacingForm(forms.Form):
    """A hand of a game of placings (Grand Seigneur): the finish order, entered by tapping the
    players' names in the order they went out (the page's script writes the seats into
    ``finish_order``; without it they are typed, comma-separated seat numbers from 1). The last
    player may be left out."""

    number = forms.IntegerField(label=_("Hand"), min_value=1)
    finish_order = forms.CharField(label=_("Finish order"), required=False, max_length=100)

    engine_field = None
    engine_message = None
    placing = True

    def __init__(self, *args, seats, numbers=None, **kwargs):
        kwargs.pop("calls", None), kwargs.pop("chaos", None)  # a game of placings has no calls
        super().__init__(*args, **kwargs)
        self.seats = sorted(seats, key=lambda seat: seat.position)
        self.seat_names = {seat.position: seat.label for seat in self.seats}
        self.team_names = ("", "")
        if numbers:
            self.fields["number"].widget = forms.Select(choices=[(n, n) for n in numbers])
        else:
            self.fields["number"].widget = forms.HiddenInput()

    def clean_finish_order(self) -> list[int]:
        text = (self.cleaned_data.get("finish_order") or "").replace(" ", "")
        try:
            return [int(part) - 1 for part in text.split(",") if part]
        except ValueError:
            raise forms.ValidationError(
                _(
                    "The finish order is the players' seat numbers in the "
                    "order they went out, separated by commas."
                )
            ) from None

    def entry(self) -> dict:
        return {"finish_order": self.cleaned_data.get("finish_order") or []}

    def passes(self) -> None:
        """A game of placings is never a duplicate board: no passes are recorded."""
        return None

    def add_engine_error(self, error) -> None:
        self.engine_message = hand_error_message(error, self.seat_names, first_seat=1)
        self.add_error(None, self.engine_message)
        self.engine_field = "finish_order"

    @staticmethod
    def initial_from_entry(number: int, entry: dict | None) -> dict:
        initial: dict = {"number": number}
        if entry and entry.get("finish_order"):
            initial["finish_order"] = ",".join(str(s + 1) for s in entry["finish_order"])
        return initial


class CorrectionForm(HandForm):
    """An organizer's correction of a recorded hand's score (its passes stay as recorded)."""

    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)

    def __init__(self, *args, **kwargs):
        kwargs.pop("passes", None)
        super().__init__(*args, **kwargs)


class PlacingCorrectionForm(PlacingForm):
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)


def hand_form_class(game, *, correction: bool = False) -> type[HandForm] | type[PlacingForm]:
    """The form a hand of ``game`` is entered with: a game of placings takes its finish order,
    any other game a score sheet's calls, first out, sweep and card points; ``correction``: a
    recorded hand's, with the organizer's reason. The captain's and the organizer's pages (and
    the tests of every game) take it from here."""
    if game.placings:
        return PlacingCorrectionForm if correction else PlacingForm
    return CorrectionForm if correction else HandForm


class OpponentsCodeForm(forms.Form):
    """The opponents' code, typed by the opponents to confirm a hand (on the captain's phone or
    their own), after they have read the whole hand."""

    code = forms.CharField(
        label=_("Opponents' code"),
        max_length=16,
        strip=True,
        help_text=_("Printed on the table sheet, beside the captain's code."),
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "size": 8,
            }
        ),
    )


class CorrectionRequestForm(forms.Form):
    """A captain's request that the organizer correct a saved hand: what is wrong."""

    text = forms.CharField(
        label=_("What is wrong?"),
        max_length=CORRECTION_REQUEST_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("The organizer sees this on the results desk and corrects the hand."),
    )


def add_service_error(form: forms.Form, error) -> None:
    """A service's refusal, on the field it names when the form has one."""
    field = error.field if error.field in form.fields else None
    form.add_error(field, error.message)


class EventCreateForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    preset = forms.ChoiceField(
        label=_("Format"), choices=[(preset.name, preset.description) for preset in PRESET_LIST]
    )
    rounds = forms.IntegerField(
        label=_("Rounds"), required=False, help_text=_("Empty: the format's default.")
    )
    hands_per_round = forms.IntegerField(
        label=_("Hands per round"),
        required=False,
        help_text=_(
            "Empty: the format's default. In a cup: the hands of a game, instead of a target."
        ),
    )
    game_to = forms.IntegerField(
        label=_("Game to (points)"),
        required=False,
        help_text=_("Cups and leagues: empty for the format's default."),
    )
    best_of = forms.IntegerField(
        label=_("Best of (games per match)"), required=False, help_text=_("Cups: an odd number.")
    )
    best_of_from = forms.ChoiceField(
        label=_("Best of from"),
        required=False,
        choices=[
            ("", _("the format's default")),
            ("all", _("every match")),
            ("quarter_final", _("Quarter-finals")),
            ("semi_final", _("Semi-finals")),
            ("final", _("Final")),
        ],
    )
    third_place = forms.BooleanField(label=_("Third-place match"), required=False)
    groups = forms.IntegerField(
        label=_("Groups"),
        required=False,
        help_text=_("Groups, then a knockout cup: how many groups."),
    )
    advance = forms.IntegerField(label=_("Advance per group"), required=False)
    board_scoring = forms.ChoiceField(
        label=_("Boards scored by"),
        required=False,
        choices=[("", _("the format's default"))] + list(BoardScoring.choices),
        help_text=_("Duplicate: the hands per round are the boards of a round."),
    )

    def overrides(self) -> dict:
        data = self.cleaned_data
        overrides = {}
        if data.get("rounds") is not None:
            overrides["rounds"] = data["rounds"]
        if data.get("hands_per_round") is not None:
            overrides["hands_per_round"] = data["hands_per_round"]
            preset = PRESETS.get(data.get("preset"))
            if preset is not None and preset.is_cup and data.get("game_to") is None:
                overrides["game_to"] = None  # a number of hands instead of the target
        for name in ("game_to", "best_of", "groups", "advance"):
            if data.get(name) is not None:
                overrides[name] = data[name]
        if data.get("best_of_from"):
            overrides["best_of_from"] = (
                None if data["best_of_from"] == "all" else data["best_of_from"]
            )
        if data.get("third_place"):
            overrides["third_place"] = True
        if data.get("board_scoring"):
            overrides["board_scoring"] = data["board_scoring"]
        return overrides


class PlayersForm(forms.Form):
    """Players one per line, or teams as "Team name; member1; member2"; or a file of either (CSV
    or XLSX).

    A file is read (``player_files``: encoding, delimiter, header and what each column holds
    found) and shown in a preview first: ``preview`` holds it, ``roles`` what each column holds,
    ``nameless`` the rows left out for want of a name, and nothing is registered until the
    organizer confirms the rows (``rows``: a player as [name, club], a team as [name, members...]),
    which come back as ``confirmed_rows`` (JSON). The preview may ask to read the same file in
    another ``encoding`` or with other roles of its columns (``column_0``, ``column_1``...): its
    bytes come back by their ``upload`` token through ``kept`` (the view's lookup of the file it
    kept). Typed lines alone are registered at once. ``team``: the event registers teams.
    """

    lines = forms.CharField(
        label=_("Names"), required=False, widget=forms.Textarea(attrs={"rows": 8})
    )
    file = forms.FileField(
        label=_("or a file (CSV or XLSX)"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.txt,.xlsx"}),
    )
    # A Field, not a CharField: the latter refused a NUL as an error of this hidden field,
    # which the page does not show; ``_confirmed`` refuses it with the rest.
    confirmed_rows = forms.Field(required=False, widget=forms.HiddenInput)
    upload = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)
    encoding = forms.CharField(label=_("Encoding"), required=False, max_length=40)

    def __init__(
        self,
        *args,
        kept: Callable[[str], bytes | None] = lambda token: None,
        team: bool = False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.kept = kept
        self.team = team

    def clean_encoding(self) -> str | None:
        name = self.cleaned_data["encoding"]
        if not name:
            return None
        codec = text_codec(name)
        if codec is None:
            raise forms.ValidationError(_("Choose an encoding of the list."))
        return codec

    def clean(self):
        data = super().clean()
        data["preview"] = None
        if data.get("confirmed_rows"):
            data["rows"] = _confirmed(data["confirmed_rows"])
            return data
        rows = []
        data["upload_data"] = self._upload_data(data)
        if data["upload_data"] is not None:
            read = data["preview"] = self._read(data["upload_data"], data.get("encoding"))
            data["roles"] = self._roles(read)
            entries, data["nameless"] = read.entries(data["roles"], self.team)
            rows += entries
        text = data.get("lines") or ""
        rows += parse_rows(text) if self.team else self._typed_players(text)
        data["rows"] = rows
        if not rows and data["preview"] is not None:
            self.add_error(
                None,
                _("No row has a name: choose the column that holds the names.")
                if not self.team
                else _("No row has a team name: choose the column that holds them."),
            )
        elif not rows:
            raise forms.ValidationError(_("Enter at least one name."))
        return data

    @staticmethod
    def _typed_players(text: str) -> list[list[str]]:
        """Typed players, a line each: a name, or a name; a club or city. A comma is part of the
        name ("Schmidt, Hans" as a list wrote it): the lines were once split at commas too, and
        all but the first cell dropped, so that "Schmidt, Hans" registered "Schmidt"."""
        rows = []
        for number, line in enumerate(text.splitlines(), start=1):  # as the box numbers them
            if not line.strip():
                continue
            cells = [cell.strip() for cell in line.split(";")]
            if len(cells) > 2 or not cells[0]:
                raise forms.ValidationError(
                    _("Line %(n)d: a player a line, as 'Name' or 'Name; club or city'.")
                    % {"n": number}
                )
            rows.append(cells if len(cells) == 2 and cells[1] else cells[:1])
        return rows

    def _roles(self, read: PlayerFile) -> list[str]:
        """What each column of the file holds: as the preview chose (``column_N``), else as
        guessed from the file."""
        allowed = TEAM_ROLES if self.team else PLAYER_ROLES
        guessed = read.guess_roles(self.team)
        return [
            self.data.get(f"column_{i}") if self.data.get(f"column_{i}") in allowed else guessed[i]
            for i in range(read.width)
        ]

    def _upload_data(self, data: dict) -> bytes | None:
        """The bytes of the file uploaded now, or of the one kept for the preview."""
        upload = data.get("file")
        if upload:
            if upload.size > MAX_PLAYER_FILE:
                raise forms.ValidationError(_("The file is too large."))
            return upload.read()
        if not data.get("upload"):
            return None
        kept = self.kept(data["upload"])
        if kept is None:
            raise forms.ValidationError(
                _("The uploaded file is no longer at hand: upload it again.")
            )
        return kept

    def _read(self, upload_data: bytes, encoding: str | None) -> PlayerFile:
        """The file read in ``encoding``, or in the one found. When the bytes are no text in the
        encoding chosen, the error is the encoding's and the file is read as found (the preview
        shows both)."""
        try:
            return read_player_file(upload_data, encoding)
        except (UnreadableFile, UnicodeDecodeError):
            pass
        try:  # without a choice, the same reading again: it fails the same
            read = read_player_file(upload_data)
        except (UnreadableFile, UnicodeDecodeError):
            raise forms.ValidationError(
                _("The file could not be read: save it as CSV or XLSX.")
            ) from None
        self.add_error(
            "encoding",
            _("The file is no text in %(encoding)s: it is shown as %(detected)s.")
            % {"encoding": ENCODINGS.get(encoding, encoding), "detected": read.encoding_label},
        )
        return read


def _confirmed(value: str) -> list[list[str]]:
    """The rows a preview showed, as the organizer confirmed them: a list of lists of names,
    each a name a file could give (``player_files``: valid Unicode, no control characters).
    Anything else, JSON malformed or nested deeper than rows (10,000 brackets overflow the
    parser's stack: a ``RecursionError``), is a damaged confirmation: refused, nothing saved. A
    NUL or a lone surrogate reached the database (a 500 on PostgreSQL)."""
    try:
        rows = json.loads(value)
    except (ValueError, RecursionError):
        rows = None
    if (
        not isinstance(rows, list)
        or not rows
        or len(rows) > MAX_CONFIRMED_ROWS
        or not all(isinstance(row, list) and row and all(map(_is_name, row)) for row in rows)
    ):
        raise forms.ValidationError(_("The confirmed list is damaged: upload the file again."))
    return rows


def _is_name(cell) -> bool:
    """Text a file's cell could hold: a string of valid Unicode without control characters."""
    if not isinstance(cell, str) or CONTROL.search(cell):
        return False
    try:
        cell.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return False
    return True


def parse_rows(text: str) -> list[list[str]]:
    """Rows of names from text: one row a line, cells split at ";" (or "," in a CSV)."""
    rows: list[list[str]] = []
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return rows
    delimiter = ";" if any(";" in line for line in lines) else ","
    for cells in csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter):
        cells = [cell.strip() for cell in cells if cell.strip()]
        if cells:
            rows.append(cells)
    return rows


class SwapForm(forms.Form):
    """Two seats of a draft to swap, or a seat and a player on a bye (``bye-<entrant id>``): the
    bye moves to the player in the seat."""

    seat_a = forms.ChoiceField(label=_("Seat"))
    seat_b = forms.ChoiceField(label=_("swap with"))

    def __init__(self, *args, seats=(), byes=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [
            (str(s.pk), f"{_('Table')} {s.table.number} · {s.position + 1} · {s.label}")
            for s in seats
        ]
        choices += [(f"bye-{b.entrant_id}", f"{_('Bye')} · {b.entrant.display_name}") for b in byes]
        self.fields["seat_a"].choices = choices
        self.fields["seat_b"].choices = choices

    def clean(self):
        data = super().clean()
        picked = [data.get("seat_a"), data.get("seat_b")]
        if None in picked:
            return data
        byes = [value for value in picked if value.startswith("bye-")]
        if len(byes) == 2:
            raise forms.ValidationError(_("Choose a seat for the player on a bye."))
        data["bye"] = int(byes[0].removeprefix("bye-")) if byes else None
        data["seats"] = [int(value) for value in picked if not value.startswith("bye-")]
        return data


AVERAGED_ONLY = _(
    "Every player here plays for themself: a table is closed as averaged (the "
    "rules know a forfeit by a team only)."
)
"""Why a table without teams offers no forfeit (RULINGS.md, "Closing a table before all its
hands are in": a forfeit credits the team not at fault)."""


class TableCloseForm(forms.Form):
    """How to close a table. ``sides``: the sides the table may be forfeited by, (index, name),
    from its game (``TableGame.forfeit_sides``: the two teams by their players' names); none at
    a table without teams, where the form offers averaged only and says why (``note``)."""

    CLOSINGS = [
        ("forfeited", STATUSES["forfeited"][0]),
        ("averaged", STATUSES["averaged"][0]),
        ("open", _("open again")),
    ]
    status = forms.ChoiceField(label=_("Close as"), choices=CLOSINGS)
    forfeited_by = forms.TypedChoiceField(
        label=_("Forfeited by"), required=False, coerce=int, empty_value=None
    )
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)

    def __init__(self, *args, sides: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.note = None
        forfeited_by, status = self.fields["forfeited_by"], self.fields["status"]
        assert isinstance(forfeited_by, forms.ChoiceField) and isinstance(status, forms.ChoiceField)
        if sides:
            forfeited_by.choices = [("", "—"), *((str(index), name) for index, name in sides)]
            return
        del self.fields["forfeited_by"]
        status.choices = [choice for choice in self.CLOSINGS if choice[0] != "forfeited"]
        self.note = AVERAGED_ONLY

    def clean(self):
        data = super().clean()
        if data.get("status") == "forfeited" and data.get("forfeited_by") is None:
            self.add_error("forfeited_by", _("Name the team that forfeits the table."))
        return data


CLOSINGS = {
    "averaged": ("averaged", None),
    "forfeited-0": ("forfeited", 0),
    "forfeited-1": ("forfeited", 1),
}
"""The finish page's choices (a forfeit only at a table of teams, the service checks)."""


def closing_choices(data) -> dict[int, tuple[str, int | None]] | None:
    """The finish page's choice for each table not done (``close-<table id>``: averaged,
    forfeited by team A or B), as ``rounds.event_finish_now`` takes it; None if one is not a
    choice offered."""
    closing = {}
    for key, value in data.items():
        if not key.startswith("close-"):
            continue
        table_id = key.removeprefix("close-")
        if not (table_id.isascii() and table_id.isdigit() and len(table_id) <= 18) or (
            value not in CLOSINGS
        ):
            return None
        closing[int(table_id)] = CLOSINGS[value]
    return closing


class EntrantForm(forms.Form):
    """A player's name and the club or city that tells them apart from another of that name."""

    name = forms.CharField(label=_("Name"), max_length=100)
    club = forms.CharField(label=_("Club or city"), max_length=100, required=False)


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)


class ClockForm(forms.Form):
    """A button of the round clock (``services.clock``); start and extend with their minutes."""

    action = forms.ChoiceField(
        choices=[(action, action) for action in ("start", "pause", "resume", "extend", "reset")]
    )
    minutes = forms.IntegerField(
        label=_("Minutes"), min_value=1, max_value=MAX_MINUTES, required=False
    )

    def clean(self):
        data = super().clean()
        if data.get("action") in ("start", "extend") and not data.get("minutes"):
            self.add_error("minutes", _("Give the time in minutes."))
        return data


class HelperForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)


class ArtificialResultForm(forms.Form):
    """An organizer's artificial result of a duplicate board at a table: one kind per direction
    (East-West as North-South's when left empty); no kind removes it."""

    number = forms.TypedChoiceField(label=_("Board"), coerce=int)
    ns = forms.ChoiceField(label=_("North-South"), required=False)
    ew = forms.ChoiceField(label=_("East-West"), required=False)

    def __init__(self, *args, boards, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"].choices = [
            (spot.number, _("Board %(n)s") % {"n": spot.board}) for spot in boards.values()
        ]
        kinds = [
            ("average", _("average (50%)")),
            ("average_plus", _("average plus (60%)")),
            ("average_minus", _("average minus (40%)")),
        ]
        self.fields["ns"].choices = [("", _("none (remove)"))] + kinds
        self.fields["ew"].choices = [("", _("as North-South"))] + kinds
