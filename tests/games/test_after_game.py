"""After the game: replay link, rematch, a new game with the same players; the finished
board without the dashed empty cells."""

import re

import pytest
from django.urls import reverse

from archive.generate import make_template, store_game
from carcassonne import Rules
from games import board_svg, engine_state, lobby
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(ann, bob, make_user):
    cid = make_user("cid")
    game = store_game(
        make_template(11, 3, Rules.from_options({"farm_scoring": "classic", "river": True})),
        [ann, bob, cid],
        name="Done",
    )
    Game.objects.filter(pk=game.pk).update(move_days=3, timeout_rule="skip")
    game.refresh_from_db()
    return game


def test_the_end_screen_links_to_the_replay_rematch_and_a_new_game(client, finished, bob):
    client.force_login(bob)
    html = client.get(finished.get_absolute_url()).content.decode()
    assert f'href="/archive/games/{finished.pk}/"' in html
    assert f'action="/games/{finished.pk}/rematch/"' in html
    assert f'href="/games/new/?from={finished.pk}"' in html


def test_a_rematch_has_the_same_players_and_rules_and_is_made_once(client, finished, bob):
    client.force_login(bob)
    response = client.post(reverse("game-rematch", args=[finished.pk]))
    rematch = Game.objects.exclude(pk=finished.pk).get()
    assert response["Location"] == rematch.get_absolute_url()
    seats = list(rematch.seats.order_by("position"))
    assert [s.user.username for s in seats] == ["bob", "cid", "ann"]
    assert [s.state for s in seats] == [Seat.State.JOINED, Seat.State.INVITED, Seat.State.INVITED]
    assert rematch.rules == finished.rules and (rematch.move_days, rematch.timeout_rule) == (3, "skip")
    client.post(reverse("game-rematch", args=[finished.pk]))
    client.force_login(finished.seats.get(position=0).user)
    assert client.post(reverse("game-rematch", args=[finished.pk]))["Location"] == rematch.get_absolute_url()
    assert Game.objects.count() == 2


def test_only_players_ask_for_a_rematch_of_a_finished_game(client, finished, make_user, ann, bob):
    client.force_login(make_user("eve"))
    client.post(reverse("game-rematch", args=[finished.pk]))
    running = lobby.create_game(ann, ["bob"])
    client.force_login(ann)
    client.post(reverse("game-rematch", args=[running.pk]))
    assert Game.objects.count() == 2


def test_new_game_with_these_players_fills_in_the_form(client, finished, ann):
    client.force_login(ann)
    html = client.get(f"/games/new/?from={finished.pk}").content.decode()
    assert "bob\ncid</textarea>" in html
    assert 'name="river" id="id_river" checked' in html or (
        'name="river"' in html and "checked" in html.split('name="river"')[1][:80]
    )
    assert client.get("/games/new/?from=abc").status_code == 200


def test_a_finished_board_has_no_dashed_empty_cells(finished):
    engine = engine_state.engine_for(finished)
    assert engine.finished
    final = board_svg.render_board(engine)
    running = board_svg.render_board(engine_state.engine_for(finished, upto=10))
    assert _empty_cells(final) == 0 and _empty_cells(running) > 0


def _empty_cells(svg: str) -> int:
    tag = re.search(r'<g [^>]*class="empty-cells"[^>]*>', svg)
    if tag.group(0).endswith("/>"):
        return 0
    return svg[tag.end() : svg.index("</g>", tag.end())].count("<rect")


def test_the_lobby_shows_each_open_games_rules_and_time_per_move(client, ann, bob):
    lobby.create_game(
        ann, open_seats=1, name="Open river", rules={"expansions": ["river"], "farm_scoring": "classic"}, move_days=3
    )
    client.force_login(bob)
    html = client.get("/games/lobby/").content.decode()
    rules = html[html.index('data-testid="lobby-rules"') :].split("</span>")[0]
    assert "Classic farm scoring" in rules and "River" in rules and "3 days per move" in rules


def test_a_rematch_of_a_private_game_is_private_and_hidden_from_others(client, finished, bob, make_user):
    Game.objects.filter(pk=finished.pk).update(private=True)
    client.force_login(bob)
    rematch_url = client.post(reverse("game-rematch", args=[finished.pk]))["Location"]
    assert Game.objects.exclude(pk=finished.pk).get().private
    assert client.get(rematch_url).status_code == 200
    client.force_login(make_user("eve"))
    assert client.get(rematch_url).status_code == 404


def test_new_game_with_the_players_of_a_private_game_is_private_too(client, finished, ann):
    client.force_login(ann)

    def private_box() -> str:
        return re.search(
            r'<input[^>]*name="private"[^>]*>', client.get(f"/games/new/?from={finished.pk}").content.decode()
        ).group(0)

    assert "checked" not in private_box()
    Game.objects.filter(pk=finished.pk).update(private=True)
    assert "checked" in private_box()


def test_a_new_game_with_these_players_keeps_every_expansion_and_house_rule(client, ann, bob):
    rules = {"expansions": ["inns_cathedrals", "king_robber"], "hole_bonus": True, "hand": 2}
    game = store_game(make_template(5, 2, Rules.from_json(rules)), [ann, bob], name="Kings")
    client.force_login(ann)
    html = client.get(f"/games/new/?from={game.pk}").content.decode()
    for option in ("inns_cathedrals", "king_robber", "hole_bonus"):
        field = re.search(rf'<input[^>]*name="{option}"[^>]*>', html).group(0)
        assert "checked" in field, option
    assert re.search(r'<input[^>]*name="hand"[^>]*value="2"', html)
