"""The history in words: each recorded change as the sentence an organizer reads ("Table 3, hand
2: 70:30 -> 75:25"), who made it ("Anna (organizer)") and why, in the reader's language.

The history rows hold ids and snapshots (``services.history``); the names of entrants and the
numbers of tables and rounds are read once for the whole page (three queries), never per row.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..collation import name_key
from ..models import Change, Entrant, Event, Round, Table
from ..selectors.duplicate import ARTIFICIAL_WORDS
from ..services.hands import DIFFERING, REQUEST
from ..services.people import PERSON
from ..services.series import SERIES
from ..services.undo import undoable_among
from ..standings.tiebreaks import TIEBREAKS
from .series_form import SeriesForm
from .settings_form import EventSettingsForm, value_labels
from .words import actor_by, status_label


@dataclass(frozen=True)
class Line:
    change: Change
    what: str
    who: str
    undoable: bool


class Names:
    """Entrants, tables and rounds of one event, by id."""

    def __init__(self, event: Event):
        self.format = event.format
        self.entrants = dict(Entrant.objects.filter(event=event).values_list("pk", "name"))
        self.tables = {
            pk: (number, rnd)
            for pk, number, rnd in Table.objects.filter(round__event=event).values_list(
                "pk", "number", "round__number"
            )
        }
        self.rounds = dict(Round.objects.filter(event=event).values_list("pk", "number"))

    def entrant(self, pk) -> str:
        return self.entrants.get(int(pk), "?") if pk is not None else "?"

    def table(self, pk, snapshot: dict | None = None) -> str:
        """A table by the numbers a hand's snapshot kept, else by its id in this event."""
        snapshot = snapshot or {}
        if "table_number" in snapshot:
            number, rnd = snapshot["table_number"], snapshot.get("round", "?")
        else:
            number, rnd = self.tables.get(pk, ("?", "?"))
        return _("Table %(t)s (round %(r)s)") % {"t": number, "r": rnd}

    def hand(self, snapshot: dict) -> str:
        """The table and the hand a snapshot kept: "Table 2 (round 3), hand 4", or a duplicate
        table's board by its number in the event ("board 12", ``Format.hand_label``)."""
        table = self.table(snapshot.get("table"), snapshot)
        number, rnd = snapshot.get("number"), snapshot.get("round")
        if self.format.is_duplicate and isinstance(number, int) and isinstance(rnd, int):
            return _("%(table)s, board %(n)s") % {
                "table": table,
                "n": self.format.hand_label(rnd, number),
            }
        return _("%(table)s, hand %(n)s") % {"table": table, "n": number or "?"}


def _score(snapshot) -> str:
    totals = (snapshot or {}).get("totals") or ["?", "?"]
    return f"{totals[0]}:{totals[1]}"


def _hand(change: Change, names: Names) -> str:
    snapshot = change.new or change.old or {}
    where = names.hand(snapshot)
    if change.action == "create":
        return _("%(where)s: %(score)s entered") % {"where": where, "score": _score(change.new)}
    return f"{where}: {_score(change.old)} → {_score(change.new)}"


def _lineup(change: Change, names: Names) -> str:
    """Who plays a team's seats at a table, changed (``services.lineups``)."""
    new, old = change.new or {}, change.old or {}
    before = [name for name in old.get("names") or [] if name]
    return _("%(table)s: %(players)s play for %(team)s (before: %(before)s)") % {
        "table": names.table(new.get("table"), new),
        "players": " & ".join(new.get("names") or []) or "?",
        "team": new.get("team_name") or names.entrant(new.get("team")),
        "before": " & ".join(before) or "–",
    }


def _request(change: Change, names: Names) -> str:
    """A captain's request for a correction, or the organizer's dismissal of it."""
    snapshot = change.new or change.old or {}
    where = names.hand(snapshot)
    if change.action == "ask":
        return _("%(where)s: correction requested (“%(text)s”)") % {
            "where": where,
            "text": snapshot.get("text", ""),
        }
    return _("%(where)s: request for a correction dismissed") % {"where": where}


def _differing(change: Change, names: Names) -> str:
    """A captain's entry refused for differing from the recorded hand (kept for the organizer
    to decide), the organizer's keeping of the recorded score, or the entry open again (an
    undone correction had settled it)."""
    snapshot = change.new or change.old or {}
    where = names.hand(snapshot)
    totals = snapshot.get("totals") or ["?", "?"]
    if change.action == "receive":
        return _(
            "%(where)s: another phone sent %(a)s : %(b)s, refused (differs from the recorded hand)"
        ) % {
            "where": where,
            "a": totals[0],
            "b": totals[1],
        }
    if change.action == "reopen":
        return _(
            "%(where)s: another phone's %(a)s : %(b)s is open again (the correction that "
            "settled it was undone)"
        ) % {"where": where, "a": totals[0], "b": totals[1]}
    return _("%(where)s: the recorded score is kept (not %(a)s : %(b)s)") % {
        "where": where,
        "a": totals[0],
        "b": totals[1],
    }


