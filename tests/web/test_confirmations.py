"""Nothing destructive in one tap (issue 23): on the organizer's pages, withdrawing a player,
closing a table, pairing a draft again, drawing the cup, finishing the event and undoing a change
lead to a page that says what will happen, rendered on the server (no JavaScript needed), in
German and English; only its own button acts. Finishing a day cut short offers to close the open
tables in the same confirmation."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tournaments.models import Change, Entrant, Event, Round, Table
from tournaments.services.events import event_create, players_register, teams_register
from tournaments.services.hands import hand_correct, hand_record
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair

from .conftest import played

pytestmark = pytest.mark.django_db


def text(response) -> str:
    assert response.status_code == 200
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def post_forms(page: str) -> list[str]:
    """The addresses that the page's POST forms send to."""
    return re.findall(r'<form method="post" action="([^"]+)"', page)


def test_the_event_page_withdraws_and_finishes_nobody_in_one_tap(organizer_client, organizer):
    event = played(organizer, 8, rounds=1)
    Event.objects.filter(pk=event.pk).update(format_data={**event.format_data, "rounds": 3})
    page = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    entrant = event.entrants.order_by("pk").first()
    withdraw = reverse("organizer-withdraw", args=[event.pk, entrant.pk])
    finish = reverse("organizer-finish", args=[event.pk])
    assert f'href="{withdraw}"' in page and f'href="{finish}"' in page
    assert withdraw not in post_forms(page) and finish not in post_forms(page)


@pytest.mark.parametrize(
    "language, words",
    [
        (
            "en",
            [
                "Withdraw Anna from the event?",
                "Anna is not paired from round 2 on.",
                "You can reinstate Anna later",
                "Yes, withdraw Anna",
            ],
        ),
        (
            "de",
            [
                "Anna vom Turnier abmelden?",
                "Anna wird ab Runde 2 nicht mehr ausgelost.",
                "Ja, Anna vom Turnier abmelden",
            ],
        ),
    ],
)
def test_withdrawing_asks_first_naming_the_player_and_the_round(
    organizer_client, running_event, language, words
):
    anna = running_event.entrants.get(name="Anna")
    url = reverse("organizer-withdraw", args=[running_event.pk, anna.pk])
    shown = text(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language))
    assert all(word in shown for word in words), shown
    assert Entrant.objects.get(pk=anna.pk).active  # asking changed nothing
    page = organizer_client.get(url).content.decode()
    assert url in post_forms(page) and 'name="reason"' in page
    organizer_client.post(url, {"reason": "ill"})
    anna.refresh_from_db()
    assert anna.withdrawn_after_round == 1
    assert Change.objects.get(subject="entrant", action="withdraw").reason == "ill"


def test_withdrawing_a_player_seated_in_a_draft_says_to_pair_it_again(organizer_client, organizer):
    event = played(organizer, 8, rounds=1)
    Event.objects.filter(pk=event.pk).update(format_data={**event.format_data, "rounds": 3})
    draft = round_pair(event_id=event.pk, actor=Actor.organizer(organizer))
    seated = draft.tables.first().seats.first().entrant
    shown = text(organizer_client.get(reverse("organizer-withdraw", args=[event.pk, seated.pk])))
    assert f"Round 2 is a draft that seats {seated.name}: pair it again afterwards." in shown


def test_the_german_withdraw_button_is_not_the_log_out_link(organizer_client, running_event):
    page = text(
        organizer_client.get(
            reverse("organizer-event", args=[running_event.pk]), HTTP_ACCEPT_LANGUAGE="de"
        )
    )
    assert "Vom Turnier abmelden…" in page
    assert page.count("Abmelden") == 1  # the log-out link alone


@pytest.mark.parametrize(
    "language, closing, words",
    [
        (
            "en",
            {"status": "averaged"},
            [
                "Close table 1 of round 1 as averaged?",
                "Hands in: 1 of 4; missing: 3.",
                "Nobody is at fault",
                "Yes, close the table",
            ],
        ),
        (
            "de",
            {"status": "forfeited", "forfeited_by": "1"},
            [
                "Tisch 1 der Runde 1 schließen als kampflos?",
                "es fehlen 3",
                "geben kampflos ab: jedes fehlende Spiel wird",
                "als gewonnen gutgeschrieben",
            ],
        ),
    ],
)
def test_closing_a_table_asks_first_with_what_its_missing_hands_are_credited(
    organizer_client, running_event, language, closing, words
):
    table = running_event.rounds.get().tables.order_by("number").first()
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [70, 30]}, actor=Actor.captain(table)
    )
    url = reverse("organizer-table-close", args=[running_event.pk, table.pk])
    round_page = organizer_client.get(
        reverse("organizer-round", args=[running_event.pk, table.round_id])
    )
    assert url not in post_forms(round_page.content.decode())  # the choice leads to the question
    response = organizer_client.get(
        url, {**closing, "reason": "Zeit"}, HTTP_ACCEPT_LANGUAGE=language
    )
    shown = text(response)
    assert all(word in shown for word in words), shown
    names = table.seats.order_by("position").values_list("entrant__name", flat=True)
    assert names[0] in shown and names[1] in shown
    assert 'value="Zeit"' in response.content.decode()
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
    organizer_client.post(url, {**closing, "reason": "Zeit"})
    assert Table.objects.get(pk=table.pk).status == closing["status"]


