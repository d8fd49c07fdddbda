"""A finished game's analysis: asked for once from its replay page or the API, run by a
task, stored, shown beside each move and per player; never recomputed on view, never
for a game in progress, and a private game's analysis is as missing as the game."""

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from archive import game_analysis, tasks
from archive.generate import store_game
from archive.models import GameAnalysis
from carcassonne.bots.analysis import BLUNDER, INACCURACY, MISTAKE
from games import lobby

from .conftest import day, short_template

pytestmark = pytest.mark.django_db
State = GameAnalysis.State


@pytest.fixture(autouse=True)
def _quick_analysis(settings):
    """A hundredth of a second of search per move: a fraction of a second per game."""
    settings.ANALYSIS_SECONDS = 0.01


@pytest.fixture
def game(players):
    """Seventeen moves, the last Bob's resignation."""
    return store_game(short_template(3), [players["ann"], players["bob"]], day(5), "Analysed")


@pytest.fixture
def analysed(member_client, game, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        member_client.post(f"/archive/games/{game.pk}/analyse/")
    return GameAnalysis.objects.get(game=game)


def page_of(client, game):
    return client.get(f"/archive/games/{game.pk}/").content.decode()


def test_analyse_on_the_replay_page_judges_every_decision_and_sums_up_each_player(member_client, game, analysed):
    assert analysed.state == State.DONE and analysed.attempts == 1
    assert analysed.level == "expert" and analysed.seconds == 0.01
    numbers = [m["number"] for m in analysed.moves]
    assert numbers == sorted(numbers) and len(numbers) >= game.move_count - 5  # the forced moves are left out
    assert {m["seat"] for m in analysed.moves} == {0, 1}
    for move in analysed.moves:
        expected = (
            None
            if move["loss"] < INACCURACY
            else "inaccuracy"
            if move["loss"] < MISTAKE
            else ("mistake" if move["loss"] < BLUNDER else "blunder")
        )
        assert move["mark"] == expected and move["played"] and move["best"]
    ann, bob = analysed.players
    assert (ann["name"], bob["name"]) == ("ann", "bob")
    assert ann["moves"] + bob["moves"] == len(analysed.moves)
    for seat, player in enumerate(analysed.players):
        own = [m for m in analysed.moves if m["seat"] == seat]
        assert player["marks"]["blunder"] == sum(m["mark"] == "blunder" for m in own)
        assert player["average_loss"] == pytest.approx(sum(m["loss"] for m in own) / len(own), abs=0.01)


def test_the_replay_marks_each_judged_move_with_its_symbol_its_word_and_the_better_move(member_client, game, analysed):
    html = page_of(member_client, game)
    marked = [m for m in analysed.moves if m["mark"]]
    assert marked, "a random game has bad moves"
    symbols = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
    words = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
    for move in marked:
        item = re.search(rf'<li value="{move["number"]}".*?</li>', html, re.S).group(0)
        assert f'data-mark="{move["mark"]}"' in item
        assert f'<span aria-hidden="true">{symbols[move["mark"]]}</span>' in item
        assert f'<span class="visually-hidden">{words[move["mark"]]}</span>' in item
        assert "better: Place " in item and "points lost" in item
    unmarked = next(m for m in analysed.moves if not m["mark"])
    item = re.search(rf'<li value="{unmarked["number"]}".*?</li>', html, re.S).group(0)
    assert "data-mark" not in item
    assert 'data-testid="analysis-summary"' in html and "Average points lost" in html
    assert 'data-testid="analyse"' not in html  # done: no button any more


def test_the_replay_page_explains_the_marks_and_offers_the_button_before_anyone_asked(member_client, game):
    html = page_of(member_client, game)
    assert 'data-testid="analyse"' in html
    assert "Inaccuracy from 3 points lost" in html and "Mistake from 6 points lost" in html
    assert "Blunder from 12 points lost" in html


def test_a_second_analyse_while_queued_or_done_queues_nothing_and_keeps_one_row(
    member_client, game, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as first:
        member_client.post(f"/archive/games/{game.pk}/analyse/")
    assert len(first) == 1 and GameAnalysis.objects.get(game=game).state == State.QUEUED
    with django_capture_on_commit_callbacks(execute=False) as again:
        member_client.post(f"/archive/games/{game.pk}/analyse/")
        member_client.post(f"/api/archive/games/{game.pk}/analysis/")
    assert again == []
    first[0]()  # the task runs
    assert GameAnalysis.objects.get(game=game).state == State.DONE
    with django_capture_on_commit_callbacks(execute=False) as after:
        response = member_client.post(f"/api/archive/games/{game.pk}/analysis/")
    assert after == [] and response.status_code == 200 and response.json()["state"] == "done"
    assert GameAnalysis.objects.count() == 1


def test_viewing_an_analysed_game_never_computes_it_again(member_client, game, analysed, monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("computed on view")

    monkeypatch.setattr(game_analysis, "analyse", refuse)
    assert "data-mark=" in page_of(member_client, game)
    assert member_client.get(f"/api/archive/games/{game.pk}/analysis/").json()["state"] == "done"
    assert tasks.analyse_game(game.pk) == "skipped"  # a late or repeated task too


def test_the_api_gives_each_judged_move_with_both_moves_in_words(member_client, game, analysed):
    data = member_client.get(f"/api/archive/games/{game.pk}/analysis/").json()
    assert data["state"] == "done" and data["total"] == game.move_count
    assert data["thresholds"] == {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER}
    assert [m["number"] for m in data["moves"]] == [m["number"] for m in analysed.moves]
    first = data["moves"][0]
    assert first["player"] == "ann" and first["played_text"].startswith("ann placed ")
    assert first["best_text"].startswith("Place ") and re.match(r"-?\d+,-?\d+ (0|90|180|270)", first["best_notation"])
    assert [p["name"] for p in data["players"]] == ["ann", "bob"]


def test_the_api_tells_each_move_played_as_the_replays_move_list_does_with_what_it_did(member_client, game, analysed):
    from games.present.entries import describe

    moves = member_client.get(f"/api/archive/games/{game.pk}/analysis/").json()["moves"]
    for move in moves[:6]:
        state = member_client.get(f"/api/archive/games/{game.pk}/moves/{move['number']}/").json()
        assert move["played_text"] == state["played"]["text"]
    # what the tile did to the board ('started a road', 'completed a city ...'), which the entry alone cannot tell
    assert any(move["played_text"] != describe(move["played"], move["player"]) for move in moves)


def test_before_anyone_asks_the_api_says_none_and_a_post_queues_it(
    member_client, game, django_capture_on_commit_callbacks
):
    assert member_client.get(f"/api/archive/games/{game.pk}/analysis/").json()["state"] == "none"
    with django_capture_on_commit_callbacks(execute=False):
        response = member_client.post(f"/api/archive/games/{game.pk}/analysis/")
    assert response.status_code == 202 and response.json()["state"] == "queued"
    html = page_of(member_client, game)
    assert 'data-testid="analysis-pending"' in html and "waiting for a worker" in html
    assert 'data-testid="analyse"' not in html


def test_a_game_in_progress_cannot_be_analysed(member_client, players):
    game = lobby.create_game(players["ann"], ["bob"], name="Running")
    lobby.accept_invitation(game.pk, players["bob"])
    response = member_client.post(f"/archive/games/{game.pk}/analyse/", follow=True)
    assert "Only a finished game can be analysed" in response.content.decode()
    api = member_client.post(f"/api/archive/games/{game.pk}/analysis/")
    assert api.status_code == 409 and "no help while a game is played" in api.json()["detail"]
    assert not GameAnalysis.objects.exists()
    assert 'data-testid="analyse"' not in page_of(member_client, game)


def test_a_private_games_analysis_answers_like_a_missing_game(
    client, players, game, django_capture_on_commit_callbacks
):
    game.private = True
    game.save(update_fields=["private"])
    client.force_login(players["cid"])  # not a player
    missing = game.pk + 1000
    with django_capture_on_commit_callbacks(execute=True):  # (tests/security/test_visibility.py: the same bytes)
        for url in ("/archive/games/{}/analyse/", "/api/archive/games/{}/analysis/"):
            assert client.post(url.format(game.pk)).status_code == client.post(url.format(missing)).status_code == 404
    assert client.get(f"/api/archive/games/{game.pk}/analysis/").status_code == 404
    assert not GameAnalysis.objects.exists()
    client.force_login(players["bob"])  # a player sees it and may ask
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"/api/archive/games/{game.pk}/analysis/").status_code == 202
    assert client.get(f"/api/archive/games/{game.pk}/analysis/").json()["state"] == "done"


def test_visitors_who_are_not_logged_in_see_an_analysis_but_cannot_ask_for_one(game, analysed):
    client = Client()
    assert client.post(f"/archive/games/{game.pk}/analyse/").status_code == 302  # to the log-in page
    assert client.post(f"/api/archive/games/{game.pk}/analysis/").status_code == 401
    assert client.get(f"/api/archive/games/{game.pk}/analysis/").json()["state"] == "done"
    assert "data-mark=" in page_of(client, game)


def _left_behind(game, state, attempts, minutes_ago):
    old = timezone.now() - dt.timedelta(minutes=minutes_ago)
    return GameAnalysis.objects.create(
        game=game, state=state, level="expert", seconds=0.01, requested_at=old, updated_at=old, attempts=attempts
    )


def test_an_analysis_whose_worker_died_is_queued_again_and_finished(game, django_capture_on_commit_callbacks):
    _left_behind(game, State.RUNNING, attempts=1, minutes_ago=10)
    assert tasks.requeue_stale_analyses() == 1
    row = GameAnalysis.objects.get(game=game)
    assert (row.state, row.attempts) == (State.DONE, 2) and row.moves


def test_a_queued_analysis_whose_task_was_lost_is_sent_again(game):
    _left_behind(game, State.QUEUED, attempts=0, minutes_ago=10)
    assert tasks.requeue_stale_analyses() == 1
    assert GameAnalysis.objects.get(game=game).state == State.DONE


def test_an_analysis_running_in_a_live_worker_is_left_alone(game):
    _left_behind(game, State.RUNNING, attempts=1, minutes_ago=1)
    assert tasks.requeue_stale_analyses() == 0
    assert tasks.analyse_game(game.pk) == "skipped"
    assert GameAnalysis.objects.get(game=game).state == State.RUNNING


def test_an_analysis_that_keeps_losing_its_worker_is_given_up(game, settings):
    _left_behind(game, State.RUNNING, attempts=settings.ANALYSIS_MAX_ATTEMPTS, minutes_ago=10)
    assert tasks.requeue_stale_analyses() == 0
    assert GameAnalysis.objects.get(game=game).state == State.FAILED


def test_a_run_overtaken_by_another_worker_stores_nothing(game, monkeypatch):
    _left_behind(game, State.QUEUED, attempts=0, minutes_ago=0)
    real = game_analysis.analyse

    beats = []

    def overtaken(record, seconds, progress):
        GameAnalysis.objects.filter(game=game).update(attempts=5)  # the sweep gave it to another worker

        def counted(number, total):
            beats.append(number)
            progress(number, total)

        return real(record, seconds=seconds, progress=counted)

    monkeypatch.setattr(game_analysis, "analyse", overtaken)
    assert game_analysis.run(game.pk) == "superseded"
    assert beats == [1]  # it stopped at its first heartbeat, not at the end of the game
    assert GameAnalysis.objects.get(game=game).moves == []


def test_a_failed_analysis_says_so_and_may_be_asked_for_again(
    member_client, game, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(game_analysis, "analyse", lambda *a, **k: 1 / 0)
    with django_capture_on_commit_callbacks(execute=True):
        member_client.post(f"/archive/games/{game.pk}/analyse/")
    html = page_of(member_client, game)
    assert GameAnalysis.objects.get(game=game).state == State.FAILED
    assert "The analysis of this game failed" in html and "Try again" in html
    monkeypatch.undo()
    with django_capture_on_commit_callbacks(execute=True):
        member_client.post(f"/archive/games/{game.pk}/analyse/")
    assert GameAnalysis.objects.get(game=game).state == State.DONE


def test_the_analysis_task_goes_back_to_the_queue_when_its_worker_is_lost():
    assert tasks.analyse_game.acks_late and tasks.analyse_game.reject_on_worker_lost


def test_the_analysis_is_in_the_api_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    path = schema["paths"]["/api/archive/games/{id}/analysis/"]
    assert {"get", "post"} <= set(path)
    assert {"200", "202", "404", "409"} <= set(path["post"]["responses"])


def test_a_visitor_who_is_not_logged_in_is_asked_to_log_in_before_anyone_analysed(game):
    html = page_of(Client(), game)
    assert 'data-testid="analyse"' not in html
    assert f'href="/accounts/login/?next=/archive/games/{game.pk}/%23analysis"' in html


def test_staff_see_analyses_read_only_and_may_delete_one_so_that_it_can_be_asked_for_again(
    client, game, analysed, django_user_model
):
    client.force_login(django_user_model.objects.create_superuser(username="root", email="r@example.com", password="x"))
    assert client.get("/admin/archive/gameanalysis/").status_code == 200
    page = client.get(f"/admin/archive/gameanalysis/{game.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert client.get("/admin/archive/gameanalysis/add/").status_code == 403
    client.post(f"/admin/archive/gameanalysis/{game.pk}/delete/", {"post": "yes"})
    assert not GameAnalysis.objects.exists()
