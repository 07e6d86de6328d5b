"""Backups: export_event writes the whole event, import_event restores identical standings."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DatabaseError, connection

from tests.conftest import delete_after_the_workers, wait_for_standings
from tournaments import selectors
from tournaments.models import Change, Event, Hand, Player, StandingRow, Table
from tournaments.services.backup import event_export
from tournaments.services.history import Actor
from tournaments.services.rounds import table_close
from tournaments.simulation import simulate_event

pytestmark = pytest.mark.django_db(transaction=True)


def standings(event):
    return [
        (r.rank, r.entrant.name, r.victory_points, r.tichu_points, r.hands_played, r.byes)
        for r in selectors.standing_rows(event)
    ]


def test_export_then_import_into_an_empty_database_gives_identical_standings(organizer, tmp_path):
    event = simulate_event(preset="dtm", entrants=10, seed=4, owner=organizer, rounds=2).event
    before = standings(event)
    path = tmp_path / "event.json"
    call_command("export_event", str(event.pk), "-o", str(path))
    document = json.loads(path.read_text())
    assert len(document["rounds"]) == 2 and len(document["entrants"]) == 10
    assert sum(len(t["hands"]) for r in document["rounds"] for t in r["tables"]) == 16
    delete_after_the_workers(event, people=False)  # the "empty database": the event's all goes
    assert not Hand.objects.exists()
    call_command("import_event", str(path))
    restored = Event.objects.get()
    assert standings(restored) == before
    assert restored.changes.count() == len(document["changes"])
    assert restored.format == event.format and restored.seed == event.seed


def test_a_malformed_backup_restores_nothing(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"version": 1, "event": {"name": "x"}}))
    with pytest.raises(CommandError, match=r"event\.preset: is missing"):
        call_command("import_event", str(path))
    assert not Event.objects.exists()
    with pytest.raises(CommandError, match="no event"):
        call_command("export_event", "999")


# --- attacks: a backup is a file anyone can edit, so the import trusts none of it ------------


@pytest.fixture
def backup(organizer):
    """One DTM round of 8 players, 4 hands at each of its 2 tables, exported."""
    event = simulate_event(preset="dtm", entrants=8, seed=7, owner=organizer, rounds=1).event
    document = event_export(event.pk)
    delete_after_the_workers(event, people=True)
    return document


def refused(tmp_path, document, *arguments) -> str:
    """Import ``document``: it must be refused with a CommandError and leave nothing behind."""
    users = set(get_user_model().objects.values_list("username", flat=True))
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError) as refusal:
        call_command("import_event", str(path), *arguments)
    assert not Event.objects.exists() and not Hand.objects.exists()
    assert not Player.objects.exists() and not Change.objects.exists()
    assert set(get_user_model().objects.values_list("username", flat=True)) == users
    return str(refusal.value)


def hand(document, round_index=0, table=0, index=0) -> dict:
    return document["rounds"][round_index]["tables"][table]["hands"][index]


def test_an_email_the_register_cannot_hold_is_refused_at_its_place(backup, tmp_path):
    """A 300-character address passed the backup's check (an address at all) and failed the
    write on PostgreSQL; the register's own check (``names.clean_email``) now reads it."""
    backup["entrants"][2]["player"]["email"] = "d" * 288 + "@example.org"
    assert "entrants[2].player.email: An e-mail address has at most 254 characters." in refused(
        tmp_path, backup
    )


def test_a_malformed_format_value_is_refused_at_its_place(backup, tmp_path):
    backup["event"]["format"]["rounds"] = "three"
    assert refused(tmp_path, backup).startswith(
        "nothing imported: event.format.rounds: rounds must be a whole number"
    )


def test_a_duplicate_hand_number_is_refused_at_its_place(backup, tmp_path):
    hand(backup, index=1)["number"] = 1
    assert "rounds[0].tables[0].hands[1].number: hand 1 appears twice" in refused(tmp_path, backup)


