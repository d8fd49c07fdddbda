"""The HTML pages of the games app (Django test client)."""

import random

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from carcassonne import Rules
from games import timeouts, turns
from games.engine_state import engine_for
from games.lobby import accept_invitation, create_game, create_started_game
from games.models import Game, Seat, rule_options
from games.present.view import placements_of
from games.recorded import outcome_of

pytestmark = pytest.mark.django_db


def play_out(game, max_moves=200, rng=None):
    """Play the game to its end through services, choosing legal moves."""
    rng = rng or random.Random(1)
    game.refresh_from_db()
    for _ in range(max_moves):
        if game.status != Game.Status.ACTIVE:
            break
        seats = list(game.seats.select_related("user").order_by("position"))
        engine = engine_for(game, seats)
        placement = rng.choice(placements_of(engine, engine.tile))
        meeple = rng.choice([*placement["meeples"], None]) if placement["meeples"] else None
        game = turns.play_move(
            game.pk,
            seats[engine.current_player].user,
            game.move_count + 1,
            placement["x"],
            placement["y"],
            placement["rotation"],
            meeple,
        ).game
    game.refresh_from_db()
    return game


TIME = {"move_days": "3", "timeout_rule": "lose", "vacation_allowed": "on"}  # the create form's defaults


def login(client, user):
    client.force_login(user)
    return client


def test_the_move_post_is_written_once_for_the_tile_turn_and_the_decision():
    from pathlib import Path

    js = Path(__file__).resolve().parents[2] / "static" / "js"
    for name in ("turn.js", "decision.js"):
        script = (js / name).read_text()
        assert "fetch(" not in script and 'import { postMove } from "./post_move.js";' in script, name
        assert "postMove(panel, " in script, name
    assert (js / "post_move.js").read_text().count("fetch(") == 1


