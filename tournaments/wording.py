"""The engine's refusals in the reader's language.

The rules engine (``scoring``) knows no language: an ``InvalidHand`` carries a stable ``code``,
the entry ``field`` at fault and the ``params`` its message names. Here each code gets a sentence
(gettext, so German and English), and its params are put in words: a seat becomes the name of
the player who sat there when the page knows the table (a captain reads "Anna", not "seat 0"),
else "seat N" as the API's entries number them.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import InvalidHand

# The params that name a seat (0-3).
SEAT_PARAMS = ("seat", "partner", "first_out")

ENGINE_MESSAGES = {
    "entry_invalid": _("The score entry must be a mapping of fields."),
    "unknown_field": _("Unknown field “%(name)s” in the score entry."),
    "unknown_seat": _("%(value)s is not a seat: seats are 0, 1, 2 and 3."),
    "double_victory_invalid": _("Double victory names the team that made it: 0, 1 or none."),
    "card_points_missing": _("Enter the card points (or mark a double victory)."),
    "card_points_invalid": _("Card points are two whole numbers, one per team."),
    "double_victory_card_points": _(
        "After a double victory no card points are counted: leave them empty or enter "
        "%(a)s and %(b)s."),
    "card_points_not_multiple_of_5": _("Card points always come in multiples of 5."),
    "card_points_range": _("A team's card points lie between %(low)s and %(high)s."),
    "card_points_sum": _(
        "The two teams' card points must add up to %(total)s (entered %(a)s + %(b)s = "
        "%(sum)s); a double victory is marked as such."),
    "finish_order_invalid": _("The finish order is a list of seats in the order they went out."),
    "duplicate_seat": _("%(seat)s is named twice."),
    "finish_order_double_victory": _(
        "Partners went out first and second: enter this as a double victory."),
    "double_victory_mismatch": _(
        "In a double victory the first two players out are the partners of the team marked "
        "with it."),
    "calls_invalid": _("Calls map a seat to “tichu”, “grand” or “blind”."),
    "unknown_call": _("%(value)s is not a call: use “tichu”, “grand” or “blind”."),
    "grand_tichu_not_allowed": _("This event does not allow Grand Tichu."),
    "blind_grand_tichu_not_allowed": _("This event does not allow Blind Grand Tichu."),
    "two_grand_tichus": _("Partners (%(seat)s and %(partner)s) may not both call Grand Tichu."),
    "tichu_success_invalid": _("A call's outcome is true (made) or false (failed)."),
    "tick_not_caller": _("%(seat)s made no call, so their call cannot be made or failed."),
    "two_calls_made": _(
        "At most one call is made in a hand: only the first player out wins theirs."),
    "tick_contradicts_finish_order": _(
        "%(seat)s's call is marked %(made)s, but %(first_out)s went out first."),
    "tick_contradicts_double_victory": _(
        "%(seat)s's call is marked made, but the other team made a double victory."),
    "first_out_unknown": _("%(seat)s called: choose who went out first."),
}


def seat_in_words(seat: int, names: Mapping[int, str] | None) -> str:
    """The player's name at ``seat`` if known, else "seat N" (the API's numbering, 0-3)."""
    if names and names.get(seat):
        return names[seat]
    return gettext("seat %(n)s") % {"n": seat}


def hand_error_message(error: InvalidHand, names: Mapping[int, str] | None = None) -> str:
    """The engine's refusal as a sentence in the active language; ``names`` maps seats to the
    players' names when the reader sees a table."""
    params = dict(error.params)
    for key in SEAT_PARAMS:
        if key in params:
            params[key] = seat_in_words(params[key], names)
    if "made" in params:
        params["made"] = gettext("made") if params["made"] else gettext("failed")
    return str(ENGINE_MESSAGES[error.code]) % params