def test_card_points_contradicting_the_stored_totals_are_refused(backup, tmp_path):
    entry = next(
        h
        for t in backup["rounds"][0]["tables"]
        for h in t["hands"]
        if h["entry"]["card_points"] and h["entry"]["card_points"][0] != 50
    )["entry"]
    entry["card_points"].reverse()
    message = refused(tmp_path, backup)
    assert ".tp: [" in message and "stored, but the entry scores" in message


def test_card_points_the_engine_refuses_are_refused_with_its_message(backup, tmp_path):
    hand(backup, table=1, index=2)["entry"] = {"card_points": [70, 40]}
    assert "rounds[0].tables[1].hands[2].entry.card_points: " in refused(tmp_path, backup)


def test_totals_of_9999_are_recomputed_not_trusted(backup, tmp_path):
    hand(backup, table=1, index=3)["tp"] = [9999, 0]
    assert "rounds[0].tables[1].hands[3].tp: [9999, 0] stored" in refused(tmp_path, backup)


def test_hand_7_of_a_4_hand_round_is_refused(backup, tmp_path):
    hand(backup, index=3)["number"] = 7
    assert "rounds[0].tables[0].hands[3].number: hand 7 is beyond the round's 4" in refused(
        tmp_path, backup
    )


def test_a_seat_of_an_unknown_entrant_is_refused(backup, tmp_path):
    backup["rounds"][0]["tables"][1]["seats"][2] = 999
    assert "rounds[0].tables[1].seats[2]: 999 is not an entrant" in refused(tmp_path, backup)


def test_an_unknown_owner_is_refused_never_created(backup, tmp_path, organizer):
    backup["event"]["owner"] = "mallory"
    assert "event.owner: there is no account 'mallory'" in refused(tmp_path, backup)
    assert "--owner: there is no account 'nobody'" in refused(tmp_path, backup, "--owner", "nobody")
    path = tmp_path / "backup.json"
    call_command("import_event", str(path), "--owner", organizer.username)
    assert Event.objects.get().owner == organizer
    assert not get_user_model().objects.filter(username="mallory").exists()


def test_a_failed_import_leaves_nothing_and_the_next_one_restores_once(backup, tmp_path):
    """A fault while writing (the standings run's insert fails) rolls the whole import back."""
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup))

    def failing_standings_insert(execute, sql, params, many, context):
        if "INSERT" in sql.upper() and StandingRow._meta.db_table in sql:
            raise DatabaseError("injected fault")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(failing_standings_insert), pytest.raises(DatabaseError):
        call_command("import_event", str(path))
    assert not Event.objects.exists() and not Hand.objects.exists()
    assert not Player.objects.exists() and not StandingRow.objects.exists()
    call_command("import_event", str(path))
    event = Event.objects.get()
    assert Hand.objects.count() == 8 and event.standings_up_to_date
    assert StandingRow.objects.filter(event=event).count() == 8


def test_a_forfeited_table_keeps_its_team_at_fault_and_its_credit(organizer, tmp_path):
    event = simulate_event(preset="dtm", entrants=8, seed=7, owner=organizer, rounds=1).event
    table = Table.objects.filter(round__event=event).order_by("number").first()
    table.hands.filter(number__gte=3).delete()
    table_close(
        table_id=table.pk,
        status=Table.Status.FORFEITED,
        forfeited_by=1,
        actor=Actor.organizer(organizer),
    )
    wait_for_standings(event)
    before = standings(event)
    credited = StandingRow.objects.filter(event=event, adjustment_vp=4).count()
    assert credited == 2  # team A's two players: 2 missing hands at 2 VP
    document = event_export(event.pk)
    delete_after_the_workers(event, people=True)
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(document))
    call_command("import_event", str(path))
    restored = Event.objects.get()
    assert Table.objects.get(round__event=restored, number=table.number).forfeited_by == 1
    assert standings(restored) == before


