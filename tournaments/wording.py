"""The engine's refusals in the reader's language.

The rules engine (``scoring``) knows no language: an ``InvalidHand`` carries a stable ``code``,
the entry ``field`` at fault and the ``params`` its message names. Here each code gets a sentence
(gettext, so German and English), and its params are put in words: a seat becomes the name of
the player who sat there when the page knows the table (a captain reads "Anna", not "seat 0"),
a team its players' names; without names, "seat N" and "team N".

The engine and the API number seats from 0; a person reads and types them from 1 (a page's seat
column, Grand Seigneur's typed finish order). A page words a refusal with ``first_seat=1``, so
that every seat number it names is one more than the engine's; the API keeps the default 0, as
its entries number them.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring import VARIANTS, InvalidHand
from scoring.variants import TeamVariant

from .games import GAMES, side_name
from .page_engine import params_in_words
from .services.history import AUTOMATIC, CAPTAIN, HELPER, ORGANIZER, actor_kind

ENGINE_MESSAGES: dict[str, Promise] = {
    "entry_invalid": _("The score entry must be a mapping of fields."),
    "unknown_field": _("Unknown field “%(field)s” in the score entry."),
    "unknown_seat": _("%(value)s is not a seat: seats are %(first)s to %(last)s."),
    "card_points_missing": _("Enter the card points (or mark a sweep: the whole team out first)."),
    "card_points_invalid": _("Card points are two whole numbers, one per team."),
    "card_points_not_multiple_of_5": _("Card points always come in multiples of 5."),
    "card_points_range": _("A team's card points lie between %(min)s and %(max)s."),
    "card_points_sum": _(
        "The two teams' card points must add up to %(total)s (entered %(a)s + %(b)s = "
        "%(sum)s); a double victory is marked as such."
    ),
    "finish_order_invalid": _("The finish order is a list of seats in the order they went out."),
    "finish_order_incomplete": _("Enter the whole finish order: %(missing)s missing."),
    "finish_order_too_long": _(
        "The finish order names %(given)s seats, but the table has %(table_seats)s."
    ),
    "duplicate_seat": _("%(seat)s is named twice."),
    "calls_invalid": _("Calls map a seat to “tichu”, “grand” or “blind”."),
    "unknown_call": _("The call of %(seat)s is none of Tichu, Grand Tichu or Blind Grand Tichu."),
    "grand_tichu_not_allowed": _("This event does not allow Grand Tichu (%(seat)s)."),
    "blind_grand_tichu_not_allowed": _("This event does not allow Blind Grand Tichu (%(seat)s)."),
    "two_grand_tichus": _("Partners (%(seats)s) may not both call Grand Tichu."),
    "tichu_success_invalid": _("A call's outcome is true (made) or false (failed)."),
    "tick_not_caller": _("%(seat)s made no call: there is no call to mark made or failed."),
    "two_calls_made": _(
        "At most one call is made in a hand: only the first player out wins theirs."
    ),
    "tick_contradicts_finish_order": _(
        "The call of %(seat)s is marked %(made)s, but %(first_out)s went out first."
    ),
    "first_out_unknown": _("%(seat)s called: choose who went out first."),
    "chaos_grand_tichu_missing": _(
        "Chaos Tichu: each team calls one Grand Tichu every hand, and %(team)s called none."
    ),
    "dealer_missing": _("Threechu: enter the dealer, who played the dummy's hand."),
    "dealer_not_hands_dealer": _("Threechu: %(dealer)s deals this hand, not %(seat)s."),
    "dealer_grand_tichu": _("Threechu: the dealer (%(seat)s) may call Tichu, but not Grand Tichu."),
    "dummy_grand_tichu": _("Threechu: the dummy (%(seat)s) may call Tichu, but not Grand Tichu."),
    "no_team_totals": _("This game scores placings, not team totals."),
    "passes_invalid": _("The passes name, for a seat, the card it gave each other seat."),
    "pass_receivers": _("%(seat)s passes one card to each of the three other players."),
    "pass_card_unknown": _("“%(card)s” is not a card."),
    "pass_not_in_hand": _("%(seat)s did not hold %(card)s on board %(board)s."),
    "pass_card_twice": _("%(seat)s passes each card only once."),
}

SWEEP_MESSAGES = {
    "{sweep}_invalid": _("The {sweep} names the team that made it: 0, 1 or none."),
    "{sweep}_card_points": _(
        "After a {sweep} no card points are counted: leave them empty or enter %(a)s and %(b)s."
    ),
    "{sweep}_mismatch": _(
        "In a {sweep} the players of the team marked with it (%(team)s) go out before the "
        "others; %(seat)s is not one of them."
    ),
    "finish_order_{sweep}": _(
        "%(team)s went out before any of the others: enter this as a {sweep}."
    ),
    "tick_contradicts_{sweep}": _(
        "The call of %(seat)s is marked made, but the other team made a {sweep}."
    ),
}
"""The refusals about a sweep (``scoring.entry.SWEEP_CODES``), one sentence each for every game:
``{sweep}`` is the game's name for it (its class's ``sweep_label``: a double victory, a triple
victory), so a new game's sweep is worded without a sentence of its own."""


