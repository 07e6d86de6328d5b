"""Organizer pages: login required, only one's own events, every action through its service,
errors shown on the form with nothing stored."""

from __future__ import annotations

import html
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import Change, Entrant, Event, Hand, Round, Seat, Table
from tournaments.services.events import event_create
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor

from .conftest import GOOD_HAND

pytestmark = pytest.mark.django_db


def organizer_urls(event):
    rnd = event.rounds.order_by("number").first()
    table = rnd.tables.order_by("number").first()
    return [
        reverse("organizer-event", args=[event.pk]),
        reverse("organizer-round", args=[event.pk, rnd.pk]),
        reverse("organizer-table", args=[event.pk, table.pk]),
        reverse("organizer-hand", args=[event.pk, table.pk, 1]),
        reverse("organizer-history", args=[event.pk]),
        reverse("organizer-sheets", args=[event.pk, rnd.pk]),
        reverse("organizer-export", args=[event.pk, "standings", "csv"]),
    ]


def test_login_required(client, running_event):
    for url in [
        reverse("organizer-home"),
        reverse("organizer-event-new"),
        *organizer_urls(running_event),
    ]:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/login/"), url


def test_login_page_and_login(client, organizer):
    html = client.get(reverse("login")).content.decode()
    assert "csrfmiddlewaretoken" in html
    response = client.post(reverse("login"), {"username": "orga", "password": "orga-password-1"})
    assert response.status_code == 302 and response["Location"] == reverse("organizer-home")
    assert client.post(reverse("logout")).status_code == 302


def test_only_own_events(other_client, running_event):
    for url in organizer_urls(running_event):
        assert other_client.get(url).status_code == 403, url
    rnd = running_event.rounds.first()
    posts = [
        reverse("organizer-pair", args=[running_event.pk]),
        reverse("organizer-publish", args=[running_event.pk, rnd.pk]),
        reverse("organizer-players", args=[running_event.pk]),
    ]
    for url in posts:
        assert other_client.post(url, {"lines": "Intruder"}).status_code == 403
    assert not Entrant.objects.filter(name="Intruder").exists()
    assert running_event.name not in other_client.get(reverse("organizer-home")).content.decode()


def test_co_organizers_may_manage(other_client, other_organizer, running_event):
    running_event.co_organizers.add(other_organizer)
    for url in organizer_urls(running_event):
        assert other_client.get(url).status_code == 200, url


def test_objects_of_another_event_are_404(organizer_client, organizer, running_event):
    mine = event_create(owner=organizer, name="Other", preset="dtm")
    table = running_event.rounds.first().tables.first()
    assert (
        organizer_client.get(reverse("organizer-table", args=[mine.pk, table.pk])).status_code
        == 404
    )
    assert (
        organizer_client.get(
            reverse("organizer-round", args=[mine.pk, running_event.rounds.first().pk])
        ).status_code
        == 404
    )


def test_dashboard_and_pages_render_with_csrf(organizer_client, running_event):
    html = organizer_client.get(reverse("organizer-home")).content.decode()
    assert running_event.name in html
    for url in organizer_urls(running_event)[:5]:
        response = organizer_client.get(url)
        assert response.status_code == 200, url
        assert "csrfmiddlewaretoken" in response.content.decode()


def test_create_event_from_a_preset_with_overrides(organizer_client, organizer):
    response = organizer_client.post(
        reverse("organizer-event-new"),
        {"name": "Spring cup", "preset": "dtm", "rounds": "3", "hands_per_round": "2"},
    )
    event = Event.objects.get(name="Spring cup")
    assert response.status_code == 302
    assert response["Location"] == reverse("organizer-event", args=[event.pk])
    assert event.owner == organizer
    assert (event.format.rounds, event.format.hands_per_round) == (3, 2)


def test_create_event_refused_override_shows_the_message(organizer_client):
    response = organizer_client.post(
        reverse("organizer-event-new"), {"name": "Too long", "preset": "dtm", "rounds": "500"}
    )
    assert response.status_code == 400
    assert "rounds must be between 1 and 200" in response.content.decode()
    assert not Event.objects.filter(name="Too long").exists()


