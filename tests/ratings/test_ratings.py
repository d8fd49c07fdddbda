"""Ratings: OpenSkill over the engine's outcome of finished games of people."""

import random

import pytest
from django.core.management import call_command

from games import engine_state, lobby, timeouts
from games.models import Game
from games.present.view import placements_of
from games.turns import play_move, resign
from ratings import services
from ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    return [make_user(name) for name in ("ann", "bob", "cid", "dee", "eve", "fay")]


def play_turns(game, turns, seed=7):
    """Play ``turns`` tile turns (random legal placements, no figures) as the players on turn."""
    rng = random.Random(seed)
    for _ in range(turns):
        game.refresh_from_db()
        seats = list(game.seats.select_related("user").order_by("position"))
        choice = rng.choice(placements_of(engine := engine_state.engine_for(game, seats), engine.tile))
        play_move(
            game.pk,
            seats[game.current_seat].user,
            game.move_count + 1,
            choice["x"],
            choice["y"],
            choice["rotation"],
            None,
        )
    game.refresh_from_db()
    return game


def finished_by_timeouts(creator, users, rules=None, turns=2):
    """A started game of ``users`` (in turn order): each plays ``turns`` tile turns (two: the
    game is rated), then all but the last lose on time."""
    game = lobby.create_started_game(creator, users, rules=rules)
    Game.objects.filter(pk=game.pk).update(timeout_rule=Game.TimeoutRule.LOSE)
    play_turns(game, turns * len(users))
    for _ in users[:-1]:
        game.refresh_from_db()
        timeouts.play_timeout(game.pk, game.move_count + 1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def rating(user, pool="all"):
    return Rating.objects.get(user=user, pool=pool)


def test_the_winner_gains_and_the_player_who_lost_on_time_loses(people, django_capture_on_commit_callbacks):
    ann, bob = people[:2]
    with django_capture_on_commit_callbacks(execute=True):
        game = finished_by_timeouts(ann, [ann, bob])
    assert rating(bob).display > services.START > rating(ann).display
    assert rating(bob).games == rating(ann).games == 1
    change = RatingChange.objects.get(game=game, user=bob, pool="all")
    assert change.rank == 1 and change.display_before == services.START
    assert RatingChange.objects.get(game=game, user=ann, pool="all").rank == 2


def test_a_game_is_rated_only_after_its_transaction_commits_and_only_once(people, django_capture_on_commit_callbacks):
    ann, bob = people[:2]
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        game = finished_by_timeouts(ann, [ann, bob])
    assert not Rating.objects.exists()  # not before the commit
    assert callbacks
    for callback in callbacks:
        callback()
    assert rating(bob).games == 1
    assert services.rate_game(game.pk) is False  # idempotent
    game.save()  # saving the finished game again
    assert rating(bob).games == 1 and RatingChange.objects.filter(game=game).count() == 4


def test_a_base_game_counts_in_all_games_and_base_but_not_expansions(people, django_capture_on_commit_callbacks):
    ann, bob = people[:2]
    with django_capture_on_commit_callbacks(execute=True):
        finished_by_timeouts(ann, [ann, bob])
        finished_by_timeouts(ann, [ann, bob], rules={"expansions": ["river"]})
    assert rating(bob, "all").games == 2
    assert rating(bob, "base").games == 1 and rating(bob, "expansions").games == 1
    assert rating(bob, "all").display > rating(bob, "base").display > services.START


def test_tied_players_get_the_same_rating(people):
    ann, bob = people[:2]
    game = lobby.create_started_game(ann, [ann, bob])
    services.rate_ranks(game, [ann.pk, bob.pk], [1, 1])
    assert rating(ann).display == rating(bob).display
    assert rating(ann).mu == pytest.approx(rating(bob).mu)
    assert rating(ann).sigma < services.new_rating()[1]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_in_games_of_three_to_six_a_better_place_gives_a_higher_rating(people, players):
    users = people[:players]
    game = lobby.create_started_game(users[0], users[: min(players, 5)])  # the row the changes point to
    ranks = list(range(1, players + 1))
    services.rate_ranks(game, [u.pk for u in users], ranks)
    shown = [rating(u).display for u in users]
    assert shown == sorted(shown, reverse=True) and len(set(shown)) == players
    assert shown[0] > services.START and rating(users[-1]).mu < services.new_rating()[0]


def test_players_who_left_rank_last_in_a_game_of_three(people, django_capture_on_commit_callbacks):
    ann, bob, cid = people[:3]
    with django_capture_on_commit_callbacks(execute=True):
        game = finished_by_timeouts(ann, [ann, bob, cid])
    ranks = {c.user_id: c.rank for c in RatingChange.objects.filter(game=game, pool="all")}
    assert ranks == {cid.pk: 1, ann.pk: 2, bob.pk: 2}
    assert rating(cid).display > rating(ann).display == rating(bob).display


def test_a_game_with_a_bot_seat_is_not_rated(people, django_capture_on_commit_callbacks):
    ann, bob = people[:2]
    game = lobby.create_started_game(ann, [ann, bob])
    game.seats.filter(user=bob).update(bot="greedy")
    Game.objects.filter(pk=game.pk).update(has_bots=True, timeout_rule=Game.TimeoutRule.LOSE)
    with django_capture_on_commit_callbacks(execute=True):
        timeouts.play_timeout(game.pk, 1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert not Rating.objects.exists() and services.rate_game(game.pk) is False


def test_recomputing_from_the_finished_games_equals_the_incremental_ratings(people, django_capture_on_commit_callbacks):
    ann, bob, cid, dee = people[:4]
    with django_capture_on_commit_callbacks(execute=True):
        finished_by_timeouts(ann, [ann, bob])
        finished_by_timeouts(bob, [bob, cid, dee])
        finished_by_timeouts(cid, [cid, ann], rules={"expansions": ["river"]})
        finished_by_timeouts(dee, [dee, ann, bob])

    def snapshot():
        return sorted(
            (r.user.username, r.pool, round(r.mu, 9), round(r.sigma, 9), r.display, r.games)
            for r in Rating.objects.select_related("user")
        ), RatingChange.objects.count()

    incremental = snapshot()
    assert len(incremental[0]) == 4 + 4 + 2  # all: 4 players; base: 4; expansions: cid and ann
    Rating.objects.filter(user=ann).update(display=9999, games=0)  # damage that recomputing repairs
    call_command("recompute_ratings")
    assert snapshot() == incremental


def resigned_after(creator, users, turns):
    """A started two-player game: ``turns`` tile turns are played, then the player on turn resigns."""
    game = play_turns(lobby.create_started_game(creator, users), turns)
    leaver = game.seats.get(position=game.current_seat).user
    resign(game.pk, leaver)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game, leaver


def test_two_quick_resignations_leave_the_ratings_unchanged(people, django_capture_on_commit_callbacks):
    ann, bob = people[:2]
    with django_capture_on_commit_callbacks(execute=True):
        first, leaver = resigned_after(ann, [ann, bob], 0)  # ann resigns at once
        second, _ = resigned_after(ann, [bob, ann], 1)  # ann resigns on her first turn, after bob's
    assert leaver == ann
    assert first.ended_early and second.ended_early
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    assert services.display_rating(bob.pk) == services.display_rating(ann.pk) == services.START


def test_a_resignation_on_the_second_turn_is_not_rated_but_after_two_turns_it_is(
    people, django_capture_on_commit_callbacks
):
    ann, bob = people[:2]
    with django_capture_on_commit_callbacks(execute=True):
        early, _ = resigned_after(ann, [ann, bob], 2)  # ann has placed one tile: her second turn
        rated, leaver = resigned_after(ann, [ann, bob], 4)  # two tiles each
    assert early.ended_early and not RatingChange.objects.filter(game=early).exists()
    assert not rated.ended_early and leaver == ann
    assert rating(bob).games == rating(ann).games == 1
    assert rating(bob).display > services.START > rating(ann).display


def test_a_game_lost_on_time_before_the_second_turn_is_not_rated(people, django_capture_on_commit_callbacks):
    ann, bob = people[:2]
    with django_capture_on_commit_callbacks(execute=True):
        game = finished_by_timeouts(ann, [ann, bob], turns=1)
    assert game.ended_early and not Rating.objects.exists()


def test_recomputing_skips_games_that_ended_before_the_second_turn(people, django_capture_on_commit_callbacks):
    ann, bob = people[:2]
    with django_capture_on_commit_callbacks(execute=True):
        resigned_after(ann, [ann, bob], 0)
        rated, _ = resigned_after(ann, [ann, bob], 4)
    before = sorted(RatingChange.objects.values_list("game_id", "user_id", "pool", "display"))
    call_command("recompute_ratings")
    assert sorted(RatingChange.objects.values_list("game_id", "user_id", "pool", "display")) == before
    assert {game for game, *_ in before} == {rated.pk}


def test_the_game_page_and_the_archive_say_a_game_ended_early_is_unrated(
    people, client, django_capture_on_commit_callbacks
):
    ann, bob = people[:2]
    with django_capture_on_commit_callbacks(execute=True):
        early, _ = resigned_after(ann, [ann, bob], 0)
        rated, _ = resigned_after(ann, [ann, bob], 4)
    client.force_login(bob)
    assert "ended before move 2 · unrated" in client.get(f"/games/{early.pk}/").content.decode()
    assert "ended before move 2 · unrated" not in client.get(f"/games/{rated.pk}/").content.decode()
    assert "ended before move 2 · unrated" in client.get(f"/archive/games/{early.pk}/").content.decode()
    listing = client.get("/archive/").content.decode()
    assert listing.count('data-testid="ended-early"') == 1
