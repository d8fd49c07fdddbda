"""The move log stores each record entry as JSON, exactly as the engine writes it.

The columns ``tile``, ``x``, ``y``, ``rotation``, ``meeple``, ``discard``, ``skip`` and
``forfeit`` become one ``entry`` (``{"tile": "V", "x": 1, "y": 0, "rotation": 90,
"meeple": "road:E"}``, ``{"tile": "X", "discard": true}``, ...): every row is converted,
both ways. Going back refuses entries the old columns cannot hold (a resignation, an
expansion's figure or decision) rather than lose them.

Also: the engine's outcome on ``Game``, and the turn clocks, timeout events and
vacations taken over from the notifications app (same tables).
"""

import django.db.models.deletion

import games.fields
from django.conf import settings
from django.db import migrations, models

FLAGS = ("discard", "skip", "forfeit")


def entry_of(row) -> dict:
    """The NOTATION.md entry of an old row (as carcassonne.Move.to_json() writes it)."""
    for flag in FLAGS:
        if getattr(row, flag):
            return {"tile": row.tile, flag: True}
    return {"tile": row.tile, "x": row.x, "y": row.y, "rotation": row.rotation, "meeple": row.meeple}


def columns_of(entry: dict) -> dict:
    """The old columns of an entry; ``ValueError`` for an entry they cannot hold."""
    flags = [flag for flag in FLAGS if entry.get(flag) is True]
    keys = set(entry)
    if flags and keys == {"tile", flags[0]}:
        return {"tile": entry["tile"], "x": None, "y": None, "rotation": None, "meeple": None,
                **{flag: flag == flags[0] for flag in FLAGS}}
    if keys == {"tile", "x", "y", "rotation", "meeple"} and not isinstance(entry["meeple"], dict):
        return {"tile": entry["tile"], "x": entry["x"], "y": entry["y"], "rotation": entry["rotation"],
                "meeple": entry["meeple"], **dict.fromkeys(FLAGS, False)}
    raise ValueError(f"the old move columns cannot hold the entry {entry!r}")


def _rewrite(apps, values_of, fields) -> None:
    """Set ``fields`` of every move row to ``values_of(row)``, in batches."""
    Move = apps.get_model("games", "Move")
    batch = []
    for row in Move.objects.order_by("pk").iterator(chunk_size=2000):
        for name, value in values_of(row).items():
            setattr(row, name, value)
        batch.append(row)
        if len(batch) >= 2000:
            Move.objects.bulk_update(batch, fields)
            batch = []
    Move.objects.bulk_update(batch, fields)


def forwards(apps, schema_editor):
    _rewrite(apps, lambda row: {"entry": entry_of(row)}, ["entry"])


def backwards(apps, schema_editor):
    def values_of(row):
        try:
            return columns_of(row.entry)
        except ValueError as exc:
            raise migrations.exceptions.IrreversibleError(f"game {row.game_id} move {row.number}: {exc}") from None

    _rewrite(apps, values_of, ["tile", "x", "y", "rotation", "meeple", *FLAGS])


def pending_turns(apps, schema_editor):
    """Active games so far always wait for a tile turn."""
    apps.get_model("games", "Game").objects.filter(status="active").update(pending_action="turn")


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0003_move_skip_forfeit"),
        ("notifications", "0002_clocks_move_to_games"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="move",
            name="entry",
            field=games.fields.EntryField(default="{}", help_text="The record entry, as the engine writes it (NOTATION.md), key order kept"),
            preserve_default=False,
        ),
        migrations.RunPython(forwards, backwards, elidable=False),
        # a default, so that going back can add the column to existing rows again
        migrations.AlterField(model_name="move", name="tile", field=models.CharField(default="", max_length=8)),
        migrations.RemoveField(model_name="move", name="tile"),
        migrations.RemoveField(model_name="move", name="x"),
        migrations.RemoveField(model_name="move", name="y"),
        migrations.RemoveField(model_name="move", name="rotation"),
        migrations.RemoveField(model_name="move", name="meeple"),
        migrations.RemoveField(model_name="move", name="discard"),
        migrations.RemoveField(model_name="move", name="skip"),
        migrations.RemoveField(model_name="move", name="forfeit"),
        migrations.AlterField(
            model_name="move",
            name="seat",
            field=models.PositiveSmallIntegerField(help_text="The seat that acted"),
        ),
        migrations.AlterField(
            model_name="game",
            name="current_seat",
            field=models.PositiveSmallIntegerField(blank=True, help_text="The seat whose decision is pending", null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="pending_action",
            field=models.CharField(
                blank=True, default="", max_length=16,
                help_text="The pending decision: turn, or an expansion's (reinforce, ...)",
            ),
        ),
        migrations.RunPython(pending_turns, migrations.RunPython.noop, elidable=False),
        migrations.AddField(
            model_name="game",
            name="outcome",
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="TurnClock",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("move_number", models.PositiveIntegerField()),
                        ("seat", models.PositiveSmallIntegerField()),
                        ("started_at", models.DateTimeField()),
                        ("game", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name="turn_clock", to="games.game")),
                        ("user", models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={"db_table": "notifications_turnclock"},
                ),
                migrations.CreateModel(
                    name="Vacation",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("start", models.DateTimeField()),
                        ("end", models.DateTimeField()),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("user", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="vacations", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={"db_table": "notifications_vacation", "ordering": ["start"]},
                ),
                migrations.CreateModel(
                    name="GameEvent",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("move_number", models.PositiveIntegerField()),
                        ("seat", models.PositiveSmallIntegerField()),
                        ("kind", models.CharField(choices=[("skipped", "Turn skipped on time"), ("lost", "Lost on time")], max_length=10)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="timeout_events", to="games.game")),
                        ("user", models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "notifications_gameevent",
                        "ordering": ["game", "move_number", "created_at"],
                        "constraints": [models.UniqueConstraint(fields=("game", "move_number"), name="gameevent_unique_move")],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
