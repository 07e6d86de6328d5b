"""Grand Seigneur on the pages: the captain enters a hand's finish order (typed as seat numbers
here; a phone taps the names, see the browser test), the engine refuses an incomplete order
inline, each player's placing points; the public round and the player page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Event, Hand, HandSeat
from tournaments.services.events import event_create

from .conftest import captain_url, one_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_throttle")]
NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta"]


@pytest.fixture
def gs_table(organizer):
    return one_table(organizer, "grand_seigneur", NAMES, "Grand Seigneur")


def test_create_a_grand_seigneur_event_on_the_web(organizer_client):
    response = organizer_client.post(
        reverse("organizer-event-new"), {"name": "GS", "preset": "grand_seigneur"}
    )
    assert response.status_code == 302
    assert Event.objects.get(name="GS").rules.game == "grand_seigneur"


def test_a_captain_enters_a_finish_order(client, gs_table):
    seated = [s.entrant.name for s in gs_table.seats.order_by("position").select_related("entrant")]
    assert len(seated) == 7
    html = client.get(captain_url(gs_table)).content.decode()
    assert all(f'data-name="{name}"' in html for name in seated)
    refused = client.post(
        captain_url(gs_table), {"number": "1", "finish_order": "3,1"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert refused.status_code == 400 and "inline-engine-error" in refused.content.decode()
    assert not Hand.objects.exists()
    preview = client.post(
        captain_url(gs_table, "captain-preview"), {"number": "1", "finish_order": "3,1,2,4,5,6"}
    )
    assert f"{seated[2]}: 6 points" in preview.content.decode()
    response = client.post(captain_url(gs_table), {"number": "1", "finish_order": "3,1,2,4,5,6"})
    assert response.status_code == 302
    credits = dict(HandSeat.objects.values_list("position", "vp"))
    assert credits == {2: 6, 0: 5, 1: 4, 3: 3, 4: 2, 5: 1, 6: 0}
    html = client.get(captain_url(gs_table)).content.decode()
    assert (
        " · ".join(
            f"{place}. {seated[p]}" for place, p in enumerate((2, 0, 1, 3, 4, 5, 6), start=1)
        )
        in html
    )
    assert f"{seated[2]}</strong> · 6 Points" in html  # the player's total, by the shape
    event = gs_table.round.event
    public = client.get(reverse("event-round", args=[event.pk, 1])).content.decode()
    assert all(name in public for name in seated)
    entrant = gs_table.seats.get(position=2).entrant_id
    player = client.get(reverse("event-player", args=[event.pk, entrant]))
    assert player.status_code == 200


def test_an_organizer_corrects_a_finish_order(organizer_client, gs_table):
    event = gs_table.round.event
    organizer_client.post(captain_url(gs_table), {"number": "1", "finish_order": "1,2,3,4,5,6"})
    hand = Hand.objects.get()
    edit = reverse("organizer-hand", args=[event.pk, gs_table.pk, 1])
    page = organizer_client.get(edit).content.decode()
    assert 'value="1,2,3,4,5,6,7"' in page and "data-placing" in page
    response = organizer_client.post(
        edit, {"number": "1", "finish_order": "7,6,5,4,3,2,1", "reason": "reversed"}
    )
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.entry["finish_order"] == [6, 5, 4, 3, 2, 1, 0]
    assert dict(HandSeat.objects.values_list("position", "vp"))[6] == 6
    seated = [s.entrant.name for s in gs_table.seats.order_by("position").select_related("entrant")]
    table_page = organizer_client.get(reverse("organizer-table", args=[event.pk, gs_table.pk]))
    page = table_page.content.decode()
    assert all(name in page for name in seated)
    assert f"1. {seated[6]} · 2. {seated[5]}" in page, "the finish order beside the hand"
    assert ">Points</th>" in page and ">TP<" not in page and "TP A" not in page
    round_page = organizer_client.get(
        reverse("organizer-round", args=[event.pk, gs_table.round_id])
    )
    assert " · ".join(seated) in round_page.content.decode(), "the players in one line"


def test_the_table_size_is_a_setting_of_a_grand_seigneur_event(organizer_client, organizer):
    from .test_settings import form_data

    event = event_create(owner=organizer, name="GS", preset="grand_seigneur", seed=1)
    page = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert 'name="players"' in page
    data = form_data(event, players=6, tiebreak_1="first_places", tiebreak_2="second_places")
    response = organizer_client.post(reverse("organizer-settings", args=[event.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    event.refresh_from_db()
    assert event.rules.players == 6 and event.format.game.seats == 6
    threechu = event_create(owner=organizer, name="Threechu", preset="threechu", seed=1)
    page = organizer_client.get(reverse("organizer-event", args=[threechu.pk])).content.decode()
    assert 'name="players"' not in page
    response = organizer_client.post(
        reverse("organizer-settings", args=[threechu.pk]), form_data(threechu, rounds=3)
    )
    assert response.status_code == 302
    threechu.refresh_from_db()
    assert threechu.format.rounds == 3 and threechu.rules.game == "threechu"


def test_the_standings_show_placing_points_and_no_tichu_points(client, organizer):
    from tournaments.simulation import simulate_event

    event = simulate_event(
        preset="grand_seigneur", entrants=10, seed=2, owner=organizer, rounds=1
    ).event
    client.get(reverse("language", args=["de"]))
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    header = page.split('<table class="data standings">')[1].split("</thead>")[0]
    assert ">Punkte<" in header and ">SP<" not in header and ">TP<" not in header
    projector = client.get(reverse("event-projector", args=[event.pk])).content.decode()
    assert ">Punkte<" in projector and ">TP<" not in projector


def test_a_players_page_shows_placing_points_and_no_calls_partners_or_tp(client, organizer):
    from tournaments.simulation import simulate_event

    event = simulate_event(
        preset="grand_seigneur", entrants=10, seed=2, owner=organizer, rounds=1
    ).event
    entrant = event.entrants.first()
    client.get(reverse("language", args=["de"]))
    page = client.get(reverse("event-player", args=[event.pk, entrant.pk])).content.decode()
    assert "Punkte pro Spiel" in page and "Am Tisch" in page
    assert "Ansagen" not in page and "Partner" not in page and ">TP<" not in page
    assert " Punkte</span></p>" in page and "SP ·" not in page  # "Rang 3 · 25 Punkte"


def test_the_organizers_pages_show_placing_points_and_no_tp(organizer_client, organizer):
    from tournaments.simulation import simulate_event

    event = simulate_event(
        preset="grand_seigneur", entrants=10, seed=2, owner=organizer, rounds=1
    ).event
    page = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert ">Points<" in page and ">TP<" not in page
    rnd = event.rounds.get()
    page = organizer_client.get(
        reverse("organizer-round", args=[event.pk, rnd.pk])
    ).content.decode()
    assert ">TP<" not in page and 'class="num tp"' not in page


def test_the_exports_give_placing_points_and_each_hands_finish_order(organizer_client, organizer):
    import csv
    import io

    from tournaments.simulation import simulate_event

    event = simulate_event(
        preset="grand_seigneur", entrants=10, seed=2, owner=organizer, rounds=1
    ).event

    def rows(kind):
        response = organizer_client.get(reverse("organizer-export", args=[event.pk, kind, "csv"]))
        return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))

    standings = rows("standings")
    assert standings[0] == ["Rank", "Name", "Points", "Hands", "Byes"]
    assert sum(int(row[2]) for row in standings[1:]) == 6 * 45  # 9+8+...+0 a hand, 6 hands
    results = rows("results")
    assert results[0][-2:] == ["Entered by", "Confirmed"] and "TP A" not in results[0]
    order = results[0].index("Finish order")
    first = Hand.objects.filter(table__round__event=event).order_by("number").first()
    assert results[1][order].count(" > ") == len(first.entry["finish_order"]) - 1


def test_the_standings_pdf_heads_placing_points(client, organizer, tmp_path):
    import subprocess

    from tournaments.simulation import simulate_event

    event = simulate_event(
        preset="grand_seigneur", entrants=10, seed=2, owner=organizer, rounds=1
    ).event
    path = tmp_path / "standings.pdf"
    path.write_bytes(client.get(reverse("event-standings-pdf", args=[event.pk])).content)
    text = subprocess.run(
        ["pdftotext", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "Points" in text and "TP" not in text.split()


@pytest.mark.parametrize(
    ("language", "typed", "message"),
    [
        ("en", "8,1", "8 is not a seat: seats are 1 to 7."),
        ("de", "8,1", "8 ist kein Platz: die Plätze sind 1 bis 7."),
        ("en", "0,1", "0 is not a seat: seats are 1 to 7."),
    ],
)
def test_a_typed_seat_is_refused_in_the_numbering_the_form_asks_for(
    client, gs_table, language, typed, message
):
    """The form says seat 1 is the first at the table: its refusal numbers the seats so too
    (the engine's seats 0 to 6 are the API's)."""
    response = client.post(
        captain_url(gs_table), {"number": "1", "finish_order": typed}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    preview = client.post(
        captain_url(gs_table, "captain-preview"),
        {"number": "1", "finish_order": typed},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert message in preview.content.decode()
    assert not Hand.objects.exists()