def test_the_restored_history_names_the_tables_of_its_hands(backup, tmp_path):
    from tournaments.views.history_words import history_lines

    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup))
    call_command("import_event", str(path))
    event = Event.objects.get()
    hands = [
        line.what
        for line in history_lines(event, list(event.changes.order_by("id")))
        if line.change.subject == "hand"
    ]
    assert len(hands) == 8
    assert hands[0].startswith("Table 1 (round 1), hand 1:") and not any("?" in h for h in hands)


def test_a_refusal_is_in_the_organizers_language(backup, tmp_path, monkeypatch):
    hand(backup)["tp"] = [9999, 0]
    assert (
        "nothing imported: rounds[0].tables[0].hands[0].tp: [9999, 0] stored, but the "
        "entry scores" in refused(tmp_path, backup)
    )
    german = refused(tmp_path, backup, "--language", "de")
    assert german.startswith(
        "nichts importiert: rounds[0].tables[0].hands[0].tp: "
        "[9999, 0] gespeichert, aber die Eingabe ergibt"
    )
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # a German terminal
    assert refused(tmp_path, backup).startswith("nichts importiert")
    backup["rounds"][0]["tables"][0]["hands"][0]["entry"]["card_points"] = [80, 30]
    assert "Kartenpunkte" in refused(tmp_path, backup)  # the engine's refusal, worded in German


@pytest.mark.parametrize(
    ("preset", "entrants", "overrides"),
    [
        ("tientsin", 13, {}),
        ("tientsin", 5, {"entrant_type": "team", "pairing": "swiss"}),
        ("threechu", 7, {}),
        ("grand_seigneur", 13, {}),
    ],
)
def test_a_variant_event_round_trips_with_its_per_seat_credits(
    organizer, tmp_path, preset, entrants, overrides
):
    """Tientsin's tables of six (a team in every seat of its side), Threechu's and Grand
    Seigneur's per-player credits (``HandSeat``, rebuilt from the entries at the import)."""
    from tournaments.models import HandSeat

    event = simulate_event(
        preset=preset, entrants=entrants, seed=4, owner=organizer, rounds=1, overrides=overrides
    ).event
    before = standings(event)
    credits = sorted(HandSeat.objects.values_list("hand__number", "position", "tp", "vp", "place"))
    path = tmp_path / "event.json"
    call_command("export_event", str(event.pk), "-o", str(path))
    delete_after_the_workers(event, people=False)
    call_command("import_event", str(path))
    restored = Event.objects.get()
    assert standings(restored) == before
    assert (
        sorted(HandSeat.objects.values_list("hand__number", "position", "tp", "vp", "place"))
        == credits
    )


# --- texts no database keeps, codes the service never makes, states the services never reach ----


@pytest.mark.parametrize(
    ("where", "text", "place"),
    [
        (lambda d: d["entrants"][3]["player"], "Anna\x00", "entrants[3].player.name"),
        (lambda d: d["entrants"][3], "Ben \ud800", "entrants[3].name"),
        (lambda d: d["event"], "\udfff", "event.name"),
        (
            lambda d: d["rounds"][0]["tables"][1]["hands"][2],
            "captain\x00",
            "rounds[0].tables[1].hands[2].entered_by",
        ),
        (lambda d: d["changes"][0], "typo \udc80", "changes[0].reason"),
    ],
)
def test_a_nul_or_an_unpaired_surrogate_anywhere_is_refused_at_its_place(
    backup, tmp_path, where, text, place
):
    key = place.rsplit(".", 1)[1]
    where(backup)[key] = text
    message = refused(tmp_path, backup)
    assert message.startswith(f"nothing imported: {place}: holds a")
    message.encode()  # printable: the refusal does not repeat the text


def test_a_bad_text_deep_in_a_value_or_in_a_key_is_found_too(backup, tmp_path):
    backup["changes"][1]["new"] = {"entry": {"note": ["fine", "bad\x00"]}}
    assert refused(tmp_path, backup).startswith(
        "nothing imported: changes[1].new.entry.note[1]: holds a NUL character"
    )
    backup["changes"][1]["new"] = {}
    backup["event"]["format"]["\ud800rounds"] = 3
    assert refused(tmp_path, backup).startswith(
        "nothing imported: event.format.'\\ud800rounds': holds an unpaired surrogate"
    )


