"""Every existing player becomes a person of the register of their events' owner.

Each event owner gets a register of their own, and every event joins its owner's register. A
player was created per registration, so each belongs to one event, whose register becomes theirs
(an individual entrant's club becomes the person's). Players that nothing refers to any more
(their entrant deleted) are dropped. Likely duplicates are not merged here: the register's page
offers them to the organizer (``services.people.likely_duplicates``), who decides.
"""

import secrets

from django.db import migrations

from tournaments.collation import search_text

PUBLIC_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def _public_id(taken: set[str]) -> str:
    while True:
        value = "".join(secrets.choice(PUBLIC_ID_ALPHABET) for _ in range(10))
        if value not in taken:
            taken.add(value)
            return value


def people_into_registers(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Register = apps.get_model("tournaments", "Register")
    Player = apps.get_model("tournaments", "Player")
    Entrant = apps.get_model("tournaments", "Entrant")
    Membership = apps.get_model("tournaments", "Membership")
    Seat = apps.get_model("tournaments", "Seat")
    User = apps.get_model("auth", "User")

    registers = {}
    for owner_id in Event.objects.values_list("owner_id", flat=True).distinct():
        owner = User.objects.get(pk=owner_id)
        registers[owner_id] = Register.objects.create(name=owner.username, owner_id=owner_id)
    for owner_id, register in registers.items():
        Event.objects.filter(owner_id=owner_id).update(register=register)

    event_register = dict(Event.objects.values_list("pk", "register_id"))
    register_of: dict[int, int] = {}
    club_of: dict[int, str] = {}
    for player_id, event_id, club in Entrant.objects.filter(player__isnull=False).values_list(
        "player_id", "event_id", "club"
    ):
        register_of.setdefault(player_id, event_register[event_id])
        club_of.setdefault(player_id, club)
    for player_id, event_id in Membership.objects.values_list("player_id", "event_id"):
        register_of.setdefault(player_id, event_register[event_id])
    for player_id, event_id in Seat.objects.filter(player__isnull=False).values_list(
        "player_id", "table__round__event_id"
    ):
        register_of.setdefault(player_id, event_register[event_id])

    Player.objects.exclude(pk__in=list(register_of)).delete()
    taken: set[str] = set()
    people = list(Player.objects.all())
    for person in people:
        person.register_id = register_of[person.pk]
        person.club = club_of.get(person.pk, "")
        person.search_name = search_text(person.name)
        person.public_id = _public_id(taken)
    Player.objects.bulk_update(
        people, ["register", "club", "search_name", "public_id"], batch_size=1000
    )


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0015_register_people_series_ratings")]

    operations = [migrations.RunPython(people_into_registers, migrations.RunPython.noop)]
