"""Taking turns in a real browser: pick a highlighted cell, rotate, place a follower, confirm."""

import re

import pytest
from playwright.sync_api import expect

from accounts.models import User
from carcassonne import Game as EngineGame
from carcassonne import Move as EngineMove
from carcassonne import Rules
from games import engine_state, lobby, turns
from games.models import Game
from games.present.tile_names import tile_phrase
from games.present.view import placements_of

from .helpers import PASSWORD, login


def completing_seed(names, limit=3000):
    """A seed whose first drawn tile can complete the start tile's city with a knight,
    preferring a cell where more than one rotation fits. Returns (seed, placement, spot, points)."""
    fallback = None
    for seed in range(limit):
        game = EngineGame.new(names, Rules(), seed=seed)
        if not game.can_place():
            continue
        moves = game.legal_moves()
        rotations = {}
        for p, _spots in moves:
            rotations.setdefault((p.x, p.y), []).append(p.rotation)
        for p, spots in moves:
            for spot in spots:
                if not spot.startswith("city"):
                    continue
                trial = EngineGame.new(names, Rules(), seed=seed)
                turn = trial.play(EngineMove(trial.tile, p.x, p.y, p.rotation, spot))
                if turn.points[0] > 0:
                    found = (seed, p, spot, turn.points[0], sorted(rotations[(p.x, p.y)]))
                    if len(rotations[(p.x, p.y)]) > 1:
                        return found
                    fallback = fallback or found
    assert fallback, "no seed found"
    return fallback


def choose(page, x, y, rotation, spot, legal_rotations, confirm_with_enter=False):
    """Click the cell, rotate with R until ``rotation`` shows, click the spot, confirm."""
    slot = page.locator(f'svg.board rect.slot[data-x="{x}"][data-y="{y}"]')
    expect(slot).to_be_visible()
    slot.click()
    selection = page.get_by_test_id("selection")
    expect(selection).to_contain_text(f"at ({x},{y})")
    seen = []
    for _ in range(4):
        shown = int(selection.get_attribute("data-rotation"))
        assert shown in legal_rotations, f"rotation {shown} shown but only {legal_rotations} fit"
        seen.append(shown)
        if shown == rotation:
            break
        page.keyboard.press("r")
        expect(selection).not_to_have_attribute("data-rotation", str(shown))
    assert seen[-1] == rotation
    if len(legal_rotations) > 1:
        # the rotate button says how many rotations fit here
        expect(page.locator("#rotate-btn")).to_be_enabled()
    # the board shows the tile there
    expect(page.locator("svg.board g.preview")).to_have_count(1)
    if spot:
        spots = page.locator("#turn-tile circle.spot")
        assert spots.count() >= 1
        page.locator(f'#turn-tile circle.spot[data-spot="{spot}"]').click()
        expect(selection).to_have_attribute("data-spot", spot)
        expect(page.locator("svg.board circle.preview-follower")).to_have_count(1)
    if confirm_with_enter:
        page.locator("#board-scroll").focus()
        page.keyboard.press("Enter")
    else:
        page.get_by_role("button", name="Confirm move").click()


