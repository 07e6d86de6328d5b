"""Merging two records of one person (entries, roster places and seats move; refused when both
played in one event; undone exactly; an undo refused after a later merge built on it) and
erasure (the results stay, the name is gone everywhere: pages, history, backups)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import translation

from tests.web.conftest import played
from tournaments.models import Change, Entrant, Membership, Player, Seat
from tournaments.selectors import pages
from tournaments.services.backup import event_export
from tournaments.services.events import teams_register
from tournaments.services.history import Actor, Conflict
from tournaments.services.people import merge_undo, person_erase, person_merge, person_update
from tournaments.services.rounds import round_pair, round_publish

from .conftest import individual_event, registered, team_event

NAMES = [
    "Anna Müller",
    "Bo Berg",
    "Cy Christ",
    "Di Dorn",
    "Ed Eck",
    "Flo Frei",
    "Gus Gans",
    "Hu Hahn",
]


def _teams_played(organizer):
    """A team event with a published round: seats name the members who play them."""
    event = team_event(organizer, "Team cup")
    actor = Actor.organizer(organizer)
    teams_register(
        event=event,
        teams=[(f"Team {i}", [f"Member {i}a", f"Member {i}b"]) for i in range(4)],
        actor=actor,
    )
    round_publish(round_id=round_pair(event_id=event.pk, actor=actor).pk, actor=actor)
    return event


def test_a_merge_moves_entries_roster_places_and_seats_and_the_undo_restores_them(organizer):
    event = _teams_played(organizer)
    member = Player.objects.get(name="Member 0a")
    seats = set(Seat.objects.filter(player=member).values_list("pk", flat=True))
    assert seats
    other = registered(individual_event(organizer, "Solo"), ["Member Zero A"], people=["new"])[0]
    kept = other.player
    untouched = {s.pk: s.player_id for s in Seat.objects.exclude(pk__in=seats)}
    merge = person_merge(kept=kept, merged=member, actor=Actor.organizer(organizer))
    assert set(Seat.objects.filter(player=kept).values_list("pk", flat=True)) == seats
    assert Membership.objects.get(event=event, entrant__name="Team 0", player=kept)
    assert Player.objects.get(pk=member.pk).merged_into_id == kept.pk
    merge_undo(merge, actor=Actor.organizer(organizer))
    assert set(Seat.objects.filter(player=member).values_list("pk", flat=True)) == seats
    assert Membership.objects.filter(event=event, player=member).count() == 1
    assert Entrant.objects.get(pk=other.pk).player_id == kept.pk
    assert {s.pk: s.player_id for s in Seat.objects.exclude(pk__in=seats)} == untouched
    assert Player.objects.get(pk=member.pk).merged_into_id is None


def test_two_who_played_in_one_event_are_not_merged(organizer):
    first, second = registered(
        individual_event(organizer), ["Anna Müller", "Anna Mueller"], people=["new", "new"]
    )
    with pytest.raises(Conflict) as refused:
        person_merge(kept=first.player, merged=second.player, actor=Actor.organizer(organizer))
    assert refused.value.code == "played_together"
    with translation.override("de"), pytest.raises(Conflict) as german:
        person_merge(kept=first.player, merged=second.player, actor=Actor.organizer(organizer))
    assert german.value.message == "Beide haben bei Club evening gespielt: Es sind zwei Personen."


def test_an_undo_is_refused_after_a_later_merge_built_on_it_naming_it(organizer):
    people = []
    for name in ["Anna A", "Anna B", "Anna C"]:
        people.append(
            registered(individual_event(organizer, name), [name], people=["new"])[0].player
        )
    a, b, c = people
    actor = Actor.organizer(organizer)
    first = person_merge(kept=a, merged=b, actor=actor)
    second = person_merge(kept=c, merged=a, actor=actor)
    with pytest.raises(Conflict) as refused:
        merge_undo(first, actor=actor)
    assert refused.value.code == "later_merge"
    assert "(Anna A into Anna C)" in refused.value.message
    merge_undo(second, actor=actor)
    merge_undo(first, actor=actor)
    assert [
        Entrant.objects.get(event__name=n).player_id for n in ["Anna A", "Anna B", "Anna C"]
    ] == [
        a.pk,
        b.pk,
        c.pk,
    ]


def test_erasure_keeps_the_results_and_removes_the_name_everywhere(
    organizer, client, django_capture_on_commit_callbacks
):
    event = played(organizer, 8, rounds=2, names=NAMES)
    anna = Entrant.objects.get(event=event, name="Anna Müller")
    person_update(anna.player, email="anna@example.org")
    rows_before = [
        (row.entrant_id, row.victory_points, row.tichu_points) for row in pages.standings(event)
    ]
    client.get(reverse("event", args=[event.pk]))  # the names and the standings cached
    client.get(f"/api/events/{event.pk}/standings/")
    with django_capture_on_commit_callbacks(execute=True):
        person_erase(anna.player, actor=Actor.organizer(organizer))
    anna.refresh_from_db()
    assert anna.display_name == "erased player"
    with translation.override("de"):
        assert Entrant.objects.get(pk=anna.pk).display_name == "gelöschte Person"
    assert [
        (row.entrant_id, row.victory_points, row.tichu_points) for row in pages.standings(event)
    ] == rows_before
    assert "erased player" in [row.entrant.display_name for row in pages.standings(event)]
    seat = Seat.objects.filter(entrant=anna).select_related("entrant", "player").first()
    assert seat.label == "erased player"
    backup = json.dumps(event_export(event.pk), ensure_ascii=False)
    history = json.dumps(
        list(Change.objects.filter(event=event).values("old", "new")), ensure_ascii=False
    )
    for page in [
        client.get(reverse("event", args=[event.pk])),
        client.get(reverse("event-standings", args=[event.pk])),
        client.get(f"/api/events/{event.pk}/standings/"),
        client.get(f"/api/events/{event.pk}/players/"),
    ]:
        text = page.content.decode()
        assert "Anna" not in text and "Müller" not in text and "M\\u00fcller" not in text
    assert "Anna Müller" not in backup and "anna@example.org" not in backup
    assert "Anna Müller" not in history
    assert "Bo Berg" in backup


def test_an_erased_team_member_reads_erased_player(organizer):
    event = _teams_played(organizer)
    member = Player.objects.get(name="Member 0a")
    person_erase(member, actor=Actor.organizer(organizer))
    team = Entrant.objects.get(event=event, name="Team 0")
    assert "erased player" in team.member_names and "Member 0a" not in team.member_names
    membership = Membership.objects.get(event=event, player=member)
    assert membership.person == f"erased:{membership.pk}"
    seat = Seat.objects.filter(player=member).select_related("entrant", "player").first()
    assert str(seat.label) == "erased player (Team 0)" or seat.label.player == "erased player"
    backup = json.dumps(event_export(event.pk), ensure_ascii=False)
    assert "Member 0a" not in backup


def test_a_hidden_person_stays_in_the_events(organizer, client):
    event = played(organizer, 8, rounds=1, names=NAMES)
    anna = Entrant.objects.get(event=event, name="Anna Müller")
    person_update(anna.player, hidden=True)
    assert client.get(f"/api/people/{anna.player_id}/").status_code == 404
    assert "Anna Müller" in client.get(reverse("event-standings", args=[event.pk])).content.decode()
