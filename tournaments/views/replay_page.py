"""A hand's replay as its page shows it: the engine's frames (``scoring.frames``) with their
words in the reader's language, compacted for the page's script (``static/js/replay.js``).

The frames are computed here on the server from the hand's record; the script only draws them
and steps through them. Every word comes from here (gettext): the players' names by seat, the
cards' labels and names, each step's sentence and what happened besides, the score at the end.
A frame sends a seat's cards only where they changed since the frame before (a hand of twelve
players has hundreds of frames): the script carries the others forward.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring import HandScore, PlacingScore
from scoring.cards import parse_card, points_of
from scoring.frames import Replay, seat_cards

from ..games import GAMES, side_name
from ..record_wording import (
    FIRST_SEAT,
    KINDS,
    action_in_words,
    card_words,
    rank_in_words,
)
from ..wording import made_in_words, seat_in_words
from .words import call_label

EVENT_WORDS = {
    "dealt": _("Each player is dealt %(cards)s cards."),
    "dealt_blind": _("The cards are dealt face down: Blind Grand Tichu may be called."),
    "dealt_rest": _("The remaining cards are dealt."),
    "exchanged": _("The cards of the exchange change hands."),
    "dragon_won": _("%(seat)s wins the Dragon trick and gives it to an opponent."),
    "dog_lead": _("%(seat)s chooses the partner who leads."),
    "wish_fulfilled": _("The wish for %(rank)s is fulfilled."),
    "trick_taken": _("%(seat)s takes the trick: %(cards)s cards, %(points)s points."),
    "out": _("%(seat)s is out: place %(place)s."),
    "lead_passed": _("The lead passes to %(seat)s."),
    "over": _("The hand is over."),
}
"""What happened in a step besides its action (``scoring.frames``: a frame's ``events``)."""

ROLE_WORDS = {"dealer": _("dealer"), "dummy": _("dummy")}
"""A seat's part in the hand (``Variant.roles``)."""

PAGE_WORDS = {
    "step": _("Step %(n)s of %(total)s"),
    "trick": _("Trick %(n)s"),
    "last_trick": _("Last trick, taken by %(seat)s"),
    "passes": _("passes"),
    "wish": _("Wish: %(rank)s"),
    "taken": _("taken: %(cards)s cards, %(points)s points"),
    "taken_cards": _("taken: %(cards)s cards"),
    "out": _("out: place %(place)s"),
    "to_act": _("to act"),
    "no_cards": _("no cards"),
    "gives": _("gives"),
    "table_empty": _("Nothing on the table."),
    "score": _("Score"),
}
"""The words the page's script puts together (``%(name)s`` filled in by the script)."""


def replay_data(replay: Replay, names: Mapping[int, str] | None) -> dict[str, Any]:
    """Everything the replay page draws: the seats (name, team, part), the cards, the words,
    the frames in words and compacted, the score in words. ``names``: each engine seat's
    player where the page knows them (a table's hand), else "seat N"."""
    seat_names = {seat: seat_in_words(seat, names, FIRST_SEAT) for seat in range(replay.seats)}
    seats = [
        {
            "name": seat_names[seat],
            "team": replay.teams[seat],
            "role": str(ROLE_WORDS[replay.roles[seat]]) if seat in replay.roles else "",
        }
        for seat in range(replay.seats)
    ]
    cards = {  # the last frame holds every card dealt, in hand, taken or on the table
        card: card_words(parse_card(card))
        for held in seat_cards(replay.frames[-1])
        for card in held
    }
    return {
        "seats": seats,
        "card_points": any(team is not None for team in replay.teams),  # else placings only
        "cards": cards,
        "words": {key: str(value) for key, value in PAGE_WORDS.items()},
        "calls": {call: call_label(call) for call in ("tichu", "grand", "blind")},
        "kinds": {kind: str(words) for kind, words in KINDS.items()},
        "ranks": {rank: rank_in_words(rank) for rank in range(2, 15)},
        "frames": _frames(replay, seat_names),
        "score": score_lines(replay.score, seat_names, replay),
    }


def _frames(replay: Replay, names: Mapping[int, str]) -> list[dict[str, Any]]:
    """Each frame with its words (``caption``: the step's action, ``notes``: what happened
    besides), a seat's hand and taken cards only where they changed."""
    shown: list[dict[str, Any]] = []
    previous: dict[str, Any] | None = None
    for frame in replay.frames:
        action = frame["action"]
        if action is None:
            caption = gettext("The cards are dealt.")
        else:
            assert previous is not None
            given = frame["exchange"][action["seat"]] if "seat" in action else None
            caption = action_in_words(action, names, phase=previous["phase"], given=given)
        taken = [[len(cards), points_of(map(parse_card, cards))] for cards in frame["taken"]]
        compact: dict[str, Any] = {
            "caption": caption,
            "notes": [_event_in_words(event, names) for event in frame["events"]],
            "phase": frame["phase"],
            "to_act": frame["to_act"],
            "calls": frame["calls"],
            "exchange": frame["exchange"],
            "trick": frame["trick"],
            "trick_number": frame["trick_number"],
            "last_trick": frame["last_trick"],
            "wish": frame["wish"],
            "out": frame["out"],
            "hands": _changed(frame["hands"], None if previous is None else previous["hands"]),
            "taken": taken,
        }
        shown.append(compact)
        previous = frame
    return shown


def _changed(now: list[Any], before: list[Any] | None) -> dict[str, Any]:
    """The seats (as text keys) whose value changed since ``before`` (all without one)."""
    return {
        str(seat): value
        for seat, value in enumerate(now)
        if before is None or before[seat] != value
    }


def _event_in_words(event: Mapping[str, Any], names: Mapping[int, str]) -> str:
    code = event["code"]
    words = dict(event)
    if code == "dealt" and not event["cards"]:
        code = "dealt_blind"
    if "seat" in words:
        words["seat"] = names.get(words["seat"], str(words["seat"]))
    if "rank" in words:
        words["rank"] = rank_in_words(words["rank"])
    return str(EVENT_WORDS[code]) % words


def score_lines(
    score: HandScore | PlacingScore, names: Mapping[int, str], replay: Replay
) -> list[str]:
    """The hand's score in words: each team's Tichu points and what made them, each call, or
    (a game of placings) each player's place and placing points."""
    if isinstance(score, PlacingScore):
        return [
            gettext("%(place)s. %(name)s: %(points)s placing points")
            % {"place": place, "name": names[seat], "points": score.points[seat]}
            for place, seat in enumerate(score.finish_order, start=1)
        ]
    game = GAMES[score.game]
    lines = []
    for team in (0, 1):
        members = [names[seat] for seat in range(replay.seats) if replay.teams[seat] == team]
        if score.sweep == team:
            how = str(game.sweep_label)
        elif score.card_points is not None:
            how = gettext("%(points)s card points") % {"points": score.card_points[team]}
        else:
            how = gettext("no card points")
        lines.append(
            gettext("%(team)s: %(total)s (%(how)s)")
            % {"team": side_name(members), "total": score.totals[team], "how": how}
        )
    for call in score.calls:
        lines.append(
            gettext("%(name)s: %(call)s %(made)s (%(points)+d)")
            % {
                "name": names[call.seat],
                "call": call_label(call.call),
                "made": made_in_words(call.made),
                "points": call.points,
            }
        )
    return lines
