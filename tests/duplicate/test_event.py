"""A duplicate event entered from the captains' phones through the API, as the organizer runs
it (RULINGS.md, "Duplicate Tichu"): the movement's tables, per-board entry checked by the
engine, passes checked against the board's cards, matchpoints worked out by hand over real
entries (with Neuberg and an artificial result), the traveller hidden from a pair until its own
entry, and the standings ranked by percentage. Both modes: the real worker scores in live mode.
"""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from rest_framework.test import APIClient

from scoring.boards import board
from tests.api.conftest import enter, make_round, token_client
from tests.conftest import wait_for_standings
from tests.web.test_exports import export
from tournaments.models import (
    ArtificialResult,
    BoardScore,
    Entrant,
    Event,
    Hand,
    Round,
    Seat,
    StandingRow,
    Table,
    label_entrants,
)
from tournaments.simulation import simulate_event

pytestmark = pytest.mark.django_db(transaction=True)


def hand(ns: int) -> dict:
    """A hand without calls: North-South takes ``ns`` card points, East-West the rest; seat 0
    (North) out first."""
    return {"card_points": [ns, 100 - ns], "finish_order": [0, 1, 2, 3]}


@pytest.fixture
def org(organizer):
    return token_client(organizer)


def duplicate_event(org, pairs: int = 6, **fields) -> dict:
    response = org.post(
        "/api/events/",
        {
            "name": "Duplicate evening",
            "format": "duplicate",
            "seed": 5,
            "rounds": 2,
            "hands_per_round": 2,
            **fields,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    event = response.json()
    teams = [{"name": f"Pair {i}", "members": [f"A{i}", f"B{i}"]} for i in range(1, pairs + 1)]
    response = org.post(f"/api/events/{event['id']}/players/", teams, format="json")
    assert response.status_code == 201, response.json()
    return event


def tables_of(rnd: dict) -> list[dict]:
    return sorted(rnd["tables"], key=lambda t: t["number"])


def test_the_tables_are_the_movement_s_and_the_boards_per_round_its_hands(org):
    event = duplicate_event(org, pairs=7)
    rnd = make_round(org, event["id"])
    movement = APIClient().get(f"/api/events/{event['id']}/movement/").json()
    first = movement["rounds"][0]
    seats = {
        t["number"]: dict(
            Seat.objects.filter(table_id=t["id"], position__lt=2).values_list(
                "position", "entrant_id"
            )
        )
        for t in tables_of(rnd)
    }
    assert {m["table"]: {0: m["ns"], 1: m["ew"]} for m in first["tables"]} == seats
    assert [m["boards"] for m in first["tables"]] == [[1, 2]] * 3
    assert rnd["byes"] == [first["sits_out"]]
    assert len(movement["rounds"]) == 2 and movement["rounds"][1]["tables"][0]["boards"] == [3, 4]


def test_matchpoints_neuberg_and_an_artificial_result_over_real_entries(org):
    event = duplicate_event(org)
    rnd = make_round(org, event["id"])
    t1, t2, t3 = tables_of(rnd)
    anon = APIClient()
    # Board 1 at three tables: NS results +20, -40, +20 (TP 60:40, 30:70, 60:40).
    # NS matchpoints among 3 (top 4): 3, 0, 3 -> 75%, 0%, 75%; EW 25%, 100%, 25%.
    for table, ns in ((t1, 60), (t2, 30), (t3, 60)):
        assert enter(anon, table["id"], 1, hand(ns), table["code"]).status_code == 201
    # Board 2 at two tables (+100, 0), and average plus / average minus at table 3: the real
    # results among themselves, 2 and 0 matchpoints, scaled by Neuberg to N = 3:
    # (2 + 1) x 3/2 - 1 = 3.5 -> 87.5%, (0 + 1) x 3/2 - 1 = 0.5 -> 12.5%; table 3 60% / 40%.
    assert enter(anon, t1["id"], 2, hand(100), t1["code"]).status_code == 201
    assert enter(anon, t2["id"], 2, hand(50), t2["code"]).status_code == 201
    response = org.put(
        f"/api/tables/{t3['id']}/artificial/2/",
        {"ns": "average_plus", "ew": "average_minus"},
        format="json",
    )
    assert response.status_code == 200, response.json()
    wait_for_standings(Event.objects.get(pk=event["id"]))

    def pair(table, position):
        return Seat.objects.get(table_id=table["id"], position=position).entrant_id

    expected = {
        pair(t1, 0): 81.25,  # (75 + 87.5) / 2
        pair(t1, 1): 18.75,  # (25 + 12.5) / 2
        pair(t2, 0): 6.25,  # (0 + 12.5) / 2
        pair(t2, 1): 93.75,  # (100 + 87.5) / 2
        pair(t3, 0): 67.5,  # (75 + 60) / 2
        pair(t3, 1): 32.5,  # (25 + 40) / 2
    }
    standings = anon.get(f"/api/events/{event['id']}/standings/").json()
    assert [(row["player"]["id"], row["score"]) for row in standings["rows"]] == sorted(
        expected.items(), key=lambda item: -item[1]
    )
    assert [row["rank"] for row in standings["rows"]] == [1, 2, 3, 4, 5, 6]
    mp = {
        (s.entrant_id, s.board): s.matchpoints
        for s in BoardScore.objects.filter(event_id=event["id"])
    }
    assert mp[pair(t1, 0), 1] == 3 and mp[pair(t2, 0), 1] == 0
    assert mp[pair(t1, 0), 2] == 3.5 and mp[pair(t2, 0), 2] == 0.5
    assert mp[pair(t3, 0), 2] is None  # artificial: no matchpoints, its share of the top
    scores = org.get(f"/api/events/{event['id']}/percentages/").json()
    assert {row["entrant"]: row["score"] for row in scores} == expected
    # the artificial result counts as the board played: the round is complete, and its boards'
    # scores are public
    assert Round.objects.get(pk=rnd["id"]).status == Round.Status.COMPLETE
    assert len(anon.get(f"/api/events/{event['id']}/percentages/").json()[0]["boards"]) == 2
    # removing the artificial result leaves board 2 played twice: table 3 has no score of it
    assert org.delete(f"/api/tables/{t3['id']}/artificial/2/").status_code == 204
    wait_for_standings(Event.objects.get(pk=event["id"]))
    assert not BoardScore.objects.filter(table_id=t3["id"], board=2).exists()


def test_pairs_level_on_their_percentage_share_their_place(org):
    """Four pairs, two boards: each pair wins one board and loses the other against the pair of
    its direction, 50% each, with different Tichu points and VP, which do not split them."""
    event = duplicate_event(org, pairs=4)
    t1, t2 = tables_of(make_round(org, event["id"]))
    anon = APIClient()
    for number, (first, second) in enumerate(((70, 60), (40, 45)), start=1):
        assert enter(anon, t1["id"], number, hand(first), t1["code"]).status_code == 201
        assert enter(anon, t2["id"], number, hand(second), t2["code"]).status_code == 201
    wait_for_standings(Event.objects.get(pk=event["id"]))
    rows = anon.get(f"/api/events/{event['id']}/standings/").json()["rows"]
    assert [row["score"] for row in rows] == [50.0] * 4
    assert len({row["tichu_points"] for row in rows}) > 1
    assert [row["rank"] for row in rows] == [1, 1, 1, 1]
    page = anon.get(f"/events/{event['id']}/").content.decode()
    assert page.count(">1=<") == 4


def test_the_captain_s_preview_of_a_board_shows_its_result_not_vp(org, client):
    event = duplicate_event(org, pairs=4)
    table = tables_of(make_round(org, event["id"]))[0]
    url = reverse("captain-preview", kwargs={"code": table["code"]})
    entry = {"number": "1", "call_0": "tichu", "first_out": "0", "cp_0": "70"}
    html = client.post(url, entry, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "170 TP" in html and "30 TP" in html
    assert "Ergebnis +140" in html and "Ergebnis -140" in html and "VP" not in html
    # the board recorded: the table's page shows its result beside the TP, and no VP anywhere
    assert enter(APIClient(), table["id"], 1, hand(70), table["code"]).status_code == 201
    page = client.get(url.replace("preview/", ""), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert ">70 : 30 TP</span>" in page and ">40 : -40 Ergebnis</span>" in page
    assert " SP" not in page and "Siegpunkte" not in page


def test_the_captain_records_the_passes_on_the_phone_form(org, client):
    """The form of a duplicate board offers the passes (any card of the deck: the board is not
    shown); what is chosen is stored with the hand, and a card the seat did not hold on the
    board is refused with the engine's message in German, nothing stored."""
    event = duplicate_event(org, pairs=4)
    table = tables_of(make_round(org, event["id"]))[0]
    url = reverse("captain-table", kwargs={"code": table["code"]})
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert 'id="passes"' in page and "Geschobene Karten (freiwillig)" in page
    assert ">Sterne 10</option>" in page and page.count('<select name="pass_') == 12
    seed = Event.objects.get(pk=event["id"]).seed
    held = board(seed, 1).hands[0]
    entry = {"number": "1", "first_out": "0", "cp_0": "70"}
    wrong = next(card for card in board(seed, 1).hands[1] if card.suit is not None)
    refused = client.post(
        url,
        {**entry, "pass_0_1": str(wrong), "pass_0_2": str(held[1]), "pass_0_3": str(held[2])},
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert (
        refused.status_code == 400 and "auf Board 1 nicht auf der Hand" in refused.content.decode()
    )
    assert not Hand.objects.filter(table_id=table["id"]).exists()
    given = {"1": str(held[0]), "2": str(held[1]), "3": str(held[2])}
    response = client.post(
        url, {**entry, **{f"pass_0_{r}": card for r, card in given.items()}}, follow=True
    )
    assert response.status_code == 200
    assert Hand.objects.get(table_id=table["id"], number=1).passes == {"0": given}


def test_the_traveller_is_hidden_from_a_pair_until_its_own_entry(org):
    event = duplicate_event(org)
    rnd = make_round(org, event["id"])
    t1, t2, _ = tables_of(rnd)
    anon = APIClient()
    assert enter(anon, t1["id"], 1, hand(60), t1["code"]).status_code == 201
    wait_for_standings(Event.objects.get(pk=event["id"]))
    url = f"/api/events/{event['id']}/boards/1/"
    # table 2 has not entered board 1: neither the API nor its page shows the results
    assert anon.get(url, HTTP_X_TABLE_CODE=t2["code"]).status_code == 403
    assert anon.get(url).status_code == 403  # nor to the public before the round is complete
    page = anon.get(f"/t/{t2['code']}/boards/1/").content.decode()
    assert 'id="enter-first"' in page and 'id="traveller"' not in page
    # the board's cards are the organizer's until the round is complete
    assert anon.get(f"/api/events/{event['id']}/boards/").json()[0]["hands"] is None
    assert org.get(f"/api/events/{event['id']}/boards/").json()[0]["hands"] is not None
    assert enter(anon, t2["id"], 1, hand(30), t2["code"]).status_code == 201
    wait_for_standings(Event.objects.get(pk=event["id"]))
    shown = anon.get(url, HTTP_X_TABLE_CODE=t2["code"])
    assert shown.status_code == 200
    assert sorted(r["result"] for r in shown.json()["results"]) == [-40, 20]
    page = anon.get(f"/t/{t2['code']}/boards/1/").content.decode()
    assert 'id="traveller"' in page and 'id="enter-first"' not in page
    # table 1 entered board 1 but not board 2
    assert (
        anon.get(f"/api/events/{event['id']}/boards/2/", HTTP_X_TABLE_CODE=t1["code"]).status_code
        == 403
    )


def test_an_impossible_entry_and_a_pass_of_a_card_not_held_are_refused(org):
    event = duplicate_event(org)
    rnd = make_round(org, event["id"])
    table = tables_of(rnd)[0]
    anon = APIClient()
    refused = enter(anon, table["id"], 1, {"card_points": [57, 43]}, table["code"])
    assert refused.status_code == 400
    assert refused.json()["code"] == "card_points_not_multiple_of_5"
    deal = board(5, 1)  # the event's seed: board 1's cards
    north, east = deal.hands[0], deal.hands[1]
    foreign = {"0": {"1": str(east[0]), "2": str(north[1]), "3": str(north[2])}}
    refused = enter(anon, table["id"], 1, {**hand(60), "passes": foreign}, table["code"])
    assert refused.status_code == 400
    assert refused.json()["code"] == "pass_not_in_hand"
    assert not Hand.objects.filter(table_id=table["id"]).exists()
    passes = {"0": {"1": str(north[0]), "2": str(north[1]), "3": str(north[2])}}
    accepted = enter(anon, table["id"], 1, {**hand(60), "passes": passes}, table["code"])
    assert accepted.status_code == 201, accepted.json()
    assert Hand.objects.get(table_id=table["id"], number=1).passes == passes


def test_the_butler_option_scores_against_each_board_s_average(organizer):
    event = simulate_event(
        preset="duplicate",
        entrants=6,
        seed=3,
        owner=organizer,
        overrides={"board_scoring": "butler", "rounds": 1, "hands_per_round": 2},
    ).event
    wait_for_standings(event)
    scores = list(BoardScore.objects.filter(event=event))
    assert len(scores) == 2 * 6 and all(s.matchpoints is None for s in scores)
    for board_no in (1, 2):
        for direction in (0, 1):
            results = [s for s in scores if s.board == board_no and s.direction == direction]
            # three results: the datum is the middle one (highest and lowest left out)
            middle = sorted(s.result for s in results)[1]
            assert all(s.value == s.result - middle for s in results)
    totals = {row.entrant_id: row.score for row in StandingRow.objects.filter(event=event)}
    for entrant, total in totals.items():
        assert total == sum(s.value for s in scores if s.entrant_id == entrant)


def test_the_organizer_gives_an_artificial_result_on_the_table_s_page(organizer, client):
    event = simulate_event(
        preset="duplicate", entrants=4, seed=2, owner=organizer, overrides={"rounds": 1}
    ).event
    table = Table.objects.filter(round__event=event).order_by("number").first()
    client.force_login(organizer)
    url = f"/organize/events/{event.pk}/tables/{table.pk}/artificial/"
    assert (
        'id="artificial-link"'
        in client.get(f"/organize/events/{event.pk}/tables/{table.pk}/").content.decode()
    )
    response = client.post(url, {"number": 2, "ns": "average_minus", "ew": "average_plus"})
    assert response.status_code == 302
    wait_for_standings(event)
    mine = BoardScore.objects.get(table=table, board=2, direction=0)
    assert (mine.artificial, mine.value, mine.result) == ("average_minus", 40.0, None)
    history = client.get(f"/organize/events/{event.pk}/history/").content.decode()
    assert "Artificial result: Table 1 (round 1), board 2, average minus / average plus" in history
    refused = client.post(url, {"number": 9, "ns": "average"})
    assert refused.status_code == 400  # not one of the table's boards: a form error


def test_an_artificial_result_is_undone_only_while_nothing_later_changed_its_board(org):
    """Given, then changed: the first is superseded (409 naming the change); the change is
    undone (the first kinds back), and a removal is undone (the result back). Another board's
    artificial result at the same table is not a change of this one."""
    event = duplicate_event(org, pairs=4)
    t1, _ = tables_of(make_round(org, event["id"]))
    url = f"/api/tables/{t1['id']}/artificial/"

    def give(number, ns, ew):
        response = org.put(f"{url}{number}/", {"ns": ns, "ew": ew}, format="json")
        assert response.status_code == 200, response.json()

    def changes():
        rows = org.get(f"/api/events/{event['id']}/changes/").json()["results"]
        return [c for c in rows if c["subject"] == "artificial"]  # newest first

    def kinds(number):
        found = ArtificialResult.objects.filter(table_id=t1["id"], number=number).first()
        return found and (found.ns, found.ew)

    give(1, "average_plus", "average_minus")
    give(1, "average", "average")
    give(2, "average", "average")  # another board: not a later change of board 1
    given, changed = changes()[2], changes()[1]
    assert (given["undoable"], changed["undoable"]) == (False, True)
    refused = org.post(f"/api/changes/{given['id']}/undo/")
    assert refused.status_code == 409 and refused.json()["code"] == "superseded"
    assert f"#{changed['id']}" in refused.json()["detail"]
    assert org.post(f"/api/changes/{changed['id']}/undo/").status_code == 200
    assert kinds(1) == ("average_plus", "average_minus")
    assert org.delete(f"{url}1/").status_code == 204
    removal = changes()[0]
    assert (removal["action"], removal["undoable"]) == ("delete", True)
    assert org.post(f"/api/changes/{removal['id']}/undo/").status_code == 200
    assert kinds(1) == ("average_plus", "average_minus") and kinds(2) == ("average", "average")
    wait_for_standings(Event.objects.get(pk=event["id"]))
    assert BoardScore.objects.get(table_id=t1["id"], board=1, direction=0).artificial == (
        "average_plus"
    )


def test_a_pair_after_the_first_round_is_refused_saying_why(org):
    """The movement is the first round's pairs': a late pair would sit out every round."""
    event = duplicate_event(org, pairs=4)
    make_round(org, event["id"])
    response = org.post(
        f"/api/events/{event['id']}/players/",
        {"name": "Late pair", "members": ["L1", "L2"]},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 409 and response.json()["code"] == "movement_fixed"
    assert response.json()["detail"].startswith("Der Spielplan steht für die Paare der ersten")
    assert Entrant.objects.filter(event_id=event["id"]).count() == 4


@pytest.mark.parametrize(
    ("score", "language", "shown"),
    [(66.6667, "en", "66.67"), (41.6667, "de", "41,67"), (12.125, "en", "12.13"), (None, "en", "")],
)
def test_a_total_is_shown_rounded_to_two_decimals_not_cut(score, language, shown):
    """Django's number_format cuts a float's digits (66.6667 read 66.66 on the standings)."""
    with translation.override(language):
        assert StandingRow(score=score).score_shown == shown


def test_a_pair_s_page_shows_no_vp_and_leads_to_its_scorecard(org, client):
    event = duplicate_event(org, pairs=4)
    table = tables_of(make_round(org, event["id"]))[0]
    assert enter(APIClient(), table["id"], 1, hand(70), table["code"]).status_code == 201
    wait_for_standings(Event.objects.get(pk=event["id"]))
    pair = Seat.objects.get(table_id=table["id"], position=0).entrant_id
    page = client.get(f"/events/{event['id']}/players/{pair}/", HTTP_ACCEPT_LANGUAGE="de")
    html = page.content.decode()
    assert page.status_code == 200 and 'id="boards-on-scorecard"' in html
    assert "SP pro" not in html and ">SP</th>" not in html  # VP per hand, per round, a column
    # a pair counts boards, and is its own partnership: no partner column, no partners' card
    assert "<th>Gespielte Boards</th>" in html and "Gespielte Spiele" not in html
    assert ">Partner</th>" not in html and ">Partner</h2>" not in html
    # the round's opponents are the other pair, named once (not each member with it)
    other = Seat.objects.get(table_id=table["id"], position=1).entrant
    label_entrants([other])
    cells = re.search(r'rounds/1/">1</a></td>\s*<td>\d+</td><td>(.*?)</td>', html)
    assert cells and cells.group(1) == escape(other.display_name)


def test_the_results_export_of_a_duplicate_event_gives_each_board_s_result(organizer, client):
    event = simulate_event(
        preset="duplicate", entrants=4, seed=2, owner=organizer, overrides={"rounds": 1}
    ).event
    client.force_login(organizer)
    response = export(client, event, "results", "csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header = rows[0]
    assert "Result A" in header and not any(cell.startswith("VP") for cell in header)
    for row in rows[1:]:
        tp = int(row[header.index("TP A")]) - int(row[header.index("TP B")])
        assert int(row[header.index("Result A")]) == tp == -int(row[header.index("Result B")])


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_later_round_s_table_lists_its_boards_not_its_hands(organizer, client, language):
    """Round 2 plays boards 3 and 4 (two a round): the organizer's table page and the public
    round page list them by those numbers, under "Board", and the history names them so."""
    event = simulate_event(
        preset="duplicate", entrants=4, seed=2, owner=organizer, overrides={"rounds": 2}
    ).event
    per_round = event.format.hands_per_round
    table = Table.objects.filter(round__event=event, round__number=2).order_by("number").first()
    client.force_login(organizer)
    pages = (
        f"/organize/events/{event.pk}/tables/{table.pk}/",
        reverse("event-round", args=[event.pk, 2]),
    )
    boards = [str(per_round + n) for n in range(1, per_round + 1)]
    for url in pages:
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        if "/organize/" not in url:
            html = html[html.index(f'id="table-{table.number}"') :]
        shown = re.findall(r'<tr data-hand="(\d+)"><td>(\d+)', html)[:per_round]
        assert shown == list(zip(map(str, range(1, per_round + 1)), boards, strict=True)), url
        assert '<th rowspan="2">Board</th>' in html and ">Spiel</th>" not in html
        if "/organize/" not in url:  # the card's hands fold under the boards' name
            assert "<summary>Boards</summary>" in html
    correction = client.get(f"{pages[0]}hands/1/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    heading = {"en": "Correct board {b} at table {t}", "de": "Board {b} an Tisch {t} korrigieren"}
    assert heading[language].format(b=per_round + 1, t=table.number) in correction
    history = client.get(
        f"/organize/events/{event.pk}/history/", HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    word = {"en": "round 2), board", "de": "Runde 2), Board"}[language]
    assert f"{word} {per_round + 1}:" in history and "Spiel" not in history.split("<main")[-1]