def _with_club(entrant: dict) -> str:
    club = entrant.get("club")
    return f"{entrant.get('name', '?')} ({club})" if club else entrant.get("name", "?")


def _setting_label(name: str) -> str:
    """A format value's name as the settings form labels it."""
    field = EventSettingsForm.base_fields.get(name)
    if field is not None:
        return str(field.label)
    return str({"tiebreaks": gettext_lazy("Tie-breaks")}.get(name, name))


def _setting_value(value, name: str = "") -> str:
    if name == "seeding_event" and value is not None:  # an event by its name
        return Event.objects.filter(pk=value).values_list("name", flat=True).first() or "?"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None or value == []:
        return "—"
    if isinstance(value, list):
        return ", ".join(
            str(TIEBREAKS[item].label) if item in TIEBREAKS else item for item in value
        )
    labels = value_labels()
    return str(labels.get(value, value)) if isinstance(value, str) else str(value)


def _settings(change: Change) -> str:
    """Each changed value by its label, old → new; the rules' options one by one."""
    old_values, new_values = change.old or {}, change.new or {}
    pairs = []
    for name, new in new_values.items():
        old = old_values.get(name)
        if isinstance(new, dict):  # the rules: only the options that changed
            old = old if isinstance(old, dict) else {}
            pairs += [
                (option, old.get(option), value)
                for option, value in new.items()
                if old.get(option) != value
            ]
        else:
            pairs.append((name, old, new))
    parts = [
        f"{_setting_label(name)}: {_setting_value(old, name)} → {_setting_value(new, name)}"
        for name, old, new in pairs
    ]
    return _("Settings changed: %(what)s") % {"what": "; ".join(parts)}


def _person(snapshot: dict) -> str:
    """A record of a person as a merge's row kept it (blanked once they were erased)."""
    return _with_club(snapshot) if snapshot.get("name") else _("erased player")


def _merge(change: Change) -> str:
    """Two records of one person merged in the register, or the merge undone
    (``services.people``): the event's entries moved with them."""
    values = {"merged": _person(change.old or {}), "kept": _person(change.new or {})}
    if change.action == "unmerge":
        return _("Merge undone: %(merged)s and %(kept)s are two people again") % values
    return _("%(merged)s merged into %(kept)s (one person in the register)") % values


SERIES_SETTINGS = ("name", "points", "points_table", "best_k", "qualifying")


def _series_value(name: str, value) -> str:
    if name == "points":
        return str(dict(SeriesForm.base_fields["points"].choices).get(value, value))  # type: ignore[attr-defined]
    if name == "points_table":
        return "-".join(f"{number:g}" for number in value or []) or "—"
    if name == "best_k" and value is None:
        return _("every event")
    return str(value)


def _series(change: Change) -> str:
    """A series that holds (or held) the event made, changed or deleted (``services.series``):
    this event added or taken out, else what changed, each setting by its form's label."""
    old, new = change.old or {}, change.new or {}
    name = new.get("name") or old.get("name") or "?"
    if change.action == "create":
        return _("Added to the new series %(name)s") % {"name": name}
    if change.action == "delete":
        return _("Series %(name)s deleted (this event and its results stay)") % {"name": name}
    before, now = change.event_id in old.get("events", []), change.event_id in new.get("events", [])
    if now and not before:
        return _("Added to the series %(name)s") % {"name": name}
    if before and not now:
        return _("Taken out of the series %(name)s") % {"name": name}
    parts = [
        f"{SeriesForm.base_fields[field].label}: "
        f"{_series_value(field, old.get(field))} → {_series_value(field, new.get(field))}"
        for field in SERIES_SETTINGS
        if old.get(field) != new.get(field)
    ]
    if len(old.get("events", [])) != len(new.get("events", [])):
        parts.append(
            f"{SeriesForm.base_fields['events'].label}: "
            f"{len(old.get('events', []))} → {len(new.get('events', []))}"
        )
    return _("Series %(name)s changed: %(what)s") % {
        "name": old.get("name") or name,
        "what": "; ".join(parts),
    }


