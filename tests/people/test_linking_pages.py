"""Linking at registration on the organizer's pages: typed names, a file's rows, team members."""

from __future__ import annotations

import re

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import Entrant, Membership, Player

from .conftest import individual_event, registered, team_event


def _earlier(organizer):
    """An earlier event of the register: Anna Müller of Berlin and Anna Meyer played."""
    event = individual_event(organizer, "March evening")
    registered(event, ["Anna Müller", "Anna Meyer", "Bo", "Cy"], ["Berlin", "", "", ""])
    return event


def test_an_exact_match_links_by_itself_and_says_so(organizer_client, organizer):
    _earlier(organizer)
    event = individual_event(organizer)
    response = organizer_client.post(
        reverse("organizer-players", args=[event.pk]),
        {"confirmed_rows": '[["Anna Mueller", "berlin"]]'},
        follow=True,
    )
    anna = Player.objects.get(name="Anna Müller")
    assert Entrant.objects.get(event=event).player == anna
    assert "Linked to Anna Müller (Berlin), known from 1 event." in response.content.decode()


def test_a_close_name_is_asked_and_the_choice_registers(organizer_client, organizer):
    _earlier(organizer)
    event = individual_event(organizer)
    url = reverse("organizer-players", args=[event.pk])
    asked = organizer_client.post(url, {"lines": "Anna Maier"})
    page = asked.content.decode()
    assert asked.status_code == 409
    assert not Entrant.objects.filter(event=event).exists()
    meyer = Player.objects.get(name="Anna Meyer")
    assert f'<option value="{meyer.pk}">Anna Meyer · a similar name · last: March evening' in page
    assert '<option value="new">a new person</option>' in page
    rows = re.search(r'name="confirmed_rows" value="([^"]*)"', page).group(1)
    organizer_client.post(
        url, {"confirmed_rows": rows.replace("&quot;", '"'), "person_0": meyer.pk}
    )
    assert Entrant.objects.get(event=event).player == meyer


def test_a_new_person_is_created_when_asked(organizer_client, organizer):
    _earlier(organizer)
    event = individual_event(organizer)
    url = reverse("organizer-players", args=[event.pk])
    organizer_client.post(url, {"confirmed_rows": '[["Anna Maier"]]', "person_0": "new"})
    entrant = Entrant.objects.get(event=event)
    assert entrant.player.name == "Anna Maier"
    assert Player.objects.filter(name__startswith="Anna").count() == 3


def test_bad_choices_are_form_errors(organizer_client, organizer, other_organizer):
    _earlier(organizer)
    stranger = registered(individual_event(other_organizer), ["Anna Maier"])[0].player
    event = individual_event(organizer)
    entered = registered(event, ["Cy"])[0].player
    url = reverse("organizer-players", args=[event.pk])
    for choice, status, message in [
        ("123456789", 400, "No such person in the event&#x27;s register."),
        ("99999999999999999999999", 400, "No such person in the event&#x27;s register."),
        ("nobody", 400, "No such person in the event&#x27;s register."),
        (stranger.pk, 400, "No such person in the event&#x27;s register."),
        (entered.pk, 409, "Cy is already entered in this event."),
    ]:
        response = organizer_client.post(
            url, {"confirmed_rows": '[["Anna Maier"]]', "person_0": choice}
        )
        assert response.status_code == status, choice
        assert message in response.content.decode()
    assert Entrant.objects.filter(event=event).count() == 1


def test_a_file_preview_offers_people_and_the_confirmation_sends_the_choices(
    organizer_client, organizer
):
    _earlier(organizer)
    event = individual_event(organizer)
    registered(event, ["Bo"])  # already in the event: never offered again
    url = reverse("organizer-players", args=[event.pk])
    data = "Name;Verein\nAnna Müller;Berlin\nAnna Müller;Berlin\nAnna Maier;\nBo;\n".encode()
    page = organizer_client.post(
        url, {"file": SimpleUploadedFile("list.csv", data)}
    ).content.decode()
    anna = Player.objects.get(name="Anna Müller")
    bo = Player.objects.get(name="Bo")
    # the first row links to Anna by itself; the second (the same name) is another person
    # unless the organizer says otherwise: Anna is offered there but not preselected twice
    selects = re.findall(r'<select name="(person_\d)".*?</select>', page, re.S)
    assert selects == ["person_0", "person_1", "person_2"]
    first, second = re.findall(r'<select name="person_[01]".*?</select>', page, re.S)
    assert f'<option value="{anna.pk}" selected>' in first
    assert '<option value="new" selected>a new person</option>' in second
    assert f'<option value="{anna.pk}">' in second
    assert f'value="{bo.pk}"' not in page
    rows = re.search(r'name="confirmed_rows" value="([^"]*)"', page).group(1).replace("&quot;", '"')
    meyer = Player.objects.get(name="Anna Meyer")
    organizer_client.post(
        url,
        {
            "confirmed_rows": rows,
            "person_0": anna.pk,
            "person_1": "new",
            "person_2": meyer.pk,
        },
    )
    linked = [e.player for e in Entrant.objects.filter(event=event).order_by("id")]
    assert linked[1:3] == [anna, linked[2]] and linked[2] != anna
    assert linked[3] == meyer


def test_the_same_person_chosen_twice_is_refused(organizer_client, organizer):
    _earlier(organizer)
    event = individual_event(organizer)
    anna = Player.objects.get(name="Anna Müller")
    response = organizer_client.post(
        reverse("organizer-players", args=[event.pk]),
        {
            "confirmed_rows": '[["Anna Müller", "Berlin"], ["Anna Müller", "Berlin"]]',
            "person_0": anna.pk,
            "person_1": anna.pk,
        },
    )
    assert response.status_code == 409
    assert "Anna Müller is already entered in this event." in response.content.decode()
    assert not Entrant.objects.filter(event=event).exists()


def test_team_members_are_asked_and_linked(organizer_client, organizer):
    earlier = team_event(organizer, "Spring cup")
    organizer_client.post(
        reverse("organizer-players", args=[earlier.pk]),
        {"lines": "Dragons; Anna Meyer; Bo\nPhoenix; Cy; Di"},
    )
    event = team_event(organizer)
    url = reverse("organizer-players", args=[event.pk])
    asked = organizer_client.post(url, {"lines": "Tigers; Anna Maier; Bo\nLions; Ed; Flo"})
    assert asked.status_code == 409
    page = asked.content.decode()
    meyer = Player.objects.get(name="Anna Meyer")
    bo = Player.objects.get(name="Bo")
    assert f'<option value="{bo.pk}" selected>Bo · same name and club' in page  # exact
    assert f'<option value="{meyer.pk}">Anna Meyer · a similar name' in page
    organizer_client.post(
        url,
        {
            "confirmed_rows": '[["Tigers", "Anna Maier", "Bo"], ["Lions", "Ed", "Flo"]]',
            "person_0_0": meyer.pk,
            "person_0_1": bo.pk,
        },
    )
    tigers = Entrant.objects.get(event=event, name="Tigers")
    assert set(tigers.members.all()) == {meyer, bo}
    assert Membership.objects.filter(event=event).count() == 4
