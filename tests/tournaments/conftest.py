import pytest
from django.db import transaction

from carcassonne.outcome import outcome_of
from games import signals
from games.models import Game
from games.recorded import outcome_json


@pytest.fixture
def players(django_user_model):
    def make(n, prefix="p"):
        return [
            django_user_model.objects.create_user(
                username=f"{prefix}{i}", email=f"{prefix}{i}@example.com", password="x"
            )
            for i in range(n)
        ]

    return make


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user(username="director", email="td@example.com", password="x")


def finish(game, scores, left=()):
    """End a game as the games app would: final scores in seat order, the engine's
    outcome stored and announced (``left``: seats that lost on time or resigned)."""
    game.refresh_from_db()
    names = [s.display_name for s in game.seats.order_by("position")]
    outcome = outcome_of(names, list(scores), [{} for _ in names], "complete", set(left))
    game.scores = list(scores)
    game.status = Game.Status.FINISHED
    game.outcome = outcome_json(outcome)
    with transaction.atomic():
        game.save()
        signals.game_finished.send(sender=Game, game=game, outcome=outcome)


def play_round(tournament, rng=None, score=None):
    """Finish every active game of the tournament's current round."""
    from tournaments.models import Pairing

    round_ = tournament.rounds.order_by("-number").first()
    for p in round_.pairings.filter(status=Pairing.Status.ACTIVE).select_related("game"):
        n = p.game.seats.count()
        if score is not None:
            scores = score(p)
        elif rng is not None:
            scores = [rng.randint(20, 90) for _ in range(n)]
        else:
            scores = [50 + 10 * (n - i) for i in range(n)]
        finish(p.game, scores)
    return round_
