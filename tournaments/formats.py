"""Formats: the shape of an event as data, a preset plus the organizer's overrides.

A format decides the entrants (individuals with rotating partners, or fixed teams of two), the
number of rounds and how long a round is at a table (a fixed number of hands, or a game to 1000),
the rule options of the engine (``scoring.Rules``), the victory-point scheme, the pairing method,
the tie-break chain after victory points, and what a bye is worth.

Presets:

- ``dtm``: the German championship ("Einzelspielermodus"): individuals, 6 rounds of 4 hands, a
  random partner draw with no partner twice, opponents by standings after round 1, DTM victory
  points per hand (3/2/1/0), double victory 100, no Grand Tichu, ties broken by total Tichu points.
- ``chaos_dtm``: the DTM played as Chaos Tichu (RULINGS.md "Chaos Tichu"): every hand each team
  calls exactly one Grand Tichu. Chaos is a rule option (``rules.chaos``) of any four-player
  format; this preset is the usual side event, for convenience.
- each game's own preset, under the game's name: declared by its class in ``tournaments.games``
  (``TableGame.preset``: its short name, its description and its format's values), listed
  after the DTM's, in the order of ``GAMES``.
- ``team_swiss``: fixed teams of two, Swiss pairing, DTM victory points per hand.
- ``league``: fixed teams, round robin (circle method), one game to 1000 per match day; or a fixed
  number of hands with ``hands_per_round`` and ``game_to: null``.
- ``knockout``: a cup of fixed teams, single elimination, one game to 1000 per match and the best
  of 3 from the semi-finals (the online clubs' team cups); ``third_place`` adds a match for third.
- ``groups_knockout``: teams drawn into groups (snake seeding, a round robin in each), the top
  ``advance`` of each crossed into a knockout bracket (``tournaments.knockout``).

The choices are registries, looked up in one place each: the pairing methods (round draws and
cups) in ``pairing.factory.PAIRING_METHODS``, the victory-point schemes in
``standings.vp_schemes.VP_SCHEMES``, the tie-breaks in ``standings.tiebreaks.TIEBREAKS``; the
entrant types, bye credits and seedings are ``choices`` (``TextChoices``). A format stores their
names as plain strings, so its JSON (``as_dict``) is the same whatever the classes become.

In a cup, ``hands_per_round`` is the hands of one game (equal totals then play on), ``best_of``
the games of a match from the stage ``best_of_from`` (``semi_final``...; null: every match), and
``seeding`` says where the seeds come from: the organizer's order, or the standings of the event
``seeding_event``.

``duplicate``: Duplicate Tichu for pairs (RULINGS.md, "Duplicate Tichu"): the tables of a round
come from a movement (``duplicate.movement``), ``hands_per_round`` are the boards of a round,
dealt from the event's seed (``scoring.boards``), ``rounds`` null for every pair meeting every
other once; ``board_scoring`` scores the boards by matchpoints (percentages) or a butler score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace

from django.utils.functional import Promise, lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring import DTM, STANDARD, Rules
from scoring.rules import MAX_DOUBLE_VICTORY_POINTS

from .choices import BoardScoring, ByeCredit, EntrantType, Seeding
from .errors import FormatError
from .games import GAMES
from .knockout.bracket import MAX_BEST_OF
from .knockout.groups import MAX_ADVANCE, MAX_GROUPS
from .pairing.base import Pairing
from .pairing.factory import PAIRING_METHODS
from .standings.tiebreaks import TIEBREAKS
from .standings.vp_schemes import VP_SCHEMES, VictoryPoints


def _listed(choices) -> str:
    """Choices as a message names them: ``a, b, c``."""
    return ", ".join(str(choice) for choice in choices)


def _chosen_table_sizes() -> tuple[int, int]:
    """The smallest and largest table an event may prefer (``rules.players``), over the games
    whose event chooses its tables' size (``sized_tables``)."""
    sizes = [size for game in GAMES.values() if game.sized_tables for size in game.allowed_sizes()]
    return min(sizes), max(sizes)


