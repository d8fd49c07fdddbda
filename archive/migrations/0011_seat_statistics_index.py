"""The seats' covering index for the head to head holds the statistics' columns too (after
0010: an index cannot be built in the transaction that rewrote the rows)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0010_seat_categories_empty"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="seatresult",
            name="archive_sr_user_seat",
        ),
        migrations.AddIndex(
            model_name="seatresult",
            index=models.Index(
                fields=["user"],
                include=(
                    "result",
                    "position",
                    "rank",
                    "outcome",
                    "score",
                    "roads",
                    "cities",
                    "cloisters",
                    "farms",
                    "goods",
                    "king",
                    "robber",
                ),
                name="archive_sr_user_seat",
            ),
        ),
    ]
