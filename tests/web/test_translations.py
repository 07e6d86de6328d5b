"""Every text a person sees, in German and English (issue 14, bug 2).

The engine reports a code with params; the web layer words it in the reader's language, with the
players' names on a table's pages. The services' and the formats' refusals are translated too, and
the API answers in the language of ``Accept-Language`` with the code unchanged. The German
catalogue holds a translation of every message in the code (none missing, none fuzzy).
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from scoring import InvalidHand, score_entry, score_hand
from scoring.boards import board, check_passes
from scoring.entry import ERROR_CODES
from scoring.rules import DTM, STANDARD
from tournaments.models import Event, Hand
from tournaments.wording import ENGINE_MESSAGES, hand_error_message

from ..api.conftest import enter, token_client

ROOT = Path(__file__).resolve().parents[2]
GERMAN = ROOT / "locale" / "de" / "LC_MESSAGES" / "django.po"
PLAIN = {"card_points": [50, 50]}

# One entry per engine code that the engine refuses with exactly that code (and the rules).
TIENTSIN = STANDARD.replace(game="tientsin")
THREECHU = STANDARD.replace(game="threechu")
REFUSED = {
    "entry_invalid": [1, 2],
    "unknown_field": {**PLAIN, "cards": 1},
    "unknown_seat": {**PLAIN, "finish_order": [4]},
    "card_points_missing": {},
    "card_points_invalid": {"card_points": [50]},
    "card_points_not_multiple_of_5": {"card_points": [52, 48]},
    "card_points_range": {"card_points": [130, -30]},
    "card_points_sum": {"card_points": [55, 50]},
    "finish_order_invalid": {**PLAIN, "finish_order": "0"},
    "finish_order_incomplete": (
        {"finish_order": [0, 1, 2]},
        STANDARD.replace(game="grand_seigneur", players=5),
    ),
    "finish_order_too_long": {**PLAIN, "finish_order": [0, 1, 2, 3, 0]},
    "duplicate_seat": {**PLAIN, "finish_order": [1, 1]},
    "calls_invalid": {**PLAIN, "calls": ["0"]},
    "unknown_call": {**PLAIN, "calls": {"0": "small"}},
    "grand_tichu_not_allowed": ({**PLAIN, "finish_order": [0], "calls": {"0": "grand"}}, DTM),
    "blind_grand_tichu_not_allowed": {**PLAIN, "finish_order": [0], "calls": {"0": "blind"}},
    "two_grand_tichus": {**PLAIN, "finish_order": [1], "calls": {"0": "grand", "2": "grand"}},
    "tichu_success_invalid": {**PLAIN, "calls": {"0": "tichu"}, "tichu_success": {"0": 1}},
    "tick_not_caller": {**PLAIN, "tichu_success": {"0": True}},
    "two_calls_made": {
        **PLAIN,
        "calls": {"0": "tichu", "1": "tichu"},
        "tichu_success": {"0": True, "1": True},
    },
    "tick_contradicts_finish_order": {
        **PLAIN,
        "finish_order": [1],
        "calls": {"0": "tichu"},
        "tichu_success": {"0": True},
    },
    "first_out_unknown": {**PLAIN, "calls": {"0": "tichu"}},
    "chaos_grand_tichu_missing": (
        {**PLAIN, "finish_order": [1], "calls": {"0": "grand"}},
        STANDARD.replace(chaos=True),
    ),
    "dealer_missing": (PLAIN, THREECHU),
    "dealer_not_hands_dealer": ({**PLAIN, "dealer": 1}, THREECHU),
    "dealer_grand_tichu": (
        {**PLAIN, "dealer": 0, "finish_order": [1], "calls": {"0": "grand"}},
        THREECHU,
    ),
    "dummy_grand_tichu": (
        {**PLAIN, "dealer": 0, "finish_order": [1], "calls": {"2": "grand"}},
        THREECHU,
    ),
    "double_victory_invalid": {"double_victory": 2},
    "triple_victory_invalid": ({"triple_victory": 2}, TIENTSIN),
    "double_victory_card_points": {"double_victory": 0, "card_points": [50, 50]},
    "triple_victory_card_points": ({"triple_victory": 0, "card_points": [50, 50]}, TIENTSIN),
    "double_victory_mismatch": {"double_victory": 0, "finish_order": [1]},
    "triple_victory_mismatch": ({"triple_victory": 1, "finish_order": [1, 2]}, TIENTSIN),
    "finish_order_double_victory": {**PLAIN, "finish_order": [0, 2]},
    "finish_order_triple_victory": ({**PLAIN, "finish_order": [1, 3, 5]}, TIENTSIN),
    "tick_contradicts_double_victory": {
        "double_victory": 1,
        "calls": {"0": "tichu"},
        "tichu_success": {"0": True},
    },
    "tick_contradicts_triple_victory": (
        {"triple_victory": 1, "calls": {"0": "tichu"}, "tichu_success": {"0": True}},
        TIENTSIN,
    ),
    "no_team_totals": (
        {"finish_order": [4, 3, 2, 1, 0]},
        STANDARD.replace(game="grand_seigneur", players=5),
    ),
}
BOARD = board(11, 1)  # the passes of a duplicate board are checked against its cards
NORTH = [str(card) for card in BOARD.hands[0]]
REFUSED |= {
    "passes_invalid": [],
    "pass_receivers": {"0": {"1": NORTH[0]}},
    "pass_card_unknown": {"0": {"1": "Xx", "2": NORTH[1], "3": NORTH[2]}},
    "pass_not_in_hand": {"0": {"1": str(BOARD.hands[1][0]), "2": NORTH[1], "3": NORTH[2]}},
    "pass_card_twice": {"0": {"1": NORTH[0], "2": NORTH[0], "3": NORTH[2]}},
}
PASSES = lambda passes, rules: check_passes(BOARD, passes)  # noqa: E731
SCORED_BY = {
    "dealer_not_hands_dealer": partial(score_entry, dealer=0),
    "no_team_totals": score_hand,
    **dict.fromkeys(
        (
            "passes_invalid",
            "pass_receivers",
            "pass_card_unknown",
            "pass_not_in_hand",
            "pass_card_twice",
        ),
        PASSES,
    ),
}
"""How the example of a code is scored where ``score_entry`` alone would not refuse it: a
caller that knows the hand's dealer, ``score_hand`` that wants team totals."""
NAMES = {0: "Anna", 1: "Ben", 2: "Clara", 3: "David", 4: "Emma", 5: "Felix"}


