"""What a button that cannot be taken back in one tap will do, in words, for the page that asks
the organizer to confirm it (issue 23): withdraw a player, close a table, pair a draft again,
draw the cup, finish the event, undo a change.

The page is rendered on the server (it works without JavaScript): the button leads to it (GET),
and only its own form acts (POST). Each builder returns the page's context for
``organizer/confirm.html``: the question, what will happen (naming the player, the table or the
round), the label of the button that does it and where "Cancel" goes back to. The rules stay in
the services; these only word what the services will do.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..models import Change, Entrant, Event, Round, Table
from ..selectors.pages import TableView
from .forms import AVERAGED_ONLY, ReasonForm
from .words import status_label


def _page(
    event: Event,
    *,
    question: str,
    consequences: list[str],
    confirm: str,
    action: str,
    cancel: str,
    hidden: dict | None = None,
    reason: bool = True,
    **extra,
) -> dict:
    return {
        "event": event,
        "question": question,
        "consequences": consequences,
        "confirm_label": confirm,
        "action": action,
        "cancel": cancel,
        "hidden": sorted((hidden or {}).items()),
        "reason_form": ReasonForm(initial=extra.pop("reason_initial", None)) if reason else None,
        **extra,
    }


def withdraw(event: Event, entrant: Entrant, paired: int, draft: Round | None) -> dict:
    """``paired``: the rounds played so far (``events.rounds_paired``); ``draft`` a draft round
    that seats the entrant."""
    name = entrant.display_name
    lines = [
        _(
            "%(name)s is not paired from round %(n)d on. The hands already played stay in "
            "the standings."
        )
        % {"name": name, "n": paired + 1}
    ]
    if draft is not None:
        lines.append(
            _("Round %(n)d is a draft that seats %(name)s: pair it again afterwards.")
            % {"n": draft.number, "name": name}
        )
    if event.format.is_cup:
        lines.append(_("Their matches still to play are lost by walkover."))
    lines.append(_("You can reinstate %(name)s later on their page.") % {"name": name})
    return _page(
        event,
        question=_("Withdraw %(name)s from the event?") % {"name": name},
        consequences=lines,
        confirm=_("Yes, withdraw %(name)s") % {"name": name},
        action=reverse("organizer-withdraw", args=[event.pk, entrant.pk]),
        cancel=reverse("organizer-event", args=[event.pk]),
    )


def _missing_hands(view: TableView) -> str | None:
    if view.expected is None:
        return None
    return _("Hands in: %(k)d of %(n)d; missing: %(m)d.") % {
        "k": len(view.hands),
        "n": view.expected,
        "m": max(view.expected - len(view.hands), 0),
    }


def closing_consequence(view: TableView, status: str, forfeited_by: int | None) -> str:
    """What closing a table as ``status`` credits, by the rulings ("Closing a table before all
    its hands are in")."""
    if status == Table.Status.AVERAGED:
        return _(
            "Nobody is at fault: each missing hand is credited to both teams alike, as a "
            "drawn hand (an adjustment beside the standings, never an invented hand)."
        )
    names: dict[int | None, str] = dict(view.forfeit_sides)  # a forfeit is a team's
    fault, other = forfeited_by, 1 - forfeited_by
    return _(
        "%(fault)s forfeit: each missing hand is credited as won to %(other)s, nothing to "
        "%(fault)s (an adjustment beside the standings, never an invented hand)."
    ) % {
        "fault": names.get(fault) or (_("Team A") if fault == 0 else _("Team B")),
        "other": names.get(other) or (_("Team A") if other == 0 else _("Team B")),
    }


def table_close(event: Event, view: TableView, data: dict) -> dict:
    """``data``: the close form's valid choice (status, forfeited_by, reason)."""
    table, status = view.table, data["status"]
    numbers = {"t": table.number, "r": table.round.number}
    missing = _missing_hands(view)
    if status == Table.Status.OPEN:
        question = _("Open table %(t)d of round %(r)d again?") % numbers
        lines = [
            _("Its captain can enter the missing hands again, and the credit for them is removed."),
            _("The round is no longer complete until those hands are in."),
        ]
        confirm = _("Yes, open it again")
    else:
        question = _("Close table %(t)d of round %(r)d as %(status)s?") % {
            **numbers,
            "status": status_label(status),
        }
        lines = [
            line
            for line in (
                _("%(a)s against %(b)s.") % {"a": view.team_names[0], "b": view.team_names[1]}
                if view.team_names[1]
                else view.team_names[0],
                missing,
                _("The table counts as done with the hands it has; its captain can enter no more."),
                closing_consequence(view, status, data.get("forfeited_by")),
            )
            if line
        ]
        confirm = _("Yes, close the table")
    hidden = {"status": status}
    if data.get("forfeited_by") is not None:
        hidden["forfeited_by"] = data["forfeited_by"]
    return _page(
        event,
        question=question,
        consequences=lines,
        confirm=confirm,
        action=reverse("organizer-table-close", args=[event.pk, table.pk]),
        cancel=reverse("organizer-round", args=[event.pk, table.round.pk]),
        hidden=hidden,
        reason_initial={"reason": data.get("reason", "")},
    )


def regenerate(event: Event, rnd: Round) -> dict:
    return _page(
        event,
        question=_("Pair round %(n)d again?") % {"n": rnd.number},
        consequences=[
            _("The draft of round %(n)d is drawn anew: players change tables and seats.")
            % {"n": rnd.number},
            _("Seats swapped by hand in this draft are not kept."),
            _("Each table keeps its number and code: printed table sheets still open their table."),
            _("The round stays a draft: nobody sees it until you publish it."),
        ],
        confirm=_("Yes, pair again"),
        action=reverse("organizer-regenerate", args=[event.pk, rnd.pk]),
        cancel=reverse("organizer-round", args=[event.pk, rnd.pk]),
        reason=False,
    )


def cup_draw(event: Event) -> dict:
    seeding = (
        _("The teams are seeded by the standings of the seeding event.")
        if event.format.seeding_event
        else _("The teams are seeded in the order they were registered.")
    )
    return _page(
        event,
        question=_("Draw the cup?"),
        consequences=[
            seeding,
            _(
                "The groups and the whole bracket are drawn at once; the first matches "
                "are at their tables and their captains can enter hands."
            ),
            _("No team can be registered after the draw."),
        ],
        confirm=_("Yes, draw the cup"),
        action=reverse("organizer-cup-draw", args=[event.pk]),
        cancel=reverse("organizer-event", args=[event.pk]),
        reason=False,
    )


def finish(event: Event, last: Round | None, total: int, open_tables: list[TableView]) -> dict:
    """``open_tables``: the last round's tables not done, which the page offers to close."""
    lines = [
        _("The standings become final, here, on the public pages and on the projector."),
        _("No hand, correction, pairing or registration is taken until you reopen the event."),
    ]
    if last is not None and last.number < total:
        lines.insert(
            0,
            _("Round %(n)d is the last one played, of %(total)d: the others are not played.")
            % {"n": last.number, "total": total},
        )
    for view in open_tables:
        view.state = _missing_hands(view) or _("Hands in: %(k)d.") % {"k": len(view.hands)}
        if view.unconfirmed_numbers and event.format.confirmation_required:
            view.state += " " + _("Not confirmed by the opponents yet: %(n)d.") % {
                "n": len(view.unconfirmed_numbers)
            }
        view.choices = [
            ("averaged", _("averaged")),
            *(
                (f"forfeited-{index}", _("forfeited by %(team)s") % {"team": name})
                for index, name in view.forfeit_sides
            ),
        ]  # none at a table without teams
    if open_tables:
        confirm = ngettext(
            "Close %(n)d table and finish the event",
            "Close %(n)d tables and finish the event",
            len(open_tables),
        ) % {"n": len(open_tables)}
    else:
        confirm = _("Yes, finish the event")
    return _page(
        event,
        question=_("Finish %(event)s now?") % {"event": event.name},
        consequences=lines,
        confirm=confirm,
        action=reverse("organizer-finish", args=[event.pk]),
        cancel=reverse("organizer-event", args=[event.pk]),
        reason=bool(open_tables),
        open_tables=open_tables,
        averaged_only=AVERAGED_ONLY
        if any(not view.forfeit_sides for view in open_tables)
        else None,
        round_number=last.number if last else None,
    )


def undo(change: Change) -> list[str]:
    """What undoing ``change`` puts back (``services.undo``)."""
    kind = (change.subject, change.action)
    if kind == ("hand", "correct"):
        lines = [
            _("The hand gets back its score from before this correction; the standings follow.")
        ]
        if (change.old or {}).get("settled"):
            lines.append(
                _(
                    "What another phone sent differently for this hand, which the correction "
                    "settled, is open again on the results desk."
                )
            )
        return lines
    if kind == ("entrant", "withdraw"):
        return [
            _(
                "The player is reinstated: paired again from the next round. The rounds "
                "missed stay missed."
            )
        ]
    if kind == ("seat", "swap"):
        return [_("The two players get their seats back.")]
    if kind == ("table", "close"):
        old = (change.old or {}).get("status")
        if old == Table.Status.OPEN:
            return [
                _(
                    "The table is open again: its captain can enter the missing hands, and "
                    "the credit for them is removed."
                )
            ]
        return [
            _("The table is %(status)s again, as it was before.")
            % {"status": status_label(old or "")}
        ]
    return []
