"""Backups: export_event writes the whole event, import_event restores identical standings."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments import selectors
from tournaments.models import Event, Hand
from tournaments.simulation import simulate_event

pytestmark = pytest.mark.django_db(transaction=True)


def standings(event):
    return [(r.rank, r.entrant.name, r.victory_points, r.tichu_points, r.hands_played, r.byes)
            for r in selectors.standing_rows(event)]


def test_export_then_import_into_an_empty_database_gives_identical_standings(organizer, tmp_path):
    event = simulate_event(preset="dtm", entrants=10, seed=4, owner=organizer, rounds=2).event
    before = standings(event)
    path = tmp_path / "event.json"
    call_command("export_event", str(event.pk), "-o", str(path))
    document = json.loads(path.read_text())
    assert len(document["rounds"]) == 2 and len(document["entrants"]) == 10
    assert sum(len(t["hands"]) for r in document["rounds"] for t in r["tables"]) == 16
    Event.objects.all().delete()  # the "empty database": everything of the event goes
    assert not Hand.objects.exists()
    call_command("import_event", str(path))
    restored = Event.objects.get()
    assert standings(restored) == before
    assert restored.changes.count() == len(document["changes"])
    assert restored.format == event.format and restored.seed == event.seed


def test_a_malformed_backup_restores_nothing(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"version": 1, "event": {"name": "x"}}))
    with pytest.raises(CommandError, match="malformed"):
        call_command("import_event", str(path))
    assert not Event.objects.exists()
    with pytest.raises(CommandError, match="no event"):
        call_command("export_event", "999")
