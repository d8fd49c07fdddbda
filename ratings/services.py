"""Rating finished games of people with OpenSkill (Plackett–Luce).

Ranks come from the engine's outcome (ties share a rank; players who resigned or lost
on time rank last). Games with a bot seat are not rated, nor games a player left
(resigned, lost on time) before their second tile turn (``Game.ended_early``: like
an aborted game, two quick resignations must not move anyone's rating). :func:`rate_game` is
idempotent and runs after the transaction that finished the game commits;
:func:`recompute` rebuilds every rating from the finished games, in finishing order.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from openskill.models import PlackettLuce

from games.models import Game, Seat
from games.recorded import outcome_of
from games.visibility import hidden_from

from .models import Pool, Rating, RatingChange

MODEL = PlackettLuce()
START = 1500
SCALE = 40  # display points per unit of ordinal: one beta (about 4.2) is about 170 points


def display_of(mu: float, sigma: float) -> int:
    """The number people see: the ordinal ``mu - 3 sigma`` scaled so that a new player has 1500."""
    return round(START + SCALE * (mu - 3 * sigma))


def new_rating() -> tuple[float, float]:
    fresh = MODEL.rating()
    return fresh.mu, fresh.sigma


def pools_of(rules: dict) -> tuple[str, str]:
    """The pools a game counts in: all games, and base or with expansions."""
    expansions = (rules or {}).get("expansions") or []
    return Pool.ALL, Pool.EXPANSIONS if expansions else Pool.BASE


def is_rated(game: Game, seats: Sequence[Seat]) -> bool:
    """Only finished games of people are rated: every seat a registered user, no bot, and
    nobody left before their second turn."""
    return (
        game.status == Game.Status.FINISHED
        and game.seed is not None
        and not game.has_bots
        and all(seat.user_id and not seat.bot for seat in seats)
        and not game.ended_early
    )


def rate_game(game_id: int) -> bool:
    """Rate one finished game once; ``False`` when it is not rated or already was."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or RatingChange.objects.filter(game_id=game_id).exists():
            return False
        seats = list(game.seats.select_related("user").order_by("position"))
        if not is_rated(game, seats):
            return False
        ranks = outcome_of(game)["ranks"]  # the engine's outcome, stored when the game ended
        user_ids = [s.user_id for s in seats if s.user_id is not None]  # every seat a person (is_rated)
        if len(ranks) != len(seats) or len(user_ids) != len(seats):
            return False
        rate_ranks(game, user_ids, list(ranks))
    return True


def rate_ranks(game: Game, user_ids: list[int], ranks: list[int]) -> None:
    """Update the ratings of ``user_ids`` (seat order) in every pool of ``game`` by their ``ranks``."""
    when = game.finished_at or game.updated_at
    for pool in pools_of(game.rules):
        _rate(game, user_ids, ranks, pool, when)


def _rate(game: Game, user_ids: list[int], ranks: list[int], pool: str, when) -> None:
    for user_id in sorted(user_ids):  # lock in one order: no deadlock between two games
        mu, sigma = new_rating()
        Rating.objects.get_or_create(
            user_id=user_id,
            pool=pool,
            defaults={"mu": mu, "sigma": sigma, "display": display_of(mu, sigma), "updated_at": when},
        )
    ratings = {
        r.user_id: r
        for r in Rating.objects.select_for_update().filter(pool=pool, user_id__in=user_ids).order_by("user_id")
    }
    before = [ratings[u] for u in user_ids]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    changes = []
    for rating, (new,), rank in zip(before, after, ranks):
        old_mu, old_sigma, old_display = rating.mu, rating.sigma, rating.display
        rating.mu, rating.sigma = new.mu, new.sigma
        rating.display = display_of(new.mu, new.sigma)
        rating.games += 1
        rating.updated_at = when
        changes.append(
            RatingChange(
                game=game,
                user_id=rating.user_id,
                pool=pool,
                rank=rank,
                mu_before=old_mu,
                sigma_before=old_sigma,
                mu=new.mu,
                sigma=new.sigma,
                display_before=old_display,
                display=rating.display,
                finished_at=when,
            )
        )
    Rating.objects.bulk_update(before, ["mu", "sigma", "display", "games", "updated_at"])
    RatingChange.objects.bulk_create(changes)


def recompute() -> int:
    """Forget every rating and rate every finished game again, in the order they finished."""
    with transaction.atomic():
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
    rated = 0
    ids = (
        Game.objects.filter(status=Game.Status.FINISHED, seed__isnull=False)
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)
    )
    for game_id in ids.iterator():
        rated += rate_game(game_id)
    return rated


# --- reading ----------------------------------------------------------------------------


def ratings_of(user_ids: Iterable[int], pool: str = Pool.ALL) -> dict[int, Rating]:
    """The ratings of ``user_ids`` in ``pool`` (players without a rated game are missing)."""
    return {r.user_id: r for r in Rating.objects.filter(pool=pool, user_id__in=list(user_ids))}


def display_rating(user_id: int, pool: str = Pool.ALL) -> int:
    """A player's displayed rating (1500 before the first rated game)."""
    rating = Rating.objects.filter(user_id=user_id, pool=pool).only("display").first()
    return rating.display if rating else display_of(*new_rating())


def leaderboard(pool: str = Pool.ALL):
    """Ratings of ``pool``, best first (active accounts: not deleted nor suspended)."""
    return (
        Rating.objects.filter(pool=pool, user__is_active=True)
        .select_related("user")
        .order_by("-display", "-games", "user__username")
    )


def history(user_id: int, viewer, pool: str = Pool.ALL, last: int | None = None) -> list[RatingChange]:
    """A player's rating after each rated game, oldest first, as ``viewer`` may see it (the
    ``last`` ones only, if given). A private game's change that ``viewer`` may not see stays
    (the rating did move) but anonymous: no game, end time nor place. Read only: these rows
    are never saved."""
    rows = RatingChange.objects.filter(user_id=user_id, pool=pool)
    changes: list[Any]  # RatingChange rows, some made anonymous
    if last is not None:
        changes = list(reversed(rows.order_by("-finished_at", "-game_id")[:last]))
    else:
        changes = list(rows.order_by("finished_at", "game_id"))
    rated = RatingChange.objects.filter(user_id=user_id, pool=pool).values("game_id")
    hidden = set(hidden_from(viewer, rated)) if changes else set()
    for change in changes:
        if change.game_id in hidden:
            change.game_id = change.finished_at = change.rank = None
    return changes


def curve(user_id: int, pool: str = Pool.ALL) -> tuple[int | None, list[int]]:
    """The rating before a player's first rated game and after each one, oldest first: the
    chart's line (numbers alone, which every reader may see; one query of two columns, not a
    row with a privacy probe per game)."""
    rows = RatingChange.objects.filter(user_id=user_id, pool=pool).order_by("finished_at", "game_id")
    pairs = list(rows.values_list("display_before", "display"))
    return (pairs[0][0] if pairs else None), [after for _before, after in pairs]


def pool_from(value) -> str | None:
    """A pool name from a request parameter, ``None`` if it is not one."""
    if value in (None, ""):
        return Pool.ALL
    return value if value in Pool.values else None
