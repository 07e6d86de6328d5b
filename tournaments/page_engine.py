"""The engine's verdict on a captain's entry, as the captain's page reaches it without the server.

The page runs this module and ``scoring`` in the browser (Pyodide: ``static/js/offline``), so it
imports neither Django nor anything of ``tournaments``: the server ships it beside the engine
(``views.offline.engine_archive``) and the page's catalogue brings the sentences (``wording``,
rendered by the server in the captain's language). The server words a refusal with the same
``params_in_words``: one way from an engine's params to the words a person reads, online and
offline, and no rule of Tichu here (the engine decides; this only phrases its answer).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

SEAT_PARAMS = ("seat", "first_out", "dealer")
SEAT_LIST_PARAMS = ("seats", "missing")
PAIR_PARAMS = ("expected", "entered")


def params_in_words(
    code: str,
    params: Mapping[str, Any],
    *,
    seat: Callable[[int], str],
    team: Callable[[int], str],
    made: Callable[[bool], str],
    first_seat: int,
) -> dict[str, Any]:
    """The params of the engine's refusal ``code`` as its message names them: a seat by
    ``seat`` (a name, or "seat N"), a team by ``team``, a call's outcome by ``made``; a seat the
    captain typed (``unknown_seat``) numbered from ``first_seat``."""
    words = dict(params)
    if code == "unknown_seat":  # the value as typed: a number in the reader's numbering
        value = params["seat"]
        return {
            "value": value + first_seat if isinstance(value, int) else value,
            "first": first_seat,
            "last": params["seats"] - 1 + first_seat,
        }
    for key in SEAT_PARAMS:
        if key in params:
            words[key] = seat(params[key])
    for key in SEAT_LIST_PARAMS:
        if key in params:
            words[key] = ", ".join(seat(value) for value in params[key])
    if "team" in params:
        words["team"] = team(params["team"])
    if "made" in params:
        words["made"] = made(bool(params["made"]))
    for key in PAIR_PARAMS:
        if key in params:
            words["a"], words["b"] = params[key]
            words["sum"] = sum(params[key])
    return words


def catalogue_message(code: str, params: Mapping[str, Any], catalogue: Mapping[str, Any]) -> str:
    """A refusal in the words of the page's ``catalogue`` (``views.offline.catalogue``: the
    sentences by code, the seats' and teams' names, "seat %(n)s", "made" and "failed")."""
    seats = {int(key): name for key, name in catalogue["seats"].items()}
    teams = {int(key): name for key, name in catalogue["teams"].items()}
    first_seat = catalogue["first_seat"]

    def seat(position: int) -> str:
        return seats.get(position) or catalogue["seat_word"] % {"n": position + first_seat}

    def team(number: int) -> str:
        return teams.get(number) or catalogue["team_word"] % {"n": number}

    words = params_in_words(
        code,
        params,
        seat=seat,
        team=team,
        made=lambda made: catalogue["made"] if made else catalogue["failed"],
        first_seat=first_seat,
    )
    return str(catalogue["messages"][code]) % words


def with_last_seat(entry: Mapping[str, Any], seats: int) -> Mapping[str, Any]:
    """The entry with the one seat of a table of ``seats`` missing from its finish order added
    last, when exactly one is missing (any other entry unchanged: the engine judges it)."""
    order = entry.get("finish_order") if isinstance(entry, Mapping) else None
    if not isinstance(order, list) or len(order) != seats - 1:
        return entry
    missing = [seat for seat in range(seats) if seat not in order]
    return {**entry, "finish_order": [*order, *missing]} if len(missing) == 1 else entry


def score(entry: Mapping[str, Any], rules: Any, setting: Mapping[str, Any]) -> Any:
    """A captain's entry scored by the engine under the table's ``rules`` (``scoring.Rules``),
    as a game's tables take it (``games.TableGame.entry_setting``): ``dealer``, the hand's
    dealer where the game names it (Threechu); ``complete_order``, the table's size where the
    captain may leave out the last of a finish order (Grand Seigneur). The server scores every
    entry through here, and so does the page: one way from an entry to the engine's answer."""
    from scoring import score_entry

    seats = setting.get("complete_order")
    if seats:
        entry = with_last_seat(entry, seats)
    return score_entry(entry, rules, dealer=setting.get("dealer"))


def verdict(
    entry: Mapping[str, Any],
    rules: dict[str, Any],
    catalogue: Mapping[str, Any],
    setting: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The engine's answer to ``entry`` under the table's ``rules`` (``Rules.as_dict``) and the
    game's ``setting`` (``score``): the teams' Tichu points (``totals``), or in a game of
    placings each seat's placing points (``points``) and the finish order; or the refusal's
    code, field and message."""
    from scoring import InvalidHand, PlacingScore, Rules

    try:
        scored = score(entry, Rules.from_dict(rules), setting or {})
    except InvalidHand as error:
        return {
            "ok": False,
            "code": error.code,
            "field": error.field,
            "message": catalogue_message(error.code, error.params, catalogue),
        }
    if isinstance(scored, PlacingScore):
        return {"ok": True, "points": list(scored.points), "order": list(scored.finish_order)}
    return {"ok": True, "totals": list(scored.totals)}