def describe(change: Change, names: Names) -> str:
    """One change as a sentence."""
    new, old = change.new or {}, change.old or {}
    subject, action = change.subject, change.action
    if subject == "hand":
        return _hand(change, names)
    if subject == PERSON:
        return _merge(change)
    if subject == SERIES:
        return _series(change)
    if subject == REQUEST:
        return _request(change, names)
    if subject == DIFFERING:
        return _differing(change, names)
    if subject == "entrant" and action == "rename":
        return _("%(old)s is now %(new)s") % {"old": _with_club(old), "new": _with_club(new)}
    if subject == "entrant":
        name = names.entrant(change.subject_id)
        if action == "withdraw" and new.get("withdrawn_after_round") == 0:
            return _("%(name)s withdrawn before the first round") % {"name": name}
        return {
            "register": _("%(name)s registered (from round %(n)s)"),
            "withdraw": _("%(name)s withdrawn after round %(n)s"),
            "reinstate": _("%(name)s reinstated"),
        }.get(action, f"%(name)s: {action}") % {
            "name": name,
            "n": new.get("joined_round", new.get("withdrawn_after_round", "")),
        }
    if subject == "seat" and action == "swap":
        entrants = list(old.values())
        return _("%(a)s and %(b)s swap seats") % {
            "a": names.entrant(entrants[0] if entrants else None),
            "b": names.entrant(entrants[1] if len(entrants) > 1 else None),
        }
    if subject == "seat" and action == "lineup":
        return _lineup(change, names)
    if subject == "seat" and action == "bye_move":
        seated = [entrant for key, entrant in old.items() if key != "bye"]
        return _("%(a)s sits out instead of %(b)s") % {
            "a": names.entrant(seated[0] if seated else None),
            "b": names.entrant(old.get("bye")),
        }
    if subject == "table" and action == "close":
        return _("%(table)s: %(old)s → %(new)s") % {
            "table": names.table(change.subject_id),
            "old": status_label(old.get("status", "")),
            "new": status_label(new.get("status", "")),
        }
    if subject == "round" and action.startswith("clock_"):
        return _clock(change, names)
    if subject == "helper":
        return {
            "add": _("%(name)s helps at this event"),
            "remove": _("%(name)s no longer helps at this event"),
        }.get(action, f"%(name)s: {action}") % {
            "name": new.get("username") or old.get("username", "?")
        }
    if subject == "round":
        number = new.get("number") or names.rounds.get(change.subject_id, "?")
        return {
            "pair": _("Round %(n)s paired"),
            "publish": _("Round %(n)s published"),
            "complete": _("Round %(n)s complete"),
            "reopen": _("Round %(n)s running again"),
        }.get(action, f"%(n)s: {action}") % {"n": number}
    if subject == "event":
        if action == "settings":
            return _settings(change)
        if action == "check_in":
            return _("Check-in: present %(present)s; absent %(absent)s") % {
                key: ", ".join(sorted((names.entrant(pk) for pk in new.get(key, [])), key=name_key))
                or "–"
                for key in ("present", "absent")
            }
        return {
            "create": _("Event created"),
            "finish": _("Event finished"),
            "reopen": _("Event reopened"),
            "draw": _("Cup drawn"),
        }.get(action, action)
    if subject == "match":
        return _match(change, names)
    if subject == "artificial":
        return _artificial(change, names)
    return f"{subject} {change.subject_id or ''} · {action}"


def _artificial(change: Change, names: Names) -> str:
    """A duplicate board's artificial result given, changed or removed (``services.duplicate``)."""
    snapshot = change.new or change.old or {}
    where = names.hand(snapshot)
    if change.action == "delete":
        return _("Artificial result removed: %(where)s") % {"where": where}
    return _("Artificial result: %(where)s, %(ns)s / %(ew)s") % {
        "where": where,
        "ns": ARTIFICIAL_WORDS.get(snapshot.get("ns", ""), "?"),
        "ew": ARTIFICIAL_WORDS.get(snapshot.get("ew", ""), "?"),
    }


def _minutes(seconds) -> str:
    return str(-(-int(seconds or 0) // 60))


def _clock(change: Change, names: Names) -> str:
    """The round clock started, paused, going on, extended or taken back (``services.clock``)."""
    new, old = change.new or {}, change.old or {}
    values = {
        "n": new.get("number") or names.rounds.get(change.subject_id or 0, "?"),
        "m": _minutes(new.get("duration")),
        "left": _minutes(new.get("seconds_left")),
        "more": _minutes((new.get("duration") or 0) - (old.get("duration") or 0)),
    }
    return {
        "clock_start": _("Round %(n)s: clock started, %(m)s minutes"),
        "clock_pause": _("Round %(n)s: clock paused, %(left)s minutes left"),
        "clock_resume": _("Round %(n)s: clock going on, %(left)s minutes left"),
        "clock_extend": _("Round %(n)s: %(more)s minutes more, %(left)s minutes left"),
        "clock_reset": _("Round %(n)s: clock taken back"),
    }.get(change.action, f"%(n)s: {change.action}") % values


def _match(change: Change, names: Names) -> str:
    """A cup's match moved on, held for the organizer, replayed (``knockout.progress``)."""
    new = change.new or {}
    if change.action == "advance":
        if new.get("team") is None:
            return _("A team leaves match %(match)s") % {"match": change.subject_id}
        return _("%(name)s goes on to match %(match)s") % {
            "name": names.entrant(new.get("team")),
            "match": change.subject_id,
        }
    if change.action == "attention":
        return _("Match %(match)s to check after a correction") % {"match": change.subject_id}
    if change.action == "replay":
        return _("Match %(match)s played again with the corrected teams (its games removed)") % {
            "match": change.subject_id
        }
    if change.action == "remove_games":
        return _("Match %(match)s: games played after its decision removed") % {
            "match": change.subject_id
        }
    return f"match {change.subject_id} · {change.action}"


def history_lines(event: Event, changes: list[Change]) -> list[Line]:
    names = Names(event)
    undoable = undoable_among(changes)
    return [
        Line(
            change=change,
            what=describe(change, names),
            who=actor_by(change.actor),
            undoable=change.pk in undoable,
        )
        for change in changes
    ]
