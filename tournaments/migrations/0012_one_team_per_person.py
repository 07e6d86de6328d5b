"""A team's roster becomes a model (``Membership``) on the table it had, with the event and the
person's folded name beside each player, unique in the event: a person plays in one team."""

import unicodedata

import django.db.models.deletion
from django.db import migrations, models


def person_key(name: str) -> str:
    """``services.events.person_key`` as it is today (a migration keeps its own copy)."""
    return unicodedata.normalize("NFKC", name).casefold()


def fill(apps, schema_editor):
    """Each roster row gets its event and person. A person already on two rosters (the rule did
    not exist then) keeps both rows: the later ones are keyed apart by their row id, so the
    constraint holds from now on without rewriting a played event."""
    Membership = apps.get_model("tournaments", "Membership")
    seen = set()
    rows = list(Membership.objects.select_related("entrant", "player").order_by("id"))
    for row in rows:
        row.event_id = row.entrant.event_id
        row.person = person_key(row.player.name)
        if (row.event_id, row.person) in seen:
            row.person = f"{row.person}#{row.pk}"
        seen.add((row.event_id, row.person))
    Membership.objects.bulk_update(rows, ["event", "person"], batch_size=1000)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0011_searchable_names'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.CreateModel(
                name='Membership',
                fields=[
                    ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                    ('entrant', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='tournaments.entrant')),
                    ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to='tournaments.player')),
                ],
                options={
                    'db_table': 'tournaments_entrant_members',
                    'unique_together': {('entrant', 'player')},
                },
            ),
            migrations.AlterField(
                model_name='entrant',
                name='members',
                field=models.ManyToManyField(blank=True, related_name='team_entries', through='tournaments.Membership', to='tournaments.player'),
            ),
        ]),
        migrations.AddField(
            model_name='membership',
            name='event',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.event'),
        ),
        migrations.AddField(
            model_name='membership',
            name='person',
            field=models.TextField(default=''),
            preserve_default=False,
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='membership',
            name='event',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.event'),
        ),
        migrations.AddConstraint(
            model_name='membership',
            constraint=models.UniqueConstraint(fields=('event', 'person'), name='person_plays_in_one_team'),
        ),
    ]
