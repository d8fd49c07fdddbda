"""Each result carries its game's privacy, so that the archive list and its count read the
archive tables alone (no join with ``games_game``). One UPDATE marks the results of the
private games (adding the column with its default rewrites no row on PostgreSQL); two
partial indexes hold the public results and the few private ones. Backwards, they go."""

from django.db import migrations, models

COPY_PRIVACY = (
    "UPDATE archive_gameresult SET private = %s WHERE game_id IN (SELECT id FROM games_game WHERE private = %s)"
)


class Migration(migrations.Migration):

    dependencies = [
        ("archive", "0006_game_analysis"),
        ("games", "0004_private_games"),
    ]

    operations = [
        migrations.AddField(model_name="gameresult", name="private", field=models.BooleanField(default=False)),
        migrations.RunSQL([(COPY_PRIVACY, [True, True])], migrations.RunSQL.noop),
        migrations.AddIndex(
            model_name="gameresult",
            index=models.Index(condition=models.Q(private=False), fields=["game"], name="archive_gr_public"),
        ),
        migrations.AddIndex(
            model_name="gameresult",
            index=models.Index(condition=models.Q(private=True), fields=["game"], name="archive_gr_private"),
        ),
    ]