def test_register_players_one_per_line_and_by_csv(organizer_client, organizer):
    event = event_create(owner=organizer, name="Reg", preset="dtm")
    url = reverse("organizer-players", args=[event.pk])
    response = organizer_client.post(url, {"lines": "Anna\nBen\n\n  Clara  \n"})
    assert response.status_code == 302
    upload = SimpleUploadedFile("players.csv", "name\nDörte\nEmil\n".encode(), "text/csv")
    preview = organizer_client.post(url, {"lines": "", "file": upload})
    assert preview.status_code == 200 and event.entrants.count() == 3  # shown, not saved yet
    confirmed = re.search(r'name="confirmed_rows" value="([^"]*)"', preview.content.decode()).group(
        1
    )
    organizer_client.post(url, {"confirmed_rows": html.unescape(confirmed)})
    names = list(event.entrants.order_by("pk").values_list("name", flat=True))
    assert names == ["Anna", "Ben", "Clara", "Dörte", "Emil"]  # the header row is no player
    assert organizer_client.post(url, {"lines": "  "}).status_code == 400


def test_register_teams(organizer_client, organizer):
    event = event_create(owner=organizer, name="Teams", preset="team_swiss")
    url = reverse("organizer-players", args=[event.pk])
    response = organizer_client.post(url, {"lines": "Aces; Anna; Ben\nKings; Clara; David"})
    assert response.status_code == 302
    kings = event.entrants.get(name="Kings")
    assert sorted(kings.members.values_list("name", flat=True)) == ["Clara", "David"]
    response = organizer_client.post(url, {"lines": "Solo; Emma\nFine; F; G"})
    assert response.status_code == 400
    assert "A team has 2 to 5 players." in response.content.decode()
    assert not event.entrants.filter(name__in=["Solo", "Fine"]).exists()  # all or nothing


def test_pair_review_swap_regenerate_publish(organizer_client, organizer):
    event = event_create(owner=organizer, name="Flow", preset="dtm", seed=5)
    organizer_client.post(
        reverse("organizer-players", args=[event.pk]),
        {"lines": "\n".join(f"P{i}" for i in range(8))},
    )
    response = organizer_client.post(reverse("organizer-pair", args=[event.pk]))
    rnd = event.rounds.get(number=1)
    assert response["Location"] == reverse("organizer-round", args=[event.pk, rnd.pk])
    html = organizer_client.get(response["Location"]).content.decode()
    assert "draft" in html and "Swap two seats" in html
    for table in rnd.tables.all():
        assert table.code in html  # codes are the organizer's to see
    seats = list(Seat.objects.filter(table__round=rnd).order_by("table__number", "position"))
    a, b = seats[0], seats[4]
    response = organizer_client.post(
        reverse("organizer-swap", args=[event.pk, rnd.pk]),
        {"seat_a": a.pk, "seat_b": b.pk},
        follow=True,
    )
    assert "The seats are swapped." in response.content.decode()
    assert Seat.objects.get(pk=a.pk).entrant_id == b.entrant_id
    assert Change.objects.filter(event=event, subject="seat", action="swap").exists()
    organizer_client.post(reverse("organizer-regenerate", args=[event.pk, rnd.pk]))
    organizer_client.post(reverse("organizer-publish", args=[event.pk, rnd.pk]))
    assert Round.objects.get(pk=rnd.pk).status == Round.Status.PUBLISHED
    # pairing again while round 1 is incomplete: the service's refusal is shown
    response = organizer_client.post(reverse("organizer-pair", args=[event.pk]), follow=True)
    assert "Round 1 is not complete" in response.content.decode()
    assert event.rounds.count() == 1


@pytest.mark.parametrize(
    "language, words",
    [
        ("en", ["Warnings", "were partners before and are partners again at table"]),
        ("de", ["Warnungen", "waren schon Partner und sind es an Tisch"]),
    ],
)
def test_swap_warnings_are_shown(organizer_client, organizer, language, words):
    from .conftest import played

    organizer_client.get(reverse("language", args=[language]))

    event = played(organizer, 8, rounds=3)
    Round.objects.filter(event=event, number=3).delete()
    organizer_client.post(reverse("organizer-pair", args=[event.pk]))
    rnd = event.rounds.get(number=3)
    # put round 1's partners together again: the service warns about a repeat partner
    first = Seat.objects.filter(table__round__event=event, table__round__number=1).order_by(
        "table__number", "position"
    )
    a, partner = first[0].entrant_id, first[2].entrant_id
    seat_a = Seat.objects.get(table__round=rnd, entrant_id=a)
    target = Seat.objects.get(table=seat_a.table, position=(seat_a.position + 2) % 4)
    seat_p = Seat.objects.get(table__round=rnd, entrant_id=partner)
    assert target.pk != seat_p.pk  # the draw itself never repeats a partner
    response = organizer_client.post(
        reverse("organizer-swap", args=[event.pk, rnd.pk]),
        {"seat_a": target.pk, "seat_b": seat_p.pk},
        follow=True,
    )
    html = response.content.decode()
    assert 'class="warning"' in html
    for text in words:  # in the reader's language, the round page listing them in the draft
        assert text in html
    partner_name = Entrant.objects.get(pk=partner).name
    assert partner_name in html


