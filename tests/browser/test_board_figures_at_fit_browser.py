"""At "Fit" a busy board is small, and the followers on it must still be seen: on a 60-tile
board scaled to fit a desktop (1366×768) or a phone (375×667), a standing follower is at
least 16 CSS px tall on screen (board.js grows the figures as the fitted board shrinks);
zoomed in, the figures are their own size again.

``SCREENSHOTS=dir`` also saves each size's page there (the board as players see it)."""

import os
import random

import pytest

from .helpers import login, players

MIN_FIGURE_PX = 16
SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 375, "height": 667}}

# The on-screen boxes of the standing followers (their outline, without the shadow), and the board's zoom.
FOLLOWERS = """() => ({
  zoom: parseFloat(document.getElementById("board-scroll").getAttribute("data-zoom")),
  boxes: [...document.querySelectorAll("svg.board g.follower:not(.role-farmer) use")].map(u => {
    const r = u.getBoundingClientRect();
    return {w: r.width, h: r.height};
  }),
  tile: document.querySelector("svg.board g.tile").getBoundingClientRect().width,
})"""


def busy_game(tiles=60, seed=5):
    """A base game of three players with ``tiles`` tiles on the board, a follower on about
    every other tile: random legal moves (a sprawling board, as real games make)."""
    from games import engine_state, lobby, turns
    from games.models import Game

    users = players(("ann", "bob", "cid"))
    game = lobby.create_started_game(users[0], users, rules=None)
    Game.objects.filter(pk=game.pk).update(seed=seed)
    rng = random.Random(seed)
    by_name = {user.username: user for user in users}
    while True:
        game.refresh_from_db()
        engine = engine_state.engine_for(game)
        if len(list(engine.placed_tiles())) >= tiles:
            return game, by_name
        placement = rng.choice(engine.legal_placements())
        spots = [spot for spot, figure in engine.legal_figures(placement) if figure == "follower"]
        meeple = rng.choice(spots) if spots and rng.random() < 0.5 else None
        user = by_name[engine.players[engine.current_player]]
        turns.play_move(game.pk, user, len(engine.history) + 1, placement.x, placement.y, placement.rotation, meeple)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", list(SIZES))
def test_followers_stay_legible_on_a_60_tile_board_at_fit(browser_page, size):
    page = browser_page
    game, _users = busy_game()
    page.set_viewport_size(SIZES[size])
    login(page, "ann")
    page.goto(f"/games/{game.pk}/")
    page.locator("svg.board g.follower").first.wait_for()
    page.locator('[data-zoom="fit"][aria-controls="board-scroll"]').click()
    fitted = page.evaluate(FOLLOWERS)
    if os.environ.get("SCREENSHOTS"):
        page.locator("#board-scroll").scroll_into_view_if_needed()
        page.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], f"board-fit-{size}.png"))
    assert len(fitted["boxes"]) >= 5, fitted
    smallest = min(box["h"] for box in fitted["boxes"])
    print(
        f"\n{size}: fit zoom {fitted['zoom']}, a tile {fitted['tile']:.1f} px, the smallest follower {smallest:.1f} px"
    )
    assert smallest >= MIN_FIGURE_PX, fitted

    # zoomed in far enough, a follower is its own size: no larger than a third of its tile
    for clicks in range(8):
        page.locator('[data-zoom="in"][aria-controls="board-scroll"]').click()
        if clicks == 2 and os.environ.get("SCREENSHOTS"):
            page.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], f"board-closer-{size}.png"))
    zoomed = page.evaluate(FOLLOWERS)
    if os.environ.get("SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["SCREENSHOTS"], f"board-zoomed-{size}.png"))
    assert max(box["h"] for box in zoomed["boxes"]) <= zoomed["tile"] / 3, zoomed
