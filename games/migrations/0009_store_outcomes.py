"""Every finished game carries its outcome on ``Game.outcome``.

The command that ends a game stores it (``games.commands``, since 0004). Games finished
before got it lazily, written by the first page or e-mail that read them; reads no longer
write (``games.recorded.outcome_of`` only reads), so the finished rows still
without one get it here, from a replay of their move log by the rules engine (pure Python).
A log that no longer replays is left without one, as such a game was shown before.
"""

from django.db import migrations

from carcassonne import Game as EngineGame
from carcassonne import IllegalMove, Rules


def outcome_of(game, Move, Seat):
    """The engine's outcome by seat (as ``games.recorded.outcome_json`` writes it)."""
    names = [f"seat {position + 1}" for position in Seat.objects.filter(game=game).order_by("position").values_list("position", flat=True)]
    engine = EngineGame.new(names, Rules.from_json(game.rules), seed=game.seed)
    for seat, entry in Move.objects.filter(game=game).order_by("number").values_list("seat", "entry"):
        if "player" in entry and 0 <= seat < len(names):  # a resignation names its player
            entry = {**entry, "player": names[seat]}
        engine.play_json(entry)
    outcome = engine.outcome
    if outcome is None:
        return None
    return {
        "winners": list(outcome.winners),
        "ranks": list(outcome.ranks),
        "scores": list(outcome.scores),
        "breakdown": [dict(b) for b in outcome.breakdown],
        "ending": outcome.ending,
        "left": list(outcome.left),
    }


def store_outcomes(apps, schema_editor):
    Game, Move, Seat = (apps.get_model("games", name) for name in ("Game", "Move", "Seat"))
    missing = Game.objects.filter(status="finished", seed__isnull=False, outcome__isnull=True)
    for game in missing.order_by("pk").iterator(chunk_size=200):
        try:
            outcome = outcome_of(game, Move, Seat)
        except (IllegalMove, ValueError, KeyError):  # a corrupt log: left as it was read before
            continue
        if outcome is not None:
            Game.objects.filter(pk=game.pk).update(outcome=outcome)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_bot_level_names"),
    ]

    operations = [
        migrations.RunPython(store_outcomes, migrations.RunPython.noop, elidable=True),
    ]
