"""Tournament games were named once, in the language of whoever started the round
("Demo Swiss · round 1, table 2"): their name becomes the tournament's and their round and
table are kept, so that the title is built when shown, in the reader's language."""

from django.db import migrations


def forwards(apps, schema_editor):
    Pairing = apps.get_model("tournaments", "Pairing")
    Game = apps.get_model("games", "Game")
    games = []
    pairings = Pairing.objects.filter(game__isnull=False, game__event_round__isnull=True).select_related(
        "game", "round__tournament"
    )
    for p in pairings.iterator():
        game = p.game
        game.name, game.event_round, game.event_table = p.round.tournament.name[:80], p.round.number, p.number
        games.append(game)
    Game.objects.bulk_update(games, ["name", "event_round", "event_table"], batch_size=500)


def backwards(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    games = list(Game.objects.filter(event_round__isnull=False))
    for game in games:
        game.name = f"{game.name} · round {game.event_round}, table {game.event_table}"[:80]
        game.event_round = game.event_table = None
    Game.objects.bulk_update(games, ["name", "event_round", "event_table"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_entry_invited_by"),
        ("games", "0012_game_event_round_table"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
