"""An expansion's categories of a seat may be empty: the game was played without it (0010 empties them)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0008_seat_covering_indexes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="seatresult",
            name="goods",
            field=models.IntegerField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="seatresult",
            name="king",
            field=models.IntegerField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="seatresult",
            name="robber",
            field=models.IntegerField(blank=True, null=True),
        ),
    ]
