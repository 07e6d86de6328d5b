"""A cup's backup: its matches and the tables of their games go into the export and come back
from the import; a document whose matches do not hold together is refused at their place."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.conftest import delete_after_the_workers
from tournaments import selectors
from tournaments.knockout.placings import placings
from tournaments.models import Event, Match
from tournaments.services.backup import event_export
from tournaments.simulation import simulate_event

from .helpers import name

pytestmark = pytest.mark.django_db(transaction=True)


def bracket(event: Event) -> list[tuple]:
    return [
        (
            m.stage,
            m.group,
            m.level,
            m.slot,
            m.round.number,
            name(m.entrant_a_id),
            name(m.entrant_b_id),
            m.seed_a,
            m.seed_b,
            m.best_of,
            name(m.winner_id),
            m.decided_by,
            [(g.number, g.table.number, g.table.hands.count()) for g in m.games.order_by("number")],
        )
        for m in Match.objects.filter(event=event)
        .select_related("round")
        .order_by("stage", "level", "slot")
    ]


def outcome(event: Event) -> tuple:
    return (
        bracket(event),
        [(place, name(team)) for place, team in placings(event)],
        [
            (r.rank, r.entrant.name, r.victory_points, r.tichu_points, r.hands_played)
            for r in selectors.standing_rows(event)
        ],
    )


@pytest.fixture
def cup_backup(organizer, tmp_path):
    """A whole cup of 6 teams in 2 groups, the top 2 of each crossed into a bracket with a
    third-place match, best of 3 from the semi-finals; exported, then deleted."""
    event = simulate_event(
        preset="groups_knockout",
        entrants=6,
        seed=3,
        owner=organizer,
        overrides={"third_place": True, "game_to": 300, "best_of": 3, "best_of_from": "semi_final"},
    ).event
    before = outcome(event)
    path = tmp_path / "cup.json"
    call_command("export_event", str(event.pk), "-o", str(path))
    delete_after_the_workers(event, people=True)
    return before, path


def test_a_cup_comes_back_from_its_backup_with_its_bracket_placings_and_standings(cup_backup):
    before, path = cup_backup
    document = json.loads(path.read_text())
    assert {m["stage"] for m in document["matches"]} == {"group", "bracket", "third_place"}
    assert any(len(m["games"]) > 1 for m in document["matches"])  # a best of 3 went on
    call_command("import_event", str(path))
    restored = Event.objects.get()
    assert restored.status == Event.Status.FINISHED
    assert outcome(restored) == before


def _refused(path, document) -> str:
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError) as refusal:
        call_command("import_event", str(path))
    assert not Event.objects.exists() and not Match.objects.exists()
    return str(refusal.value)


def test_a_winner_who_did_not_play_the_match_is_refused(cup_backup):
    _, path = cup_backup
    document = json.loads(path.read_text())
    decided = next(i for i, m in enumerate(document["matches"]) if m["games"])
    match = document["matches"][decided]
    outsider = next(e["id"] for e in document["entrants"] if e["id"] not in match["teams"])
    match["winner"] = outsider
    assert f"matches[{decided}].winner" in _refused(path, document)


def test_a_game_at_a_table_of_other_teams_is_refused(cup_backup):
    _, path = cup_backup
    document = json.loads(path.read_text())
    first, second = (i for i, m in enumerate(document["matches"]) if m["games"] and m["round"] == 1)
    games = document["matches"][first]["games"], document["matches"][second]["games"]
    games[0][0]["table"], games[1][0]["table"] = games[1][0]["table"], games[0][0]["table"]
    assert f"matches[{first}].games[0].table" in _refused(path, document)


def test_a_table_of_no_game_is_refused(cup_backup):
    _, path = cup_backup
    document = json.loads(path.read_text())
    played = next(m for m in document["matches"] if m["games"])
    played["games"].pop()
    played["winner"], played["decided_by"] = None, ""
    assert "belongs to no match's game" in _refused(path, document)


def test_matches_in_an_event_that_is_no_cup_are_refused(organizer, tmp_path):
    event = simulate_event(preset="dtm", entrants=8, seed=2, owner=organizer, rounds=1).event
    document = event_export(event.pk)
    assert document["matches"] == []
    delete_after_the_workers(event, people=False)
    document["matches"] = [{"stage": "bracket"}]
    assert "matches: only a cup has matches" in _refused(tmp_path / "x.json", document)


def test_statuses_the_bracket_contradicts_are_refused(cup_backup):
    """A cup's round is complete, and the cup finished, exactly when their matches are decided
    (as ``sync_statuses`` keeps them)."""
    _, path = cup_backup
    document = json.loads(path.read_text())
    match = document["matches"][-1]
    match["winner"], match["decided_by"] = None, ""
    assert (
        f"rounds[{match['round'] - 1}].status: a cup's round is complete exactly when"
        in _refused(path, document)
    )
    document["rounds"][match["round"] - 1]["status"] = "published"
    assert "event.status: a cup is finished exactly when all its matches are decided" in _refused(
        path, document
    )
