"""axe-core (through axe-playwright-python) on the pages a newcomer sees first, on a
desktop and on a phone: no critical and no serious violation.

axe is injected with Playwright's ``page.evaluate`` (a DevTools evaluation, which the
site's strict Content-Security-Policy does not block), so the pages are checked under
their real CSP: no ``bypass_csp``.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from accounts.models import User
from archive.generate import make_template, store_game
from tournaments import creation, registration, rounds

from .helpers import BOTH_SIZES, PASSWORD, login, play_first_placements, started_game

BLOCKING = ("critical", "serious")


def _site():
    ann, bob, cid, dee = (
        User.objects.create_user(n, f"{n}@example.com", PASSWORD) for n in ("ann", "bob", "cid", "dee")
    )
    finished = store_game(make_template(5, 2), [ann, bob], name="Finished game")
    *_, game = started_game("Running game", names=("eve", "fay"))
    play_first_placements(game, list(User.objects.filter(username__in=("eve", "fay")).order_by("username")), 12)
    cup = creation.create_tournament(ann, name="Cup", format="knockout")
    for user in (ann, bob, cid, dee):
        registration.register(cup, user)
    rounds.start(cup, ann)
    return {
        "home": "/",
        "sign-up": "/accounts/signup/",
        "game": f"/games/{game.pk}/",
        "tournament": f"/tournaments/{cup.pk}/",
        "archive list": "/archive/",
        "archive game": f"/archive/games/{finished.pk}/",
    }


def _blocking(results) -> list[str]:
    return [
        f"{v['impact']} {v['id']}: " + ", ".join(" ".join(n["target"]) for n in v["nodes"][:4])
        for v in results.response["violations"]
        if v["impact"] in BLOCKING
    ]


@pytest.mark.django_db(transaction=True)
@BOTH_SIZES
def test_no_page_has_a_critical_or_serious_accessibility_violation(browser_page, size):
    page = browser_page
    page.set_viewport_size(size)
    pages = _site()
    axe = Axe()
    found = {}
    for signed_in in (False, True):
        if signed_in:
            login(page, "eve")  # on turn in the running game: the board has cells to choose
        for name, path in pages.items():
            if signed_in and name == "sign-up":
                continue
            page.goto(path)
            problems = _blocking(axe.run(page))
            label = f"{name}{' (signed in)' if signed_in else ''}"
            print(f"axe {size['width']}px {label}: {len(problems)} critical/serious", *problems, sep="\n  ")
            if problems:
                found[label] = problems
    assert not found, found
