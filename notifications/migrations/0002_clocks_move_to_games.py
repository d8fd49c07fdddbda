"""Turn clocks, timeout events and vacations now belong to the games app (its migration
0004 takes them over with their tables: only the state changes here); a new e-mail kind."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("notifications", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="TurnClock"),
                migrations.DeleteModel(name="GameEvent"),
                migrations.DeleteModel(name="Vacation"),
            ],
            database_operations=[],
        ),
        migrations.AlterField(
            model_name="notification",
            name="kind",
            field=models.CharField(
                choices=[
                    ("turn", "Your turn"),
                    ("invitation", "Invitation"),
                    ("started", "Game started"),
                    ("finished", "Game finished"),
                    ("reminder", "Deadline reminder"),
                    ("timeout", "Timeout"),
                    ("resigned", "A player resigned"),
                    ("digest", "Daily digest"),
                ],
                max_length=12,
            ),
        ),
    ]
