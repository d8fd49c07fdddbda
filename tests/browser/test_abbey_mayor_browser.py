"""Abbey & Mayor in the browser against a bot: ann puts a wagon on a road or city from the
turn panel's figures, answers her wagon's decision when its feature scores (a move shown
on the board and in the panel), and places her abbey instead of the drawn tile into a
hole; each lands in the log as the API takes it. Her other turns go through the API, and
a bot plays bob's seat (its turns follow each of hers at once)."""

import random

import pytest
from playwright.sync_api import expect

from games import bot_seats
from games.models import Game, Move
from tests.games.helpers import api_clients, asked, post_answer, post_placement

from .helpers import login, started_game

pytestmark = pytest.mark.django_db(transaction=True)

RULES = {"expansions": ["abbey_mayor"]}
SEED = 5  # the bag's: with ann's choices below and the bot's seed, her wagon scores and a hole opens in time


@pytest.fixture
def _seeded_bot(settings, monkeypatch):
    """The bot taking bob's seat (the strong level) breaks its ties by a fixed seed: the same game every run."""
    from carcassonne.bots import ladder

    settings.BOT_TAKEOVER_LEVEL = "strong"
    monkeypatch.setattr(bot_seats, "bot_for", lambda level, scale=1.0: ladder.bot_for(level, seed=1, scale=scale))


def _open_as_ann(page, game, whose):
    page.context.clear_cookies()
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_test_id("whose-turn")).to_have_text(whose)


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


def _confirm(page, endpoint="/moves/"):
    with page.expect_response(lambda r: r.url.split("?")[0].endswith(endpoint) and r.request.method == "POST") as sent:
        page.get_by_role("button", name="Confirm move").click()
    assert sent.value.status == 201, sent.value.text()


def _last_entry(game, seat=0):
    return Move.objects.filter(game=game, seat=seat).order_by("-number").first().entry


def _entries(game):
    return list(Move.objects.filter(game=game).order_by("number").values_list("entry", flat=True))


def _ann_plays(clients, game, rng):
    """One of ann's turns through the API: an answer that is no pass, else the drawn tile,
    no figure, on a cell with most tiles around."""
    _name, client, state, legal = asked(clients, game)
    pending = legal["pending"]
    if pending["action"] != "turn":
        answer = next((o["answer"] for o in pending["options"] if not o["pass"]), pending["options"][0]["answer"])
        response = post_answer(client, game, state, answer)
    elif not legal["placements"]:
        response = post_answer(client, game, state, legal["before_turn"][0])  # the end: she keeps it
    else:  # where most tiles are around: the board grows compact, and holes open
        taken = {(t["x"], t["y"]) for t in state["board"]}

        def around(p):
            return sum((p["x"] + dx, p["y"] + dy) in taken for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))

        most = max(map(around, legal["placements"]))
        response = post_placement(
            client, game, state, rng.choice([p for p in legal["placements"] if around(p) == most])
        )
    assert response.status_code == 201, response.json()


def _until_ann(clients, game, rng, done, limit=120):
    for _ in range(limit):
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE, "the game ended before ann got there"
        _name, _client, _state, legal = asked(clients, game)
        assert legal["pending"]["player"] == "ann", "the bot answers every turn of bob's"
        if done(legal):
            return legal
        _ann_plays(clients, game, rng)
    raise AssertionError("ann never got there")


def test_ann_plays_a_wagon_its_move_and_her_abbey_on_the_page_against_a_bot(browser_page, _seeded_bot):
    page = browser_page
    ann, bob, game = started_game(rules=RULES)
    Game.objects.filter(pk=game.pk).update(seed=SEED)  # no move yet: the bag follows the seed
    game.refresh_from_db()
    bot_seats.take_over(game, game.seats.get(user=bob))
    game.save(update_fields=["has_bots"])
    clients = api_clients(ann)
    rng = random.Random(1)

    # 1. her wagon, from the turn panel's figures
    legal = _until_ann(clients, game, rng, lambda legal: legal["pending"]["action"] == "turn")
    placement, spot = next((p, f["spot"]) for p in legal["placements"] for f in p["figures"] if f["figure"] == "wagon")
    _open_as_ann(page, game, "Your turn")
    _choose(page, placement)
    page.locator(f'#turn-tile circle.spot[data-spot="{spot}"]').click()
    figures = page.get_by_test_id("figure-choice")
    expect(figures).to_be_visible()
    wagon = figures.locator('button[data-figure="wagon"]')
    expect(wagon).to_have_text("wagon")
    wagon.click()
    expect(page.get_by_test_id("selection")).to_have_attribute("data-figure", "wagon")
    _confirm(page)
    expect(page.get_by_test_id("move-list")).to_contain_text("put the wagon")
    page.goto("about:blank")  # no polling while the API plays on (SQLite has one writer)
    assert _last_entry(game)["meeple"] == {"spot": spot, "figure": "wagon"}

    # 2. her wagon's feature scores: she moves it on from the decision panel
    legal = _until_ann(clients, game, rng, lambda legal: legal["pending"]["action"] == "wagon")
    _open_as_ann(page, game, "Your decision")
    decision = page.get_by_test_id("decision")
    expect(decision.get_by_test_id("decision-text")).to_contain_text("Your wagon's feature has scored")
    option = decision.get_by_test_id("decision-option").first
    expect(option).to_contain_text("Move the wagon to the ")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/decision/")) as sent:
        option.click()
    assert sent.value.status == 201, sent.value.text()
    expect(page.get_by_test_id("move-list")).to_contain_text("ann moved their wagon to the ")
    page.goto("about:blank")
    moved = next(e for e in _entries(game)[::-1] if "wagon" in e and e["player"] == "ann")
    assert moved["wagon"] == legal["pending"]["options"][1]["answer"]["wagon"]

    # 3. her abbey instead of the drawn tile, into a hole
    legal = _until_ann(clients, game, rng, lambda legal: any(o["placements"] for o in legal.get("own_tiles", ())))
    hole = legal["own_tiles"][0]["placements"][0]
    _open_as_ann(page, game, "Your turn")
    expect(page.get_by_test_id("drawn-tile")).to_have_text(legal["tile"])
    page.get_by_test_id("own-tile").click()
    expect(page.get_by_test_id("drawn-tile")).to_have_text("AM-A")
    expect(page.get_by_test_id("drawn-tile-link")).to_be_visible()  # back to the drawn tile
    slot = page.locator(f'svg.board rect.slot[data-x="{hole["x"]}"][data-y="{hole["y"]}"]')
    expect(page.locator("svg.board rect.slot")).to_have_count(len(legal["own_tiles"][0]["placements"]))
    slot.click()
    page.locator('#turn-tile circle.spot[data-spot="cloister"]').click()
    expect(page.get_by_test_id("selection")).to_contain_text("AM-A")
    _confirm(page)
    expect(page.get_by_test_id("move-list")).to_contain_text("played their abbey")
    page.goto("about:blank")
    (entry,) = [e for e in _entries(game) if e.get("tile") == "AM-A" and "player" not in e]
    assert (entry["x"], entry["y"], entry["meeple"]) == (hole["x"], hole["y"], "cloister")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.current_seat == 0  # the bot has answered
