"""``manage.py simulate_event --format dtm --players 40 --seed 1``: a whole event played by bots.

``--format knockout`` or ``groups_knockout`` plays a whole cup and prints its final placings;
``--format duplicate --players N`` a duplicate event of N pairs, every table dealt its boards'
cards, ranked by percentage."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.formats import PRESETS
from tournaments.services.history import ServiceError
from tournaments.simulation import placings_table, simulate_event, standings_table


class Command(BaseCommand):
    help = (
        "Create an event, register players, pair every round, let the engine's bots play "
        "every hand (recorded as a captain would), compute and print the standings."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--format",
            default="dtm",
            choices=sorted(PRESETS),
            help="the preset to play (default: dtm)",
        )
        parser.add_argument(
            "--players",
            type=int,
            default=40,
            help="players (individual formats) or teams (team formats; pairs in duplicate)",
        )
        parser.add_argument(
            "--seed",
            type=int,
            default=1,
            help="the seed of the draws and the bots' play: the same seed plays "
            "the same event (default: 1)",
        )
        parser.add_argument(
            "--rounds", type=int, default=None, help="rounds to play (default: the preset's)"
        )
        parser.add_argument("--name", default=None, help="the event's name")

    def handle(self, *args, **options):
        if options["players"] < 2:
            raise CommandError("at least 2 entrants")
        try:
            simulation = simulate_event(
                preset=options["format"],
                entrants=options["players"],
                seed=options["seed"],
                rounds=options["rounds"],
                name=options["name"],
            )
        except ServiceError as error:
            raise CommandError(error.message) from None
        event = simulation.event
        self.stdout.write(f"Event {event.pk}: {event.name} - {simulation.hands} hands played\n")
        self.stdout.write(placings_table(event) if event.format.is_cup else standings_table(event))