def engine_codes() -> set[str]:
    """The codes written out in ``scoring/``: the first argument of each ``InvalidHand(...)``,
    read from the source so that a new code cannot go unworded (codes built from a game's names,
    ``f"{game.sweep_key}_invalid"``, are listed in ``ERROR_CODES`` and tried in ``REFUSED``)."""
    codes = set()
    for path in (ROOT / "scoring").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "InvalidHand"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                codes.add(node.args[0].value)
    return codes


def refusal(code: str) -> InvalidHand:
    entry, rules = REFUSED[code] if isinstance(REFUSED[code], tuple) else (REFUSED[code], STANDARD)
    with pytest.raises(InvalidHand) as caught:
        SCORED_BY.get(code, score_entry)(entry, rules)
    assert caught.value.code == code
    return caught.value


def test_every_engine_code_has_a_message_and_an_example():
    assert engine_codes() <= ERROR_CODES
    assert ERROR_CODES == set(ENGINE_MESSAGES) == set(REFUSED)


@pytest.mark.parametrize("code", sorted(REFUSED))
def test_every_engine_code_is_worded_in_both_languages(code):
    error = refusal(code)
    with translation.override("en"):
        english = hand_error_message(error, NAMES)
    with translation.override("de"):
        german = hand_error_message(error, NAMES)
    for message in (english, german):
        assert message and "%(" not in message
        if re.search(r"%\((seat|first_out)\)", str(ENGINE_MESSAGES[code])):
            assert NAMES[error.params["seat"]] in message  # named, not numbered
            assert not re.search(r"seat|platz", message, re.I)
    assert german != english
    with translation.override("en"):
        assert english.startswith(str(ENGINE_MESSAGES[code]).split("%(")[0])


def test_seats_are_numbered_without_names():
    error = refusal("first_out_unknown")
    with translation.override("de"):
        assert (
            hand_error_message(error) == "Platz 0 hat angesagt: wählen, wer als Erste oder "
            "Erster fertig war."
        )
        assert hand_error_message(error, first_seat=1).startswith("Platz 1 hat angesagt")


