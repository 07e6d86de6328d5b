"""Players on the organizer's pages: rename, a club or city beside the name, a warning on a
duplicate name, reinstating a withdrawn player, and the check-in (absent players not paired)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Change, Entrant, Seat
from tournaments.services.events import entrant_withdraw, event_create, players_register
from tournaments.services.history import Actor
from tournaments.services.rounds import round_pair

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannes", "Ida"]


@pytest.fixture
def event(organizer):
    event = event_create(owner=organizer, name="Club", preset="dtm", seed=4)
    players_register(event=event, names=NAMES, actor=Actor.organizer(organizer))
    return event


def test_rename_and_club_shown_beside_the_name(organizer_client, client, event):
    anna = Entrant.objects.get(event=event, name="Anna")
    url = reverse("organizer-entrant", args=[event.pk, anna.pk])
    response = organizer_client.post(url, {"name": "Anna Müller", "club": "Berlin"})
    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.name, anna.club, anna.player.name) == ("Anna Müller", "Berlin", "Anna Müller")
    change = Change.objects.get(event=event, action="rename")
    assert change.old == {"name": "Anna", "club": ""}
    history = organizer_client.get(reverse("organizer-history", args=[event.pk])).content
    assert "Anna is now Anna Müller (Berlin)" in history.decode()
    page = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert "Anna Müller (Berlin)</a>" in page
    response = organizer_client.post(url, {"name": " ", "club": "x" * 101})
    assert response.status_code == 400
    anna.refresh_from_db()
    assert anna.name == "Anna Müller"


def test_a_duplicate_name_is_registered_with_a_warning(organizer_client, event):
    response = organizer_client.post(
        reverse("organizer-players", args=[event.pk]), {"lines": "anna"}, follow=True
    )
    html = response.content.decode()
    assert "More than one player is called anna" in html
    assert Entrant.objects.filter(event=event, name__iexact="anna").count() == 2
    german = organizer_client.post(
        reverse("organizer-players", args=[event.pk]),
        {"lines": "Ben"},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert "Mehrere Personen heißen Ben" in german.content.decode()


def test_a_typed_line_keeps_its_whole_name_and_a_club_after_a_semicolon(organizer_client, event):
    """A name typed as "Last, First" was cut at the comma ("Schmidt") and a club after a
    semicolon dropped, silently: a typed line is a name, or a name; a club or city."""
    url = reverse("organizer-players", args=[event.pk])
    response = organizer_client.post(url, {"lines": "Schmidt, Hans\nEva Krause; TC Köln"})
    assert response.status_code == 302
    added = dict(
        Entrant.objects.filter(event=event).exclude(name__in=NAMES).values_list("name", "club")
    )
    assert added == {"Schmidt, Hans": "", "Eva Krause": "TC Köln"}
    before = Entrant.objects.count()
    refused = organizer_client.post(
        url, {"lines": "Ida Lang\n\nOtto; Berlin; Köln"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert refused.status_code == 400
    assert "Zeile 3" in refused.content.decode()  # the box's own line, blank lines counted
    assert Entrant.objects.count() == before


def test_reinstate_a_withdrawn_player(organizer_client, organizer, event):
    ben = Entrant.objects.get(event=event, name="Ben")
    entrant_withdraw(entrant_id=ben.pk, actor=Actor.organizer(organizer))
    page = organizer_client.get(reverse("organizer-entrant", args=[event.pk, ben.pk]))
    assert 'id="reinstate"' in page.content.decode()
    organizer_client.post(reverse("organizer-reinstate", args=[event.pk, ben.pk]))
    assert Entrant.objects.get(pk=ben.pk).active
    assert Change.objects.filter(event=event, action="reinstate").count() == 1
    response = organizer_client.post(
        reverse("organizer-reinstate", args=[event.pk, ben.pk]), follow=True
    )
    assert "Ben is not withdrawn." in response.content.decode()


def test_absent_players_are_not_paired(organizer_client, organizer, event):
    absent = {Entrant.objects.get(event=event, name=name).pk for name in ("Clara", "Ida")}
    present = [
        pk
        for pk in Entrant.objects.filter(event=event).values_list("pk", flat=True)
        if pk not in absent
    ]
    page = organizer_client.get(reverse("organizer-event", args=[event.pk])).content.decode()
    assert 'id="check-in"' in page and page.count('name="present"') == 9
    response = organizer_client.post(
        reverse("organizer-check-in", args=[event.pk]), {"present": present}, follow=True
    )
    assert "2 absent (not paired)" in response.content.decode()
    rnd = round_pair(event_id=event.pk, actor=Actor.organizer(organizer))
    seated = set(Seat.objects.filter(table__round=rnd).values_list("entrant_id", flat=True))
    byes = set(rnd.byes.values_list("entrant_id", flat=True))
    assert not (seated | byes) & absent and len(seated) == 4 * 1 and len(byes) == 3
    assert Change.objects.get(event=event, action="check_in").new["absent"] == sorted(absent)
    # checked in again: paired once more (the draft is paired again)
    organizer_client.post(
        reverse("organizer-check-in", args=[event.pk]), {"present": [*present, *absent]}
    )
    organizer_client.post(reverse("organizer-regenerate", args=[event.pk, rnd.pk]))
    seated = set(Seat.objects.filter(table__round=rnd).values_list("entrant_id", flat=True))
    assert len(seated) == 8


def test_a_person_of_another_team_or_a_team_after_the_draw_is_a_form_error(
    organizer_client, organizer
):
    teams = event_create(owner=organizer, name="Liga", preset="team_swiss")
    url = reverse("organizer-players", args=[teams.pk])
    assert organizer_client.post(url, {"lines": "Drachen; Anna; Ben"}).status_code == 302
    response = organizer_client.post(
        url, {"lines": "Eulen; Clara; Dora\nPhönix; Emil; ANNA"}, HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 409
    assert "ANNA spielt bereits im Team Drachen" in response.content.decode()
    assert list(teams.entrants.values_list("name", flat=True)) == ["Drachen"]

    cup = event_create(owner=organizer, name="Pokal", preset="knockout")
    url = reverse("organizer-players", args=[cup.pk])
    assert (
        organizer_client.post(
            url, {"lines": "\n".join(f"T{i}; A{i}; B{i}" for i in range(4))}
        ).status_code
        == 302
    )
    assert organizer_client.post(reverse("organizer-cup-draw", args=[cup.pk])).status_code == 302
    response = organizer_client.post(url, {"lines": "Spät; X; Y"})
    assert response.status_code == 409
    assert "a team registered now would have no place in its bracket" in response.content.decode()
    assert cup.entrants.count() == 4
