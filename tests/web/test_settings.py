"""Settings on the web (and PATCH in the API): every format value editable on the event's page,
errors beside their field, and the values that would change recorded results locked once a round
is published."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Change, Event
from tournaments.services.events import event_create
from tournaments.services.history import Actor, Conflict
from tournaments.services.settings import event_settings_update

pytestmark = pytest.mark.django_db


def form_data(event: Event, **changes) -> dict:
    data = event.format_data
    rules = data["rules"]
    base = {
        "rounds": data["rounds"] or "",
        "hands_per_round": data["hands_per_round"] or "",
        "game_to": data["game_to"] or "",
        "vp_scheme": data["vp_scheme"],
        "tiebreak_1": "tichu_points",
        "bye_credit": data["bye_credit"],
        "double_victory_points": rules["double_victory_points"],
    }
    base.update(
        {
            name: "on"
            for name in (
                "grand_tichu_allowed",
                "blind_grand_tichu",
                "dragon_kept_when_last",
                "mahjong_in_bomb",
                "chaos",
            )
            if rules[name]
        }
    )
    base.update(changes)
    return {k: v for k, v in base.items() if v is not None}


def test_every_value_is_on_the_page_and_saved(organizer_client, organizer):
    event = event_create(owner=organizer, name="Cup", preset="dtm", seed=1)
    html = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    for name in (
        "rounds",
        "hands_per_round",
        "game_to",
        "vp_scheme",
        "tiebreak_1",
        "bye_credit",
        "confirmation_required",
        "double_victory_points",
        "grand_tichu_allowed",
        "blind_grand_tichu",
        "dragon_kept_when_last",
        "mahjong_in_bomb",
        "chaos",
    ):
        assert f'name="{name}"' in html, name
    data = form_data(
        event,
        rounds=5,
        hands_per_round=6,
        tiebreak_1="double_victories",
        tiebreak_2="tichu_points",
        confirmation_required="on",
        double_victory_points=150,
        grand_tichu_allowed="on",
    )
    response = organizer_client.post(reverse("organizer-settings", args=[event.pk]), data)
    assert response.status_code == 302
    event.refresh_from_db()
    stored = event.format_data
    assert (stored["rounds"], stored["hands_per_round"]) == (5, 6)
    assert stored["tiebreaks"] == ["double_victories", "tichu_points"]
    assert stored["confirmation_required"] is True
    assert stored["rules"]["double_victory_points"] == 150
    assert stored["rules"]["grand_tichu_allowed"] is True
    change = Change.objects.get(event=event, action="settings")
    assert change.old["rounds"] == 6 and change.new["rounds"] == 5


def test_the_history_names_changed_settings_in_the_readers_language(organizer_client, organizer):
    event = event_create(owner=organizer, name="Cup", preset="dtm", seed=1)
    organizer_client.post(
        reverse("organizer-settings", args=[event.pk]),
        form_data(event, rounds=5, grand_tichu_allowed="on"),
    )
    organizer_client.get(reverse("language", args=["de"]))
    html = organizer_client.get(reverse("organizer-history", args=[event.pk])).content.decode()
    assert "Runden: 6 → 5" in html
    assert "rounds 6" not in html and "grand_tichu_allowed" not in html


def test_errors_beside_their_field_and_nothing_saved(organizer_client, organizer):
    event = event_create(owner=organizer, name="Cup", preset="dtm", seed=1)
    before = dict(event.format_data)
    url = reverse("organizer-settings", args=[event.pk])
    response = organizer_client.post(url, form_data(event, hands_per_round=0))
    assert response.status_code == 400
    assert 'id="id_hands_per_round"' in response.content.decode()
    assert "The hands per round must be between 1 and 64." in response.content.decode()
    response = organizer_client.post(url, form_data(event, double_victory_points=33))
    assert response.status_code == 400 and "multiple of 5" in response.content.decode()
    response = organizer_client.post(url, form_data(event, game_to=1000))  # and hands too
    assert response.status_code == 400 and "hands_per_round" in response.content.decode()
    response = organizer_client.post(url, form_data(event, tiebreak_2="tichu_points"))
    assert response.status_code == 400
    german = organizer_client.post(
        url, form_data(event, tiebreak_2="tichu_points"), HTTP_ACCEPT_LANGUAGE="de"
    )
    assert "Jede Feinwertung nur einmal." in german.content.decode()
    event.refresh_from_db()
    assert event.format_data == before
    assert not Change.objects.filter(event=event, action="settings").exists()


def test_values_that_change_results_lock_once_a_round_is_published(
    organizer_client, organizer, running_event
):
    event = running_event
    actor = Actor.organizer(organizer)
    html = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert "values that would change recorded results are locked" in html
    assert 'name="hands_per_round" value="4" min="1" max="64" disabled' in html
    for changes in (
        {"hands_per_round": 3},
        {"vp_scheme": "round"},
        {"bye_credit": "none"},
        {"rules": {"double_victory_points": 200}},
    ):
        with pytest.raises(Conflict) as refused:
            event_settings_update(event_id=event.pk, changes=changes, actor=actor)
        assert refused.value.code == "locked"
    # what only orders or continues the event stays open
    event_settings_update(
        event_id=event.pk,
        changes={"rounds": 4, "tiebreaks": ["double_victories"], "confirmation_required": True},
        actor=actor,
    )
    event.refresh_from_db()
    assert event.format_data["rounds"] == 4
    with pytest.raises(Exception) as refused:
        event_settings_update(event_id=event.pk, changes={"rounds": 0}, actor=actor)
    assert getattr(refused.value, "field", None) == "rounds"
    # a posted value of a locked field is ignored (disabled), the others are saved
    response = organizer_client.post(
        reverse("organizer-settings", args=[event.pk]),
        form_data(event, hands_per_round=2, rounds=3),
    )
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.format_data["rounds"], event.format_data["hands_per_round"]) == (3, 4)


def test_settings_through_the_api(organizer, running_event):
    from tests.api.conftest import token_client

    client = token_client(organizer)
    url = f"/api/events/{running_event.pk}/"
    response = client.patch(url, {"rounds": 5, "tiebreaks": ["tichu_points"]}, format="json")
    assert response.status_code == 200 and response.json()["settings"]["rounds"] == 5
    response = client.patch(url, {"hands_per_round": 2}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "locked"
    assert "hands_per_round" in response.json()["errors"]
    response = client.patch(url, {"rounds": "many"}, format="json")
    assert response.status_code == 400 and "rounds" in response.json()["errors"]
