"""The people API: registering with a person, the 409 that offers candidates, the register's
people, a profile (public unless hidden, the e-mail private), merging and undoing, and who may."""

from __future__ import annotations

from rest_framework.test import APIClient

from tournaments.models import Entrant, Player

from .conftest import individual_event, registered, team_event, token_api


def _anna(organizer):
    """Anna Müller of Berlin and Anna Meyer, known from an earlier event."""
    registered(individual_event(organizer, "March"), ["Anna Müller", "Anna Meyer"], ["Berlin", ""])
    return Player.objects.get(name="Anna Müller"), Player.objects.get(name="Anna Meyer")


def test_a_close_name_answers_409_with_the_candidates(api, organizer):
    _, meyer = _anna(organizer)
    event = individual_event(organizer)
    url = f"/api/events/{event.pk}/players/"
    response = api.post(url, {"name": "Anna Maier"}, format="json")
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "person_to_confirm"
    assert body["errors"] == {"person": [body["detail"]]}
    assert {"id": meyer.pk, "name": "Anna Meyer", "club": "", "fit": "close_name"} in body[
        "candidates"
    ]
    assert not Entrant.objects.filter(event=event).exists()
    linked = api.post(url, {"name": "Anna Maier", "person": meyer.pk}, format="json")
    assert linked.status_code == 201
    assert Entrant.objects.get(event=event).player == meyer


