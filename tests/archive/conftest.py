import datetime as dt
from functools import lru_cache

import pytest
from django.utils import timezone

from archive.generate import make_template
from games.engine import Rules


@lru_cache(maxsize=None)
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
