import pytest
from django.core.management import call_command

from archive.generate import store_game
from archive.models import GameResult, SeatResult
from archive.results import outcomes_of
from carcassonne.outcome import outcome_of
from games import lobby
from games.engine_state import engine_for
from tests.leaders import leader_leaves

from .conftest import day, template

pytestmark = pytest.mark.django_db


def test_outcomes_are_the_engines_winners_not_the_best_score():
    assert outcomes_of(outcome_of(("a", "b", "c"), [10, 30, 30], [{}] * 3, "complete", set())) == [
        "loss",
        "draw",
        "draw",
    ]
    assert outcomes_of(outcome_of(("a", "b", "c"), [10, 30, 20], [{}] * 3, "complete", set())) == [
        "loss",
        "win",
        "loss",
    ]
    # b leads but left the game: c wins alone
    assert outcomes_of(outcome_of(("a", "b", "c"), [10, 30, 20], [{}] * 3, "complete", {1})) == ["loss", "loss", "win"]


@pytest.mark.parametrize("how", ["time", "resign"])
def test_when_the_leader_leaves_the_archive_names_the_other_player_winner(players, how):
    game = lobby.create_started_game(players["ann"], [players["ann"], players["bob"]])
    game, leader, other = leader_leaves(game, how)
    seats = {s.user_id: s for s in GameResult.objects.get(game=game).seats.all()}
    assert seats[other.pk].won and seats[other.pk].outcome == "win" and seats[other.pk].rank == 1
    assert not seats[leader.pk].won and seats[leader.pk].outcome == "loss" and seats[leader.pk].rank == 2
    assert seats[leader.pk].score > seats[other.pk].score


def test_signal_records_result_when_game_finishes(players):
    t = template(1, 3)
    game = store_game(t, [players["ann"], players["bob"], players["cid"]], day(3))
    result = GameResult.objects.get(game=game)
    assert result.player_count == 3 and result.move_count == len(t.engine.history)
    assert result.finished_at == day(3)
    seats = list(SeatResult.objects.filter(result=result).order_by("position"))
    engine = engine_for(game)
    assert [s.score for s in seats] == engine.scores == t.engine.scores
    for seat, parts in zip(seats, engine.breakdown):
        assert (seat.roads, seat.cities, seat.cloisters, seat.farms) == (
            parts["roads"],
            parts["cities"],
            parts["cloisters"],
            parts["farms"],
        )
        assert seat.roads + seat.cities + seat.cloisters + seat.farms == seat.score
    assert [s.username for s in seats] == ["ann", "bob", "cid"]
    assert sum(s.won for s in seats) >= 1


def test_active_game_has_no_result(players):
    t = template(2, 2)
    game = store_game(t, [players["ann"], players["bob"]], day(1))
    game.status = "active"
    game.save()
    GameResult.objects.all().delete()
    game.save()
    assert not GameResult.objects.exists()


def test_rebuild_results_command(players):
    game = store_game(template(3, 2), [players["ann"], players["bob"]], day(1))
    GameResult.objects.all().delete()
    call_command("rebuild_results", verbosity=0)
    assert GameResult.objects.get(game=game).seats.count() == 2
    call_command("rebuild_results", verbosity=0)  # idempotent
    assert SeatResult.objects.count() == 2
