"""``manage.py import_event FILE``: restore an event exported by ``export_event``."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.services.backup import event_import
from tournaments.services.history import ServiceError


class Command(BaseCommand):
    help = "Restore an event from its JSON backup (standings are recomputed)."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **options):
        try:
            with open(options["file"], encoding="utf-8") as source:
                document = json.load(source)
            event = event_import(document)
        except (OSError, json.JSONDecodeError) as error:
            raise CommandError(f"cannot read {options['file']}: {error}") from None
        except ServiceError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Restored event {event.pk}: {event.name}")
