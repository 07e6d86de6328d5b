"""A hand record: one played hand as JSON, and its replay, which checks every action.

The format (version 1)::

    {"format": "tichu-hand/1",
     "rules": {"double_victory_points": 200, ...},     # Rules.as_dict(); missing keys: defaults
                                                        # ("game": a name of VARIANTS, "players"...)
     "deal": [["Tr", "2s", ... 14 cards], ... 4 seats],  # in the order dealt: the first 8 are
                                                        # the Grand Tichu look (each game's
                                                        # counts; "Kj'": a second-deck card)
     "dealer": 2,                                       # Threechu only
     "placing": [3, 0, 1, 4, 2],                        # Grand Seigneur: the previous hand's
     "actions": [                                       # every action, in the order made
        {"seat": 0, "action": "blind"},                 # Blind Grand Tichu (option only)
        {"seat": 0, "action": "grand"},                 # Grand Tichu on the first 8 cards
        {"seat": 1, "action": "pass"},                  # no call; or no play on a trick
        {"seat": 2, "action": "exchange", "left": "3s", "partner": "Aj", "right": "2p"},
        {"seat": 4, "action": "push", "cards": "3s Aj"},   # the other games' exchanges
        {"seat": 3, "action": "tichu"},
        {"seat": 0, "action": "play", "cards": "MJ 2s 3j 4j 5r", "wish": 9},  # wish optional
        {"seat": 1, "action": "dragon", "to": 2},       # the Dragon trick given away
        {"seat": 3, "action": "lead", "to": 5}],        # Tientsin: the Dog's lead passed on
     "result": {...}}                                   # optional: checked when present

One list of actions in order keeps calls, exchange and play in the one sequence the rules judge
(a Tichu may come before or after the exchange, a bomb between two turns). ``result`` is the
canonical score entry (``HandScore.as_entry``; Grand Seigneur's ``PlacingScore.as_entry``) plus
``"totals"`` (the placing points in Grand Seigneur); a replay that computes another
result refuses the record, so a tampered score is caught like a tampered action.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .actions import (
    Action,
    BlindGrandTichu,
    Exchange,
    GiveDragon,
    GiveLead,
    GrandTichu,
    IllegalAction,
    Pass,
    Play,
    Push,
    Tichu,
)
from .cards import format_cards, parse_card, parse_cards
from .rules import Rules
from .score import HandScore, PlacingScore
from .state import HandState

FORMAT = "tichu-hand/1"

_SIMPLE: dict[str, type[BlindGrandTichu | GrandTichu | Tichu | Pass]] = {
    "blind": BlindGrandTichu,
    "grand": GrandTichu,
    "tichu": Tichu,
    "pass": Pass,
}
_NAMES: dict[type, str] = {cls: name for name, cls in _SIMPLE.items()}


class InvalidRecord(ValueError):
    """A record that does not replay. ``index`` is the position of the first illegal action in
    ``actions`` (None when the fault is elsewhere: the format, the deal, the result), ``action``
    that action as recorded, ``reason`` why (in English, for the command line).

    ``code`` says what is wrong in no language, for a page to word (``params`` the values its
    sentence names): ``not_a_record``, ``bad_deal``, ``actions_not_list``,
    ``malformed_action``, ``illegal_action`` (``params``: the ``IllegalAction``'s ``code`` as
    ``rule`` and its params), ``incomplete`` (``seat``: whom the hand waits for, ``phase``),
    ``result_differs``."""

    def __init__(
        self,
        reason: str,
        index: int | None = None,
        action: Any = None,
        *,
        code: str = "not_a_record",
        params: Mapping[str, Any] | None = None,
    ) -> None:
        where = f"action {index} {action}: " if index is not None else ""
        super().__init__(where + reason)
        self.reason = reason
        self.index = index
        self.action = action
        self.code = code
        self.params = dict(params or {})


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as a record entry."""
    if type(action) is Play:
        data: dict[str, Any] = {
            "seat": action.seat,
            "action": "play",
            "cards": format_cards(action.cards),
        }
        if action.wish is not None:
            data["wish"] = action.wish
        return data
    if type(action) is Exchange:
        return {
            "seat": action.seat,
            "action": "exchange",
            "left": str(action.left),
            "partner": str(action.partner),
            "right": str(action.right),
        }
    if type(action) is Push:
        return {"seat": action.seat, "action": "push", "cards": format_cards(action.cards)}
    if type(action) is GiveLead:
        return {"seat": action.seat, "action": "lead", "to": action.to}
    if type(action) is GiveDragon:
        return {"seat": action.seat, "action": "dragon", "to": action.to}
    return {"seat": action.seat, "action": _NAMES[type(action)]}


