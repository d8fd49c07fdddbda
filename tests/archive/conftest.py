import datetime as dt
from functools import cache

import pytest
from django.utils import timezone

from archive.generate import make_template
from carcassonne import Rules


@cache
def template(seed: int, players: int, farm_scoring: str = "current", river: bool = False):
    """Complete random games, played once per test session."""
    return make_template(seed, players, Rules.from_options({"farm_scoring": farm_scoring, "river": river}))


def day(n: int) -> dt.datetime:
    return timezone.make_aware(dt.datetime(2024, 1, 1, 12, 0)) + dt.timedelta(days=n)


@pytest.fixture
def players(django_user_model):
    return {
        name: django_user_model.objects.create_user(username=name, email=f"{name}@example.com", password=None)
        for name in ("ann", "bob", "cid", "dee")
    }


@pytest.fixture
def member_client(client, players):
    client.force_login(players["ann"])
    return client


@cache
def short_template(seed: int, moves: int = 16):
    """A two-player game of ``moves`` random moves that ends when Bob resigns: a finished
    game whose analysis takes a fraction of a second."""
    import random

    from archive.generate import Template
    from carcassonne import Game, Resign
    from carcassonne.autoplay import play_randomly

    rng = random.Random(seed)
    bag_seed = rng.randrange(2**32)
    engine = Game.new(["Ann", "Bob"], Rules(), seed=bag_seed)
    play_randomly(engine, rng, entries=moves)
    engine.play(Resign("Bob"))
    assert engine.finished
    return Template(seed, bag_seed, Rules(), engine)
