"""``manage.py demo``: migrate, simulate the demo events, then serve the site.

The main event is a 40-player DTM; beside it a knockout cup of 13 teams, a duplicate event of 10
pairs (boards, travellers, percentages) and an evening of each
other game (its class's ``sample`` event, played from its preset: ``tournaments.games``), so
that a first look shows every kind of event; and a season of club evenings of one register
(overlapping fields) grouped in a series, so that it shows people across events: their pages,
the series table and the ranking list. The demo runs on the embedded default (SQLite, Celery
tasks in process) and needs nothing else; a second start reuses the events it made.
"""

from django.core.management import call_command
from django.core.management.base import BaseCommand

from tournaments.games import GAMES
from tournaments.models import Event, Player, Series
from tournaments.ratings.store import refresh as rate
from tournaments.services.series import SeriesSettings, series_create
from tournaments.simulation import (
    demo_organizer,
    simulate_event,
    simulate_season,
    standings_table,
)

DEMO_NAME = "Demo DTM (40 players, seed 1)"
# name, preset, entrants, the page to open first
DEMO_EVENTS = (
    (DEMO_NAME, "dtm", 40, ""),
    ("Demo cup (13 teams, seed 1)", "knockout", 13, "bracket/"),
    ("Demo duplicate (10 pairs, seed 1)", "duplicate", 10, ""),
    *(
        (game.sample.name, game.name, game.sample.entrants, "")
        for game in GAMES.values()
        if game.sample is not None and game.preset is not None
    ),
)
SEASON_NAME = "Demo club season"
SEASON_EVENTS, SEASON_POOL, SEASON_FIELD = 5, 24, 16  # each evening: 16 of 24 people


class Command(BaseCommand):
    help = (
        "Set up the database, simulate a DTM event, a cup and the other games' events with "
        "bots, and serve the site."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--addr",
            default="127.0.0.1:8000",
            help="address and port to serve on (default: 127.0.0.1:8000)",
        )
        parser.add_argument("--no-serve", action="store_true", help="stop after the simulation")

    def handle(self, *args, **options):
        call_command("migrate", verbosity=0)
        organizer = demo_organizer()
        pages = []
        for name, preset, entrants, page in DEMO_EVENTS:
            event = Event.objects.filter(name=name).first()
            if event is None:
                self.stdout.write(f"Simulating {name}...")
                event = simulate_event(
                    preset=preset, entrants=entrants, seed=1, owner=organizer, name=name
                ).event
            pages.append(f"{name + ':':36} http://{options['addr']}/events/{event.pk}/{page}")
            if name == DEMO_NAME:
                self.stdout.write(standings_table(event))
        pages += self._season(organizer, options["addr"])
        self.stdout.write(
            "\nOrganizer login: demo / demo-organizer\n" + "\n".join(pages) + "\n"
            f"Organizer pages:  http://{options['addr']}/organize/\n"
            f"API docs:         http://{options['addr']}/api/docs/\n"
        )
        if not options["no_serve"]:
            call_command("runserver", options["addr"], use_reloader=False)

    def _season(self, organizer, addr: str) -> list[str]:
        """The season of club evenings and its series (made once), rated; its pages' links."""
        series = Series.objects.filter(name=SEASON_NAME).first()
        if series is None:
            self.stdout.write(f"Simulating {SEASON_NAME} ({SEASON_EVENTS} evenings)...")
            season = simulate_season(
                owner=organizer,
                events=SEASON_EVENTS,
                pool=SEASON_POOL,
                per_event=SEASON_FIELD,
                seed=1,
                name="Demo club evening",
            )
            series = series_create(
                register=season[0].register,
                user=organizer,
                settings=SeriesSettings(name=SEASON_NAME, best_k=4, qualifying=4),
                events=season,
            )
            rate(series.register_id, full=True)
        person = Player.objects.filter(register=series.register_id, rating__isnull=False).first()
        return [
            f"{SEASON_NAME + ':':36} http://{addr}/series/{series.pk}/",
            f"{'Ranking list:':36} http://{addr}/registers/{series.register_id}/ranking/",
            *([f"{'A person:':36} http://{addr}/people/{person.public_id}/"] if person else []),
        ]