LIMITS: dict[str, tuple[int, int]] = {
    "rounds": (1, 200),
    "hands_per_round": (1, 64),
    "game_to": (100, 10000),
    "forfeit_tp": (0, 1000),
    "best_of": (1, MAX_BEST_OF),
    "groups": (0, MAX_GROUPS),  # 0: no groups; a cup with groups has at least 2
    "advance": (1, MAX_ADVANCE),
    "double_victory_points": (5, MAX_DOUBLE_VICTORY_POINTS),  # a rule option, checked by Rules
    "players": _chosen_table_sizes(),  # a rule option, checked by the game (scoring.variants)
}
"""The smallest and largest value of each whole-number setting, the one statement of them:
``Format`` refuses a value outside (the rule options: ``scoring.Rules``, whose bounds these
are), the API's serializers take their ``min_value``/``max_value`` (so the OpenAPI schema states
them) and the settings form its fields' bounds from here."""

RULE_LIMITS = ("double_victory_points", "players")
"""The limited values that are rule options (``Format.rules``), not fields of ``Format``."""

_LIMIT_MESSAGES = {
    "rounds": gettext_lazy("The number of rounds must be between %(min)s and %(max)s."),
    "hands_per_round": gettext_lazy("The hands per round must be between %(min)s and %(max)s."),
    "game_to": gettext_lazy("A game's target must be between %(min)s and %(max)s."),
    "forfeit_tp": gettext_lazy(
        "The TP a forfeit credits per hand: a multiple of 5 from %(min)s to %(max)s."
    ),
}


def _limit_message(name: str) -> str:
    message = _LIMIT_MESSAGES.get(
        name, gettext_lazy("%(name)s must be between %(min)s and %(max)s.")
    )
    low, high = LIMITS[name]
    return str(message) % {"name": name, "min": low, "max": high}


limit_message = lazy(_limit_message, str)
"""Why a value of ``name`` outside its ``LIMITS`` is refused, in the reader's language when
read (the serializers and the form refuse with the domain's words)."""


def _check_limits(fmt: Format) -> None:
    """Refuse a whole-number field of ``fmt`` outside its ``LIMITS`` (None: not set)."""
    for name, (low, high) in LIMITS.items():
        value = getattr(fmt, name, None) if name not in RULE_LIMITS else None
        if value is not None and not low <= value <= high:
            raise FormatError(name, _limit_message(name))


