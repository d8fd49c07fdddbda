"""Browser tests: Playwright (sync API) driving Debian's /usr/bin/chromium
against pytest-django's live_server. Never `playwright install`.

Chromium missing: the tests are skipped, or fail when REQUIRE_SERVICES=1.
"""

import os
from pathlib import Path

import pytest

from tests.conftest import skip_or_fail

# Playwright's sync API runs an event loop in this thread; Django would
# otherwise refuse ORM calls from the test ("SynchronousOnlyOperation").
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def chromium_browser():
    if not Path(CHROMIUM).exists():
        skip_or_fail(f"{CHROMIUM} is missing (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover
        skip_or_fail("the playwright package is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def browser_page(chromium_browser, live_server, transactional_db):
    """A fresh Playwright page; `browser_page.base_url` is the live server URL.

    Relative URLs work: browser_page.goto("/accounts/signup/").
    """
    context = chromium_browser.new_context(base_url=live_server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.base_url = live_server.url
    yield page
    context.close()


@pytest.fixture
def touch_page(chromium_browser, live_server, transactional_db):
    """A phone with a touch screen (pointer: coarse)."""
    from .helpers import PHONE

    context = chromium_browser.new_context(base_url=live_server.url, viewport=PHONE, has_touch=True, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()
