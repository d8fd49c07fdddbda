"""The rules of finished games as RuleTag rows instead of one column per option.

Every existing result gets the tags of its columns (``archive.models.RuleTag.tags_of``
as of this migration, frozen here): an on/off option by its name when on, ``hand`` when
a hand size is set, ``farm_scoring:<value>`` always. One INSERT ... SELECT per column,
the same SQL on SQLite and PostgreSQL; backwards, the columns are filled from the tags.
The columns themselves are dropped by 0005.
"""

import django.db.models.deletion
from django.db import migrations, models

ON_OFF_COLUMNS = ("river", "inns_cathedrals", "traders_builders", "king_robber", "count", "small_city",
                  "incomplete_score", "hole_bonus", "hand_visible")
RESULTS, TAGS = "archive_gameresult", "archive_ruletag"


def _run(schema_editor, statements):
    quote = schema_editor.quote_name
    with schema_editor.connection.cursor() as cursor:
        for sql, params in statements:
            cursor.execute(sql.format(results=quote(RESULTS), tags=quote(TAGS)), params)


def columns_to_tags(apps, schema_editor):
    insert = "INSERT INTO {tags} (result_id, tag) SELECT game_id, %s FROM {results} WHERE "
    statements = [(insert + f"{{results}}.{schema_editor.quote_name(name)} = %s", [name, True]) for name in ON_OFF_COLUMNS]
    statements.append((insert + "hand IS NOT NULL", ["hand"]))
    statements.append(("INSERT INTO {tags} (result_id, tag) SELECT game_id, %s || farm_scoring FROM {results}",
                       ["farm_scoring:"]))
    _run(schema_editor, statements)


def tags_to_columns(apps, schema_editor):
    """Backwards: each column from its tag (a hand of unknown size comes back as its game's)."""
    GameResult = apps.get_model("archive", "GameResult")
    has = "EXISTS (SELECT 1 FROM {tags} t WHERE t.result_id = {results}.game_id AND t.tag = %s)"
    statements = [(f"UPDATE {{results}} SET {schema_editor.quote_name(name)} = " + has, [name])
                  for name in ON_OFF_COLUMNS]
    statements.append(("UPDATE {results} SET farm_scoring = %s WHERE " + has, ["classic", "farm_scoring:classic"]))
    _run(schema_editor, statements)
    for result in GameResult.objects.filter(rule_tags__tag="hand").select_related("game"):
        result.hand = (result.game.rules or {}).get("hand")
        result.save(update_fields=["hand"])


class Migration(migrations.Migration):

    dependencies = [
        ("archive", "0003_rule_columns_and_expansion_categories"),
    ]

    operations = [
        migrations.CreateModel(
            name="RuleTag",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("tag", models.CharField(max_length=60)),
                ("result", models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE,
                                             related_name="rule_tags", to="archive.gameresult")),
            ],
            options={
                "ordering": ["result", "tag"],
                "constraints": [models.UniqueConstraint(fields=("result", "tag"), name="archive_ruletag_unique")],
                "indexes": [models.Index(fields=["tag", "result"], name="archive_ruletag_tag")],
            },
        ),
        migrations.RunPython(columns_to_tags, tags_to_columns),
    ]
