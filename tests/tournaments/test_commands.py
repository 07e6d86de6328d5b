"""The command-line entry points: simulate_event prints standings; demo sets everything up."""

from io import StringIO

import pytest
from django.core.management import call_command

from tournaments.models import Event, Hand, Rating, Series

pytestmark = pytest.mark.django_db(transaction=True)


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_simulate_event_plays_every_hand_and_prints_the_standings():
    text = run(
        "simulate_event", "--format", "dtm", "--players", "9", "--seed", "2", "--rounds", "2"
    )
    event = Event.objects.get()
    assert Hand.objects.filter(table__round__event=event).count() == 2 * 2 * 4
    assert "16 hands played" in text and text.count("\n") >= 10
    assert text.splitlines()[2].split()[0] == "1"


def test_demo_without_serving_leaves_a_dtm_a_cup_and_each_game_and_says_where_to_look():
    text = run("demo", "--no-serve")
    event = Event.objects.get(preset="dtm", series=None)
    assert event.entrants.count() == 40 and event.rounds.count() == 6
    assert f"/events/{event.pk}/" in text and "demo / demo-organizer" in text
    cup = Event.objects.get(preset="knockout")
    assert cup.entrants.count() == 13 and cup.status == Event.Status.FINISHED
    assert f"/events/{cup.pk}/bracket/" in text
    for preset in ("tientsin", "threechu", "grand_seigneur"):
        game = Event.objects.get(preset=preset)
        assert game.rounds.count() == game.format.rounds and f"/events/{game.pk}/" in text
    season = Series.objects.get(name="Demo club season")
    evenings = season.events.all()
    assert [e.status for e in evenings] == [Event.Status.FINISHED] * 5
    assert f"/series/{season.pk}/" in text and f"/registers/{season.register_id}/ranking/" in text
    assert Rating.objects.filter(register=season.register).count() > 0  # the register is rated
    person = season.register.people.filter(entries__event__in=evenings).distinct()
    assert person.count() < 5 * 16  # the evenings' fields overlap: the same people again
    duplicate = Event.objects.get(preset="duplicate")
    assert duplicate.entrants.count() == 10 and f"/events/{duplicate.pk}/" in text
    assert duplicate.board_scores.exists() and duplicate.rounds.count() == 9  # every pair met
    run("demo", "--no-serve")  # a second start reuses the events
    assert Event.objects.count() == 11


@pytest.mark.parametrize("name", ["demo", "simulate_event", "export_event", "import_event"])
def test_every_option_of_a_command_says_what_it_does(name):
    """``manage.py <command> --help`` explains each of the command's own options (issue 23:
    ``demo --help`` showed ``--addr`` bare)."""
    from django.core.management import load_command_class

    command = load_command_class("tournaments", name)
    parser = command.create_parser("manage.py", name)
    own = {action.dest for action in parser._actions} - {
        action.dest
        for action in command.__class__.__mro__[1]().create_parser("manage.py", "x")._actions
    }
    bare = [
        action.option_strings or action.dest
        for action in parser._actions
        if action.dest in own and not action.help
    ]
    assert not bare, bare