def test_tables_missing_hands_at_a_glance(organizer_client, running_event):
    table = running_event.rounds.first().tables.order_by("number").first()
    organizer_client.post(reverse("captain-table", args=[table.code]), GOOD_HAND)
    html = organizer_client.get(
        reverse("organizer-event", args=[running_event.pk])
    ).content.decode()
    assert "1/4, 3 missing" in html and "0/4, 4 missing" in html


def test_close_table(organizer_client, running_event):
    table = running_event.rounds.first().tables.first()
    organizer_client.post(
        reverse("organizer-table-close", args=[running_event.pk, table.pk]),
        {"status": "averaged", "reason": "no show"},
    )
    assert Table.objects.get(pk=table.pk).status == "averaged"
    change = Change.objects.get(event=running_event, subject="table")
    assert change.reason == "no show"


def test_a_forfeit_without_the_team_at_fault_is_refused_on_the_form(
    organizer_client, running_event
):
    table = running_event.rounds.first().tables.first()
    response = organizer_client.post(
        reverse("organizer-table-close", args=[running_event.pk, table.pk]),
        {"status": "forfeited"},
        HTTP_ACCEPT_LANGUAGE="de",
        follow=True,
    )
    assert "Das Team nennen, das den Tisch kampflos abgibt." in response.content.decode()
    assert Table.objects.get(pk=table.pk).status == "open"


