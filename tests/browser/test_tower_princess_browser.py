"""The Tower and The Princess & the Dragon in the turn panel: a person takes an action
instead of a figure (a tower piece, the fairy) from the panel's list, in words, and buys
back a prisoner before placing the tile; each lands in the log as the API takes it."""

import random

import pytest
from playwright.sync_api import expect

from games import bot_seats
from games.models import Game, Move
from tests.games.helpers import api_clients, play_offered, play_offered_until

from .helpers import login, started_game

pytestmark = pytest.mark.django_db(transaction=True)

RULES = {"expansions": ["tower", "princess_dragon"]}
SEED = 2  # the bag's: with the choices below, ann gets the actions, a dragon step and a ransom


def _seeded_game():
    ann, bob, game = started_game(rules=RULES)
    Game.objects.filter(pk=game.pk).update(seed=SEED)  # no move yet: the bag follows the seed
    game.refresh_from_db()
    return ann, bob, game


def _open_as(page, name, game):
    page.context.clear_cookies()
    login(page, name)
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_test_id("whose-turn")).to_have_text("Your turn")


def _choose(page, placement):
    """Click the placement's cell and rotate to its rotation."""
    page.locator(f'svg.board rect.slot[data-x="{placement["x"]}"][data-y="{placement["y"]}"]').click()
    selection = page.get_by_test_id("selection")
    for _ in range(4):
        shown = selection.get_attribute("data-rotation")
        if shown == str(placement["rotation"]):
            break
        page.keyboard.press("r")
        expect(selection).not_to_have_attribute("data-rotation", shown)
    expect(selection).to_have_attribute("data-rotation", str(placement["rotation"]))


def _last_entry(game):
    return Move.objects.filter(game=game).order_by("-number").first().entry


def test_a_tower_piece_the_fairy_and_a_ransom_from_the_turn_panel(browser_page):
    page = browser_page
    ann, bob, game = _seeded_game()
    clients = api_clients(ann, bob)
    rng = random.Random(3)
    played = set()
    for key in ("tower", "fairy"):

        def offers(legal, key=key):
            return legal["pending"]["player"] == "ann" and any(
                key in a for p in legal["placements"] for a in p.get("actions", [])
            )

        _name, _client, state, legal = play_offered_until(clients, game, rng, offers)
        placement = next(p for p in legal["placements"] if any(key in a for a in p.get("actions", [])))
        action = next(a for a in placement["actions"] if key in a)
        _open_as(page, "ann", game)
        _choose(page, placement)
        choices = page.get_by_test_id("action-choice")
        expect(choices).to_be_visible()
        index = placement["actions"].index(action)
        button = choices.locator("button").nth(index)
        label = button.inner_text()
        assert "{" not in label and label.strip(), label
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(page.get_by_test_id("selection")).to_contain_text(label)
        with page.expect_response(
            lambda r: r.url.split("?")[0].endswith("/moves/") and r.request.method == "POST"
        ) as answer:
            page.get_by_role("button", name="Confirm move").click()
        assert answer.value.status == 201, answer.value.text()
        expect(page.get_by_test_id("whose-turn")).not_to_have_text("Your turn")
        page.goto("about:blank")  # no polling while the API plays on (SQLite has one writer)
        entry = _last_entry(game)
        assert entry[key] == action[key] and entry["meeple"] is None and entry["x"] == placement["x"], entry
        played.add(key)

    def ransom(legal):
        return legal["pending"]["player"] == "ann" and bool(legal.get("before_turn"))

    _name, _client, state, legal = play_offered_until(clients, game, rng, ransom, limit=400)
    _open_as(page, "ann", game)
    offer = page.get_by_test_id("before-turn").locator("button").first
    expect(offer).to_contain_text("3 points")
    with page.expect_response(
        lambda r: r.url.split("?")[0].endswith("/decision/") and r.request.method == "POST"
    ) as answer:
        offer.click()
    assert answer.value.status == 201, answer.value.text()
    expect(page.get_by_test_id("move-list")).to_contain_text("ransom")
    expect(page.get_by_test_id("whose-turn")).to_have_text("Your turn")  # the tile move is still hers
    expect(page.get_by_test_id("before-turn")).to_have_count(0)  # one ransom a turn
    assert _last_entry(game)["ransom"] == legal["before_turn"][0]["ransom"]


@pytest.fixture
def _quick_bots(settings):
    settings.BOT_MCTS_SECONDS = 0.01


def test_a_game_with_both_to_the_end_against_a_bot_with_a_dragon_step_and_a_ransom_by_ann(browser_page, _quick_bots):
    """ann's first dragon step and her first ransom go through the page, the other turns
    through the API; once she has paid, a bot plays bob's seat (as when his time runs out)
    and the game goes on to its end, whose page shows the final scoring."""
    page = browser_page
    ann, bob, game = _seeded_game()
    clients = api_clients(ann, bob)
    rng = random.Random(3)

    def ann_steps_the_dragon(legal):
        return legal["pending"] == {**legal["pending"], "player": "ann", "action": "dragon"}

    play_offered_until(clients, game, rng, ann_steps_the_dragon)
    _open_on(page, game, "Your decision")
    page.get_by_test_id("dragon-form").locator("input[type=radio]").first.check()
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/decision/")) as answer:
        page.get_by_test_id("dragon-submit").click()
    assert answer.value.status == 201, answer.value.text()
    expect(page.get_by_test_id("move-list")).to_contain_text("ann moved the dragon")
    page.goto("about:blank")  # no polling while the API plays on (SQLite has one writer)
    assert "dragon" in _last_entry(game)

    def ann_may_pay(legal):
        return legal["pending"]["player"] == "ann" and bool(legal.get("before_turn"))

    play_offered_until(clients, game, rng, ann_may_pay, limit=400)
    _open_on(page, game, "Your turn")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/decision/")) as answer:
        page.get_by_test_id("before-turn").locator("button").first.click()
    assert answer.value.status == 201, answer.value.text()
    expect(page.get_by_test_id("move-list")).to_contain_text("ann paid bob a ransom")
    page.goto("about:blank")
    assert "ransom" in _last_entry(game)

    bot_seats.take_over(game, game.seats.get(user=bob))
    game.save(update_fields=["has_bots"])
    for _ in range(400):
        game.refresh_from_db()
        if game.status == Game.Status.FINISHED:
            break
        assert game.current_seat == 0, "the bot answers every turn of bob's"  # bots play on the commit
        play_offered({"ann": clients["ann"]}, game, rng)
    assert game.status == Game.Status.FINISHED
    after = Move.objects.filter(game=game, seat=1).order_by("number").values_list("entry", flat=True)
    assert sum("tile" in e for e in after) > 10  # the bot played bob's seat to the end
    _open_on(page, game, None)
    expect(page.get_by_test_id("final-scoring")).to_be_visible()


def _open_on(page, game, whose):
    page.context.clear_cookies()
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    if whose:
        expect(page.get_by_test_id("whose-turn")).to_have_text(whose)
