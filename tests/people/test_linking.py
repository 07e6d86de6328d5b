"""Linking a registered name to a person of the register (RULINGS: names are not identities)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Entrant, Player
from tournaments.selectors.people import link_offers
from tournaments.services.events import event_create, players_register, teams_register
from tournaments.services.history import Actor
from tournaments.services.people import (
    NEW,
    PersonToConfirm,
    RegisterPeople,
    likely_duplicates,
    names_alike,
    own_register,
)

pytestmark = pytest.mark.django_db
SURNAMES = ("Meyer", "Schulz", "Müller", "Weiß", "Groß", "Becker")


@pytest.fixture
def orga(organizer):
    return Actor.organizer(organizer)


def evening(organizer, orga, names, clubs=(), people=()):
    event = event_create(owner=organizer, name="Evening", preset="dtm")
    return players_register(event=event, names=names, clubs=clubs, people=people, actor=orga)


@pytest.mark.parametrize(
    ("first", "second", "alike"),
    [
        ("Anna Meyer", "Anna Maier", True),  # one sound, two spellings
        ("Anna Meyer", "Ana Mayer", True),
        ("Anna Meyer", "A. Meyer", True),  # an initial
        ("Anna Müller", "Anna Müler", True),  # a typo
        ("Meyer Anna", "Anna Meyer", True),  # the surname first
        ("Felix Richter", "Felix Fischer", False),
        ("Anna Meyer", "Ben Meyer", False),
        ("Anna Meyer", "Anna Schulz", False),
    ],
)
def test_names_alike(first, second, alike):
    assert names_alike(first, second) is alike


def test_the_same_name_and_club_links_by_itself(organizer, orga):
    [first] = evening(organizer, orga, ["Anna Müller"], ["Berlin"])
    [again] = evening(organizer, orga, ["Anna Mueller"], ["berlin"])
    assert again.player_id == first.player_id
    assert Player.objects.filter(register=own_register(organizer)).count() == 1


def test_another_club_or_a_close_spelling_is_offered_not_linked(organizer, orga):
    [first] = evening(organizer, orga, ["Anna Meyer"], ["Berlin"])
    for name, club, fit in [
        ("Anna Meyer", "Hamburg", "other_club"),
        ("Anna Maier", "", "close_name"),
    ]:
        with pytest.raises(PersonToConfirm) as asked:
            evening(organizer, orga, [name], [club])
        assert [(c.person.pk, c.fit) for c in asked.value.candidates] == [(first.player_id, fit)]
        assert asked.value.code == "person_to_confirm" and asked.value.index == 0
    assert Entrant.objects.count() == 1  # nothing half-written: the refused lists left nothing


def test_the_organizer_s_choice_links_or_makes_a_new_person(organizer, orga):
    [first] = evening(organizer, orga, ["Anna Meyer"], ["Berlin"])
    [linked] = evening(organizer, orga, ["Anna Maier"], people=[first.player_id])
    [other] = evening(organizer, orga, ["Anna Meyer"], ["Hamburg"], people=[NEW])
    assert linked.player_id == first.player_id
    assert other.player_id != first.player_id


def test_nobody_fits_makes_a_new_person_and_one_event_never_links_two_names_to_one(organizer, orga):
    two = evening(organizer, orga, ["Anna Meyer", "Anna Meyer"], ["Berlin", "Berlin"])
    assert len({entrant.player_id for entrant in two}) == 2
    assert not names_alike("Felix Richter", "Felix Fischer")
    three = evening(organizer, orga, ["Felix Richter", "Felix Fischer", "Ida Wagner"])
    assert len({entrant.player_id for entrant in three}) == 3


def test_someone_already_in_the_event_is_not_offered_again(organizer, orga):
    [first] = evening(organizer, orga, ["Anna Meyer"], ["Berlin"])
    register = own_register(organizer)
    assert (
        RegisterPeople(register).candidates("Anna Meyer", "Berlin", exclude={first.player_id}) == []
    )


def test_a_team_s_members_link_to_people_of_the_register(organizer, orga):
    [single] = evening(organizer, orga, ["Anna Meyer", "Ben Schulz"], ["", ""])[:1]
    cup = event_create(owner=organizer, name="Pairs", preset="team_swiss")
    [team] = teams_register(
        event=cup, teams=[("Dragons", ["Anna Meyer", "Carla Weber"])], actor=orga
    )
    assert single.player_id in set(team.members.values_list("pk", flat=True))


def test_likely_duplicates_are_offered_unless_they_played_together(organizer, orga):
    evening(organizer, orga, ["Anna Meyer", "Anna Maier"], people=[NEW, NEW])  # played together
    [later] = evening(organizer, orga, ["A. Meyer"], people=[NEW])
    pairs = {(a.name, b.name) for a, b in likely_duplicates(own_register(organizer))}
    assert ("Anna Meyer", "Anna Maier") not in pairs
    assert ("Anna Meyer", "A. Meyer") in pairs and ("Anna Maier", "A. Meyer") in pairs
    assert later.player.name == "A. Meyer"


def register_reads(run) -> int:
    """The queries ``run`` makes of the register's people."""
    with CaptureQueriesContext(connection) as queries:
        run()
    return sum('FROM "tournaments_player"' in query["sql"] for query in queries.captured_queries)


def test_a_list_is_linked_from_one_read_of_the_register_however_long(organizer, orga):
    """A list's names are offered their people and registered from one read of the register,
    not a query per name (a file of ten thousand names took minutes), and are offered the same
    people as one name alone."""
    known = [f"{first} {last}" for first in ("Anna", "Ben", "Ida") for last in SURNAMES]
    evening(organizer, orga, known, ["Köln"] * len(known))
    short = [["Anna Maier", "Köln"], ["Ben Schultz", ""], ["Nina Neu", ""]]
    long = short + [[f"Ida {last}", "Köln"] for last in SURNAMES] + [["Ana Mayer", "Bonn"]] * 20
    event = event_create(owner=organizer, name="Season", preset="dtm")
    assert register_reads(lambda: link_offers(event, short)) == register_reads(
        lambda: link_offers(event, long)
    )
    register = RegisterPeople(own_register(organizer))
    for [offer], (name, club) in zip(link_offers(event, long), long, strict=True):
        assert offer.fits == register.candidates(name, club), name
    assert register_reads(
        lambda: players_register(
            event=event, names=[n for n, _ in short], actor=orga, people=[NEW] * 3
        )
    ) == register_reads(
        lambda: players_register(
            event=event_create(owner=organizer, name="Cup", preset="dtm"),
            names=[n for n, _ in long],
            actor=orga,
            people=[NEW] * len(long),
        )
    )
