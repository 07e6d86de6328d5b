"""Who sits out (issue 23, RULINGS.md): the byes go to those who sat out least (a late arrival's
or an absent player's missed rounds count), the organizer moves a bye in the draft with the
warnings of a swap, and the last round warns of a bye to a player who could still finish in the
top three."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.models import Bye, Change, Entrant, Seat
from tournaments.services.events import event_create, players_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor
from tournaments.services.players import entrants_check_in
from tournaments.services.rounds import bye_move, round_pair, round_publish, round_warnings
from tournaments.standings.compute import refresh

pytestmark = pytest.mark.django_db

SHEET = {"card_points": [70, 30], "finish_order": [0]}


def play(rnd):
    for table in rnd.tables.all():
        for number in range(1, rnd.event.format.hands_per_round + 1):
            hand_record(table_id=table.pk, number=number, entry=SHEET, actor=Actor.captain(table))
    refresh(rnd.event_id)


def five(organizer, rounds=3):
    event = event_create(
        owner=organizer, name="Fünf", preset="dtm", seed=7, overrides={"rounds": rounds}
    )
    players_register(
        event=event,
        names=["Anna", "Ben", "Clara", "David", "Emil"],
        actor=Actor.organizer(organizer),
    )
    return event, {e.name: e for e in event.entrants.all()}


def test_a_player_absent_at_check_in_does_not_sit_out_again_on_return(organizer):
    """Emil misses round 1 (absent): four play. Back for round 2 he has sat out a round, the
    others none: the bye goes to one of them (the lowest), not to him, though he is last."""
    event, players = five(organizer)
    orga = Actor.organizer(organizer)
    entrants_check_in(
        event_id=event.pk, present={p.pk for n, p in players.items() if n != "Emil"}, actor=orga
    )
    play(round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga))
    entrants_check_in(event_id=event.pk, present={p.pk for p in players.values()}, actor=orga)
    second = round_pair(event_id=event.pk, actor=orga)
    (bye,) = second.byes.values_list("entrant_id", flat=True)
    assert bye != players["Emil"].pk
    assert round_warnings(second) == []


@pytest.fixture
def draft(organizer):
    """Round 2 of five players as a draft: round 1's bye player has sat out once."""
    event, players = five(organizer)
    orga = Actor.organizer(organizer)
    first = round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga)
    play(first)
    rested = first.byes.get().entrant
    return event, round_pair(event_id=event.pk, actor=orga), rested


def test_the_organizer_moves_a_bye_in_the_draft_with_the_warnings_of_a_swap(
    organizer_client, draft
):
    event, rnd, rested = draft
    sitting_out = rnd.byes.get().entrant
    seat = Seat.objects.get(table__round=rnd, entrant=rested)
    url = reverse("organizer-round", args=[event.pk, rnd.pk])
    page = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f'<option value="bye-{sitting_out.pk}">Freilos · {sitting_out.name}</option>' in page

    response = organizer_client.post(
        reverse("organizer-swap", args=[event.pk, rnd.pk]),
        {"seat_a": f"bye-{sitting_out.pk}", "seat_b": seat.pk},
        HTTP_ACCEPT_LANGUAGE="de",
        follow=True,
    )
    page = response.content.decode()
    assert "Das Freilos ist verschoben." in page
    assert (
        f"{rested.name} setzt wieder aus (bisher einmal), obwohl jemand mit Platz bisher "
        f"keinmal ausgesetzt hat."
    ) in page
    seat.refresh_from_db()
    assert seat.entrant_id == sitting_out.pk
    assert list(rnd.byes.values_list("entrant_id", flat=True)) == [rested.pk]
    change = Change.objects.filter(action="bye_move").get()
    history = organizer_client.get(
        reverse("organizer-history", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert f"{rested.name} setzt aus statt {sitting_out.name}" in history
    assert change.old == {str(seat.pk): rested.pk, "bye": sitting_out.pk}

    # two byes cannot be swapped; a bye moves only within a draft
    response = organizer_client.post(
        reverse("organizer-swap", args=[event.pk, rnd.pk]),
        {"seat_a": f"bye-{rested.pk}", "seat_b": f"bye-{rested.pk}"},
        HTTP_ACCEPT_LANGUAGE="de",
        follow=True,
    )
    assert "Wählen Sie einen Platz für den Spieler mit Freilos." in response.content.decode()
    round_publish(round_id=rnd.pk, actor=Actor.organizer(event.owner))
    from tournaments.services.history import ServiceError

    with pytest.raises(ServiceError):
        bye_move(
            round_id=rnd.pk,
            seat_id=seat.pk,
            entrant_id=rested.pk,
            actor=Actor.organizer(event.owner),
        )


def test_the_last_round_warns_of_a_bye_to_a_player_who_could_finish_in_the_top_three(
    organizer, organizer_client
):
    event, _players = five(organizer, rounds=2)
    orga = Actor.organizer(organizer)
    play(round_publish(round_id=round_pair(event_id=event.pk, actor=orga).pk, actor=orga))
    last = round_pair(event_id=event.pk, actor=orga)
    contender = last.byes.get().entrant
    page = organizer_client.get(
        reverse("organizer-round", args=[event.pk, last.pk]), HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert (
        f"{contender.name} setzt in der letzten Runde aus, könnte aber noch unter die "
        f"ersten drei kommen."
    ) in page


def test_no_such_warning_before_the_last_round(draft):
    _event, rnd, _rested = draft
    assert not any("top three" in warning for warning in round_warnings(rnd))


def test_two_seats_are_still_swapped(organizer_client, draft):
    event, rnd, _rested = draft
    a, b = Seat.objects.filter(table__round=rnd).order_by("position")[:2]
    before = (a.entrant_id, b.entrant_id)
    response = organizer_client.post(
        reverse("organizer-swap", args=[event.pk, rnd.pk]), {"seat_a": a.pk, "seat_b": b.pk}
    )
    assert response.status_code == 302
    a.refresh_from_db()
    b.refresh_from_db()
    assert (b.entrant_id, a.entrant_id) == before
    assert Bye.objects.filter(round=rnd).count() == 1
    assert Entrant.objects.filter(event=event).count() == 5
    assert re.search("swap", Change.objects.latest("pk").action)
