"""What the schema states about the answers, held by the API: reads of public data need no
credentials and the history does; query parameters that are numbers, true/false or choices are
refused (400 naming them) when they are anything else; names are not blank; bodies of format
values and hands take no unknown keys. Each answer is checked against the schema
(``assert_conforms``), as the fuzz test checks every answer."""

from __future__ import annotations

import re

import pytest

from .conftest import api_schema, assert_conforms, make_round

pytestmark = pytest.mark.django_db

PUBLIC_READS = [
    "/api/events/",
    "/api/events/{id}/",
    "/api/events/{id}/players/",
    "/api/events/{id}/rounds/",
    "/api/events/{id}/standings/",
    "/api/players/",
    "/api/rounds/",
    "/api/tables/",
    "/api/hands/",
    "/api/hands/{id}/",
    "/api/matches/{id}/",
    "/api/events/{id}/bracket/",
    "/api/series/",
    "/api/series/{id}/",
    "/api/series/{id}/standings/",
]


def test_the_schema_says_public_reads_need_no_credentials_and_the_history_does():
    """The schema listed a token or a session as required for every read, public ones too."""
    paths = api_schema().raw_schema["paths"]
    for path in PUBLIC_READS:
        assert {} in paths[path]["get"]["security"], path
    changes = paths["/api/events/{id}/changes/"]["get"]
    assert {} not in changes["security"] and "401" in changes["responses"]
    assert {} not in paths["/api/events/"]["post"]["security"]


def test_the_history_answers_401_without_credentials_and_404_to_other_organizers(
    anon, org, other, event
):
    """It answered 404 without credentials, where the schema (credentials required) has 401."""
    url = f"/api/events/{event['id']}/changes/"
    refused = anon.get(url)
    assert refused.status_code == 401 and refused.json()["code"] == "not_authenticated"
    assert_conforms(refused, "/api/events/{id}/changes/")
    assert other.get(url).status_code == 404
    assert org.get(url).status_code == 200


@pytest.mark.parametrize(
    "query",
    [
        "limit=abc",
        "limit=0",
        "limit=-1",
        "limit=1.5",
        "limit=",
        "offset=x",
        "offset=-5",
        "offset=2.0",
        "offset=",
    ],
)
def test_a_page_that_is_not_a_whole_number_is_refused(anon, event, query):
    """``limit`` and ``offset`` took any text and answered a default page instead."""
    name = query.split("=")[0]
    for path, url in (
        ("/api/events/", "/api/events/"),
        ("/api/events/{id}/players/", f"/api/events/{event['id']}/players/"),
        ("/api/events/{id}/standings/", f"/api/events/{event['id']}/standings/"),
    ):
        for headers in ({}, {"HTTP_ACCEPT": "text/html"}):  # the plain read and through DRF
            refused = anon.get(f"{url}?{query}", **headers)
            assert refused.status_code == 400, (url, query)
            if not headers:
                assert list(refused.json()["errors"]) == [name]
                assert_conforms(refused, path)


def test_whole_pages_are_taken(anon, event):
    page = anon.get(f"/api/events/{event['id']}/players/?limit=3&offset=0")
    assert page.status_code == 200 and len(page.json()["results"]) == 3
    past_all = "9" * 20
    standings = anon.get(f"/api/events/{event['id']}/standings/?limit=1&offset={past_all}")
    assert standings.status_code == 200 and standings.json()["rows"] == []


@pytest.mark.parametrize(
    ("url", "name"),
    [
        ("/api/players/?active=maybe", "active"),
        ("/api/players/?active=null", "active"),
        ("/api/hands/?confirmed_by_opponents=2", "confirmed_by_opponents"),
        ("/api/events/?status=", "status"),
        ("/api/events/?format=chess", "format"),
        ("/api/rounds/?event=", "event"),
        ("/api/events/?name=a%00b", "name"),
    ],
)
def test_filters_refuse_what_the_schema_refuses(anon, url, name):
    """Booleans read anything but true or false as no filter (everyone listed), an empty choice
    or number too, and the presets' filter took any name."""
    refused = anon.get(url)
    assert refused.status_code == 400 and name in refused.json()["errors"], url
    assert_conforms(refused, url.split("?")[0])


