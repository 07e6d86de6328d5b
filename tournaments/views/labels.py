"""Words for codes in the reader's language: a cup's stage names, what a match needs the
organizer to look at (``knockout.progress``), how a match was decided; when an entrant withdrew."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ..formats import PRESET_INFO
from ..knockout.reads import MatchView, cup_view
from ..models import Event, event_display_names


def stage_label(stage: str) -> str:
    """A stage's name in the reader's language (``bracket.stage_name``)."""
    labels = {
        "final": _("Final"),
        "semi_final": _("Semi-finals"),
        "quarter_final": _("Quarter-finals"),
        "round_of_16": _("Round of 16"),
        "round_of_32": _("Round of 32"),
        "third_place": _("Third place"),
    }
    if stage in labels:
        return labels[stage]
    return _("Round of %(n)s") % {"n": stage.removeprefix("round_of_")}


def preset_label(preset: str) -> str:
    """A preset's short name in the reader's language (``formats.PRESET_LIST``)."""
    found = PRESET_INFO.get(preset)
    return str(found.label) if found else preset


def format_summary(event: Event) -> str:
    """An event's format in one line: "Knockout cup · games to 1000 · best of 3 from: Final"."""
    fmt = event.format
    parts = [preset_label(event.preset)]
    if fmt.rounds:
        parts.append(_("%(n)s rounds") % {"n": fmt.rounds})
    elif not fmt.is_cup:
        parts.append(_("round robin"))
    if fmt.hands_per_round and not fmt.is_cup:
        parts.append(_("%(n)s hands per round") % {"n": fmt.hands_per_round})
    elif fmt.hands_per_round:
        parts.append(_("games of %(n)s hands") % {"n": fmt.hands_per_round})
    else:
        parts.append(_("games to %(n)s") % {"n": fmt.game_to})
    if fmt.is_cup and best_of_label(fmt):
        parts.append(best_of_label(fmt))
    return " · ".join(parts)


def attention_text(view: MatchView, names: dict[int, str]) -> str:
    """What the organizer must look at in a match (``knockout.progress``), in their language."""
    note = view.match.attention
    if note.get("code") == "played_with":
        return _(
            "A correction gave a match to %(team)s, but the following match was already "
            "played with %(played)s: its result is held. Undo the correction, or replay "
            "the match with the corrected teams."
        ) % {"team": names.get(note.get("team"), "…"), "played": names.get(note.get("played"), "…")}
    if note.get("code") == "extra_game":
        return _(
            "A correction decided this match before game(s) %(games)s, which have hands: "
            "check them."
        ) % {"games": ", ".join(map(str, note.get("games", [])))}
    return ""


def withdrawal_label(after_round: int) -> str:
    """When an entrant withdrew: "withdrawn after round 2"; one withdrawn while no round was
    paired yet (``withdrawn_after_round`` 0) "before the first round", not "after round 0"."""
    if after_round == 0:
        return _("withdrawn before the first round")
    return _("withdrawn after round %(n)s") % {"n": after_round}


def decision_label(decided_by: str) -> str:
    return {"played": _("played"), "bye": _("bye"), "walkover": _("walkover")}.get(decided_by, "")


def best_of_label(fmt) -> str:
    """ "best of 3 from: Semi-finals", or "" when every match is one game."""
    if fmt.best_of == 1:
        return ""
    if fmt.best_of_from is None:
        return _("best of %(n)s") % {"n": fmt.best_of}
    return _("best of %(n)s from: %(stage)s") % {
        "n": fmt.best_of,
        "stage": stage_label(fmt.best_of_from),
    }


def cup_attention(event: Event) -> list[tuple[MatchView, str]]:
    """The cup's matches whose results a correction left for the organizer to check."""
    cup = cup_view(event)
    names = event_display_names(event.pk)
    return [
        (view, attention_text(view, names)) for view in all_matches(cup) if view.match.attention
    ]


def all_matches(cup) -> list[MatchView]:
    listed = [m for g in cup.groups for m in g.matches] + [m for r in cup.rounds for m in r.matches]
    return listed + ([cup.third_place] if cup.third_place is not None else [])


def stage_of_rounds(cup) -> dict[int, str]:
    """Each round of a cup (by id) as its stage: "Quarter-finals", "Group round 2"."""
    labels: dict[int, str] = {}
    for rnd in cup.rounds:
        for view in rnd.matches:
            labels[view.match.round_id] = stage_label(rnd.stage)
    for group in cup.groups:
        for view in group.matches:
            labels[view.match.round_id] = _("Group round %(n)s") % {"n": view.match.level}
    return labels


def match_stage(view: MatchView, cup) -> str:
    """The stage a match belongs to, in the reader's language: "Semi-finals", "Group A"."""
    if cup.third_place is not None and view.pk == cup.third_place.pk:
        return stage_label("third_place")
    for rnd in cup.rounds:
        if any(m.pk == view.pk for m in rnd.matches):
            return stage_label(rnd.stage)
    for group in cup.groups:
        if any(m.pk == view.pk for m in group.matches):
            return _("Group %(g)s") % {"g": group.label}
    return ""


def live_matches(cup) -> list[tuple[str, MatchView]]:
    """The matches at a table now, with their stage, in the order of the cup."""
    return [(match_stage(view, cup), view) for view in all_matches(cup) if view.live]


DUPLICATE_PRINTOUTS = (
    ("board-slips", gettext_lazy("Board slips")),
    ("dealing-list", gettext_lazy("Dealing list")),
    ("movement-cards", gettext_lazy("Movement cards")),
    ("movement", gettext_lazy("Movement")),
)
"""A duplicate event's printouts (``views.duplicate.duplicate_printout``) by kind, with their
titles: the links on the organizer's event page and the PDF's file name."""