def action_from_json(data: object) -> Action:
    """A record entry as an action; ``ValueError`` if it is not one."""
    if not isinstance(data, Mapping):
        raise ValueError("an action is a mapping with 'seat' and 'action'")
    seat: Any = data.get("seat")  # checked by ``HandState.apply``, as every field of an action
    name = data.get("action")
    if name in _SIMPLE:
        return _SIMPLE[name](seat)
    if name == "play":
        cards = data.get("cards")
        wish: Any = data.get("wish")
        return Play(seat, parse_cards(cards) if isinstance(cards, str) else (), wish)
    if name == "exchange":
        given = [data.get(key) for key in ("left", "partner", "right")]
        texts = [text for text in given if isinstance(text, str)]
        if len(texts) != 3:
            raise ValueError("an exchange names the cards for left, partner and right")
        return Exchange(seat, *(parse_card(text) for text in texts))
    to: Any = data.get("to")
    if name == "push":
        cards = data.get("cards")
        return Push(seat, parse_cards(cards) if isinstance(cards, str) else ())
    if name == "dragon":
        return GiveDragon(seat, to)
    if name == "lead":
        return GiveLead(seat, to)
    raise ValueError(f"unknown action {name!r}")


def result_of(score: HandScore | PlacingScore) -> dict[str, Any]:
    """The ``result`` of a record: the canonical score entry and the totals (the teams' Tichu
    points, or Grand Seigneur's placing points)."""
    return {**score.as_entry(), "totals": list(score.totals)}


def make_record(state: HandState, actions: list[Action]) -> dict[str, Any]:
    """The record of a hand played from ``state``'s deal through ``actions``, with its result if
    the state is over."""
    if state.deal is None:
        raise ValueError("a position (HandState.position) has no deal, so no record")
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.as_dict(),
        "deal": [[str(card) for card in cards] for cards in state.deal],
    }
    if state.dealer is not None:
        record["dealer"] = state.dealer
    if state.placing is not None:
        record["placing"] = list(state.placing)
    record["actions"] = [action_to_json(action) for action in actions]
    if state.over:
        record["result"] = result_of(state.score())
    return record


def replay(record: Mapping[str, Any]) -> HandScore | PlacingScore:
    """Replay a record from its deal, checking every action against the rules, and score it.

    Raises ``InvalidRecord`` at the first action that is malformed or illegal, when the actions
    stop before the hand is over, or when a recorded result differs from the replayed one.
    """
    state, actions = start(record)
    for index, data in enumerate(actions):
        apply_entry(state, index, data)
    return finish(record, state)


def start(record: Mapping[str, Any]) -> tuple[HandState, list[Any]]:
    """The first step of a replay: the record's hand dealt (``HandState``) and its actions as
    recorded, unchecked (``apply_entry`` checks each). ``InvalidRecord`` for a document that is
    no record, or a record of bad rules or a bad deal. A replay that shows each step
    (``scoring.frames``) takes the same steps as ``replay``."""
    if not isinstance(record, Mapping) or record.get("format", FORMAT) != FORMAT:
        raise InvalidRecord(f"not a hand record (expected format {FORMAT!r})")
    try:
        rules = Rules.from_dict(record.get("rules") or {})
        deal = [parse_cards(" ".join(cards)) for cards in record["deal"]]
        state = HandState(deal, rules, dealer=record.get("dealer"), placing=record.get("placing"))
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidRecord(f"bad rules or deal: {error}", code="bad_deal") from None
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise InvalidRecord("'actions' must be a list", code="actions_not_list")
    return state, actions


def apply_entry(state: HandState, index: int, data: object) -> Action:
    """Apply the record's action ``index`` (``data``, as recorded) to ``state`` and return it;
    ``InvalidRecord`` if it is malformed or illegal (the state is left as it was)."""
    try:
        action = action_from_json(data)
        state.apply(action)
    except IllegalAction as error:
        raise InvalidRecord(
            error.reason,
            index,
            data,
            code="illegal_action",
            params={"rule": error.code, **error.params},
        ) from None
    except ValueError as error:
        raise InvalidRecord(
            f"malformed action: {error}", index, data, code="malformed_action"
        ) from None
    return action


def finish(record: Mapping[str, Any], state: HandState) -> HandScore | PlacingScore:
    """The last step of a replay: the score of the hand ``state`` played to its end, checked
    against the record's result if it has one (``InvalidRecord`` when the actions stopped
    before the end or the results differ)."""
    if not state.over:
        raise InvalidRecord(
            f"the actions stop before the hand is over (waiting for seat "
            f"{state.to_act} in the {state.phase} phase)",
            len(record["actions"]),
            code="incomplete",
            params={"seat": state.to_act, "phase": str(state.phase)},
        )
    score = state.score()
    recorded = record.get("result")
    if recorded is not None and recorded != result_of(score):
        raise InvalidRecord(
            f"the recorded result {recorded} differs from the replayed one {result_of(score)}",
            code="result_differs",
        )
    return score