@dataclass(frozen=True)
class Format:
    """Everything that makes one event's tournament rules; stored on the event as JSON."""

    entrant_type: str = EntrantType.INDIVIDUAL
    rounds: int | None = 6
    hands_per_round: int | None = 4
    game_to: int | None = None
    rules: Rules = field(default_factory=lambda: DTM)
    vp_scheme: str = "dtm"  # a name in VP_SCHEMES
    pairing: str = "individual"  # a name in PAIRING_METHODS
    double_round_robin: bool = False
    tiebreaks: tuple[str, ...] = ("tichu_points",)
    bye_credit: str = ByeCredit.AVERAGE
    # TP a missing hand of a forfeited table credits to the team not at fault (RULINGS: 0, or 100)
    forfeit_tp: int = 0
    best_of: int = 1
    best_of_from: str | None = None
    third_place: bool = False
    groups: int = 0
    advance: int = 2
    seeding: str = Seeding.ORGANIZER
    seeding_event: int | None = None
    # A round is complete only when the opponents have confirmed every hand of its open tables.
    confirmation_required: bool = False
    # Duplicate (a pairing method that deals boards): how a board is scored (BoardScoring)
    board_scoring: str = BoardScoring.MATCHPOINTS

    def __post_init__(self):
        self._check()

    def _check(self) -> None:
        found = GAMES.get(self.rules.game)
        if found is None:
            raise FormatError(
                "rules",
                _("Events do not run %(game)s yet; they run %(choices)s.")
                % {"game": self.rules.game, "choices": _listed(GAMES)},
            )
        game = found.for_rules(self.rules)
        if self.entrant_type == EntrantType.TEAM and not game.team_entrants:
            raise FormatError(
                "entrant_type",
                _("%(game)s is played by individuals, not by teams.") % {"game": self.rules.game},
            )
        if (
            self.pairing in PAIRING_METHODS
            and PAIRING_METHODS[self.pairing].is_cup
            and not game.cups
        ):
            raise FormatError("pairing", _("A cup plays four-player Tichu only."))
        if game.per_seat and self.pairing != "individual":
            raise FormatError(
                "pairing",
                _("%(game)s seats individuals: its pairing is individual.")
                % {"game": self.rules.game},
            )
        if game.vp_schemes is not None and self.vp_scheme not in game.vp_schemes:
            raise FormatError(
                "vp_scheme",
                _("%(game)s is scored per hand (vp_scheme %(choices)s).")
                % {"game": self.rules.game, "choices": _listed(game.vp_schemes)},
            )
        if (
            game.hands_multiple > 1
            and self.hands_per_round is not None
            and self.hands_per_round % game.hands_multiple
        ):
            raise FormatError(
                "hands_per_round",
                _(
                    "In %(game)s the hands per round are a multiple of %(n)s, so that every player "
                    "deals equally often."
                )
                % {"game": self.rules.game, "n": game.hands_multiple},
            )
        unsupported = [
            t for t in self.tiebreaks if game.tiebreaks is not None and t not in game.tiebreaks
        ]
        if unsupported:
            raise FormatError(
                "tiebreaks",
                _("%(game)s ranks ties by %(choices)s only.")
                % {"game": self.rules.game, "choices": _listed(game.tiebreaks)},
            )
        if self.entrant_type not in EntrantType.values:
            raise FormatError(
                "entrant_type",
                _("entrant_type must be one of %(choices)s.")
                % {"choices": _listed(EntrantType.values)},
            )
        if self.pairing not in PAIRING_METHODS:
            raise FormatError(
                "pairing",
                _("pairing must be one of %(choices)s.") % {"choices": _listed(PAIRING_METHODS)},
            )
        method = PAIRING_METHODS[self.pairing]
        if method.entrant_type != self.entrant_type:
            raise FormatError(
                "pairing",
                _(
                    "Individual pairing is for individual entrants only, "
                    "swiss and round_robin for teams."
                ),
            )
        _check_limits(self)
        if self.rounds is None and not method.open_rounds:
            raise FormatError(
                "rounds", _("Only a round robin or a cup may leave the number of rounds open.")
            )
        if (self.hands_per_round is None) == (self.game_to is None):
            raise FormatError(
                "hands_per_round", _("Set either the hands per round or the game's target.")
            )
        if self.vp_scheme not in VP_SCHEMES:
            raise FormatError(
                "vp_scheme",
                _("vp_scheme must be one of %(choices)s.") % {"choices": _listed(VP_SCHEMES)},
            )
        VP_SCHEMES[self.vp_scheme].check_format(self)
        if self.forfeit_tp % 5:
            raise FormatError(
                "forfeit_tp",
                str(_LIMIT_MESSAGES["forfeit_tp"])
                % dict(zip(("min", "max"), LIMITS["forfeit_tp"], strict=True)),
            )
        if self.bye_credit not in ByeCredit.values:
            raise FormatError(
                "bye_credit",
                _("bye_credit must be one of %(choices)s.")
                % {"choices": _listed(ByeCredit.values)},
            )
        unknown = [t for t in self.tiebreaks if t not in TIEBREAKS]
        if unknown:
            raise FormatError(
                "tiebreaks",
                _("Unknown tie-breaks %(unknown)s; known: %(choices)s.")
                % {"unknown": _listed(unknown), "choices": _listed(TIEBREAKS)},
            )
        if self.board_scoring not in BoardScoring.values:
            raise FormatError(
                "board_scoring",
                _("board_scoring must be one of %(choices)s.")
                % {"choices": _listed(BoardScoring.values)},
            )
        method.check_format(self)

    @property
    def pairing_method(self) -> type[Pairing]:
        """The class of the format's pairing method (``pairing.factory.PAIRING_METHODS``)."""
        return PAIRING_METHODS[self.pairing]

    @property
    def victory_points(self) -> VictoryPoints:
        """The format's victory-point scheme (``standings.vp_schemes.VP_SCHEMES``)."""
        return VP_SCHEMES[self.vp_scheme]

    @property
    def game(self):
        """The tables of the game the format plays (``tournaments.games``): seats, teams."""
        from .games import game_of

        return game_of(self)

    @property
    def is_duplicate(self) -> bool:
        """Tables play boards dealt in advance, scored against the other tables' results of the
        same board (``duplicate``): ``hands_per_round`` are the boards of a round."""
        return self.pairing_method.deals_boards

    @property
    def standing_columns(self):
        """The totals the standings show (``games.columns``): the game's, or a duplicate
        event's percentage (or butler score) instead of its victory points."""
        from .games.columns import BUTLER_SCORE, PERCENTAGE, TICHU_POINTS

        if not self.is_duplicate:
            return self.game.standing_columns
        if self.board_scoring == BoardScoring.BUTLER:
            return (BUTLER_SCORE, TICHU_POINTS)
        return (PERCENTAGE, TICHU_POINTS)

    @property
    def hand_columns(self):
        """Each side's numbers in a hand's row: the game's, or a duplicate board's Tichu points
        and result, which its matchpoints compare (a board scores no VP)."""
        from .games.columns import BOARD_RESULT, TICHU_POINTS

        return (TICHU_POINTS, BOARD_RESULT) if self.is_duplicate else self.game.hand_columns

    @property
    def total_columns(self):
        """Each side's numbers in a table's total: the game's, or a duplicate table's Tichu
        points alone (its boards are scored against the other tables, not summed in VP)."""
        from .games.columns import TICHU_POINTS

        return (TICHU_POINTS,) if self.is_duplicate else self.game.total_columns

    @property
    def export_columns(self):
        """Each side's numbers of a hand in the results export: the game's, a duplicate board's
        result in place of its VP."""
        from .games.columns import BOARD_RESULT, VICTORY_POINTS

        columns = self.game.export_columns
        if not self.is_duplicate:
            return columns
        return tuple(BOARD_RESULT if column is VICTORY_POINTS else column for column in columns)

    def board_results(self, team_points) -> tuple[int, int] | None:
        """A duplicate board's result for each side, what its matchpoints compare: the side's
        Tichu points minus the other's (RULINGS.md, "Duplicate Tichu"); None outside duplicate
        or while a side's points are unknown."""
        from .duplicate.matchpoints import board_result

        if not self.is_duplicate or len(team_points) != 2 or None in team_points:
            return None
        return board_result(team_points, 0), board_result(team_points, 1)

    def hand_sides(self, hand, positions) -> list[dict]:
        """Each side's numbers of a stored hand (``hand_columns``'s keys): the game's, with a
        duplicate board's result beside them."""
        sides = self.game.hand_sides(hand, positions)
        results = self.board_results([side.get("tp") for side in sides])
        if results is not None:
            sides[0]["result"], sides[1]["result"] = results
        return sides

    @property
    def scores_victory_points(self) -> bool:
        """Whether its hands and rounds give VP: a duplicate board is scored against the other
        tables instead (its pages show results, matchpoints and percentages)."""
        return not self.is_duplicate

    @property
    def played_label(self):
        """The heading of the count of hands an entrant played: a duplicate event's hands are
        its boards."""
        return gettext_lazy("Boards") if self.is_duplicate else gettext_lazy("Hands")

    @property
    def played_total_label(self):
        """The heading of the total of hands an entrant played (``played_label``'s)."""
        return gettext_lazy("Boards played") if self.is_duplicate else gettext_lazy("Hands played")

    @property
    def seats_partners(self) -> bool:
        """Individuals play hands with partners (the draw's, or the deal's in Threechu): their
        pages list partners. A team (a duplicate pair) is its own partnership, a game of
        placings has none."""
        return self.entrant_type == EntrantType.INDIVIDUAL and not self.game.placings

    @property
    def round_partner_column(self) -> bool:
        """A player's rounds name their partner where the draw seats one for the round (in
        Threechu the partner changes with the deal: its rounds name who sat at the table)."""
        return self.seats_partners and self.game.teams

    @property
    def hand_heading(self):
        """What a table's numbered hand is called where its hands are listed: a duplicate
        table's hands are boards, numbered across the event (``hand_label``)."""
        return gettext_lazy("Board") if self.is_duplicate else gettext_lazy("Hand")

    def hand_label(self, round_number: int, number: int) -> int:
        """The number a reader knows hand ``number`` of a table in round ``round_number`` by:
        a duplicate table's board (``pairing.duplicate.board_number``), else the hand's own."""
        if not self.is_duplicate:
            return number
        from .pairing.duplicate import board_number

        return board_number(round_number, number, self.hands_per_round or 1)

    @property
    def is_cup(self) -> bool:
        """A knockout cup (with or without groups): matches come from ``tournaments.knockout``."""
        return self.pairing_method.is_cup

    @property
    def open_ended(self) -> bool:
        """Hands of a table are entered in order until its game is decided (``game_winner``)."""
        return self.game_to is not None or self.is_cup

    def game_winner(self, totals, hands: int) -> int | None:
        """The table team that won the table's game, or None while it goes on (open-ended
        formats only: a fixed round of hands outside a cup has no winner of its own)."""
        from .knockout.games import game_winner

        return game_winner(totals, hands, target=self.game_to, hands_per_game=self.hands_per_round)

    def play_is_over(self, hands: int, totals: Sequence[int]) -> bool:
        """Whether a table has played its round out: all its ``hands_per_round``, or, in an
        open-ended format, its game decided by its TP ``totals`` after ``hands`` hands
        (``game_winner``). The one statement of the rule (``Table.is_done`` adds the organizer's
        closing; the standings' SQL restates it, ``standings.vp_schemes``' ``table_vp``, tested to
        agree)."""
        if not self.open_ended:
            return hands >= self.hands_per_round
        return self.game_winner(totals, hands) is not None

    def as_dict(self) -> dict:
        """JSON-ready form, stored on the event."""
        data = asdict(self)
        data["rules"] = self.rules.as_dict()
        data["tiebreaks"] = list(self.tiebreaks)
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Format:
        return resolve_format(None, data)