def test_a_page_numbers_the_seats_from_one_and_the_api_from_zero():
    """The engine's seat 4 at a table of four: the API's numbering (0 to 3) by default, a
    person's (1 to 4) on a page."""
    error = refusal("unknown_seat")
    with translation.override("en"):
        assert hand_error_message(error) == "4 is not a seat: seats are 0 to 3."
        assert (
            hand_error_message(error, NAMES, first_seat=1) == "5 is not a seat: seats are 1 to 4."
        )
    with translation.override("de"):
        assert (
            hand_error_message(error, NAMES, first_seat=1)
            == "5 ist kein Platz: die Plätze sind 1 bis 4."
        )


def test_german_catalogue_compiles_clean():
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(GERMAN)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert "untranslated" not in result.stderr and "fuzzy" not in result.stderr


def test_german_catalogue_translates_every_message_of_the_code(tmp_path):
    """``makemessages`` on a copy of the project: a message in the code that the catalogue
    lacks (or whose wording changed) would come out untranslated (or fuzzy)."""
    for name in ("scoring", "tournaments", "tichu_site", "templates", "locale", "static"):
        shutil.copytree(
            ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo")
        )
    shutil.copy(ROOT / "manage.py", tmp_path)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "de", "-v", "0"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    result = subprocess.run(
        ["msgfmt", "--statistics", "-o", "/dev/null", "locale/de/LC_MESSAGES/django.po"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert re.fullmatch(r"\d+ translated messages\.\n", result.stderr), result.stderr


# --- the pages ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_german_captain_page_words_the_engine_with_names(client, table):
    """The screenshot of issue 14: "Card points always come in multiples of 5." on a German page."""
    url = reverse("captain-table", args=[table.code])
    response = client.post(url, {"number": "1", "cp_0": "33"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 400
    html = response.content.decode()
    assert "Kartenpunkte sind immer ein Vielfaches von 5." in html
    assert "multiples of 5" not in html
    caller = table.seats.get(position=3).entrant.name
    response = client.post(
        url, {"number": "1", "call_3": "tichu", "cp_0": "50"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert (
        f"{caller} hat angesagt: wählen, wer als Erste oder Erster fertig war."
        in response.content.decode()
    )
    preview = client.post(
        reverse("captain-preview", args=[table.code]),
        {"number": "1", "cp_0": "55", "cp_1": "50"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert "(eingetragen: 55 + 50 = 105)" in preview.content.decode()
    assert not Hand.objects.filter(table=table).exists()


@pytest.mark.django_db
def test_german_organizer_sees_the_formats_refusal_in_german(organizer_client):
    response = organizer_client.post(
        reverse("organizer-event-new"),
        {"name": "Vereinsabend", "preset": "dtm", "rounds": "500"},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Die Zahl der Runden muss zwischen 1 und 200 liegen." in html
    assert "must be between" not in html
    assert not Event.objects.exists()


# --- the API --------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_api_answers_in_the_language_asked_for_with_the_code_unchanged(table):
    from rest_framework.test import APIClient

    api = APIClient()
    bodies = {}
    for language in ("en", "de"):
        response = api.put(
            f"/api/tables/{table.pk}/hands/1/",
            {"card_points": [55, 50]},
            format="json",
            HTTP_X_TABLE_CODE=table.code,
            HTTP_ACCEPT_LANGUAGE=language,
        )
        assert response.status_code == 400
        bodies[language] = response.json()
    assert bodies["en"]["code"] == bodies["de"]["code"] == "card_points_sum"
    assert bodies["en"]["detail"].startswith("The two teams' card points must add up to 100")
    assert bodies["de"]["detail"].startswith("Die Kartenpunkte beider Teams müssen zusammen 100")
    assert bodies["de"]["errors"] == {"card_points": [bodies["de"]["detail"]]}


@pytest.mark.django_db
def test_api_words_the_services_in_the_language_asked_for(organizer):
    org = token_client(organizer)
    response = org.post(
        "/api/events/",
        {"name": "Abend", "format": "dtm", "rounds": 500},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400  # refused by the serializer, in the format's words
    assert response.json()["code"] == "max_value"
    assert response.json()["errors"]["rounds"] == [
        "Die Zahl der Runden muss zwischen 1 und 200 liegen."
    ]
    event = org.post("/api/events/", {"name": "Abend", "format": "dtm"}, format="json").json()
    response = enter(org, 10**6, 1, {"card_points": [50, 50]})
    assert response.status_code == 404
    response = org.post(
        f"/api/events/{event['id']}/players/", [], format="json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "Mindestens einen Spieler angeben."
