"""Issue 23: each table gets the opponents' code (they confirm a hand with it), a code of its own
for every table that exists already; a hand keeps its captain's open request for a correction."""

import secrets

from django.db import migrations, models

import tournaments.models

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # ``models.TABLE_CODE_ALPHABET`` as it is today


def fill(apps, schema_editor):
    """A code of its own for each table (a default would give every row the same one)."""
    Table = apps.get_model("tournaments", "Table")
    tables = list(Table.objects.only("pk"))
    for table in tables:
        table.opponents_code = "".join(secrets.choice(ALPHABET) for _ in range(6))
    Table.objects.bulk_update(tables, ["opponents_code"], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0013_round_clock_and_event_helpers"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="opponents_code",
            field=models.CharField(default="", max_length=16),
            preserve_default=False,
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="table",
            name="opponents_code",
            field=models.CharField(default=tournaments.models.new_opponents_code, max_length=16),
        ),
        migrations.AddField(
            model_name="hand",
            name="correction_request",
            field=models.CharField(blank=True, default="", max_length=300),
        ),
    ]
