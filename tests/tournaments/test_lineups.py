"""Who plays a team's seats (``services.lineups``): the roster's first members by default, changed
by the captain before the first hand or by the organizer, in the history; carried into backups."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.conftest import delete_after_the_workers
from tournaments.games import side_name
from tournaments.models import Change, Event, Player, Seat
from tournaments.services.backup import event_export
from tournaments.services.events import event_create, team_register
from tournaments.services.hands import hand_record
from tournaments.services.history import Actor, Conflict, ServiceError
from tournaments.services.lineups import seats_lineup
from tournaments.services.rounds import round_pair, round_publish, seats_swap

pytestmark = pytest.mark.django_db(transaction=True)

ROSTERS = {"Dragons": ["Anna", "Bert", "Cleo"], "Phoenix": ["Dora", "Emil"]}


@pytest.fixture
def orga(organizer):
    return Actor.organizer(organizer)


def team_event(organizer, orga, publish=True):
    event = event_create(owner=organizer, name="Team evening", preset="team_swiss", seed=2)
    for name, members in ROSTERS.items():
        team_register(event=event, name=name, members=members, actor=orga)
    rnd = round_pair(event_id=event.pk, actor=orga)
    if publish:
        rnd = round_publish(round_id=rnd.pk, actor=orga)
    return event, rnd.tables.get()


def people(table) -> dict[int, str]:
    return {
        seat.position: seat.player.name if seat.player_id else None
        for seat in Seat.objects.filter(table=table).select_related("player")
    }


def team_of(table, name: str) -> int:
    return table.seats.get(position=0).entrant.name != name and 1 or 0


def player_ids(event, *names) -> list[int]:
    return [Player.objects.get(team_entries__event=event, name=name).pk for name in names]


def test_a_new_table_seats_each_teams_first_members_and_names_them(organizer, orga):
    event, table = team_event(organizer, orga)
    dragons = team_of(table, "Dragons")
    seated = people(table)
    assert [seated[p] for p in (dragons, dragons + 2)] == ["Anna", "Bert"]
    assert [seated[p] for p in (1 - dragons, 3 - dragons)] == ["Dora", "Emil"]
    seat = Seat.objects.select_related("player", "entrant").get(table=table, position=dragons)
    assert seat.label == "Anna (Dragons)"
    seats = Seat.objects.select_related("player", "entrant").filter(table=table)
    assert side_name(s.label for s in seats if s.position % 2 == dragons) == "Anna & Bert (Dragons)"


def test_the_captain_names_who_plays_until_the_first_hand(organizer, orga):
    event, table = team_event(organizer, orga)
    dragons = team_of(table, "Dragons")
    captain = Actor.captain(table)
    seats_lineup(
        table_id=table.pk, team=dragons, player_ids=player_ids(event, "Cleo", "Anna"), actor=captain
    )
    assert [people(table)[p] for p in (dragons, dragons + 2)] == ["Cleo", "Anna"]
    change = Change.objects.get(subject="seat", action="lineup")
    assert change.actor == captain.label
    assert change.old["names"] == ["Anna", "Bert"] and change.new["names"] == ["Cleo", "Anna"]
    assert change.new["team_name"] == "Dragons" and change.new["table_number"] == 1
    # the same line-up again changes nothing
    seats_lineup(
        table_id=table.pk, team=dragons, player_ids=player_ids(event, "Cleo", "Anna"), actor=captain
    )
    assert Change.objects.filter(subject="seat", action="lineup").count() == 1
    hand_record(table_id=table.pk, number=1, entry={"card_points": [60, 40]}, actor=captain)
    with pytest.raises(Conflict, match="only the organizer"):
        seats_lineup(
            table_id=table.pk,
            team=dragons,
            player_ids=player_ids(event, "Anna", "Bert"),
            actor=captain,
        )
    # the organizer corrects who played, hands or not
    seats_lineup(
        table_id=table.pk, team=dragons, player_ids=player_ids(event, "Anna", "Bert"), actor=orga
    )
    assert [people(table)[p] for p in (dragons, dragons + 2)] == ["Anna", "Bert"]
    assert Change.objects.filter(subject="seat", action="lineup").latest("pk").actor == orga.label


def test_a_captain_cannot_name_players_of_a_draft(organizer, orga):
    event, table = team_event(organizer, orga, publish=False)
    dragons = team_of(table, "Dragons")
    with pytest.raises(Conflict, match="not started"):
        seats_lineup(
            table_id=table.pk,
            team=dragons,
            player_ids=player_ids(event, "Cleo", "Anna"),
            actor=Actor.captain(table),
        )
    seats_lineup(
        table_id=table.pk, team=dragons, player_ids=player_ids(event, "Cleo", "Anna"), actor=orga
    )  # the organizer may, in a draft too


def test_only_the_teams_own_members_play_its_seats_each_once(organizer, orga):
    event, table = team_event(organizer, orga)
    dragons = team_of(table, "Dragons")
    before = people(table)
    with pytest.raises(ServiceError, match="roster of Dragons"):
        seats_lineup(
            table_id=table.pk,
            team=dragons,
            player_ids=player_ids(event, "Anna", "Dora"),
            actor=orga,
        )
    with pytest.raises(ServiceError, match="two different"):
        seats_lineup(
            table_id=table.pk,
            team=dragons,
            player_ids=player_ids(event, "Anna", "Anna"),
            actor=orga,
        )
    with pytest.raises(ServiceError, match="two different"):
        seats_lineup(
            table_id=table.pk, team=dragons, player_ids=player_ids(event, "Anna"), actor=orga
        )
    assert people(table) == before and not Change.objects.filter(action="lineup").exists()


def test_an_individual_event_names_no_team_players(organizer, orga):
    event = event_create(owner=organizer, name="Club evening", preset="dtm", seed=7)
    from tournaments.services.events import players_register

    players_register(event=event, names=[f"P{i}" for i in range(4)], actor=orga)
    table = round_pair(event_id=event.pk, actor=orga).tables.get()
    assert set(people(table).values()) == {None}
    with pytest.raises(ServiceError, match="team event"):
        seats_lineup(table_id=table.pk, team=0, player_ids=[], actor=orga)


def test_a_swapped_seat_keeps_its_teams_player(organizer, orga):
    event, table = team_event(organizer, orga, publish=False)
    first, second = table.seats.get(position=0), table.seats.get(position=1)
    seats_swap(round_id=table.round_id, seat_a=first.pk, seat_b=second.pk, actor=orga)
    for seat in Seat.objects.filter(table=table).select_related("player"):
        assert seat.entrant.memberships.filter(player=seat.player).exists()


def test_a_cup_game_keeps_the_people_of_the_game_before(organizer, orga):
    from tests.knockout.helpers import TARGET, current_game, win_game
    from tournaments.knockout.draw import cup_draw
    from tournaments.models import Match

    event = event_create(
        owner=organizer,
        name="Cup",
        preset="knockout",
        seed=1,
        overrides={"game_to": TARGET, "best_of": 3},
    )
    for i in range(2):
        team_register(event=event, name=f"T{i}", members=[f"a{i}", f"b{i}", f"c{i}"], actor=orga)
    cup_draw(event_id=event.pk, actor=orga)
    match = Match.objects.get()
    table = current_game(match).table
    side = 0 if table.seats.get(position=0).entrant.name == "T0" else 1
    seats_lineup(
        table_id=table.pk,
        team=side,
        player_ids=player_ids(event, "c0", "a0"),
        actor=Actor.captain(table),
    )
    win_game(match, 0)
    following = current_game(match).table
    assert following.pk != table.pk
    side = 0 if following.seats.get(position=0).entrant.name == "T0" else 1
    assert [people(following)[p] for p in (side, side + 2)] == ["c0", "a0"]
    assert [people(following)[p] for p in (1 - side, 3 - side)] == ["a1", "b1"]


# --- backups ----------------------------------------------------------------------------------


def test_a_backup_keeps_who_played_and_refuses_a_stranger_at_its_place(organizer, orga, tmp_path):
    event, table = team_event(organizer, orga)
    dragons = team_of(table, "Dragons")
    seats_lineup(
        table_id=table.pk, team=dragons, player_ids=player_ids(event, "Cleo", "Bert"), actor=orga
    )
    before = people(table)
    document = event_export(event.pk)
    assert document["rounds"][0]["tables"][0]["players"] == [before[p] for p in range(4)]
    path = tmp_path / "event.json"

    def restore(doc):
        delete_after_the_workers(*Event.objects.all(), people=True)
        path.write_text(json.dumps(doc))
        call_command("import_event", str(path))
        return Event.objects.get().rounds.get().tables.get()

    assert people(restore(document)) == before
    stranger = json.loads(json.dumps(document))
    stranger["rounds"][0]["tables"][0]["players"][dragons] = "Dora"
    delete_after_the_workers(*Event.objects.all(), people=True)
    path.write_text(json.dumps(stranger))
    place = rf"rounds\[0\]\.tables\[0\]\.players\[{dragons}\]"
    with pytest.raises(CommandError, match=place + ": 'Dora' is not on the roster of Dragons"):
        call_command("import_event", str(path))
    assert not Event.objects.exists()
    twice = json.loads(json.dumps(document))
    twice["rounds"][0]["tables"][0]["players"][dragons] = "Bert"
    path.write_text(json.dumps(twice))
    with pytest.raises(CommandError, match="Bert plays two seats"):
        call_command("import_event", str(path))
    older = json.loads(json.dumps(document))  # a backup made before seats named their players
    del older["rounds"][0]["tables"][0]["players"]
    assert set(people(restore(older)).values()) == {None}
