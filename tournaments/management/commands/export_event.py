"""``manage.py export_event ID [-o FILE]``: the whole event as JSON (stdout by default)."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.services.backup import event_export
from tournaments.services.history import ServiceError


class Command(BaseCommand):
    help = "Write a complete JSON backup of one event."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="the event's number (its id in the URLs)")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")

    def handle(self, *args, **options):
        try:
            document = event_export(options["event_id"])
        except ServiceError as error:
            raise CommandError(error.message) from None
        text = json.dumps(document, indent=1, ensure_ascii=False)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as out:
                out.write(text)
        else:
            self.stdout.write(text)