@dataclass(frozen=True)
class Preset:
    """A named starting point for an event: its format, a short name for lists and headings, and
    a line saying what it is for the form that creates an event (both in the reader's language).
    A new preset is an entry of ``PRESET_LIST``; forms, the API and the commands list them all."""

    name: str
    format: Format
    label: str | Promise
    description: str | Promise


def game_format(game) -> Format:
    """The format of a game's own preset (``TableGame.preset``, which it must have): the
    standard rules playing the game with the preset's rule options, and the preset's format
    values. A game registered later (a test's toy game) has no entry in ``PRESETS``: its event
    starts from any preset with this format as its overrides (``Format.as_dict``)."""
    preset = game.preset
    return Format(rules=STANDARD.replace(game=game.name, **preset.rules), **preset.format)


def _game_presets() -> tuple[Preset, ...]:
    """Each game's own preset, as its class declares it, in the order of ``GAMES``."""
    return tuple(
        Preset(game.name, game_format(game), game.preset.label, game.preset.description)
        for game in GAMES.values()
        if game.preset is not None
    )


# Translators: the presets' short names head an event's page and fill the organizer's list.
PRESET_LIST: tuple[Preset, ...] = (
    Preset(
        "dtm", Format(), gettext_lazy("DTM"), gettext_lazy("DTM: individuals, rotating partners")
    ),
    Preset(
        "chaos_dtm",
        Format(rules=DTM.replace(chaos=True)),
        gettext_lazy("Chaos Tichu DTM"),
        gettext_lazy("Chaos Tichu DTM: every team calls a Grand Tichu every hand"),
    ),
    *_game_presets(),
    Preset(
        "team_swiss",
        Format(
            entrant_type=EntrantType.TEAM, pairing="swiss", rounds=6, hands_per_round=4, rules=DTM
        ),
        gettext_lazy("Teams, Swiss"),
        gettext_lazy("Teams of two, Swiss"),
    ),
    Preset(
        "duplicate",
        Format(
            entrant_type=EntrantType.TEAM,
            pairing="duplicate",
            rounds=None,
            hands_per_round=3,
            rules=STANDARD,
            bye_credit=ByeCredit.NONE,
        ),
        gettext_lazy("Duplicate pairs"),
        gettext_lazy("Duplicate: pairs play the same boards, scored by matchpoints"),
    ),
    Preset(
        "league",
        Format(
            entrant_type=EntrantType.TEAM,
            pairing="round_robin",
            rounds=None,
            hands_per_round=None,
            game_to=1000,
            rules=STANDARD,
            vp_scheme="game",
            bye_credit=ByeCredit.NONE,
        ),
        gettext_lazy("League"),
        gettext_lazy("League: teams, round robin, games to 1000"),
    ),
    Preset(
        "knockout",
        Format(
            entrant_type=EntrantType.TEAM,
            pairing="knockout",
            rounds=None,
            hands_per_round=None,
            game_to=1000,
            rules=STANDARD,
            vp_scheme="game",
            bye_credit=ByeCredit.NONE,
            best_of=3,
            best_of_from="semi_final",
        ),
        gettext_lazy("Knockout cup"),
        gettext_lazy("Knockout cup: teams, games to 1000, best of 3 from the semi-finals"),
    ),
    Preset(
        "groups_knockout",
        Format(
            entrant_type=EntrantType.TEAM,
            pairing="groups_knockout",
            rounds=None,
            hands_per_round=None,
            game_to=1000,
            rules=STANDARD,
            vp_scheme="game",
            bye_credit=ByeCredit.NONE,
            groups=2,
            advance=2,
        ),
        gettext_lazy("Groups, then knockout"),
        gettext_lazy("Groups, then a knockout cup"),
    ),
)
PRESET_INFO: dict[str, Preset] = {preset.name: preset for preset in PRESET_LIST}
PRESETS: dict[str, Format] = {preset.name: preset.format for preset in PRESET_LIST}
"""Each preset's format by its name."""