def _sweep_messages() -> dict[str, Promise]:
    """The sweep refusals of every registered game, by code."""
    engines = {game: VARIANTS[game.name] for game in GAMES.values()}
    labels = {
        engine.sweep_key: game.sweep_label
        for game, engine in engines.items()
        if issubclass(engine, TeamVariant)
    }
    return {
        code.format(sweep=key): format_lazy(message, sweep=label)
        for code, message in SWEEP_MESSAGES.items()
        for key, label in labels.items()
    }


ENGINE_MESSAGES.update(_sweep_messages())


def seat_in_words(seat: int, names: Mapping[int, str] | None, first_seat: int = 0) -> str:
    """The player's name at ``seat`` if known, else "seat N", numbered from ``first_seat`` (the
    API's 0, a person's 1)."""
    if names and names.get(seat):
        return names[seat]
    return gettext("seat %(n)s") % {"n": seat + first_seat}


def team_in_words(team: int, names: Mapping[int, str] | None) -> str:
    """A team (0: the even seats, 1: the odd ones) by its players' names if known, else
    "team N"."""
    members = [names[seat] for seat in sorted(names) if seat % 2 == team] if names else []
    if members:
        return side_name(members)  # a team's people with their team once
    return gettext("team %(n)s") % {"n": team}


def _in_words(code: str, params: Mapping, names: Mapping[int, str] | None, first_seat: int) -> dict:
    """The params as the code's message names them, seat numbers from ``first_seat``
    (``page_engine.params_in_words``, which the captain's page runs offline as well)."""
    return params_in_words(
        code,
        params,
        seat=lambda seat: seat_in_words(seat, names, first_seat),
        team=lambda team: team_in_words(team, names),
        made=made_in_words,
        first_seat=first_seat,
    )


def made_in_words(made: bool) -> str:
    """A call's outcome: "made" or "failed"."""
    return gettext("made") if made else gettext("failed")


def hand_error_message(
    error: InvalidHand, names: Mapping[int, str] | None = None, *, first_seat: int = 0
) -> str:
    """The engine's refusal as a sentence in the active language; ``names`` maps seats to the
    players' names when the reader sees a table; a seat still numbered is numbered from
    ``first_seat`` (1 on a page, 0 in the API)."""
    return str(ENGINE_MESSAGES[error.code]) % _in_words(error.code, error.params, names, first_seat)


PAIRING_WARNINGS = {
    "seated_twice": _("%(entrant)s is seated %(times)s times."),
    "not_seated": _("%(entrant)s is neither seated nor on a bye."),
    "not_active": _("%(entrant)s is seated but not an active entrant."),
    "table_size": _("Table %(table)s has %(seats)s seats instead of %(expected)s."),
    "rematch": _("%(a)s and %(b)s meet again at table %(table)s (%(before)s before)."),
    "partners_again": _(
        "%(a)s and %(b)s were partners before and are partners again at table %(table)s."
    ),
    "bye_again": _("%(entrant)s has a bye again (%(before)s before)."),
    "bye_again_unfair": _(
        "%(entrant)s sits out again (%(before)s before) while a seated player "
        "has sat out %(fewest)s."
    ),
    "bye_contender": _(
        "%(entrant)s sits out the last round but could still finish in the top three."
    ),
}
"""A broken pairing rule (``pairing.checks.Breach``) in words, by its code."""
TABLE_SIZES = _(
    "Table %(table)s has %(seats)s seats: a table of this game seats %(expected)s to %(largest)s."
)
"""``table_size`` where the game's tables may have several sizes (``largest`` given)."""

