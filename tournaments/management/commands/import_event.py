"""``manage.py import_event FILE [--owner USERNAME]``: restore an event exported by
``export_event``, after checking all of it (``tournaments.services.backup_check``)."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.services.backup import event_import
from tournaments.services.history import ServiceError


class Command(BaseCommand):
    help = ("Restore an event from its JSON backup (checked whole first; standings are "
            "recomputed). Nothing is written if any part is refused.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--owner", metavar="USERNAME",
                            help="an existing account to own the event (default: the backup's "
                                 "owner, who must exist)")

    def handle(self, *args, **options):
        try:
            with open(options["file"], encoding="utf-8") as source:
                document = json.load(source)
        except (OSError, ValueError, RecursionError) as error:
            raise CommandError(f"cannot read {options['file']}: {error}") from None
        try:
            event = event_import(document, owner=options["owner"])
        except ServiceError as error:
            raise CommandError(f"nothing imported: {error.message}") from None
        self.stdout.write(f"Restored event {event.pk}: {event.name}")