def test_a_forfeit_without_its_team_asks_again_for_the_choice(organizer_client, running_event):
    table = running_event.rounds.get().tables.first()
    url = reverse("organizer-table-close", args=[running_event.pk, table.pk])
    response = organizer_client.get(url, {"status": "forfeited"}, HTTP_ACCEPT_LANGUAGE="de")
    shown = text(response)
    assert "Das Team nennen, das den Tisch kampflos abgibt." in shown
    assert url not in post_forms(response.content.decode())


def test_pairing_a_draft_again_asks_first(organizer_client, organizer):
    event = event_create(owner=organizer, name="Evening", preset="dtm", seed=4)
    players_register(
        event=event, names=[f"P{i}" for i in range(8)], actor=Actor.organizer(organizer)
    )
    draft = round_pair(event_id=event.pk, actor=Actor.organizer(organizer))
    seed = draft.seed
    url = reverse("organizer-regenerate", args=[event.pk, draft.pk])
    page = organizer_client.get(
        reverse("organizer-round", args=[event.pk, draft.pk])
    ).content.decode()
    assert f'href="{url}"' in page and url not in post_forms(page)
    shown = text(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Runde 1 neu auslosen?" in shown
    assert "Von Hand getauschte Plätze dieses Entwurfs gehen verloren." in shown
    assert Round.objects.get(pk=draft.pk).seed == seed
    organizer_client.post(url)
    assert Round.objects.get(pk=draft.pk).seed != seed


def test_drawing_the_cup_asks_first(organizer_client, organizer):
    cup = event_create(owner=organizer, name="Pokal", preset="knockout")
    teams_register(
        event=cup,
        teams=[(f"T{i}", [f"A{i}", f"B{i}"]) for i in range(4)],
        actor=Actor.organizer(organizer),
    )
    url = reverse("organizer-cup-draw", args=[cup.pk])
    page = organizer_client.get(reverse("organizer-event", args=[cup.pk])).content.decode()
    assert f'href="{url}"' in page and url not in post_forms(page)
    shown = text(organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de"))
    assert "Pokal auslosen?" in shown and "Nach der Auslosung kann kein Team mehr" in shown
    assert not cup.rounds.exists()
    organizer_client.post(url)
    assert cup.rounds.exists()


def test_undo_says_what_it_puts_back(organizer_client, organizer, running_event):
    table = running_event.rounds.get().tables.first()
    hand = hand_record(
        table_id=table.pk, number=1, entry={"card_points": [70, 30]}, actor=Actor.captain(table)
    ).hand
    hand_correct(
        hand_id=hand.pk,
        entry={"card_points": [40, 60]},
        actor=Actor.organizer(organizer),
        reason="typo",
    )
    change = Change.objects.get(subject="hand", action="correct")
    shown = text(
        organizer_client.get(
            reverse("organizer-undo", args=[running_event.pk, change.pk]), HTTP_ACCEPT_LANGUAGE="de"
        )
    )
    assert "Das Spiel bekommt sein Ergebnis von vor dieser Korrektur zurück" in shown


# --- finishing, and a day cut short -----------------------------------------------------------


def test_finishing_asks_first(organizer_client, organizer):
    event = played(organizer, 8, rounds=2)
    url = reverse("organizer-finish", args=[event.pk])
    shown = text(organizer_client.get(url))
    assert f"Finish {event.name} now?" in shown and "The standings become final" in shown
    assert "Yes, finish the event" in shown and "Not done" not in shown
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    organizer_client.post(url)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert organizer_client.get(url).status_code == 302  # nothing left to ask


def test_finishing_a_day_cut_short_closes_the_open_tables_in_the_same_confirmation(
    organizer_client, organizer
):
    """Round 2 of 3 is half played: the page names its open tables with a choice each, and one
    button closes them and finishes."""
    event = played(organizer, 8, rounds=1, open_round=True)
    Event.objects.filter(pk=event.pk).update(format_data={**event.format_data, "rounds": 3})
    rnd = event.rounds.get(number=2)
    first, second = rnd.tables.order_by("number")
    for number in range(1, 5):
        hand_record(
            table_id=first.pk,
            number=number,
            entry={"card_points": [60, 40]},
            actor=Actor.captain(first),
        )
    hand_record(
        table_id=second.pk, number=1, entry={"card_points": [60, 40]}, actor=Actor.captain(second)
    )
    url = reverse("organizer-finish", args=[event.pk])
    # the old way: refused, and now led to the confirmation that offers to close the table
    response = organizer_client.post(url, follow=True)
    assert "Round 2 is not complete" in text(response)
    assert response.redirect_chain[-1][0] == url
    page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    shown = text(page)
    assert "Runde 2 von 3 ist die letzte gespielte" in shown
    assert "Nicht fertig in Runde 2" in shown and "Eingetragen: 1 von 4 Spielen" in shown
    assert "1 Tisch schließen und Turnier beenden" in shown
    assert f'name="close-{second.pk}"' in page.content.decode()
    assert f'name="close-{first.pk}"' not in page.content.decode()  # it is done
    organizer_client.post(url, {f"close-{second.pk}": "forfeited-0", "reason": "Saal zu"})
    event.refresh_from_db()
    second.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert (second.status, second.forfeited_by) == (Table.Status.FORFEITED, 0)
    assert Change.objects.get(event=event, subject="table", action="close").reason == "Saal zu"


def test_a_choice_not_offered_changes_nothing(organizer_client, organizer):
    event = played(organizer, 8, rounds=1, open_round=True)
    table = event.rounds.get(number=2).tables.first()
    url = reverse("organizer-finish", args=[event.pk])
    response = organizer_client.post(url, {f"close-{table.pk}": "open"}, follow=True)
    assert "Choose how to close each table." in text(response)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
