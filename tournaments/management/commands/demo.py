"""``manage.py demo``: migrate, simulate a 40-player DTM event, then serve the site.

The demo runs on the embedded default (SQLite, Celery tasks in process) and needs nothing else.
"""

from django.core.management import call_command
from django.core.management.base import BaseCommand

from tournaments.models import Event
from tournaments.simulation import demo_organizer, simulate_event, standings_table

DEMO_NAME = "Demo DTM (40 players, seed 1)"


class Command(BaseCommand):
    help = "Set up the database, simulate a DTM event with bots, and serve the site."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000")
        parser.add_argument("--no-serve", action="store_true", help="stop after the simulation")

    def handle(self, *args, **options):
        call_command("migrate", verbosity=0)
        organizer = demo_organizer()
        event = Event.objects.filter(name=DEMO_NAME).first()
        if event is None:
            self.stdout.write("Simulating a 40-player DTM event (6 rounds x 4 hands)...")
            event = simulate_event(preset="dtm", entrants=40, seed=1, owner=organizer,
                                   name=DEMO_NAME).event
        self.stdout.write(standings_table(event))
        self.stdout.write(
            f"\nOrganizer login: demo / demo-organizer\n"
            f"Public standings: http://{options['addr']}/events/{event.pk}/\n"
            f"Organizer pages:  http://{options['addr']}/organize/\n"
            f"API docs:         http://{options['addr']}/api/docs/\n")
        if not options["no_serve"]:
            call_command("runserver", options["addr"], use_reloader=False)
