"""A category of an expansion the game was played without is empty, not 0 (its own
migration: PostgreSQL alters no table in the transaction that rewrote its rows)."""

from django.db import migrations

# the expansions' categories and the expansion that scores each, as they were at this migration
CATEGORY_EXPANSION = {"goods": "traders_builders", "king": "king_robber", "robber": "king_robber"}


def empty_unplayed(apps, schema_editor):
    """A category of an expansion the game was played without is empty, not 0 (the
    statistics then average it over the games with the expansion, with no probe per game)."""
    SeatResult, RuleTag = apps.get_model("archive", "SeatResult"), apps.get_model("archive", "RuleTag")
    for expansion in dict.fromkeys(CATEGORY_EXPANSION.values()):
        tagged = RuleTag.objects.filter(tag=expansion).values("result_id")
        categories = [c for c, e in CATEGORY_EXPANSION.items() if e == expansion]
        SeatResult.objects.exclude(result_id__in=tagged).update(**dict.fromkeys(categories))


def zero_unplayed(apps, schema_editor):
    SeatResult = apps.get_model("archive", "SeatResult")
    for category in CATEGORY_EXPANSION:
        SeatResult.objects.filter(**{f"{category}__isnull": True}).update(**{category: 0})


class Migration(migrations.Migration):
    dependencies = [
        ("archive", "0009_seat_categories_nullable"),
    ]

    operations = [
        migrations.RunPython(empty_unplayed, zero_unplayed),
    ]
