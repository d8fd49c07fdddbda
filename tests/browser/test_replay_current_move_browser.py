"""The line of the move shown is marked in the list of moves (aria-current and a style of its
own) and the mark follows the board, move by move and by jumps: in the archive's replay as
the player steps with ‹ › or the arrow keys, jumps with « », Home, End, a number or a line,
and goes back in the browser's history; on the game page as a line shows its board and the
current board comes back."""

import pytest
from playwright.sync_api import expect

from archive.generate import make_template

from .helpers import DESKTOP, archived_game, login, play_first_placements, started_game

STYLE = (
    "li => { const s = getComputedStyle(li); return {background: s.backgroundColor, weight: s.fontWeight, "
    "shadow: s.boxShadow}; }"
)


def _marked_alone(page, moves, number):
    """The list marks move ``number``, that line alone, and the mark shows."""
    current = moves.locator('li[aria-current="step"]')
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("value", str(number))
    expect(page.locator("#move-text")).to_contain_text(f"Move {number}:" if number else "no move yet")
    other = moves.locator('li[data-step]:not([aria-current="step"])').first
    assert current.evaluate(STYLE) != other.evaluate(STYLE)
    assert current.evaluate(STYLE)["background"] not in ("rgba(0, 0, 0, 0)", "transparent")


@pytest.mark.django_db(transaction=True)
def test_the_replay_marks_the_line_of_the_move_shown_as_the_player_steps_and_jumps(browser_page):
    page = browser_page
    page.set_viewport_size(DESKTOP)
    game = archived_game(make_template(5, 2), name="Stepped replay")
    total = game.move_count
    page.goto(f"/archive/games/{game.pk}/?move=5")
    moves = page.locator("[data-move-list]")
    _marked_alone(page, moves, 5)  # as the page came
    page.evaluate("window.notReloaded = true")
    nav = page.get_by_role("navigation", name="Moves")

    nav.get_by_role("link", name="Next move").click()
    _marked_alone(page, moves, 6)
    nav.get_by_role("link", name="Previous move").click()
    nav.get_by_role("link", name="Previous move").click()
    _marked_alone(page, moves, 4)
    page.locator("#replay-board").click()  # the keys step wherever the focus is but a field
    page.keyboard.press("ArrowRight")
    _marked_alone(page, moves, 5)
    page.keyboard.press("ArrowLeft")
    _marked_alone(page, moves, 4)

    nav.get_by_role("link", name="First move").click()
    _marked_alone(page, moves, 0)
    page.keyboard.press("End")
    _marked_alone(page, moves, total)
    page.keyboard.press("Home")
    _marked_alone(page, moves, 0)
    page.locator("#move-number").fill("9")
    nav.get_by_role("button", name="Go").click()
    _marked_alone(page, moves, 9)
    moves.locator('a[data-goto="12"]').click()
    _marked_alone(page, moves, 12)
    page.go_back()
    _marked_alone(page, moves, 9)
    assert page.evaluate("window.notReloaded") is True


@pytest.mark.django_db(transaction=True)
def test_the_game_page_marks_the_line_whose_board_is_shown_and_none_with_the_current_board(browser_page):
    page = browser_page
    page.set_viewport_size(DESKTOP)
    *users, game = started_game("Marked moves")
    game = play_first_placements(game, users, 6)
    login(page, ("ann", "bob")[game.move_count % 2])
    page.goto(f"/games/{game.pk}/")
    lines = page.get_by_test_id("move-list")
    shown = lines.locator("li.is-shown")
    expect(shown).to_have_count(0)

    for number in (2, 4):
        lines.locator(f'[data-show-move="{number}"]').click()
        expect(page.get_by_test_id("board-past")).to_contain_text(f"Board after move {number}")
        expect(shown).to_have_count(1)
        expect(shown).to_have_attribute("value", str(number))
        expect(lines.locator("[aria-current]")).to_have_count(1)
        expect(lines.locator(f'[data-show-move="{number}"]')).to_have_attribute("aria-current", "true")
        other = lines.locator("li[value]:not(.is-shown)").first
        assert shown.evaluate(STYLE) != other.evaluate(STYLE)

    page.get_by_role("button", name="Back to the current board").click()
    expect(shown).to_have_count(0)
    expect(lines.locator("[aria-current]")).to_have_count(0)
