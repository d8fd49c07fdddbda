"""One presenter: a GameView holds all a viewer may see of a game, and hidden information
(another player's hand, the bag's order) is removed when it is built, in one place. The
page, the API and the e-mail read the same view, so they say the same."""

import html as htmllib
import re
from pathlib import Path

import pytest
from django.urls import reverse

from games import engine_state, lobby
from games.models import Seat
from games.present import payloads, rule_words
from games.present.view import GameView
from notifications.emails import build_message
from notifications.models import Notification
from tests.games.helpers import drive_until, engines_built, seeded_game

HAND = {"expansions": [], "hand": 3}

pytestmark = pytest.mark.django_db


@pytest.fixture
def handed(ann, bob, api):
    """Hands of three, a few turns in; ann is on turn: (game, engine)."""
    game = seeded_game(ann, [ann, bob], HAND, 17)
    clients = {"ann": api(ann), "bob": api(bob)}
    engine = drive_until(clients, game, lambda e: len(e.history) >= 6 and e.pending.player == 0, seed=17)
    game.refresh_from_db()
    return game, engine


def bag_after(engine, *shown_hands):
    """What a viewer may count in the bag: all but the drawn tile and the hands shown."""
    counts = dict(engine.remaining)
    for tile in [t for hand in shown_hands for t in hand] + ([engine.tile] if engine.tile else []):
        counts[tile] -= 1
    return {tile: n for tile, n in counts.items() if n}


def test_an_outsider_sees_every_hand_size_but_no_hand_and_the_bag_counts_the_hidden_hands(handed, dan):
    game, engine = handed
    view = GameView.load(game, dan)
    assert view.viewer is None and view.me is None
    assert [p.hand for p in view.players] == [None, None]
    assert [p.hand_size for p in view.players] == [3, 3]
    assert view.bag == bag_after(engine)
    assert "hand" not in view.legal and view.legal["placements"] == []


def test_another_player_sees_only_their_own_hand(handed, bob):
    game, engine = handed
    view = GameView.load(game, bob)
    assert view.viewer == 1
    assert view.players[0].hand is None and view.players[1].hand == engine.hand(1)
    assert view.bag == bag_after(engine, engine.hand(1))
    assert "hand" not in view.legal and not view.my_turn


def test_the_owner_of_a_hand_sees_it_with_the_legal_placements_of_each_tile(handed, ann):
    game, engine = handed
    view = GameView.load(game, ann)
    assert view.my_turn and view.my_hand == engine.hand(0) and view.players[1].hand is None
    assert view.bag == bag_after(engine, engine.hand(0))
    assert [h["tile"] for h in view.legal["hand"]] == list(engine.hand(0))
    assert all(h["placements"] == view.placements(h["tile"]) for h in view.legal["hand"])


def test_public_hands_are_in_everyones_view(ann, bob, dan):
    game = seeded_game(ann, [ann, bob], {**HAND, "hand_visible": True}, 17)
    engine = engine_state.engine_for(game)
    view = GameView.load(game, dan)
    assert [p.hand for p in view.players] == [engine.hand(0), engine.hand(1)]
    assert view.bag == bag_after(engine, engine.hand(0), engine.hand(1))


def test_a_player_who_is_only_invited_sees_no_hand(ann, bob):
    game = lobby.create_game(ann, ["bob"])
    view = GameView.load(game, bob)
    assert view.waiting and view.me is not None and view.me.state == Seat.State.INVITED and view.viewer is None


def test_the_page_the_api_and_the_email_show_the_same_scores_hand_and_bag(handed, ann, client, api):
    game, engine = handed
    view = GameView.load(game, ann)
    state = api(ann).get(f"/api/games/{game.pk}/").json()
    assert state == payloads.game_state(view)
    assert [p["score"] for p in state["players"]] == [p.score for p in view.players] == list(engine.scores)
    assert state["players"][0]["hand"] == list(view.my_hand) and "hand" not in state["players"][1]
    client.force_login(ann)
    page = client.get(reverse("game-detail", args=[game.pk])).content.decode()
    scores = re.findall(r'data-testid="score"><span class="score-value">(\d+)<', page)
    assert [int(s) for s in scores] == [p.score for p in view.players]
    bag = dict(re.findall(r'class="bag-tile" data-tile="([^"]+)".*?data-count>(\d+)<', page))
    assert {t: int(n) for t, n in bag.items()} == view.bag
    hand = re.search(r'data-testid="my-hand".*?</ul>', page, re.S).group(0)
    assert re.findall(r'class="hand-tile" href="[^"]*" data-tile="([^"]+)"', htmllib.unescape(hand)) == list(
        view.my_hand
    )
    mail = Notification.objects.filter(user=ann, game=game, kind=Notification.Kind.TURN).order_by("-pk").first()
    from games.present.tile_names import tile_name

    assert f"Your tiles: {', '.join(map(tile_name, view.my_hand))}" in build_message(mail).body


