"""The history in words ("Table 1 (round 1), hand 1: 170:-70 -> 75:25, by orga (organizer),
reason: ...") in the reader's language, and undo after a confirmation of every action that can
be undone: corrections, withdrawals, seat swaps, closed tables."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Change, Entrant, Hand, Seat, Table
from tournaments.services.events import entrant_withdraw, event_create, players_register
from tournaments.services.hands import hand_correct, hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair, seats_swap, table_close

pytestmark = pytest.mark.django_db


def history(client, event, language="en") -> str:
    return client.get(
        reverse("organizer-history", args=[event.pk]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()


def test_a_correction_in_words(organizer_client, organizer, running_event):
    table = running_event.rounds.get(number=1).tables.get(number=1)
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [70, 30]}, actor=Actor.captain(table)
    )
    hand = Hand.objects.get(table=table, number=1)
    hand_correct(
        hand_id=hand.pk,
        entry={"card_points": [75, 25]},
        actor=Actor.organizer(organizer),
        reason="sheet misread",
    )
    html = history(organizer_client, running_event)
    assert "Table 1 (round 1), hand 1: 70:30 → 75:25" in html
    assert "by orga (organizer)" in html and "reason: sheet misread" in html
    assert "Table 1 (round 1), hand 1: 70:30 entered" in html
    assert "by the captain of table 1" in html
    assert "Round 1 published" in html and "{" not in html.split("<main>")[1]
    german = history(organizer_client, running_event, "de")
    assert "Tisch 1 (Runde 1), Spiel 1: 70:30 → 75:25" in german
    assert "von orga (Turnierleitung)" in german and "Grund: sheet misread" in german


def confirm_undo(client, event, change) -> str:
    url = reverse("organizer-undo", args=[event.pk, change.pk])
    page = client.get(url).content.decode()
    assert 'id="confirm-undo"' in page  # asked first, nothing done yet
    return client.post(url, follow=True).content.decode()


def test_undo_a_withdrawal_after_a_confirmation(organizer_client, organizer, running_event):
    entrant = Entrant.objects.filter(event=running_event).first()
    entrant_withdraw(entrant_id=entrant.pk, actor=Actor.organizer(organizer), reason="ill")
    change = Change.objects.get(event=running_event, action="withdraw")
    html = history(organizer_client, running_event)
    assert f"{entrant.name} withdrawn after round 1" in html
    assert reverse("organizer-undo", args=[running_event.pk, change.pk]) in html
    organizer_client.get(reverse("organizer-undo", args=[running_event.pk, change.pk]))
    assert not Entrant.objects.get(pk=entrant.pk).active  # the question alone changes nothing
    page = confirm_undo(organizer_client, running_event, change)
    assert "Undone:" in page and Entrant.objects.get(pk=entrant.pk).active
    assert f"{entrant.name} reinstated" in history(organizer_client, running_event)


def test_undo_a_closed_table(organizer_client, organizer, running_event):
    table = running_event.rounds.get(number=1).tables.get(number=2)
    table_close(table_id=table.pk, status="averaged", actor=Actor.organizer(organizer))
    change = Change.objects.get(event=running_event, action="close")
    assert "Table 2 (round 1): open → averaged" in history(organizer_client, running_event)
    confirm_undo(organizer_client, running_event, change)
    assert Table.objects.get(pk=table.pk).status == "open"
    assert "Table 2 (round 1): averaged → open" in history(organizer_client, running_event)


def test_undo_a_seat_swap_while_the_round_is_a_draft(organizer_client, organizer):
    actor = Actor.organizer(organizer)
    event = event_create(owner=organizer, name="Swap", preset="dtm", seed=2)
    players_register(event=event, names=[f"P{i}" for i in range(8)], actor=actor)
    rnd = round_pair(event_id=event.pk, actor=actor)
    first, second = Seat.objects.filter(table__round=rnd).order_by("pk")[:2]
    before = {first.pk: first.entrant_id, second.pk: second.entrant_id}
    seats_swap(round_id=rnd.pk, seat_a=first.pk, seat_b=second.pk, actor=actor)
    change = Change.objects.get(event=event, action="swap")
    names = dict(Entrant.objects.filter(event=event).values_list("pk", "name"))
    assert f"{names[before[first.pk]]} and {names[before[second.pk]]} swap seats" in history(
        organizer_client, event
    )
    confirm_undo(organizer_client, event, change)
    assert {s.pk: s.entrant_id for s in Seat.objects.filter(pk__in=before)} == before


def test_an_older_correction_is_not_offered_and_its_undo_names_the_newer_one(
    organizer_client, organizer, running_event
):
    table = running_event.rounds.get(number=1).tables.get(number=1)
    hand = hand_record(
        table_id=table.pk, number=1, entry={"card_points": [10, 90]}, actor=Actor.captain(table)
    ).hand
    for team_a in (20, 30):
        hand_correct(
            hand_id=hand.pk,
            entry={"card_points": [team_a, 100 - team_a]},
            actor=Actor.organizer(organizer),
            reason="sheet misread",
        )
    first, second = Change.objects.filter(event=running_event, action="correct").order_by("pk")
    html = history(organizer_client, running_event)
    assert reverse("organizer-undo", args=[running_event.pk, second.pk]) in html
    assert reverse("organizer-undo", args=[running_event.pk, first.pk]) not in html
    page = organizer_client.post(
        reverse("organizer-undo", args=[running_event.pk, first.pk]),
        follow=True,
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    assert "nicht mehr rückgängig" in page and f"#{second.pk}" in page
    assert Hand.objects.get(pk=hand.pk).tp_0 == 30


def test_what_cannot_be_undone_is_not_offered(organizer_client, running_event):
    change = Change.objects.get(event=running_event, action="publish")
    assert reverse("organizer-undo", args=[running_event.pk, change.pk]) not in history(
        organizer_client, running_event
    )
    page = organizer_client.post(
        reverse("organizer-undo", args=[running_event.pk, change.pk]), follow=True
    ).content.decode()
    assert "This change cannot be undone." in page


def test_a_long_history_is_read_a_page_at_a_time_down_to_the_first_change(
    organizer_client, organizer
):
    from tournaments.simulation import simulate_event

    event = simulate_event(preset="dtm", entrants=16, seed=3, owner=organizer).event
    total = Change.objects.filter(event=event).count()
    assert total > 100  # 6 rounds x 4 tables x 4 hands, and the rounds' changes
    url = reverse("organizer-history", args=[event.pk])
    first = organizer_client.get(url).content.decode()
    assert first.count('<li id="change-') == 100 and f"1–100 / {total}" in first
    last_page = (total + 99) // 100
    assert f'href="{url}?page={last_page}"' in first
    last = organizer_client.get(f"{url}?page={last_page}").content.decode()
    oldest = Change.objects.filter(event=event).order_by("created_at", "id").first()
    assert f'id="change-{oldest.pk}"' in last  # the oldest change is reachable
    assert organizer_client.get(f"{url}?page=x").status_code == 200  # the first page