def test_create_game_with_invites_starts_when_invitees_accept(client, ann, bob, cid):
    login(client, ann)
    page = client.get(reverse("game-create"))
    assert page.status_code == 200
    from django.utils.html import escape

    from carcassonne import Rules

    html = page.content.decode()
    assert all(
        f">{escape(option.label)}</label>" in html for option in rule_options()
    )  # every option the site offers, once
    assert all(html.count(f'name="{option.name}"') == 1 for option in rule_options())
    response = client.post(
        reverse("game-create"),
        {
            "name": "Friday game",
            "invite": "bob\ncid@example.org, newbie@example.net",
            "open_seats": "0",
            "seat_order": "as_listed",
            "farm_scoring": "classic",
            "river": "on",
            "small_city": "on",
            **TIME,
            # the boxes the form shows ticked (options on by default) come back ticked
            **{o.name: "on" for o in Rules.options() if o.kind in ("bool", "expansion") and o.default},
        },
    )
    game = Game.objects.get(name="Friday game")
    assert response.status_code == 302 and response["Location"] == reverse("game-detail", args=[game.pk])
    assert game.rules == {"expansions": ["river"], "farm_scoring": "classic", "small_city": True}
    seats = list(game.seats.order_by("position"))
    assert [s.display_name for s in seats] == ["ann", "bob", "cid", "invited player"]
    assert game.status == Game.Status.WAITING

    # bob sees the invitation on the home page and on the game page, and accepts
    login(client, bob)
    home = client.get("/")
    assert b"Friday game" in home.content and reverse("game-accept", args=[game.pk]).encode() in home.content
    detail = client.get(reverse("game-detail", args=[game.pk]))
    assert b"You are invited" in detail.content and b"Decline" in detail.content
    client.post(reverse("game-accept", args=[game.pk]))
    login(client, cid)
    client.post(reverse("game-accept", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.WAITING  # the e-mail invitee is still missing

    # the e-mail invitee signs up and uses the link
    newbie = type(ann).objects.create_user("newbie", "other@example.net", "pw-Long-enough-1")
    client.force_login(newbie)
    seat = game.seats.get(invited_email="newbie@example.net")
    response = client.get(reverse("invitation", args=[seat.invite_token]))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    page = client.get(reverse("game-detail", args=[game.pk]), follow=True)
    assert "Every seat is taken: the game has started!" in page.content.decode()


def test_decline_opens_the_seat(client, ann, bob):
    game = create_game(ann, ["bob"])
    login(client, bob)
    response = client.post(reverse("game-decline", args=[game.pk]), follow=True)
    assert response.status_code == 200
    assert b"declined" in response.content
    seat = game.seats.get(position=1)
    assert seat.state == Seat.State.OPEN and seat.user is None


def test_lobby_lists_open_games_and_join_starts(client, ann, bob, cid):
    game = create_game(ann, open_seats=1, name="Open table")
    create_game(cid, open_seats=1, name="Cid's table")
    login(client, bob)
    lobby = client.get(reverse("lobby"))
    assert lobby.status_code == 200
    assert b"Open table" in lobby.content and b"Cid&#x27;s table" in lobby.content
    response = client.post(reverse("game-join", args=[game.pk]), follow=True)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert b"the game has started" in response.content
    # no longer in the lobby
    assert b"Open table" not in client.get(reverse("lobby")).content


def test_game_list_orders_my_turn_first(client, ann, bob, started):
    other = create_game(bob, ["ann"], name="Bob first")
    accept_invitation(other.pk, ann)  # bob moves first there
    done = create_game(ann, ["bob"], name="Zzfinished")
    accept_invitation(done.pk, bob)
    finished = play_out(done)
    login(client, ann)
    content = client.get(reverse("game-list")).content.decode()
    assert content.index(started.title) < content.index("Bob first") < content.index("Zzfinished")
    assert "Your turn" in content
    assert finished.status == Game.Status.FINISHED


def test_invitation_link_anonymous_then_claim(client, ann, make_user):
    game = create_game(ann, ["friend@example.net"])
    seat = game.seats.get(position=1)
    url = reverse("invitation", args=[seat.invite_token])
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login")) and "next=" in response["Location"]
    friend = make_user("friend", "friend-other@example.net")
    response = client.post(reverse("login"), {"username": "friend", "password": "a-Long-enough-pa55word", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    response = client.get(url)
    assert response.status_code == 302 and response["Location"] == reverse("game-detail", args=[game.pk])
    seat.refresh_from_db()
    game.refresh_from_db()
    assert seat.user == friend and seat.state == Seat.State.JOINED
    assert game.status == Game.Status.ACTIVE


def test_invalid_invitation_link_is_404(client, ann):
    login(client, ann)
    assert client.get(reverse("invitation", args=["nope"])).status_code == 404


def test_game_page_shows_board_turn_scores_and_moves(client, ann, bob, started):
    login(client, ann)
    page = client.get(reverse("game-detail", args=[started.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "<svg" in html and 'class="board' in html and 'class="slot"' in html
    assert "Your turn" in html
    assert 'id="legal-moves"' in html and 'class="tile-template"' in html
    assert 'data-testid="scores"' in html
    assert '<script type="module" src="/static/js/turn.js">' in html  # which imports what it uses
    assert f'data-move-url="/games/{started.pk}/moves/"' in html  # the page's own move POST

    # after a move, bob sees whose turn, the move in the list and the scores
    engine = engine_for(started)
    placement = placements_of(engine, engine.tile)[0]
    tile = engine.tile
    turns.play_move(started.pk, ann, 1, placement["x"], placement["y"], placement["rotation"], None)
    login(client, bob)
    html = client.get(reverse("game-detail", args=[started.pk])).content.decode()
    assert "Your turn" in html
    from games.present.tile_names import tile_phrase

    assert f"ann placed {tile_phrase(tile)}" in html
    assert 'data-testid="move-list"' in html
    login(client, ann)
    html = client.get(reverse("game-detail", args=[started.pk])).content.decode()
    assert "bob&#x27;s turn" in html or "bob's turn" in html
    assert 'class="slot"' not in html and 'id="legal-moves"' not in html


def test_discard_shown_in_move_list(client, ann, started, monkeypatch):
    from games import engine_state
    from games.models import Move

    # A real discard is rare; log one and let the page replay only the real moves.
    real = engine_for
    monkeypatch.setattr(
        engine_state, "engine_for", lambda game, seats=None, upto=None, noted=None, log=None: real(game, seats, upto=0)
    )
    Move.objects.create(game=started, number=99, seat=0, entry={"tile": "X", "discard": True}, points=[0, 0])
    login(client, ann)
    html = client.get(reverse("game-detail", args=[started.pk])).content.decode()
    assert "drew a crossroads of 4 roads, which fits nowhere: discarded" in html


def test_finished_game_shows_breakdown_and_winner(client, ann, bob, started):
    game = play_out(started)
    assert game.status == Game.Status.FINISHED
    login(client, bob)
    html = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    for word in ("Roads", "Cities", "Cloisters", "Farms"):
        assert word in html
    engine = engine_for(game)
    # No column to add up: the end of the game's points are already in the categories,
    # and each total says how many of its points the end of the game added.
    assert ">Final scoring<" not in html
    for name, points in zip(engine.players, engine.final_points, strict=True):
        if points:
            assert f"of which {points} at the end" in html, name
    winners = [engine.players[i] for i in engine.outcome.winners]
    title = f"{winners[0]} wins!" if len(winners) == 1 else f"Shared victory: {' &amp; '.join(winners)}"
    assert title in html
    assert 'data-testid="final-scoring"' in html
    assert "Winner" in html
    # laps shown for scores of 50 or more
    if max(engine.scores) >= 50:
        assert "lap" in html


def test_create_game_errors_for_unknown_username(client, ann):
    login(client, ann)
    response = client.post(
        reverse("game-create"),
        {"invite": "nobody", "open_seats": "0", "seat_order": "as_listed", "farm_scoring": "current", **TIME},
    )
    assert response.status_code == 200
    assert "there is no player called &#x27;nobody&#x27;" in response.content.decode().lower()
    assert 'role="alert"' in response.content.decode()
    assert not Game.objects.exists()


def test_create_game_errors_for_too_few_or_many_players(client, ann):
    login(client, ann)
    response = client.post(
        reverse("game-create"),
        {"invite": "", "open_seats": "0", "seat_order": "as_listed", "farm_scoring": "current", **TIME},
    )
    assert b"a game needs 2 to 5 players" in response.content
    response = client.post(
        reverse("game-create"),
        {"invite": "", "open_seats": "9", "seat_order": "random", "farm_scoring": "current", **TIME},
    )
    assert response.status_code == 200 and not Game.objects.exists()


def test_create_form_time_options(client, ann, bob):
    login(client, ann)
    page = client.get(reverse("game-create")).content.decode()
    assert "Time per move" in page and "When time runs out" in page and "Allow vacations" in page
    assert (
        '<option value="3" selected>3 days</option>' in page and '<option value="unlimited">Unlimited</option>' in page
    )
    response = client.post(
        reverse("game-create"),
        {
            "name": "Quick",
            "invite": "bob",
            "open_seats": "0",
            "seat_order": "as_listed",
            "farm_scoring": "current",
            "move_days": "7",
            "timeout_rule": "skip",
        },
    )
    game = Game.objects.get(name="Quick")
    assert response.status_code == 302
    assert (game.move_days, game.timeout_rule, game.vacation_allowed) == (7, "skip", False)
    html = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert "7 days per move · skip the turn when time runs out · no vacations" in html

    client.post(
        reverse("game-create"),
        {
            "name": "Slow",
            "invite": "bob",
            "open_seats": "0",
            "seat_order": "as_listed",
            "farm_scoring": "current",
            "move_days": "unlimited",
            "timeout_rule": "lose",
            "vacation_allowed": "on",
        },
    )
    game = Game.objects.get(name="Slow")
    assert (game.move_days, game.timeout_rule, game.vacation_allowed) == (None, "lose", True)
    assert "no time limit" in client.get(reverse("game-detail", args=[game.pk])).content.decode()

    response = client.post(
        reverse("game-create"),
        {
            "name": "Odd",
            "invite": "bob",
            "open_seats": "0",
            "seat_order": "as_listed",
            "farm_scoring": "current",
            "move_days": "4",
            "timeout_rule": "lose",
        },
    )
    assert response.status_code == 200 and not Game.objects.filter(name="Odd").exists()
    assert "Select a valid choice" in response.content.decode()


def test_game_page_shows_the_turn_clock(client, ann, bob):
    game = create_game(ann, ["bob"], move_days=2, timeout_rule="lose")
    accept_invitation(game.pk, bob)
    login(client, bob)
    html = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert 'data-testid="game-clock"' in html
    assert "Time left for this move: <strong>1 day 23 hours</strong>" in html
    assert "2 days per move · lose on time · vacations allowed" in html


def test_the_clock_names_the_time_rule_as_everywhere_else_with_its_case_kept_in_german(client, ann, bob):
    game = create_game(ann, ["bob"], move_days=2, timeout_rule="lose")
    accept_invitation(game.pk, bob)
    login(client, bob)
    html = client.get(reverse("game-detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Zeit pro Zug: 2 Tage (auf Zeit verlieren)." in html
    assert "verlust" not in html and "Zeitüberschreitung" not in html


def test_player_who_lost_on_time_is_shown(client, ann, bob, cid):
    game = create_game(ann, ["bob", "cid"], move_days=1, timeout_rule="lose")
    accept_invitation(game.pk, bob)
    accept_invitation(game.pk, cid)
    timeouts.play_timeout(game.pk, 1)  # ann runs out of time
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    login(client, bob)
    html = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    row = html[html.index('data-testid="player-ann"') :]
    row = row[: row.index("</li>")]
    assert 'data-testid="lost-on-time"' in row and "lost on time" in row
    assert "is-out" not in html[html.index('data-testid="player-bob"') - 80 : html.index('data-testid="player-bob"')]
    assert "ann ran out of time and lost on time" in html
    state = APIClient()
    state.force_authenticate(bob)
    assert [p["out"] for p in state.get(f"/api/games/{game.pk}/").json()["players"]] == [True, False, False]


def test_lists_show_time_left_least_first(client, ann, bob):
    for name, days in (("Slow game", 14), ("Quick game", 1), ("Free game", None)):  # ann moves first
        game = create_game(ann, ["bob"], name=name, move_days=days)
        accept_invitation(game.pk, bob)
    login(client, ann)
    for url in (reverse("game-list"), "/"):
        html = client.get(url).content.decode()
        assert html.index("Quick game") < html.index("Slow game") < html.index("Free game"), url
        assert "23 hours" in html and "13 days left" in html, url
        assert 'class="time-left time-short"' in html
    login(client, bob)
    assert 'data-testid="time-left"' not in client.get(reverse("game-list")).content.decode()


def test_pages_need_login(client):
    for name in ("game-list", "lobby", "game-create"):
        response = client.get(reverse(name))
        assert response.status_code == 302 and reverse("login") in response["Location"]


def test_laps_filter():
    from games.templatetags.games_tags import laps

    assert "(1 lap)" in laps(63)
    assert "(2 laps)" in laps(120)
    assert "lap" not in laps(49)


def test_resign_button_asks_first_and_resigning_ends_the_game(client, ann, bob, started):
    login(client, bob)
    html = client.get(reverse("game-detail", args=[started.pk])).content.decode()
    assert 'data-testid="resign"' in html and "data-confirm=" in html and "js/confirm.js" in html
    assert "<script>" not in html  # no inline script: the confirmation is static JS
    response = client.post(reverse("game-resign", args=[started.pk]))
    assert response.status_code == 302
    started.refresh_from_db()
    assert started.status == Game.Status.FINISHED and started.winner_seats == [0]
    html = client.get(reverse("game-detail", args=[started.pk])).content.decode()
    assert "ann wins!" in html and 'data-testid="resign"' not in html
    assert "bob resigned" in html


def test_spectators_cannot_resign(client, make_user, started):
    login(client, make_user("eve"))
    assert 'data-testid="resign"' not in client.get(reverse("game-detail", args=[started.pk])).content.decode()
    response = client.post(reverse("game-resign", args=[started.pk]), follow=True)
    assert "You are not playing in this game" in response.content.decode()
    started.refresh_from_db()
    assert started.status == Game.Status.ACTIVE


@pytest.mark.parametrize("how", ["time", "resign"])
def test_when_the_leader_leaves_the_pages_name_the_other_player_winner(client, ann, bob, how):
    from tests.leaders import leader_leaves

    game, leader, other = leader_leaves(create_started_game(ann, [ann, bob]), how)
    login(client, ann)
    html = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    assert f"{other.username} wins!" in html
    listing = client.get(reverse("game-list")).content.decode()
    assert f"Won by {other.username}<" in listing and f"Won by {leader.username}" not in listing
    replay = client.get(f"/archive/games/{game.pk}/").content.decode()
    badge = ' <span class="badge badge-primary">winner</span>'
    assert f"{other.username}{badge}" in replay and f"{leader.username}{badge}" not in replay


def test_every_expansion_and_house_rule_of_the_engine_is_offered(client, ann):
    login(client, ann)
    html = client.get(reverse("game-create")).content.decode()
    for option in Rules.options():
        assert f'name="{option.name}"' in html, option.name


def test_a_shared_victory_is_listed_with_an_escaped_ampersand(client, ann, bob, started):
    game = play_out(started)
    outcome = {**outcome_of(game), "winners": [0, 1]}
    Game.objects.filter(pk=game.pk).update(outcome=outcome)
    listing = login(client, ann).get(reverse("game-list")).content.decode()
    assert "Won by ann &amp; bob<" in listing


def test_the_move_list_shows_each_tiles_small_picture_and_name(client, ann, bob, started):
    engine = engine_for(started)
    placement = placements_of(engine, engine.tile)[0]
    turns.play_move(started.pk, ann, 1, placement["x"], placement["y"], placement["rotation"], None)
    login(client, bob)
    html = client.get(reverse("game-detail", args=[started.pk])).content.decode()
    from games.present.tile_names import tile_name

    row = html[html.index('data-testid="move-list"') :]
    assert f'<span class="move-tile" title="{tile_name(engine.tile)}" aria-hidden="true"><svg' in row
