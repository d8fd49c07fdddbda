import pytest

from games.models import Game


@pytest.fixture
def players(django_user_model):
    def make(n, prefix="p"):
        return [
            django_user_model.objects.create_user(username=f"{prefix}{i}", email=f"{prefix}{i}@example.com", password="x")
            for i in range(n)
        ]

    return make


@pytest.fixture
def director(django_user_model):
    return django_user_model.objects.create_user(username="director", email="td@example.com", password="x")


def finish(game, scores):
    """End a game as the engine would: final scores in seat order."""
    game.refresh_from_db()
    game.scores = list(scores)
    game.status = Game.Status.FINISHED
    game.save()


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
