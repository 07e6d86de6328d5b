"""The engine's refusals worded for people, in the reader's language (German or English).

The engine (``scoring``) is pure Python without Django: an ``InvalidHand`` carries a stable
``code`` and its ``params``, with an English sentence for the command line. The pages and the API
word here the codes a captain meets with the rules of their event (the calls, Chaos Tichu among
them), naming the table's teams where the caller knows them; any other code keeps the engine's
sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.translation import gettext as _

from scoring import InvalidHand


def _team(team: int, team_names: Sequence[str] | None) -> str:
    """A table team as the reader sees it: its players' names, or "team A"/"team B"."""
    if team_names and team_names[team]:
        return team_names[team]
    return (_("team A"), _("team B"))[team]


_WORDING: dict[str, Callable[[dict, Sequence[str] | None], str]] = {
    "chaos_grand_tichu_missing": lambda p, names: _(
        "Chaos Tichu: each team calls exactly one Grand Tichu every hand, and %(team)s called "
        "none. Mark the Grand Tichu of one of its players.") % {"team": _team(p["team"], names)},
    "two_grand_tichus": lambda p, names: _(
        "Only one player of %(team)s may call Grand Tichu.") % {"team": _team(p["team"], names)},
    "grand_tichu_not_allowed": lambda p, names: _("This event does not allow Grand Tichu."),
    "blind_grand_tichu_not_allowed": lambda p, names: _(
        "This event does not allow Blind Grand Tichu."),
}


def engine_message(error: InvalidHand, team_names: Sequence[str] | None = None) -> str:
    """The refusal in the active language; ``team_names`` are the table's teams (A, B)."""
    wording = _WORDING.get(error.code)
    if wording is None:
        return error.message
    try:
        return wording(error.params, team_names)
    except (KeyError, IndexError, TypeError):  # params not as expected: the engine's own words
        return error.message