_ENTRANT_PARAMS = ("entrant", "a", "b")
_COUNT_PARAMS = ("before", "fewest")


def times_in_words(count: int) -> str:
    """How often: none, once, twice, n times."""
    words = {0: pgettext_lazy("how often", "none"), 1: _("once"), 2: _("twice")}
    return str(words[count]) if count in words else gettext("%(n)s times") % {"n": count}


def pairing_warning(breach, names: Mapping[int, str]) -> str:
    """One sentence in the reader's language for a broken pairing rule, entrants by name."""
    params = dict(breach.params)
    for key in _ENTRANT_PARAMS:
        if key in params:
            params[key] = names.get(params[key], f"#{params[key]}")
    for key in _COUNT_PARAMS:
        if key in params:
            params[key] = times_in_words(params[key])
    message = TABLE_SIZES if "largest" in params else PAIRING_WARNINGS[breach.code]
    return str(message) % params


PAIRING_REFUSALS = {
    "too_few_players": _(
        "%(count)s active players cannot fill a table: it takes at least %(minimum)s."
    ),
    "too_few_teams": _(
        "%(count)s active teams cannot fill a table: it takes at least %(minimum)s."
    ),
    "listed_twice": _("An entrant (#%(entrant)s) is listed twice for the draw."),
    "all_had_byes": _(
        "All %(teams)s teams have had a bye and none may have a second one: "
        "register or withdraw a team."
    ),
    "repeat_partner": _(
        "No seating of these %(players)s players avoids a repeat partner: with "
        "%(byes)s bye(s) given fairly, someone has already partnered every "
        "player still available."
    ),
    "no_such_round": _("This round robin has %(rounds)s rounds; there is no round %(round)s."),
    "no_such_movement_round": _(
        "This movement has %(rounds)s rounds; there is no round %(round)s."
    ),
    "duplicate_field": _(
        "A duplicate movement is for %(minimum)s to %(maximum)s pairs, not %(count)s."
    ),
    "unknown_method": _("Unknown pairing method “%(method)s”: one of %(known)s."),
    "table_shape": _(
        "An earlier round has a table of %(seats)s seats, which no pairing of this event seats."
    ),
}
"""A round the pairing cannot draw (``pairing.PairingError``) in words, by its code."""


def pairing_refusal(error) -> str:
    """Why the pairing refuses to draw a round, in the reader's language."""
    return str(PAIRING_REFUSALS[error.code]) % error.params


# --- who made a change -----------------------------------------------------------------------


def actor_label(actor: str) -> str:
    """Who made a change (``Hand.entered_by``, ``Change.actor``) on its own, as in a table's
    column: "anna (organizer)", "ben (helper)", "Captain of table 3", "automatic"."""
    kind, whom = actor_kind(actor)
    if kind == ORGANIZER:
        return gettext("%(name)s (organizer)") % {"name": whom}
    if kind == HELPER:
        return gettext("%(name)s (helper)") % {"name": whom}
    if kind == CAPTAIN:
        return gettext("Captain of table %(n)s") % {"n": whom}
    if kind == AUTOMATIC:
        return pgettext("who made a change", "automatic")
    return whom


def actor_by(actor: str) -> str:
    """Who made a change as the end of a sentence: "by anna (organizer)", "by the captain of
    table 3", "automatically"."""
    kind, whom = actor_kind(actor)
    if kind == CAPTAIN:
        return gettext("by the captain of table %(n)s") % {"n": whom}
    if kind == AUTOMATIC:
        return gettext("automatically")
    return gettext("by %(who)s") % {"who": actor_label(actor)}