@pytest.mark.django_db(transaction=True)
def test_take_turns_in_the_browser(browser_page):
    page = browser_page
    ann = User.objects.create_user("ann", "ann@example.com", PASSWORD)
    bob = User.objects.create_user("bob", "bob@example.com", PASSWORD)
    game = lobby.create_game(ann, ["bob"], name="Browser game")
    lobby.accept_invitation(game.pk, bob)
    seed, placement, spot, points, rotations = completing_seed(["ann", "bob"])
    Game.objects.filter(pk=game.pk).update(seed=seed)
    game.refresh_from_db()
    engine = engine_state.engine_for(game)
    assert engine.tile and not engine.history

    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    expect(page.get_by_test_id("whose-turn")).to_have_text("Your turn")
    ann_row = page.get_by_test_id("player-ann")
    expect(ann_row.get_by_test_id("score")).to_have_text("0")
    expect(ann_row.get_by_test_id("supply")).to_contain_text("7")
    assert page.locator("svg.board rect.slot").count() >= 1

    # Escape cancels a selection
    page.locator("svg.board rect.slot").first.click()
    expect(page.locator("#turn-controls")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#turn-controls")).to_be_hidden()
    expect(page.locator("svg.board g.preview")).to_have_count(0)

    # move 1 completes the start tile's city with a knight: the score changes
    choose(page, placement.x, placement.y, placement.rotation, spot, rotations)
    move_list = page.get_by_test_id("move-list")
    expect(move_list).to_contain_text(f"ann placed {tile_phrase(engine.tile)}")
    expect(move_list).to_contain_text(f"+{points}")
    expect(ann_row.get_by_test_id("score")).to_have_text(str(points))
    expect(page.get_by_test_id("whose-turn")).to_contain_text("bob's turn")
    game.refresh_from_db()
    assert game.move_count >= 1 and game.scores[0] == points
    page.screenshot(path="/tmp/game_page_after_move.png", full_page=True)

    # bob plays (through services); ann's next move puts a farmer down: her supply drops
    engine = engine_state.engine_for(game)
    first = placements_of(engine, engine.tile)[0]
    turns.play_move(game.pk, bob, game.move_count + 1, first["x"], first["y"], first["rotation"], None)
    game.refresh_from_db()
    engine = engine_state.engine_for(game)
    options = placements_of(engine, engine.tile)
    choice = next(p for p in options if any(s.startswith("field") for s in p["meeples"]))
    farm = next(s for s in choice["meeples"] if s.startswith("field"))
    cell_rotations = sorted(p["rotation"] for p in options if (p["x"], p["y"]) == (choice["x"], choice["y"]))
    page.reload()
    expect(page.get_by_test_id("whose-turn")).to_have_text("Your turn")
    choose(page, choice["x"], choice["y"], choice["rotation"], farm, cell_rotations, confirm_with_enter=True)
    expect(page.get_by_test_id("whose-turn")).to_contain_text("bob's turn")
    expect(ann_row.get_by_test_id("supply")).to_contain_text("6")
    expect(page.get_by_test_id("move-list")).to_contain_text(f"ann placed {tile_phrase(engine.tile)}")
    page.screenshot(path="/tmp/game_page.png", full_page=True)


@pytest.mark.django_db(transaction=True)
def test_illegal_move_shows_error_and_phone_layout(browser_page):
    page = browser_page
    ann = User.objects.create_user("ann", "ann@example.com", PASSWORD)
    bob = User.objects.create_user("bob", "bob@example.com", PASSWORD)
    game = lobby.create_game(ann, ["bob"])
    lobby.accept_invitation(game.pk, bob)
    page.set_viewport_size({"width": 390, "height": 844})
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    # the page goes stale: the same move is played meanwhile (e.g. from another tab)
    page.locator("svg.board rect.slot").first.click()
    game.refresh_from_db()
    engine = engine_state.engine_for(game)
    first = placements_of(engine, engine.tile)[0]
    turns.play_move(game.pk, ann, 1, first["x"], first["y"], first["rotation"], None)
    page.get_by_role("button", name="Confirm move").click()
    alert = page.locator("#turn-alert[role=alert]")
    expect(alert).to_contain_text(re.compile("moved on|already|turn"))
    # zoom buttons scale the board
    svg = page.locator("svg.board")
    before = svg.bounding_box()["width"]
    page.get_by_role("button", name="Zoom in").click()
    assert svg.bounding_box()["width"] > before
    # the page does not scroll sideways on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path="/tmp/game_page_phone.png", full_page=True)


def test_resign_asks_for_a_confirmation_first(browser_page):
    page = browser_page
    ann = User.objects.create_user("ann", "ann@example.com", PASSWORD)
    bob = User.objects.create_user("bob", "bob@example.com", PASSWORD)
    game = lobby.create_started_game(ann, [ann, bob])
    login(page, "bob")
    page.goto(f"/games/{game.pk}/")
    questions = []

    def dismiss(dialog):
        questions.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", dismiss)
    page.get_by_test_id("resign").click()
    expect(page.get_by_test_id("resign")).to_be_visible()
    assert questions and "cannot be undone" in questions[0]
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # said no: nothing happened

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_test_id("resign").click()
    expect(page.get_by_test_id("final-scoring")).to_contain_text("ann wins!")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winner_seats == [0]
