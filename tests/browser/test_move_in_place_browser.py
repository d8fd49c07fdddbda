"""A move is played in place: the page swaps the board and panels in from a small
fragment (no reload), confirms the move in a line, and says why a clicked cell is not
allowed. Prints the bytes of each update and the time from the click to the new board."""

from __future__ import annotations

import statistics
import time
from urllib.parse import urlparse

import pytest
from django.db import OperationalError
from playwright.sync_api import expect

from carcassonne import Game as EngineGame
from carcassonne import Rules
from games import engine_state, turns
from games.models import Game
from games.present.view import placements_of

from .helpers import BOTH_SIZES, login, started_game

BUDGET = 30_000  # bytes a move's page update may transfer (the move's answer, with the fragment)
MOVES = 10
START_NEIGHBOURS = ((0, -1), (1, 0), (-1, 0), (0, 1))


def seed_with_a_cell_that_fits_no_rotation(names):
    """A seed whose first tile fits in no rotation on a cell next to the start tile."""
    for seed in range(500):
        engine = EngineGame.new(list(names), Rules(), seed=seed)
        fits = {(p.x, p.y) for p in engine.legal_placements()}
        cells = [cell for cell in START_NEIGHBOURS if cell not in fits]
        if fits and cells:
            return seed, cells[0], engine.tile
    raise AssertionError("no seed found")


def click_cell(page, x, y):
    """Click the middle of board cell (x, y), wherever the board is scrolled and zoomed."""
    point = page.evaluate(
        """([x, y]) => {
            const svg = document.querySelector("svg.board"), cell = parseFloat(svg.dataset.cell) || 100;
            const pt = svg.createSVGPoint(); pt.x = (x + 0.5) * cell; pt.y = (y + 0.5) * cell;
            const p = pt.matrixTransform(svg.getScreenCTM()); return [p.x, p.y];
        }""",
        [x, y],
    )
    page.mouse.click(*point)


def opponent_plays(game, user):
    """``user`` plays the first legal placement (retried while the live server holds
    SQLite's in-memory test database)."""
    for _attempt in range(20):
        try:
            game.refresh_from_db()
            engine = engine_state.engine_for(game)
            first = placements_of(engine, engine.tile)[0]
            turns.play_move(game.pk, user, game.move_count + 1, first["x"], first["y"], first["rotation"], None)
            return
        except OperationalError:
            time.sleep(0.1)
    raise AssertionError("the database stayed locked")


def transferred(request) -> int:
    sizes = request.sizes()
    return sizes["responseBodySize"] + sizes["responseHeadersSize"]


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_moves_are_played_in_place_with_a_confirmation_and_a_refused_cell_says_why(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    ann, bob, game = started_game("In place")
    seed, refused_cell, tile = seed_with_a_cell_that_fits_no_rotation(["ann", "bob"])
    Game.objects.filter(pk=game.pk).update(seed=seed)
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.evaluate("""() => {
        window.__sameDocument = true;
        window.__clickToBoard = [];
        document.addEventListener("click", e => { if (e.target.closest("#confirm-btn")) window.__clicked = performance.now(); }, true);
        document.addEventListener("carc:game-swapped", () => {
            if (window.__clicked) { window.__clickToBoard.push(performance.now() - window.__clicked); window.__clicked = null; }
        });
    }""")
    toast = page.get_by_test_id("game-toast")
    page.get_by_role("button", name="Zoom in").click()
    zoom = page.locator("#board-scroll").get_attribute("data-zoom")

    # refused clicks say why, in the status line
    page.locator('svg.board g.tile[data-x="0"][data-y="0"]').click()
    expect(toast).to_have_text("There is already a tile on this cell.")
    page.locator("#board-scroll").scroll_into_view_if_needed()
    click_cell(page, *refused_cell)
    expect(toast).to_contain_text(f"Tile {tile} fits here in no rotation: turned 0°, its")
    expect(page.locator("#turn-controls")).to_be_hidden()  # nothing was chosen
    page.screenshot(path=f"/tmp/move_refused_{size['width']}.png")

    requests = []
    page.on("requestfinished", lambda request: requests.append(request))
    updates, polled = [], []
    for turn in range(MOVES):
        expect(page.get_by_test_id("whose-turn")).to_have_text("Your turn", timeout=8000)
        polled += [transferred(r) for r in requests if urlparse(r.url).path == f"/games/{game.pk}/fragment/"]
        requests.clear()
        page.locator("svg.board rect.slot").first.click()
        page.get_by_role("button", name="Confirm move").click()
        number = 2 * turn + 1
        expect(toast).to_contain_text(f"Move {number} played: ann placed ")
        if turn == 0:
            page.screenshot(path=f"/tmp/move_played_{size['width']}.png")
        expect(page.get_by_test_id("whose-turn")).to_contain_text("bob's turn")
        expect(page.get_by_test_id("move-list").locator("li")).to_have_count(number)
        page.wait_for_function("n => window.__clickToBoard.length >= n", arg=turn + 1)
        paths = {(r.method, urlparse(r.url).path): r for r in requests}
        update = [paths[("POST", f"/games/{game.pk}/moves/")]]  # its answer is the fragment
        assert ("GET", f"/games/{game.pk}/fragment/") not in paths  # nothing more to fetch
        assert ("GET", f"/games/{game.pk}/") not in paths  # no whole page
        updates.append(sum(transferred(request) for request in update))
        opponent_plays(game, bob)
        requests.clear()
        page.evaluate('import("/static/js/live.js").then(live => live.poll())')  # no need to wait for the next poll

    assert page.evaluate("window.__sameDocument") is True  # no reload all along
    expect(page.locator("#board-scroll")).to_have_attribute("data-zoom", zoom)  # the view is kept
    times = page.evaluate("window.__clickToBoard")
    print(f"\n{size['width']}px: page update after a move: {updates} bytes (max {max(updates)}, budget {BUDGET})")
    print(f"the opponent's move, fetched by the live poll: {polled} bytes")
    print(
        f"click to updated board: median {statistics.median(times):.0f} ms over {len(times)} moves "
        f"(min {min(times):.0f}, max {max(times):.0f})"
    )
    assert max(updates) <= BUDGET
