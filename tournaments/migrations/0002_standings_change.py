"""Durable record of changes the standings worker has not applied yet (incremental standings).

Events that exist before this migration get one structural change each, so that their first
refresh afterwards is a full recomputation rather than an incremental one with nothing recorded.

On PostgreSQL, hands get a covering index on their table with the points: the full recomputation
sums a million hands per table from the index alone (an index-only scan), without reading the
wide rows that hold each hand's JSON entry.
"""

import django.db.models.deletion
from django.db import migrations, models

INDEX = "hand_points_by_table"


def mark_every_event(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    StandingsChange = apps.get_model("tournaments", "StandingsChange")
    StandingsChange.objects.bulk_create(
        [StandingsChange(event_id=pk) for pk in Event.objects.values_list("pk", flat=True)],
        batch_size=1000)


def covering_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {INDEX} ON tournaments_hand (table_id) "
                              "INCLUDE (tp_0, tp_1, vp_0, vp_1, double_victory)")


def drop_covering_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="StandingsChange",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("event", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                            related_name="+", to="tournaments.event")),
                ("table", models.ForeignKey(blank=True, null=True,
                                            on_delete=django.db.models.deletion.CASCADE,
                                            related_name="+", to="tournaments.table")),
            ],
        ),
        migrations.RunPython(mark_every_event, migrations.RunPython.noop),
        migrations.RunPython(covering_index, drop_covering_index),
    ]
