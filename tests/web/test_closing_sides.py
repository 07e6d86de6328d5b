"""The close form offers what the table's game has (issue 22, "every game whole"): a forfeit
by one of the table's teams, named by their players, in a game of teams; at a table without
teams (Threechu, Grand Seigneur) no forfeit at all, since the rulings ("Closing a table before
all its hands are in") credit a forfeit to the team not at fault and know none by one player:
such a table closes as averaged, and the pages say so. The service and the API refuse a forfeit
there too."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse

from tests.api.conftest import token_client
from tournaments.models import Table
from tournaments.services.history import Actor, ServiceError
from tournaments.services.rounds import table_close

from .conftest import one_table, seat_names

pytestmark = pytest.mark.django_db
NOTE = {
    "en": "Every player here plays for themself: a table is closed as averaged (the rules "
    "know a forfeit by a team only).",
    "de": "Hier spielt jede und jeder für sich: Ein Tisch wird gemittelt geschlossen (die "
    "Regeln kennen eine kampflose Wertung nur gegen ein Team).",
}
SOLO = [
    ("threechu", ["Anna", "Ben", "Clara"]),
    ("grand_seigneur", ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta"]),
]


def text(response) -> str:
    assert response.status_code == 200
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode())).split())


def options(page: str, name: str) -> list[str]:
    """The labels of the options of every select named ``name`` on the page."""
    found = []
    for select in re.findall(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S):
        found += [
            html.unescape(label) for label in re.findall(r"<option[^>]*>([^<]*)</option>", select)
        ]
    return found


def test_a_team_tables_forfeit_names_its_teams_by_their_players(organizer_client, table):
    event = table.round.event
    names = seat_names(table)
    teams = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
    round_page = organizer_client.get(reverse("organizer-round", args=[event.pk, table.round_id]))
    offered = options(round_page.content.decode(), "forfeited_by")
    assert teams[0] in offered and teams[1] in offered
    assert "Team A" not in offered and NOTE["en"] not in text(round_page)
    table_page = organizer_client.get(reverse("organizer-table", args=[event.pk, table.pk]))
    assert options(table_page.content.decode(), "forfeited_by")[1:] == teams
    asked = organizer_client.get(
        reverse("organizer-table-close", args=[event.pk, table.pk]),
        {"status": "forfeited", "forfeited_by": "1"},
    )
    assert f"{teams[1]} forfeit" in text(asked)


@pytest.mark.parametrize(("preset", "names"), SOLO)
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_table_without_teams_closes_as_averaged_only(
    organizer_client, organizer, preset, names, language
):
    table = one_table(organizer, preset, names)
    event = table.round.event
    round_page = organizer_client.get(
        reverse("organizer-round", args=[event.pk, table.round_id]), HTTP_ACCEPT_LANGUAGE=language
    )
    page = round_page.content.decode()
    assert 'name="forfeited_by"' not in page and 'value="forfeited"' not in page
    assert 'value="averaged"' in page and NOTE[language] in text(round_page)
    for url in (
        reverse("organizer-table", args=[event.pk, table.pk]),
        reverse("organizer-table-close", args=[event.pk, table.pk]),
    ):
        shown = organizer_client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert 'name="forfeited_by"' not in shown.content.decode()
        assert 'value="forfeited"' not in shown.content.decode()
        assert NOTE[language] in text(shown)
    close = reverse("organizer-table-close", args=[event.pk, table.pk])
    asked = organizer_client.get(
        close, {"status": "forfeited", "forfeited_by": "0"}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert f'<form method="post" action="{close}"' not in asked.content.decode()  # asked again
    organizer_client.post(close, {"status": "forfeited", "forfeited_by": "0"})
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
    finish = organizer_client.get(
        reverse("organizer-finish", args=[event.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert options(finish.content.decode(), f"close-{table.pk}") == [
        {"en": "averaged", "de": "gemittelt"}[language]
    ]
    assert NOTE[language] in text(finish)
    organizer_client.post(close, {"status": "averaged"})
    assert Table.objects.get(pk=table.pk).status == Table.Status.AVERAGED


@pytest.mark.parametrize(("preset", "names"), SOLO)
def test_the_service_and_the_api_refuse_a_forfeit_without_teams(organizer, preset, names):
    table = one_table(organizer, preset, names)
    with pytest.raises(ServiceError) as refused:
        table_close(
            table_id=table.pk,
            status=Table.Status.FORFEITED,
            forfeited_by=0,
            actor=Actor.organizer(organizer),
        )
    assert refused.value.code == "no_teams"
    response = token_client(organizer).post(
        f"/api/tables/{table.pk}/close/",
        {"status": "forfeited", "forfeited_by": 1},
        format="json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400 and response.json()["code"] == "no_teams"
    assert response.json()["errors"]["forfeited_by"] == [NOTE["de"]]
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN
