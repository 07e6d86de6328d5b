"""People are found by the sound of their names too (``collation.sound_text``): "Maier" finds
"Meyer" when an organizer registers them."""

from django.db import migrations, models

from tournaments.collation import sound_text


def fill_sounds(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    people = list(Player.objects.only("pk", "name"))
    for person in people:
        person.sound_name = sound_text(person.name)
    Player.objects.bulk_update(people, ["sound_name"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0017_registers_required")]

    operations = [
        migrations.AddField(
            model_name="player",
            name="sound_name",
            field=models.TextField(default="", editable=False),
        ),
        migrations.RunPython(fill_sounds, migrations.RunPython.noop),
    ]