def resolve_format(preset: str | None, overrides: dict | None = None) -> Format:
    """A preset with the organizer's overrides applied and checked.

    ``overrides`` may hold any field of ``Format``; ``rules`` is a partial mapping of rule options
    applied over the preset's rules. Unknown names and wrong types raise ``FormatError``.
    """
    if preset is None:
        base = Format()
    elif preset in PRESETS:
        base = PRESETS[preset]
    else:
        raise FormatError(
            "format",
            _("Unknown format %(name)s; choose one of %(choices)s.")
            % {"name": repr(preset), "choices": _listed(PRESETS)},
        )
    overrides = dict(overrides or {})
    known = {f.name for f in fields(Format)}
    unknown = set(overrides) - known
    if unknown:
        name = sorted(unknown)[0]
        raise FormatError(name, _("%(name)s is not a format setting.") % {"name": repr(name)})
    if "rules" in overrides:
        rules = overrides["rules"]
        if isinstance(rules, Rules):
            overrides["rules"] = rules
        elif isinstance(rules, dict):
            try:
                overrides["rules"] = Rules.from_dict({**base.rules.as_dict(), **rules})
            except (TypeError, ValueError) as error:
                raise FormatError("rules", str(error)) from None
        else:
            raise FormatError("rules", _("rules must be a mapping of rule options."))
    if "tiebreaks" in overrides:
        if not isinstance(overrides["tiebreaks"], list | tuple):
            raise FormatError("tiebreaks", _("tiebreaks must be a list."))
        overrides["tiebreaks"] = tuple(overrides["tiebreaks"])
    _check_types(overrides)
    return replace(base, **overrides)


