"""The rule columns of GameResult go: the rules are RuleTag rows now (0004 copied them)."""

from django.db import migrations

RULE_COLUMNS = ("farm_scoring", "river", "inns_cathedrals", "traders_builders", "king_robber", "count", "small_city",
                "incomplete_score", "hole_bonus", "hand", "hand_visible")


class Migration(migrations.Migration):

    dependencies = [
        ("archive", "0004_rule_tags"),
    ]

    # backwards, each column comes back with its old default and 0004 fills it from the tags
    operations = [migrations.RemoveField(model_name="gameresult", name=name) for name in RULE_COLUMNS]