def test_boolean_filters_take_true_and_false(anon, org, event):
    withdrawn = event["players"][0]["id"]
    org.post(f"/api/players/{withdrawn}/withdraw/", {}, format="json")
    url = f"/api/events/{event['id']}/players/?active="
    for word, expected in (("true", 7), ("1", 7), ("false", 1), ("0", 1), ("No", 1)):
        assert len(anon.get(url + word).json()["results"]) == expected, word


def test_a_draft_flag_that_is_not_true_or_false_is_refused(org, event):
    """``?draft=maybe`` published the round (anything but 1, true or yes did)."""
    refused = org.post(f"/api/events/{event['id']}/rounds/?draft=maybe")
    assert refused.status_code == 400 and "draft" in refused.json()["errors"]
    assert_conforms(refused, "/api/events/{id}/rounds/", "POST")
    assert make_round(org, event["id"], draft=True)["status"] == "draft"


def test_names_are_not_blank_in_the_schema_either(org, event):
    """A name of spaces was valid by the schema and refused (400)."""
    schema = api_schema().raw_schema
    one, many = schema["paths"]["/api/events/{id}/players/"]["post"]["requestBody"]["content"][
        "application/json"
    ]["schema"]["oneOf"]
    for name in (
        schema["components"]["schemas"]["EventCreate"]["properties"]["name"],
        one["properties"]["name"],
        one["properties"]["members"]["items"],
        many["items"]["properties"]["name"],
    ):
        assert name["minLength"] == 1 and name["maxLength"] == 100
        pattern = re.compile(name["pattern"])
        assert pattern.search("Anna") and not pattern.search(" \x1c ")
        assert not pattern.search("An\x00na"), "DRF refuses NUL in any text: the schema says so"
    for refused_name in (" \x1c ", "An\x00na"):
        refused = org.post(
            f"/api/events/{event['id']}/players/", {"name": refused_name}, format="json"
        )
        assert refused.status_code == 400 and "name" in refused.json()["errors"]


def test_no_text_of_the_schema_admits_a_nul_character():
    """A reason with a NUL was valid by the schema and refused (400): every text field of a
    request body says that it takes none."""
    schema = api_schema().raw_schema
    reopen = schema["paths"]["/api/events/{id}/reopen/"]["post"]["requestBody"]["content"][
        "application/json"
    ]["schema"]
    reason = schema["components"]["schemas"][reopen["$ref"].rsplit("/", 1)[1]]["properties"][
        "reason"
    ]
    text, blank = reason["oneOf"]  # a reason may be left empty: the blank alternative
    assert blank["maxLength"] == 0 and not re.search(text["pattern"], "")
    assert not re.search(text["pattern"], "undo\x00") and re.search(text["pattern"], "ok")


def test_bodies_that_refuse_unknown_keys_say_so(org, event, round1):
    """Unknown format values and entry fields are refused (400 naming them); the schema
    admitted any key."""
    components = api_schema().raw_schema["components"]["schemas"]
    for name in ("EventCreate", "PatchedEventSettings", "RulesInput", "HandEntry"):
        assert components[name]["additionalProperties"] is False, name
    refused = org.patch(f"/api/events/{event['id']}/", {"roundz": 3}, format="json")
    assert refused.status_code == 400 and "roundz" in refused.json()["errors"]
    table = round1["tables"][0]["id"]
    refused = org.put(
        f"/api/tables/{table}/hands/1/", {"card_points": [50, 50], "extra": 1}, format="json"
    )
    assert refused.status_code == 400 and "extra" in refused.json()["errors"]
