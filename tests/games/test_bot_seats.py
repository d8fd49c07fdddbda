"""Bots on the site: practice games, lobby seats filled with bots, a bot taking over on time."""

import re
from unittest import mock

import pytest
from rest_framework.test import APIClient

from carcassonne.bots import strength_of
from carcassonne.bots.ladder import bot_for
from carcassonne.record import kind_of
from games import bot_seats, timeouts
from games.lobby import create_game, create_started_game
from games.models import Game, Move, Seat
from ratings.models import Rating
from tests.conftest import celery_eager

pytestmark = pytest.mark.django_db


def client_of(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def first_legal_move(client, game_id):
    state = client.get(f"/api/games/{game_id}/").json()
    legal = client.get(f"/api/games/{game_id}/legal-moves/").json()
    p = legal["placements"][0]
    return client.post(
        f"/api/games/{game_id}/moves/",
        {"move_number": state["move_number"], "x": p["x"], "y": p["y"], "rotation": p["rotation"], "meeple": None},
        format="json",
    )


def test_a_practice_game_starts_at_once_and_the_bots_answer_each_move(ann, django_capture_on_commit_callbacks):
    api = client_of(ann)
    created = api.post("/api/games/", {"bots": 2, "bot_level": "greedy", "move_days": None}, format="json")
    assert created.status_code == 201, created.json()
    state = created.json()
    assert state["status"] == "active" and state["has_bots"] is True
    assert [p["bot"] for p in state["players"]] == ["", "strong", "strong"]  # greedy is strong's old name
    assert state["current_player"] == "ann"
    assert [g["has_bots"] for g in api.get("/api/games/").json()["results"]] == [True]
    with django_capture_on_commit_callbacks(execute=True):
        assert first_legal_move(api, state["id"]).status_code == 201
    after = api.get(f"/api/games/{state['id']}/").json()
    assert after["current_player"] == "ann"  # both bots have played
    moves = Move.objects.filter(game_id=state["id"]).order_by("number")
    seats = [m.seat for m in moves if kind_of(m.entry) != "discard"]
    assert seats == [0, 1, 2]
    assert after["move_number"] >= 4


def test_bots_move_after_the_commit_never_inside_the_persons_request(ann, django_capture_on_commit_callbacks):
    game = bot_seats.create_game_with_bots(ann, bots=1, bot_level="random")
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert first_legal_move(client_of(ann), game.pk).status_code == 201
    game.refresh_from_db()
    assert game.current_seat == 1 and game.move_count >= 1  # the bot has not moved yet
    moved = game.move_count
    with celery_eager(False), mock.patch("games.tasks.play_bot_turns.apply_async") as publish:
        for callback in callbacks:
            callback()
    publish.assert_called_once_with((game.pk,), retry=False)  # queued for a worker: the request does not wait
    game.refresh_from_db()
    assert game.move_count == moved
    assert bot_seats.play_bot_turns(game.pk) >= 1  # what the worker does
    game.refresh_from_db()
    assert game.current_seat == 0


def test_a_bot_takes_over_on_time_and_plays_the_seat_to_the_end_unrated(ann, bob, django_capture_on_commit_callbacks):
    game = create_started_game(ann, [ann, bob])
    Game.objects.filter(pk=game.pk).update(timeout_rule=Game.TimeoutRule.BOT)
    with django_capture_on_commit_callbacks(execute=True):
        turn = timeouts.play_timeout(game.pk, 1)
    assert turn is not None and not turn.move.skip and not turn.move.forfeit  # the bot placed the tile
    seat = Seat.objects.get(game=game, user=ann)
    assert seat.bot == "strong"
    game.refresh_from_db()
    assert game.has_bots and game.current_seat == 1
    with django_capture_on_commit_callbacks(execute=True):  # bob runs out of time too: bots finish the game
        timeouts.play_timeout(game.pk, game.move_count + 1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.move_count >= 71
    assert not Rating.objects.exists()


def test_a_player_whose_seat_a_bot_took_cannot_move_any_more(ann, bob, django_capture_on_commit_callbacks):
    game = create_started_game(ann, [ann, bob])
    Game.objects.filter(pk=game.pk).update(timeout_rule=Game.TimeoutRule.BOT)
    timeouts.play_timeout(game.pk, 1)
    with django_capture_on_commit_callbacks(execute=True):
        first_legal_move(client_of(bob), game.pk)
    game.refresh_from_db()
    response = first_legal_move(client_of(ann), game.pk)
    assert response.status_code == 403
    assert "a bot plays your seat" in response.json()["detail"]


def test_the_creator_fills_open_lobby_seats_with_bots_and_the_game_starts(ann, bob, client):
    game = create_game(ann, [], open_seats=2)
    assert client_of(bob).post(f"/api/games/{game.pk}/bots/", {"level": "greedy"}, format="json").status_code == 403
    bad = client_of(ann).post(f"/api/games/{game.pk}/bots/", {"level": "<genius>"}, format="json")
    assert bad.status_code == 400 and not Seat.objects.filter(game=game).exclude(bot="").exists()
    too_many = client_of(ann).post(f"/api/games/{game.pk}/bots/", {"level": "random", "count": 3}, format="json")
    assert too_many.status_code == 409 and "only 2 open seats" in too_many.json()["detail"]
    one = client_of(ann).post(f"/api/games/{game.pk}/bots/", {"level": "random", "count": 1}, format="json")
    assert one.status_code == 200 and one.json()["status"] == "waiting"
    client.force_login(ann)
    waiting = client.get(f"/games/{game.pk}/").content.decode()  # the form starts at the site's one starting level
    assert re.search(r'name="level" value="beginner"[^>]*checked', waiting)
    assert not re.search(r'name="level" value="strong"[^>]*checked', waiting)
    page = client.post(f"/games/{game.pk}/bots/", {"level": "mcts"}, follow=True).content.decode()
    assert "Bots took the open seats" in page and "with bots · unrated" in page
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.has_bots
    assert [s.bot for s in game.seats.order_by("position")] == ["", "beginner", "expert"]
    assert client_of(ann).post(f"/api/games/{game.pk}/bots/", {"level": "random"}, format="json").status_code == 409


def test_games_with_bots_are_marked_in_lists_and_lobby(ann, bob, client):
    with_bots = create_game(ann, [], open_seats=2, name="Practice")
    bot_seats.fill_with_bots(with_bots.pk, ann, "random", 1)
    create_game(ann, [], open_seats=1, name="People only")
    client.force_login(bob)
    lobby = client.get("/games/lobby/").content.decode()
    practice, people = lobby.split("Practice", 1)[1], lobby.split("People only", 1)[1]
    assert "with bots · unrated" in practice.split("game-row-status")[0]
    assert "with bots · unrated" not in people.split("game-row-status")[0]
    client.force_login(ann)
    mine = client.get("/games/").content.decode()
    assert "Bot 2 (Beginner)" in mine and "with bots · unrated" in mine


def test_the_create_form_makes_a_practice_game(ann, client, django_capture_on_commit_callbacks):
    client.force_login(ann)
    form = client.get("/games/new/").content.decode()
    assert 'name="bots"' in form and 'value="expert"' in form and 'value="bot"' in form
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/games/new/",
            {
                "name": "Practice",
                "invite": "",
                "open_seats": "0",
                "bots": "1",
                "bot_level": "beginner",
                "seat_order": "as_listed",
                "farm_scoring": "current",
                "move_days": "3",
                "timeout_rule": "bot",
                "vacation_allowed": "on",
            },
        )
    assert response.status_code == 302
    game = Game.objects.get(name="Practice")
    assert game.status == Game.Status.ACTIVE and game.timeout_rule == "bot" and game.has_bots


def test_the_archive_marks_finished_games_with_bots(ann, bob, client, django_capture_on_commit_callbacks):
    game = create_started_game(ann, [ann, bob], name="Taken over")
    Game.objects.filter(pk=game.pk).update(timeout_rule=Game.TimeoutRule.BOT)
    with django_capture_on_commit_callbacks(execute=True):
        timeouts.play_timeout(game.pk, 1)
        game.refresh_from_db()
        timeouts.play_timeout(game.pk, game.move_count + 1)
    client.force_login(bob)
    page = client.get("/archive/").content.decode()
    assert "Taken over" in page and "with bots · unrated" in page
    assert "with bots · unrated" in client.get(f"/archive/games/{game.pk}/").content.decode()


def test_the_create_form_lists_the_four_levels_by_how_they_play_and_their_measured_strength(ann, client):
    client.force_login(ann)
    wins = {level: strength_of(level)[-1] for level in ("casual", "strong", "expert")}  # against the level below
    english = client.get("/games/new/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Beginner — plays its tile anywhere it fits, now and then where it scores most" in english
    assert "Strong — always takes the most points it can see this turn (wins" in english
    for level, below in (("casual", "Beginner"), ("strong", "Casual"), ("expert", "Strong")):
        row = wins[level]
        assert f'value="{level}"' in english
        assert f"{level.title()} — " in english
        assert f"(wins {row['wins']} of {row['games']} against {below})" in english
    # the form starts at the level "Play a bot now" starts at
    assert re.search(r'value="beginner"[^>]*checked', english) and not re.search(r'value="strong"[^>]*checked', english)
    german = client.get("/games/new/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    row = wins["expert"]
    assert f"(gewinnt {row['wins']} von {row['games']}" in german
    assert "Experte – " in german and "Gelegenheitsspieler – " in german and "Anfänger – " in german


def test_a_game_created_with_an_old_level_name_via_the_api_still_plays(
    ann, settings, django_capture_on_commit_callbacks
):
    settings.BOT_MCTS_SECONDS = 0.05
    api = client_of(ann)
    created = api.post("/api/games/", {"bots": 1, "bot_level": "mcts", "move_days": None}, format="json")
    assert created.status_code == 201, created.json()
    game_id = created.json()["id"]
    Seat.objects.filter(game_id=game_id, position=1).update(bot="mcts")  # as stored before the levels had names
    assert api.get(f"/api/games/{game_id}/").json()["players"][1]["bot"] == "expert"
    with django_capture_on_commit_callbacks(execute=True):
        assert first_legal_move(api, game_id).status_code == 201
    assert Move.objects.filter(game_id=game_id, seat=1).exists()
    assert api.get(f"/api/games/{game_id}/").json()["current_player"] == "ann"


@pytest.mark.parametrize("level", ["beginner", "casual", "strong", "expert"])
def test_a_bot_of_each_level_moves_legally(level, ann, settings, django_capture_on_commit_callbacks):
    settings.BOT_MCTS_SECONDS = 0.05
    game = bot_seats.create_game_with_bots(ann, bots=1, bot_level=level)
    assert game.seats.get(position=1).bot == level
    with mock.patch("games.bot_seats.bot_for", wraps=bot_for) as made, django_capture_on_commit_callbacks(execute=True):
        assert first_legal_move(client_of(ann), game.pk).status_code == 201
    assert made.call_args.args[0].name == level
    if level == "expert":  # the expert thinks as long as the site allows
        assert made.call_args.kwargs["scale"] * 0.3 == pytest.approx(0.05)
    game.refresh_from_db()
    assert Move.objects.filter(game=game, seat=1).exists() and game.current_seat == 0  # checked by the engine, stored


def test_bots_seats_are_not_invitations(ann, settings):
    settings.GAMES_INVITATIONS_PER_DAY = 2
    api = client_of(ann)
    for _ in range(3):  # nine bots
        assert api.post("/api/games/", {"bots": 3, "bot_level": "beginner"}, format="json").status_code == 201
    three = {"invite": ["a@example.test", "b@example.test", "c@example.test"]}
    response = api.post("/api/games/", three, format="json")
    assert response.status_code == 429 and "you have 2 left today" in response.json()["detail"]
    assert api.post("/api/games/", {"invite": three["invite"][:2]}, format="json").status_code == 201