def test_the_answer_to_a_move_is_built_from_the_engine_the_move_played_on(started, ann, api):
    engine = engine_state.engine_for(started)
    placement = engine.legal_placements()[0]
    body = {"move_number": 1, "x": placement.x, "y": placement.y, "rotation": placement.rotation, "meeple": None}
    with engines_built() as replays:
        response = api(ann).post(f"/api/games/{started.pk}/moves/", body, format="json")
    assert response.status_code == 201, response.json()
    assert replays.count == 1  # the command's own replay; the 201 replays nothing more
    assert response.json()["move_number"] == 2 and response.json()["current_player"] == "bob"


def test_the_rule_set_is_described_in_the_same_words_everywhere(ann, bob, client):
    rules_json = {"expansions": ["river", "count"], "farm_scoring": "classic", "small_city": True, "hole_bonus": True}
    game = lobby.create_game(ann, ["bob"], rules=rules_json, move_days=3)
    assert rule_words.rules_line(game.rules) == [
        "Classic farm scoring",
        "The River",
        "The Count of Carcassonne",
        "Small-city rule",
    ]
    assert [t["key"] for t in rule_words.rule_tags(game.rules)] == [
        "river",
        "count",
        "classic",
        "small_city",
        "hole_bonus",
    ]
    line = " · ".join(rule_words.rules_text(game))
    assert line.endswith("3 days per move · lose on time · vacations allowed")
    client.force_login(bob)
    page = htmllib.unescape(client.get(reverse("game-detail", args=[game.pk])).content.decode())
    assert line in page and GameView.load(game, bob).rules_text == rule_words.rules_text(game)


def test_the_invitation_to_a_game_with_every_expansion_and_hands_lists_its_seats(ann, bob):
    rules_json = {"expansions": ["river", "inns_cathedrals", "traders_builders", "king_robber", "count"], "hand": 2}
    game = lobby.create_game(ann, ["bob", "eve@example.org"], rules=rules_json)
    view = GameView.load(game, bob)
    assert view.waiting and [p.score for p in view.players] == [0, 0, 0] and view.legal["placements"] == []
    mail = Notification.objects.get(user=bob, game=game, kind=Notification.Kind.INVITATION)
    assert "Players: ann, bob, " in build_message(mail).body


ROOT = Path(__file__).resolve().parents[3]
PLAYERS_OF_THE_ENGINE = ("carcassonne/", "carcassonne/bots/")  # the rules and the bots, which see their own hand


def test_only_the_presenters_hidden_module_reads_the_hands_and_the_bag_of_a_game():
    apps = [d for d in ROOT.iterdir() if (d / "__init__.py").exists() or (d / "apps.py").exists()]
    readers = []
    for app in apps:
        for path in app.rglob("*.py"):
            name = path.relative_to(ROOT).as_posix()
            if "/migrations/" in name or name.startswith(("tests/", *PLAYERS_OF_THE_ENGINE)):
                continue
            if re.search(r"\.hand\(|\.remaining\b|\.hand_visible\b", path.read_text(encoding="utf-8")):
                readers.append(name)
    assert readers == ["games/present/hidden.py"]


def test_the_list_of_moves_tells_every_move_from_one_replay(started, ann, bob, api):
    from tests.games.helpers import play_moves

    play_moves({"ann": api(ann), "bob": api(bob)}, started.pk, 14)  # more than the last 10 a replay notes
    with engines_built() as replays:
        moves = api(ann).get(f"/api/games/{started.pk}/moves/").json()
    assert len(moves) >= 14 and all(m["text"] for m in moves)
    assert replays.count == 1
