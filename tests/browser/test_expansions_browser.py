"""A complete game with all five expansions and a hand of three, mostly through the API,
with its key moments in the browser: a large follower, a builder's double turn, a
deployment into the City (its quarter clicked on the board), a reinforcement by a player
who is not on turn and a decision passed on time; the final breakdown on the page is the
engine's."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from rest_framework.test import APIClient

from accounts.models import User
from carcassonne import Move
from games import engine_state, lobby, timeouts
from games.models import Game, TurnClock
from games.present.entries import categories_for
from games.present.tile_names import tile_phrase
from games.present.view import placements_of
from games.present.vocabulary import CATEGORY_LABELS
from tests.games.helpers import send_entry

from .expansions_script import NAMES, PHASES, RULES, moment, ordinary_entry
from .helpers import DESKTOP, PASSWORD, PHONE, login, page_width, widest

SEED = 47  # python -m tests.browser.expansions_script: the first seed whose game reaches every moment


def as_player(page, name, game, tile=None):
    page.context.clear_cookies()
    login(page, name)
    page.goto(f"/games/{game.pk}/" + (f"?tile={tile}" if tile else ""))


def place(page, engine, move: Move):
    """Choose the hand tile, the cell, the rotation, the spot and the figure; confirm."""
    rotations = sorted(p["rotation"] for p in placements_of(engine, move.tile) if (p["x"], p["y"]) == (move.x, move.y))
    expect(page.get_by_test_id("drawn-tile")).to_have_text(move.tile)
    page.locator(f'svg.board rect.slot[data-x="{move.x}"][data-y="{move.y}"]').click()
    selection = page.get_by_test_id("selection")
    for _ in range(4):
        shown = selection.get_attribute("data-rotation")
        if shown == str(move.rotation):
            break
        page.keyboard.press("r")
        expect(selection).not_to_have_attribute("data-rotation", shown)
    expect(selection).to_have_attribute("data-rotation", str(move.rotation))
    assert move.rotation in rotations
    if move.meeple:
        page.locator(f'#turn-tile circle.spot[data-spot="{move.meeple}"]').click()
        if move.figure != "follower":
            page.locator(f'#figure-choice button[data-figure="{move.figure}"]').click()
        expect(selection).to_have_attribute("data-figure", move.figure)
    page.screenshot(path=f"/tmp/game_page_{move.figure}.png", full_page=True)
    # wait for the move's answer: the page updates in place, and leaving it early would cancel the POST
    with page.expect_response(
        lambda r: r.url.split("?")[0].endswith("/moves/") and r.request.method == "POST"
    ) as answer:
        page.get_by_role("button", name="Confirm move").click()
    assert answer.value.status == 201, answer.value.text()


def deploy(page, game, player, entry):
    """Put a follower into a quarter of the City: the quarter clicked on the board, the
    figure and the Count's move chosen in the form."""
    as_player(page, player, game)
    expect(page.get_by_test_id("whose-turn")).to_have_text("Your decision")
    page.locator(f'svg.board rect.quarter-area[data-quarter="{entry.quarter}"]').click()
    expect(page.locator(f'#quarter-form input[name="quarter"][value="{entry.quarter}"]')).to_be_checked()
    if entry.figure != "follower":
        page.locator(f'#quarter-form input[name="figure"][value="{entry.figure}"]').check()
    page.locator("#count-to").select_option(entry.count or "")
    before = game.moves.count()
    page.get_by_test_id("quarter-submit").click()
    expect(page.get_by_test_id("move-list")).to_contain_text(f"{player} put a")
    page.goto("about:blank")
    assert game.moves.order_by("-number").first().entry == entry.to_json() and game.moves.count() > before