@pytest.mark.parametrize(
    "language, closing, credit",
    [
        (
            "en",
            {"status": "averaged"},
            [
                "Adjustment for 3 missing hands",
                "Team A +3 VP, +150 TP",
                "Team B +3 VP, +150 TP",
                "(credited +3 VP, +150 TP)",
            ],
        ),
        (
            "de",
            {"status": "forfeited", "forfeited_by": "1"},
            [
                "Ausgleich für 3 fehlende Spiele",
                "Team A +6 SP, +0 TP",
                "Team B +0 SP, +0 TP",
                "(gutgeschrieben +6 SP, +0 TP)",
            ],
        ),
    ],
)
def test_a_closed_tables_credit_is_shown_as_an_adjustment(
    organizer_client, running_event, language, closing, credit
):
    """Issue 14, bug 3: the missing hands' credit on the table and round pages, and beside the
    standings, apart from the points earned at the table, marked as credited (issue 23)."""
    from tournaments.standings.compute import refresh

    table = running_event.rounds.first().tables.order_by("number").first()
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [70, 30]}, actor=Actor.captain(table)
    )
    organizer_client.post(
        reverse("organizer-table-close", args=[running_event.pk, table.pk]), closing
    )
    refresh(running_event.pk)
    pages = [
        reverse("organizer-table", args=[running_event.pk, table.pk]),
        reverse("event-round", args=[running_event.pk, 1]),
    ]
    for url in pages:
        page = html.unescape(
            organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        )
        assert all(text in page for text in credit[:3]), url
    standings = html.unescape(
        organizer_client.get(
            reverse("event-standings", args=[running_event.pk]), HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
    )
    assert credit[3] in standings


def test_correct_a_hand_with_a_reason_and_undo(organizer_client, organizer, running_event):
    table = running_event.rounds.first().tables.first()
    hand_record(
        table_id=table.pk, number=1, entry={"card_points": [70, 30]}, actor=Actor.captain(table)
    )
    url = reverse("organizer-hand", args=[running_event.pk, table.pk, 1])
    html = organizer_client.get(url).content.decode()
    assert 'value="70"' in html and 'name="reason"' in html
    response = organizer_client.post(url, {"number": "1", "cp_0": "40", "reason": ""})
    assert response.status_code == 400
    assert "Give a reason" in response.content.decode()
    response = organizer_client.post(url, {"number": "1", "cp_0": "41", "reason": "typo"})
    assert response.status_code == 400
    assert "multiples of 5" in response.content.decode()
    assert Hand.objects.get(table=table, number=1).tp_0 == 70
    response = organizer_client.post(url, {"number": "1", "cp_0": "40", "reason": "typo"})
    assert response.status_code == 302
    assert Hand.objects.get(table=table, number=1).tp_0 == 40
    change = Change.objects.get(event=running_event, subject="hand", action="correct")
    history = organizer_client.get(reverse("organizer-history", args=[running_event.pk]))
    assert reverse("organizer-undo", args=[running_event.pk, change.pk]) in history.content.decode()
    organizer_client.post(reverse("organizer-undo", args=[running_event.pk, change.pk]))
    assert Hand.objects.get(table=table, number=1).tp_0 == 70


def test_organizer_enters_a_missing_hand(organizer_client, running_event):
    table = running_event.rounds.first().tables.first()
    url = reverse("organizer-hand", args=[running_event.pk, table.pk, 2])
    assert 'name="reason"' not in organizer_client.get(url).content.decode()
    assert organizer_client.post(url, {"number": "2", "cp_0": "55"}).status_code == 302
    assert Hand.objects.get(table=table, number=2).entered_by == "organizer:orga"


def test_undo_of_another_events_change_is_404(organizer_client, organizer, running_event):
    other = event_create(owner=organizer, name="X", preset="dtm")
    change = Change.objects.filter(event=running_event).first()
    assert (
        organizer_client.post(reverse("organizer-undo", args=[other.pk, change.pk])).status_code
        == 404
    )


def test_withdraw_and_add_players(organizer_client, running_event):
    entrant = running_event.entrants.first()
    organizer_client.post(reverse("organizer-withdraw", args=[running_event.pk, entrant.pk]))
    entrant.refresh_from_db()
    assert entrant.withdrawn_after_round == 1
    organizer_client.post(
        reverse("organizer-players", args=[running_event.pk]), {"lines": "Late Lotte"}
    )
    assert running_event.entrants.get(name="Late Lotte").joined_round == 2
    html = organizer_client.get(
        reverse("organizer-event", args=[running_event.pk])
    ).content.decode()
    assert "withdrawn after round 1" in html and "from round 2" in html


@pytest.mark.parametrize(
    "language, words",
    [
        (
            "en",
            (
                "withdrawn before the first round",
                "Withdrawn before the first round.",
                "Zora withdrawn before the first round",
            ),
        ),
        (
            "de",
            (
                "abgemeldet vor der ersten Runde",
                "Abgemeldet vor der ersten Runde.",
                "Zora abgemeldet vor der ersten Runde",
            ),
        ),
    ],
)
def test_withdrawn_before_the_first_round_is_said_so(organizer_client, organizer, language, words):
    event = event_create(owner=organizer, name="Evening", preset="dtm")
    organizer_client.post(
        reverse("organizer-players", args=[event.pk]), {"lines": "Xaver\nYvonne\nZora"}
    )
    zora = event.entrants.get(name="Zora")
    organizer_client.post(reverse("organizer-withdraw", args=[event.pk, zora.pk]))
    zora.refresh_from_db()
    assert zora.withdrawn_after_round == 0
    badge, sentence, history = words
    pages = [
        organizer_client.get(
            reverse(name, args=args), HTTP_ACCEPT_LANGUAGE=language
        ).content.decode()
        for name, args in (
            ("organizer-event", [event.pk]),
            ("organizer-entrant", [event.pk, zora.pk]),
            ("organizer-history", [event.pk]),
        )
    ]
    assert badge in pages[0] and sentence in pages[1] and history in pages[2]
    assert not any(re.search(r"(after|nach) (round|Runde) 0", page) for page in pages)


def test_organizer_queries_do_not_grow(organizer_client, organizer):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from .conftest import played

    events = [played(organizer, size, seed=size) for size in (8, 20)]
    for name in (
        "organizer-home",
        "organizer-event",
        "organizer-round",
        "organizer-table",
        "organizer-history",
    ):
        counts = []
        for event in events:
            rnd = event.rounds.first()
            args = {
                "organizer-home": [],
                "organizer-round": [event.pk, rnd.pk],
                "organizer-table": [event.pk, rnd.tables.first().pk],
            }.get(name, [event.pk])
            with CaptureQueriesContext(connection) as captured:
                assert organizer_client.get(reverse(name, args=args)).status_code == 200
            counts.append(len(captured))
        assert counts[0] == counts[1], (name, counts)
