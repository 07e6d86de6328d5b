"""The replay pages: a public round's hand recorded card by card (every game the demo's bots
play), linked from the round's hand rows only where a record exists, in English and German; the
hand's record file, which ``python -m scoring replay`` reads; and the upload page, which replays
a record file and refuses a bad one with the reason in the reader's language."""

from __future__ import annotations

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring import Rules, play_hand
from scoring.__main__ import main as scoring_main
from tournaments.games import GAMES
from tournaments.models import Change, Hand
from tournaments.simulation import simulate_event

from .conftest import played

pytestmark = pytest.mark.django_db

ENTRANTS = {"tichu": 8, "tientsin": 6, "threechu": 3, "grand_seigneur": 5}
"""The fewest a round of each game seats (four-player Tichu: two tables)."""


def client(language: str = "en") -> Client:
    return Client(headers={"accept-language": language})


def replay_of(html: str) -> dict:
    """The page's replay data (``json_script``)."""
    found = re.search(
        r'<script id="replay-data" type="application/json">(.*?)</script>', html, re.S
    )
    assert found, "the page has no replay"
    return json.loads(found.group(1))


def replay_url(hand: Hand, name: str = "event-hand-replay") -> str:
    table = hand.table
    return reverse(name, args=[table.round.event_id, table.round.number, table.number, hand.number])


@pytest.fixture
def simulated(organizer):
    return simulate_event(preset="dtm", entrants=8, seed=3, owner=organizer, rounds=1).event


def test_the_round_page_links_each_recorded_hand_to_its_replay(simulated):
    hands = list(Hand.objects.filter(table__round__event=simulated).select_related("table__round"))
    html = client().get(reverse("event-round", args=[simulated.pk, 1])).content.decode()
    for hand in hands:
        assert f'href="{replay_url(hand)}"' in html
    assert html.count('class="replay-link"') == len(hands) == 8


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_replay_page_in_each_language(simulated, language):
    hand = Hand.objects.filter(table__round__event=simulated).select_related("table__round")[0]
    response = client(language).get(replay_url(hand))
    assert response.status_code == 200
    html = response.content.decode()
    data = replay_of(html)
    names = {seat.label for seat in hand.table.seats.all()}
    assert {seat["name"] for seat in data["seats"]} == names
    assert [seat["team"] for seat in data["seats"]] == [0, 1, 0, 1]
    assert len(data["frames"]) == len(hand.play_record["actions"]) + 1
    first, last = data["frames"][0], data["frames"][-1]
    look = 8 if simulated.format.rules.grand_tichu_allowed else 14  # a DTM: no Grand Tichu
    assert [len(cards) for cards in first["hands"].values()] == [look] * 4
    german = language == "de"
    assert first["caption"] == ("Die Karten werden gegeben." if german else "The cards are dealt.")
    assert last["notes"][-1] == ("Das Spiel ist zu Ende." if german else "The hand is over.")
    assert data["words"]["step"] == (
        "Schritt %(n)s von %(total)s" if german else "Step %(n)s of %(total)s"
    )
    assert any(("Kartenpunkte" if german else "card points") in line for line in data["score"])
    plays = [
        f["caption"]
        for f in data["frames"]
        if " plays " in f["caption"] or " spielt " in f["caption"]
    ]
    kinds = {f"({kind})" for kind in data["kinds"].values()}
    assert plays and all(any(kind in play for kind in kinds) for play in plays)
    assert ("(Einzelkarte)" if german else "(single)") in " ".join(plays)
    assert ("Schritt zurück" if german else "Step back") in html
    assert data["cards"]["DR"]["name"] == ("Drache" if german else "Dragon")
    assert data["cards"]["Jj"]["label"] == ("B" if german else "J")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_bots_hands_replay_with_the_tables_names(organizer, game):
    event = simulate_event(
        preset=game if GAMES[game].preset else "chaos_dtm",  # four-player Tichu: with the Grand
        entrants=ENTRANTS[game],
        seed=2,
        owner=organizer,
        rounds=1,
    ).event
    hand = Hand.objects.filter(table__round__event=event).select_related("table__round").first()
    assert hand.play_record is not None
    data = replay_of(client("de").get(replay_url(hand)).content.decode())
    seats = GAMES[game].hand_seats(
        hand.number, {s.position: s.label for s in hand.table.seats.all()}
    )
    assert [seat["name"] for seat in data["seats"]] == [seats[s] for s in range(len(seats))]
    roles = {seat["role"] for seat in data["seats"]} - {""}
    assert roles == ({"Geber", "Strohmann"} if GAMES[game].roles(hand.number) else set())
    assert data["card_points"] is not GAMES[game].placings  # placings: no card points to show
    assert data["score"]