_INT_OR_NONE = (
    "rounds",
    "hands_per_round",
    "game_to",
    "best_of",
    "groups",
    "advance",
    "seeding_event",
    "forfeit_tp",
)
_STRINGS = ("entrant_type", "vp_scheme", "pairing", "bye_credit", "seeding", "board_scoring")
_BOOLEANS = ("double_round_robin", "third_place", "confirmation_required")


def _check_types(overrides: dict) -> None:
    for name in _INT_OR_NONE:
        value = overrides.get(name)
        if (
            name in overrides
            and value is not None
            and (not isinstance(value, int) or isinstance(value, bool))
        ):
            raise FormatError(name, _("%(name)s must be a whole number or null.") % {"name": name})
    for name in _STRINGS:
        if name in overrides and not isinstance(overrides[name], str):
            raise FormatError(name, _("%(name)s must be text.") % {"name": name})
    for name in _BOOLEANS:
        if name in overrides and not isinstance(overrides[name], bool):
            raise FormatError(name, _("%(name)s must be true or false.") % {"name": name})
    for name in ("best_of", "groups", "advance", "forfeit_tp"):
        if name in overrides and overrides[name] is None:
            raise FormatError(name, _("%(name)s must be a whole number.") % {"name": name})
    if overrides.get("best_of_from") is not None and not isinstance(overrides["best_of_from"], str):
        raise FormatError("best_of_from", _("best_of_from must be the name of a stage or null."))
    for tiebreak in overrides.get("tiebreaks", ()):
        if not isinstance(tiebreak, str):
            raise FormatError("tiebreaks", _("tiebreaks must be a list of names."))
