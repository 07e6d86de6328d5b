"""``manage.py import_event FILE [--owner USERNAME] [--language de]``: restore an event exported
by ``export_event``, after checking all of it (``tournaments.services.backup_check``).

Its refusals are in the language of ``--language``, else of the shell's ``LANG`` (an organizer's
German terminal gets German), else the site's default."""

import json
import os

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.services.backup import event_import
from tournaments.services.history import ServiceError


def _language(chosen: str | None) -> str:
    """``--language``, or the shell's (``LANG=de_DE.UTF-8`` -> ``de``) if the site offers it."""
    offered = {code for code, _name in settings.LANGUAGES}
    for candidate in (chosen, os.environ.get("LANG", "")[:2]):
        if candidate in offered:
            return candidate
    return settings.LANGUAGE_CODE


class Command(BaseCommand):
    help = (
        "Restore an event from its JSON backup (checked whole first; standings are "
        "recomputed). Nothing is written if any part is refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the JSON file written by export_event")
        parser.add_argument(
            "--owner",
            metavar="USERNAME",
            help="an existing account to own the event (default: the backup's "
            "owner, who must exist)",
        )
        parser.add_argument(
            "--language",
            choices=[code for code, _name in settings.LANGUAGES],
            help="the language of the messages (default: the shell's LANG)",
        )

    def handle(self, *args, **options):
        with translation.override(_language(options["language"])):
            event = self._import(options["file"], options["owner"])
            self.stdout.write(
                _("Restored event %(id)s: %(name)s") % {"id": event.pk, "name": event.name}
            )

    def _import(self, path: str, owner: str | None):
        try:
            with open(path, encoding="utf-8") as source:
                document = json.load(source)
        except (OSError, ValueError, RecursionError) as error:
            raise CommandError(
                _("cannot read %(file)s: %(error)s") % {"file": path, "error": error}
            ) from None
        try:
            return event_import(document, owner=owner)
        except ServiceError as error:
            raise CommandError(
                _("nothing imported: %(reason)s") % {"reason": error.message}
            ) from None