def play_moment(page, game, engine, name, entry):
    """Play the phase ``name``'s move in the browser, as the player it falls to, and see it told."""
    if name in ("large", "builder"):
        as_player(page, "ann", game, tile=entry.tile)
        expect(page.get_by_test_id("whose-turn")).to_have_text("Your turn")
        if engine.tile is None:  # the hands are dealt once the River is placed
            expect(page.get_by_test_id("my-hand").locator("a.hand-tile")).to_have_count(len(engine.turn_tiles))
        place(page, engine, entry)
        text = "put a large follower " if name == "large" else "put the builder on the "
        expect(page.get_by_test_id("move-list")).to_contain_text(f"ann placed {tile_phrase(entry.tile)}")
        expect(page.get_by_test_id("move-list")).to_contain_text(text)
    elif name == "double":
        as_player(page, "ann", game, tile=entry.tile)
        last = page.get_by_test_id("move-list").locator("li").first
        expect(last).to_contain_text("ann")  # ann played the tile before: this is her builder's extra turn
        expect(page.get_by_test_id("whose-turn")).to_have_text("Your turn")
        place(page, engine, entry)
        expect(page.get_by_test_id("whose-turn")).not_to_have_text("Your turn")
    elif name == "reinforce":
        asked = engine.players[engine.pending.player]
        mover = engine.players[engine.current_player]
        as_player(page, asked, game)
        expect(page.get_by_test_id("whose-turn")).to_have_text("Your decision")
        expect(page.get_by_test_id("decision-text")).to_contain_text(f"{mover} completed")
        page.screenshot(path="/tmp/game_page_decision.png", full_page=True)
        page.set_viewport_size(PHONE)  # the decision fits a phone too
        page.reload()
        expect(page.get_by_test_id("decision-pass")).to_be_visible()
        assert page_width(page) <= PHONE["width"] + 1, widest(page, PHONE["width"])
        page.screenshot(path="/tmp/game_page_decision_phone.png", full_page=True)
        page.set_viewport_size(DESKTOP)
        page.reload()
        target = entry.to_json()["reinforce"]
        page.locator(
            f'svg.board circle.decision-target[data-x="{target["x"]}"][data-y="{target["y"]}"]'
            f'[data-spot="{target["spot"]}"]'
        ).first.click()
        expect(page.get_by_test_id("move-list")).to_contain_text(f"{asked} moved a")
    elif name == "timeout":
        asked = engine.players[engine.pending.player]
        TurnClock.objects.filter(game=game).update(started_at=timezone.now() - timedelta(days=4))  # 3 days a move
        assert timeouts.check_timeouts() == 1
        as_player(page, asked, game)
        expect(page.get_by_test_id("move-list")).to_contain_text(f"{asked} passed")
        expect(page.get_by_test_id("timeout-event").first).to_contain_text("time ran out: passed automatically")


def check_final_table(page, game, outcome):
    """The final scoring table shows every category of the rules and each seat's total."""
    as_player(page, "ann", game)
    table = page.get_by_test_id("final-scoring")
    categories = categories_for(RULES["expansions"])
    header = [t.strip() for t in table.locator("thead th").all_inner_texts()]
    assert header[1 : 1 + len(categories)] == [str(CATEGORY_LABELS[c]) for c in categories]
    for seat, row in enumerate(table.locator("tbody tr").all()):
        cells = [
            int(t.split()[0]) for t in row.locator("td").all_inner_texts()
        ]  # the total: "51 of which 40 at the end"
        assert cells[: len(categories)] == [outcome.breakdown[seat].get(c, 0) for c in categories], seat
        assert cells[-1] == outcome.scores[seat]


@pytest.mark.django_db(transaction=True)
def test_a_complete_game_with_every_expansion_and_a_hand_of_three(browser_page):
    page = browser_page
    users = [User.objects.create_user(n, f"{n}@example.com", PASSWORD) for n in NAMES]
    game = lobby.create_started_game(users[0], users, rules=RULES, name="Grand game")
    Game.objects.filter(pk=game.pk).update(seed=SEED, move_days=3)
    clients = {}
    for user in users:
        clients[user.username] = APIClient()
        clients[user.username].force_authenticate(user)
    rng = random.Random(SEED)
    phase = 0
    deployed = False
    for _ in range(400):
        game.refresh_from_db()
        engine = engine_state.engine_for(game)
        if engine.finished:
            break
        name = PHASES[phase]
        entry = moment(engine, name) if name != "end" else None
        if entry is None:
            player = engine.players[engine.pending.player]
            entry = ordinary_entry(engine, name, rng)
            if not deployed and engine.pending.action == "quarter" and entry.quarter is not None:
                deployed = True  # the first deployment into the City goes through the page
                deploy(page, game, player, entry)
                continue
            response = send_entry(clients[player], game.pk, len(engine.history) + 1, entry)
            assert response.status_code == 201, response.json()
            continue
        phase += 1
        moves_before = game.move_count
        play_moment(page, game, engine, name, entry)
        page.goto("about:blank")  # the page stops polling while the API plays on (SQLite has one writer)
        game.refresh_from_db()
        assert game.move_count > moves_before, name
        stored = game.moves.get(number=moves_before + 1).entry
        assert stored == entry.to_json(), name
    assert PHASES[phase] == "end", f"the game ended at phase {PHASES[phase]}"
    assert deployed, "no deployment into the City was played in the browser"
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    outcome = engine_state.engine_for(game).outcome
    check_final_table(page, game, outcome)
    assert any(outcome.breakdown[s].get(c) for s in range(3) for c in ("goods", "king", "robber"))
