"""Changes of the register in the history of the events they touch: a merge of two records and
its undo (in the events whose entries moved), a series made, changed and deleted (in each event
it held or holds), worded in English and German; an erasure blanks a merge's names too."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from tournaments.models import Change, Player
from tournaments.services.history import Actor
from tournaments.services.people import merge_undo, own_register, person_erase, person_merge
from tournaments.services.series import SeriesSettings, series_create, series_delete, series_update

from .conftest import individual_event, registered

pytestmark = pytest.mark.django_db


def history(client, event, language: str) -> str:
    response = client.get(
        reverse("organizer-history", args=[event.pk]), HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_a_merge_and_its_undo_are_in_the_history_of_the_moved_entries_events(
    organizer, organizer_client
):
    first = individual_event(organizer, "First evening")
    second = individual_event(organizer, "Second evening")
    [kept] = registered(first, ["Yvonne Ypsilon"], ["TC Köln"], people=["new"])
    [other] = registered(second, ["Yvonne Ipsilon"], people=["new"])
    actor = Actor.organizer(organizer)
    merge = person_merge(kept=kept.player, merged=other.player, actor=actor)
    [row] = Change.objects.filter(subject="person")
    assert (row.event_id, row.action, row.subject_id, row.actor) == (
        second.pk,
        "merge",
        merge.pk,
        actor.label,
    )
    english = "Yvonne Ipsilon merged into Yvonne Ypsilon (TC Köln) (one person in the register)"
    german = "Yvonne Ipsilon mit Yvonne Ypsilon (TC Köln) zusammengeführt (eine Person im Register)"
    assert english in history(organizer_client, second, "en")
    assert german in history(organizer_client, second, "de")
    assert "Ipsilon" not in history(organizer_client, first, "en")  # nothing of it moved

    merge_undo(merge, actor=actor)
    undone = Change.objects.get(subject="person", action="unmerge")
    assert undone.event_id == second.pk
    assert (
        "Merge undone: Yvonne Ipsilon and Yvonne Ypsilon (TC Köln) are two people again"
        in history(organizer_client, second, "en")
    )
    assert (
        "Zusammenführung rückgängig gemacht: Yvonne Ipsilon und Yvonne Ypsilon (TC Köln) sind "
        "wieder zwei Personen" in history(organizer_client, second, "de")
    )

    # the kept record erased: its name and club leave the rows of the other one's event too
    person_erase(Player.objects.get(pk=kept.player_id), actor=actor)
    page = history(organizer_client, second, "en")
    assert "Ypsilon" not in page and "TC Köln" not in page
    assert "Yvonne Ipsilon merged into erased player (one person in the register)" in page


def test_a_series_made_changed_and_deleted_is_in_its_events_history(organizer, organizer_client):
    first = individual_event(organizer, "First evening")
    second = individual_event(organizer, "Second evening")
    settings = SeriesSettings(name="Circuit", best_k=3, qualifying=2)
    series = series_create(
        register=own_register(organizer), user=organizer, settings=settings, events=[first]
    )
    assert "Added to the new series Circuit" in history(organizer_client, first, "en")
    assert "In die neue Serie Circuit aufgenommen" in history(organizer_client, first, "de")
    assert not Change.objects.filter(event=second, subject="series").exists()

    series_update(
        series,
        user=organizer,
        settings=SeriesSettings(name="Circuit", best_k=None, qualifying=2),
        events=[first, second],
    )
    assert "Series Circuit changed: Events counted: 3 → every event; Events: 1 → 2" in history(
        organizer_client, first, "en"
    )
    assert (
        "Serie Circuit geändert: Gewertete Turniere: 3 → alle Turniere; Veranstaltungen: 1 → 2"
        in history(organizer_client, first, "de")
    )
    assert "Added to the series Circuit" in history(organizer_client, second, "en")

    series_update(series, user=organizer, events=[second])
    assert "Taken out of the series Circuit" in history(organizer_client, first, "en")
    assert "Aus der Serie Circuit genommen" in history(organizer_client, first, "de")
    rows = Change.objects.filter(subject="series", subject_id=series.pk)
    assert rows.filter(event=second).count() == 2  # added, then the others taken out
    series_update(series, user=organizer, events=[second])  # nothing changes, nothing recorded
    assert rows.count() == 5

    series_delete(series, user=organizer)
    assert "Series Circuit deleted (this event and its results stay)" in history(
        organizer_client, second, "en"
    )
    assert "Serie Circuit gelöscht (dieses Turnier und seine Ergebnisse bleiben)" in history(
        organizer_client, second, "de"
    )
    assert rows.filter(action="delete").get().actor == Actor.organizer(organizer).label
