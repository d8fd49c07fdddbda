"""The whole site as a newcomer sees it on a desktop (1366x900) and a phone (390x844)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from archive.generate import make_template, store_game
from games import engine_state, lobby, turns
from games.present.view import placements_of
from tournaments import creation, registration, rounds

from .helpers import BOTH_SIZES, PHONE, archived_game, login, page_width, players, started_game, widest


def _site(names=("ann", "bob", "cid", "dee")):
    users = players(names)
    ann, bob = users[0], users[1]
    finished = store_game(make_template(3, 2), [ann, bob], name="Finished game")
    active = lobby.create_game(ann, ["bob"], name="Running game")
    lobby.accept_invitation(active.pk, bob)
    waiting = lobby.create_game(bob, ["ann"], name="Invitation to ann")
    cup = creation.create_tournament(ann, name="Cup", format="knockout")
    league = creation.create_tournament(ann, name="League", format="round_robin")
    for u in users:
        registration.register(cup, u)
        registration.register(league, u)
    rounds.start(cup, ann)
    rounds.start(league, ann)
    return {"users": users, "finished": finished, "active": active, "waiting": waiting, "cup": cup, "league": league}


def _pages(site):
    f, a, cup, league = site["finished"], site["active"], site["cup"], site["league"]
    return [
        "/",
        "/games/",
        "/games/new/",
        "/games/lobby/",
        f"/games/{a.pk}/",
        f"/games/{f.pk}/",
        f"/games/{site['waiting'].pk}/",
        "/games/waiting/",
        "/archive/",
        f"/archive/games/{f.pk}/",
        f"/archive/games/{f.pk}/?move=5",
        "/archive/players/ann/",
        "/archive/import/",
        "/tournaments/",
        "/tournaments/new/",
        f"/tournaments/{cup.pk}/",
        f"/tournaments/{league.pk}/",
        f"/tournaments/{cup.pk}/rounds/1/",
        f"/tournaments/{league.pk}/players/ann/",
        "/notifications/settings/",
        "/accounts/password_change/",
        "/accounts/email/",
    ]


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_no_page_is_wider_than_the_screen(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    site = _site()
    for path in ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password_reset/"]:
        page.goto(path)
        assert page_width(page) <= size["width"], f"{path} is {page_width(page)} px wide"
    login(page, "ann")
    too_wide = {}
    for path in _pages(site):
        response = page.goto(path)
        assert response.ok, f"{path}: {response.status}"
        if page_width(page) > size["width"]:
            too_wide[path] = (page_width(page), widest(page, size["width"]))
    assert not too_wide, f"wider than {size['width']} px: {too_wide}"


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_the_replay_board_zooms_and_pans_and_keeps_its_zoom_between_moves(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    game = archived_game(make_template(5, 2))
    login(page, "ann")
    page.goto(f"/archive/games/{game.pk}/")
    board = page.locator("#replay-board")
    svg = board.locator("svg.board")
    before = svg.bounding_box()["width"]
    page.get_by_role("button", name="Zoom in").click()
    page.get_by_role("button", name="Zoom in").click()
    zoomed = svg.bounding_box()["width"]
    assert zoomed > before * 1.4
    # drag with the mouse: the view moves the other way
    box = board.bounding_box()
    left = board.evaluate("e => e.scrollLeft")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 - 120, box["y"] + box["height"] / 2, steps=5)
    page.mouse.up()
    assert board.evaluate("e => e.scrollLeft") > left
    # the previous move's board comes in at the same zoom
    zoom = board.get_attribute("data-zoom")
    page.get_by_role("link", name="Previous move").click()
    expect(page.locator("#move-label [data-move-number]")).to_have_text(str(game.move_count - 1))
    expect(board).to_have_attribute("data-zoom", zoom)
    width = float(board.locator("svg.board").get_attribute("width").rstrip("px"))
    assert board.locator("svg.board").bounding_box()["width"] == pytest.approx(width * float(zoom), abs=2)
    assert page_width(page) <= size["width"]


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_your_games_on_the_home_page_are_styled_rows_with_separate_names(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    started_game("Home game")
    login(page, "ann")
    page.goto("/")
    chips = page.locator(".game-row .chip")
    expect(chips).to_have_count(2)
    first, second = chips.nth(0).bounding_box(), chips.nth(1).bounding_box()
    assert second["x"] >= first["x"] + first["width"] + 2 or second["y"] >= first["y"] + first["height"]
    assert chips.nth(0).evaluate("e => getComputedStyle(e).borderLeftWidth") != "0px"  # the seat colour


@pytest.mark.django_db(transaction=True)
def test_the_login_pages_carry_the_sites_name_not_the_host(browser_page, settings):
    page = browser_page
    [ann] = players(["ann"])
    game = lobby.create_game(ann, ["newcomer@example.com"], name="Invitation game")
    token = game.seats.get(invited_email="newcomer@example.com").invite_token
    for path in ["/accounts/login/", f"/invite/{token}/", "/accounts/password_reset/"]:
        page.goto(path)
        brand = page.locator(".brand")
        expect(brand).to_have_text(settings.SITE_NAME)
        assert "localhost" not in page.title() and "127.0.0.1" not in page.title()
        assert settings.SITE_NAME in page.title()


@pytest.mark.django_db(transaction=True)
def test_email_links_follow_the_address_the_server_runs_on(browser_page, settings):
    import re

    from django.core import mail

    settings.SITE_URL = ""
    page = browser_page
    ann, bob = players()
    game = lobby.create_game(ann, ["bob"], name="Linked game")
    mail.outbox.clear()
    login(page, "bob")
    page.goto(f"/games/{game.pk}/")
    page.get_by_role("button", name="Accept").click()
    expect(page.get_by_test_id("whose-turn")).to_be_visible()
    started = [m for m in mail.outbox if "has started" in m.subject]
    assert started
    for message in mail.outbox:
        hosts = set(re.findall(r"https?://[^/\s\"<>]+", message.body))
        assert hosts == {page.base_url}, (message.subject, hosts)
    # the link in ann's turn e-mail opens the game for her
    turn = next(m for m in mail.outbox if m.to == ["ann@example.com"] and "Your turn" in m.subject)
    link = re.search(r"https?://\S+/notifications/go/\S+/", turn.body).group(0)
    page.context.clear_cookies()
    page.goto(link)
    page.get_by_test_id("confirm-login").click()  # a log-in link logs in only through its button
    expect(page.get_by_test_id("nav-username")).to_have_text("ann")
    expect(page.get_by_test_id("whose-turn")).to_have_text("Your turn")


@pytest.mark.django_db(transaction=True)
def test_emails_fit_a_phone_in_the_sites_colours(browser_page):
    from django.core import mail

    page = browser_page
    page.set_viewport_size(PHONE)
    ann, bob, game = started_game("A game with a rather long name to wrap on a phone screen")
    mail.outbox.clear()
    engine = engine_state.engine_for(game)
    first = placements_of(engine, engine.tile)[0]
    turns.play_move(game.pk, ann, 1, first["x"], first["y"], first["rotation"], None)
    [turn] = [m for m in mail.outbox if "Your turn" in m.subject]
    html = turn.alternatives[0][0]
    # the pictures are attachments (cid:); give them their real size to measure the layout
    html = html.replace(
        'src="cid:board"',
        'src="data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27 width=%27900%27 height=%27700%27/%3E"',
    )
    page.set_content(html)
    assert page_width(page) <= PHONE["width"], widest(page, PHONE["width"])
    button = page.get_by_role("link", name="Play your turn")
    assert button.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(63, 110, 42)"  # the site's green
    assert page.locator('img[src="cid:tile"]').count() == 1  # the drawn tile as a picture