def test_a_hand_without_a_record_has_no_replay(organizer):
    event = played(organizer, 8, rounds=1)
    hand = Hand.objects.filter(table__round__event=event).select_related("table__round").first()
    assert hand.play_record is None
    html = client().get(reverse("event-round", args=[event.pk, 1])).content.decode()
    assert "replay-link" not in html and "/replay/" not in html
    assert client().get(replay_url(hand)).status_code == 404
    assert client().get(replay_url(hand, "event-hand-record")).status_code == 404


def test_the_record_file_replays_on_the_command_line_and_on_the_upload_page(simulated, tmp_path):
    hand = Hand.objects.filter(table__round__event=simulated).select_related("table__round")[2]
    response = client().get(replay_url(hand, "event-hand-record"))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    assert json.loads(response.content) == hand.play_record
    path = tmp_path / "hand.json"
    path.write_bytes(response.content)
    assert scoring_main(["replay", str(path)]) == 0
    page = client().get(replay_url(hand)).content.decode()
    stored_before = (Hand.objects.count(), Change.objects.count())
    upload = upload_record(response.content)
    assert upload.status_code == 200
    uploaded, stored = replay_of(upload.content.decode()), replay_of(page)
    assert [f["caption"] for f in uploaded["frames"]][:1] == ["The cards are dealt."]
    assert len(uploaded["frames"]) == len(stored["frames"])
    assert uploaded["seats"][0]["name"] == "seat 1"  # no table, no names
    assert (Hand.objects.count(), Change.objects.count()) == stored_before  # stores nothing


def upload_record(content: bytes, language: str = "en"):
    return client(language).post(
        reverse("replay-upload"),
        {"record": SimpleUploadedFile("hand.json", content, "application/json")},
    )


def test_the_upload_page_offers_its_form():
    response = client("de").get(reverse("replay-upload"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Aufzeichnung eines Spiels wiedergeben" in html and 'type="file"' in html
    assert "replay-data" not in html


def refusal(content: bytes, language: str = "de") -> str:
    response = upload_record(content, language)
    assert response.status_code == 400
    html = response.content.decode()
    assert "replay-data" not in html
    found = re.search(r'<ul class="errorlist"[^>]*>\s*<li>(.*?)</li>', html, re.S)
    assert found, html
    return found.group(1)


def test_a_bad_record_is_refused_with_the_reason_in_the_readers_language():
    record = play_hand(Rules(), seed=4).record
    assert "kein JSON (Zeile 1" in refusal(b"{not json")
    assert "kein Text" in refusal(b"\xff\xfe\x00")
    assert "keine Aufzeichnung eines Spiels" in refusal(b"[1, 2]")
    out_of_turn = json.loads(json.dumps(record))
    index = next(i for i, a in enumerate(record["actions"]) if a["action"] == "play")
    out_of_turn["actions"][index]["seat"] = (record["actions"][index]["seat"] + 1) % 4
    message = refusal(json.dumps(out_of_turn).encode())
    assert f"Aktion {index + 1} (Platz " in message and "verstößt gegen die Regeln" in message
    assert "am Zug" in message or "nicht auf der Hand" in message
    english = refusal(json.dumps(out_of_turn).encode(), "en")
    assert f"Action {index + 1} (seat " in english and "is against the rules" in english
    short = {**record, "actions": record["actions"][:-1]}
    assert "noch am Zug" in refusal(json.dumps(short).encode())
    assert "weicht" in refusal(json.dumps({**record, "result": {"x": 1}}).encode())


def test_a_wish_and_a_call_are_worded(simulated):
    for seed in range(80):
        record = play_hand(Rules(), seed=seed).record
        actions = {a["action"] for a in record["actions"]}
        if "tichu" in actions and any(a.get("wish") for a in record["actions"]):
            break
    data = replay_of(upload_record(json.dumps(record).encode(), "de").content.decode())
    captions = [frame["caption"] for frame in data["frames"]]
    assert any(c.endswith("sagt Tichu an.") for c in captions)
    assert any("und wünscht sich:" in c for c in captions)
    wished = next(f for f in data["frames"] if f["wish"])
    assert data["ranks"][str(wished["wish"])]


def test_a_cup_matchs_hands_link_their_replays(organizer):
    event = simulate_event(preset="knockout", entrants=4, seed=1, owner=organizer).event
    match = event.matches.order_by("pk").first()
    html = client().get(reverse("event-match", args=[event.pk, match.pk])).content.decode()
    links = re.findall(r'class="replay-link" href="([^"]+)"', html)
    hands = Hand.objects.filter(table__game__match=match).count()
    assert hands and len(links) == hands
    assert client("de").get(links[-1]).status_code == 200