def test_a_list_names_the_place_of_the_refused_choice(api, organizer, other_organizer):
    _anna(organizer)
    stranger = registered(individual_event(other_organizer), ["Zed"])[0].player
    event = individual_event(organizer)
    url = f"/api/events/{event.pk}/players/"
    body = [{"name": "Bo", "person": "new"}, {"name": "Zed", "person": stranger.pk}]
    response = api.post(url, body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {"1.person": ["No such person in the event's register."]}
    asked = api.post(url, [{"name": "Bo"}, {"name": "Anna Maier"}], format="json")
    assert asked.status_code == 409 and list(asked.json()["errors"]) == ["1.person"]
    assert not Entrant.objects.filter(event=event).exists()


def test_bad_person_values_are_400_at_their_field(api, organizer):
    event = individual_event(organizer)
    url = f"/api/events/{event.pk}/players/"
    for value in ["old", 0, -3, True, 1.5, 2**64, [1]]:
        response = api.post(url, {"name": "Bo", "person": value}, format="json")
        assert response.status_code == 400, value
        assert response.json()["errors"] == {"person": ['Must be the id of a person or "new".']}


def test_team_members_are_linked_per_member(api, organizer):
    _, meyer = _anna(organizer)
    event = team_event(organizer)
    url = f"/api/events/{event.pk}/players/"
    asked = api.post(url, {"name": "Tigers", "members": ["Bo", "Anna Maier"]}, format="json")
    assert asked.status_code == 409
    assert list(asked.json()["errors"]) == ["people.1"]
    response = api.post(
        url,
        {"name": "Tigers", "members": ["Bo", "Anna Maier"], "people": [None, meyer.pk]},
        format="json",
    )
    assert response.status_code == 201
    assert meyer in Entrant.objects.get(event=event).members.all()
    too_many = api.post(
        url, {"name": "Lions", "members": ["Cy", "Di"], "people": [None, None, 1]}, format="json"
    )
    assert too_many.status_code == 400
    assert too_many.json()["errors"] == {"people": ["Give at most one person per member."]}


def test_german_refusals(api, organizer):
    _anna(organizer)
    event = individual_event(organizer)
    response = api.post(
        f"/api/events/{event.pk}/players/",
        {"name": "Anna Maier"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.json()["detail"] == (
        "Anna Maier ist vielleicht schon in Ihrem Register: Wählen Sie die Person oder eine neue."
    )


def test_people_list_search_and_create(api, organizer, other_organizer):
    _anna(organizer)
    registered(individual_event(other_organizer), ["Anna Müller", "Zed"])
    listed = api.get("/api/people/", {"q": "mueller"}).json()["results"]
    assert [(p["name"], p["club"], p["email"]) for p in listed] == [("Anna Müller", "Berlin", "")]
    created = api.post("/api/people/", {"name": "Nora", "email": "n@example.org"}, format="json")
    assert created.status_code == 201 and created.json()["email"] == "n@example.org"
    refused = api.post(
        "/api/people/",
        {"name": "Nora", "register": Player.objects.get(name="Zed").register_id},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["errors"] == {"register": ["You do not keep this register."]}
    assert APIClient().get("/api/people/").status_code == 401
    assert api.get("/api/people/", {"register": "x"}).status_code == 400
    # another organizer's register or one that does not exist: nobody, as the schema allows
    # the number; one beyond the schema's maximum is refused, however many digits it has
    others = Player.objects.get(name="Zed").register_id
    for register in (others, 10**9):
        answer = api.get("/api/people/", {"register": register})
        assert answer.status_code == 200 and answer.json()["results"] == []
    for register in (2**63, 10**20, "0" * 30 + "1" + "0" * 19):
        answer = api.get("/api/people/", {"register": register})
        assert answer.status_code == 400, register
        assert answer.json()["errors"] == {
            "register": [f"Must be a whole number from 1 to {2**63 - 1}."]
        }


def test_an_email_too_long_for_the_register_or_a_nul_in_a_search_is_refused(api, organizer):
    """On PostgreSQL a 255-320 character address (which the e-mail check lets pass) failed the
    write, and a NUL in a search failed the query: both a 503 "database unavailable"; SQLite
    stored the address. Both are refused, nothing written."""
    anna, _ = _anna(organizer)
    address = "d" * 250 + "@example.com"
    created = api.post("/api/people/", {"name": "Long Mail", "email": address}, format="json")
    assert created.status_code == 400 and "email" in created.json()["errors"]
    changed = api.patch(f"/api/people/{anna.pk}/", {"email": address}, format="json")
    assert changed.status_code == 400 and "email" in changed.json()["errors"]
    assert not Player.objects.filter(name="Long Mail").exists()
    assert Player.objects.get(pk=anna.pk).email == ""
    for query in ("\x00", "Anna\x00"):
        searched = api.get("/api/people/", {"q": query}, HTTP_ACCEPT_LANGUAGE="de")
        assert searched.status_code == 400 and "q" in searched.json()["errors"]
    nul = api.post("/api/people/", {"name": "An\x00na", "club": "K\x00"}, format="json")
    once = ["Null characters are not allowed."]  # DRF's own check and the pattern said it twice
    assert nul.json()["errors"] == {"name": once, "club": once}
    invisible = api.post("/api/people/", {"name": "\u200b\u200e"}, format="json")
    assert invisible.status_code == 400 and "name" in invisible.json()["errors"]
    blank = api.get("/api/series/", {"register": ""})
    assert blank.status_code == 400 and blank.json()["code"] == "blank"


def test_profile_public_unless_hidden_email_private(api, organizer, other_organizer):
    anna, _ = _anna(organizer)
    api.patch(f"/api/people/{anna.pk}/", {"email": "anna@example.org"}, format="json")
    public = APIClient().get(f"/api/people/{anna.pk}/").json()
    assert public["name"] == "Anna Müller" and "email" not in public
    assert api.get(f"/api/people/{anna.pk}/").json()["email"] == "anna@example.org"
    hidden = api.patch(f"/api/people/{anna.pk}/", {"hidden": True}, format="json")
    assert hidden.status_code == 200 and hidden.json()["hidden"] is True
    assert APIClient().get(f"/api/people/{anna.pk}/").status_code == 404
    assert token_api(other_organizer).get(f"/api/people/{anna.pk}/").status_code == 404
    assert api.get(f"/api/people/{anna.pk}/").status_code == 200


def test_only_the_registers_organizers_change_a_person(api, other_api, organizer, other_organizer):
    anna, _ = _anna(organizer)
    url = f"/api/people/{anna.pk}/"
    assert APIClient().patch(url, {"club": "X"}, format="json").status_code == 401
    assert other_api.patch(url, {"club": "X"}, format="json").status_code == 403
    assert other_api.post(url + "merge/", {"merged": 1}, format="json").status_code == 403
    anna.register.organizers.add(other_organizer)
    assert other_api.patch(url, {"club": "Potsdam"}, format="json").status_code == 200
    bad = api.patch(url, {"name": "", "hidden": "yes"}, format="json")
    assert bad.status_code == 400
    assert set(bad.json()["errors"]) == {"name", "hidden"}


def test_merge_and_undo(api, organizer):
    anna, meyer = _anna(organizer)
    later = individual_event(organizer, "April")
    registered(later, ["Anna Maier"], people=["new"])
    maier = Player.objects.get(name="Anna Maier")
    together = api.post(f"/api/people/{anna.pk}/merge/", {"merged": meyer.pk}, format="json")
    assert together.status_code == 409 and together.json()["code"] == "played_together"
    assert together.json()["errors"] == {"merged": [together.json()["detail"]]}
    merged = api.post(f"/api/people/{meyer.pk}/merge/", {"merged": maier.pk}, format="json")
    assert merged.status_code == 201
    assert merged.json()["moved"] == {"entrants": 1, "memberships": 0, "seats": 0}
    assert Entrant.objects.get(event=later).player == meyer
    assert api.get(f"/api/people/{maier.pk}/").json()["merged_into"] == meyer.pk
    assert APIClient().get(f"/api/people/{maier.pk}/").status_code == 404
    undo = f"/api/people/merges/{merged.json()['id']}/undo/"
    assert api.post(undo).status_code == 200
    assert Entrant.objects.get(event=later).player == maier
    again = api.post(undo)
    assert again.status_code == 409 and again.json()["code"] == "already_undone"
    unknown = api.post(f"/api/people/{meyer.pk}/merge/", {"merged": 10**12}, format="json")
    assert unknown.status_code == 400
    assert unknown.json()["errors"] == {"merged": ["No such person in the register."]}
    # merged through a later merge: the record names the person it is now, not the next link
    api.post(f"/api/people/{meyer.pk}/merge/", {"merged": maier.pk}, format="json")
    kept = api.post("/api/people/", {"name": "Anna Meyer-Maier"}, format="json").json()
    chained = api.post(f"/api/people/{kept['id']}/merge/", {"merged": meyer.pk}, format="json")
    assert chained.status_code == 201
    assert api.get(f"/api/people/{maier.pk}/").json()["merged_into"] == kept["id"]
