"""Stored codes in the reader's language: the status of an event, a round or a table, who made a
change, a call.

The database, the API and the backups keep codes in no language ("averaged", "captain:table 3",
"grand"); every page, message and export words them here, so that a status reads the same on a
badge, in a message and in the history, and an export says what the page says. Templates use
these as filters (``{% load words %}``: ``status_label``, ``status_tone``, ``actor_label``,
``actor_by``, ``call_label``).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..wording import actor_by, actor_label  # noqa: F401 - worded for the templates too

# A status, its words and the tone of its badge (``base.html``'s ``.badge.ok``, ``.warn``,
# ``.err``). An event's draft is worded by ``public/_event_status.html`` (its registration).
STATUSES = {
    "draft": (_("draft"), ""),
    "running": (_("running"), "warn"),
    "finished": (_("finished"), "ok"),
    "published": (_("being played"), "warn"),
    "complete": (_("complete"), "ok"),
    # Translators: a table's status (the organizer may close it as forfeited or averaged)
    "open": (pgettext_lazy("table status", "open"), ""),
    "forfeited": (_("forfeited"), "err"),
    "averaged": (_("averaged"), "err"),
}

CALL_WORDS = {"tichu": _("Tichu"), "grand": _("Grand Tichu"), "blind": _("Blind Grand Tichu")}


def status_label(status: str) -> str:
    """An event's, a round's or a table's status in the reader's language (the code itself
    if it is none of the known ones)."""
    found = STATUSES.get(status)
    return str(found[0]) if found else status


def status_tone(status: str) -> str:
    """The badge's tone of a status: "ok", "warn", "err" or "" (plain)."""
    found = STATUSES.get(status)
    return found[1] if found else ""


def call_label(call: str) -> str:
    """A call ("tichu", "grand", "blind") by its name in the reader's language."""
    found = CALL_WORDS.get(call)
    return str(found) if found else call


# Why a person of the register is offered for a name being registered (``services.people``).
FIT_WORDS = {
    "exact": _("same name and club"),
    "other_club": _("same name, another club or city"),
    "close_name": _("a similar name"),
}


def fit_label(fit: str) -> str:
    """Why a person is offered for a name, in the reader's language."""
    found = FIT_WORDS.get(fit)
    return str(found) if found else fit