@pytest.mark.parametrize(
    "code", ["<script>", "ABCDEFGHJKL0", "abcdefghjkmn", "ABCDEFGHJKLMN", "ABC"]
)
def test_a_table_code_the_service_never_makes_is_refused(backup, tmp_path, code):
    backup["rounds"][0]["tables"][1]["code"] = code
    assert "rounds[0].tables[1].code: must be a table code (12 characters of ABCDEFGHJK" in refused(
        tmp_path, backup
    )


def draft_round(document: dict) -> dict:
    """Round 2 as a draft, seating round 1's tables again (new codes, no hands)."""
    first = document["rounds"][0]
    document["event"]["format"]["rounds"] = 2
    document["rounds"].append(
        {
            "number": 2,
            "status": "draft",
            "seed": 1,
            "byes": [],
            "tables": [
                {
                    **table,
                    "code": table["code"][::-1],
                    "status": "open",
                    "hands": [],
                    "forfeited_by": None,
                }
                for table in first["tables"]
            ],
        }
    )
    return document


def test_a_finished_event_whose_last_round_is_a_draft_is_refused(backup, tmp_path):
    backup["event"]["status"] = "finished"
    draft_round(backup)
    assert "rounds[1].status: the event is finished, but its last round is a draft" in refused(
        tmp_path, backup
    )
    backup["event"]["status"] = "running"
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup))
    call_command("import_event", str(path))  # running, with its next round in draft: imported
    assert Event.objects.get().rounds.count() == 2


def test_a_finished_event_whose_last_round_is_not_played_out_is_refused(backup, tmp_path):
    backup["event"]["status"] = "finished"
    backup["rounds"][0]["tables"][1]["hands"].pop()
    assert (
        "rounds[0].tables[1]: the event is finished, but this table of its last round is "
        "not played out" in refused(tmp_path, backup)
    )


def test_an_event_status_its_rounds_contradict_is_refused(backup, tmp_path):
    backup["event"]["status"] = "draft"
    assert "event.status: a draft event has no rounds" in refused(tmp_path, backup)
    backup["event"]["status"], backup["rounds"] = "running", []
    assert "event.status: a draft event has no rounds, and a running" in refused(tmp_path, backup)


def test_an_entrant_playing_before_joining_or_after_withdrawing_is_refused(backup, tmp_path):
    seated = backup["rounds"][0]["tables"][1]["seats"][2]
    entrant = next(e for e in backup["entrants"] if e["id"] == seated)
    entrant["joined_round"] = 2
    assert f"rounds[0].tables[1].seats[2]: entrant {seated} joined in round 2" in refused(
        tmp_path, backup
    )
    entrant["joined_round"], entrant["withdrawn_after_round"] = 1, 0
    assert f"rounds[0].tables[1].seats[2]: entrant {seated} withdrew after round 0" in refused(
        tmp_path, backup
    )
    entrant["withdrawn_after_round"] = 2
    index = backup["entrants"].index(entrant)
    assert (
        f"entrants[{index}].withdrawn_after_round: round 2, but only 1 rounds are paired"
        in refused(tmp_path, backup)
    )
    entrant["withdrawn_after_round"], entrant["joined_round"] = None, 3
    assert (
        f"entrants[{index}].joined_round: round 3, but an entrant joins by the round after "
        "the last one paired (2)" in refused(tmp_path, backup)
    )


def test_a_person_on_two_rosters_of_a_backup_is_refused(organizer, tmp_path):
    event = simulate_event(preset="team_swiss", entrants=4, seed=3, owner=organizer, rounds=1).event
    document = event_export(event.pk)
    delete_after_the_workers(event, people=True)
    first = document["entrants"][0]
    document["entrants"][2]["members"][1]["name"] = first["members"][0]["name"].upper()
    assert (
        f"entrants[2].members[1].name: {first['members'][0]['name'].upper()} already plays "
        f"in the team {first['name']}"
    ) in refused(tmp_path, document)
