"""Shared test helpers.

REQUIRE_SERVICES=1 (set by .ci/run) turns "skip if PostgreSQL/Redis/Chromium is
missing" into a failure, so CI cannot pass by silently skipping.
"""

import os
from contextlib import contextmanager

import pytest

from tests import tiers


def services_required():
    """True when the real services (PostgreSQL, Redis, Chromium) must be used."""
    return os.environ.get("REQUIRE_SERVICES") == "1"


def skip_or_fail(reason):
    """Skip the test, or fail it when services are required (or when it is not marked
    ``services``: the fast tier must deselect it, not skip it)."""
    tiers.check_unmarked(reason)
    if services_required():
        pytest.fail(f"REQUIRE_SERVICES=1 but {reason}")
    pytest.skip(reason)


def needs_postgresql(what: str = "this test") -> None:
    """Skip (or fail, with REQUIRE_SERVICES=1) unless the tests run on PostgreSQL."""
    from django.db import connection

    if connection.vendor != "postgresql":
        skip_or_fail(f"{what} needs PostgreSQL, not {connection.vendor} (set DATABASE_URL)")


def covered(sql: str, model, index_name: str) -> set[str]:
    """The columns of ``model``'s table that ``sql`` names and its index ``index_name`` (fields
    and INCLUDE) does not hold: empty when PostgreSQL can answer from the index alone."""
    import re

    index = next(i for i in model._meta.indexes if i.name == index_name)
    held = {model._meta.get_field(name.lstrip("-")).column for name in [*index.fields, *index.include]}
    named = {f.column for f in model._meta.concrete_fields if re.search(rf"\b{f.column}\b", sql)}
    return named - held


@pytest.fixture
def require_services():
    """The services_required() flag, as a fixture."""
    return services_required()


@pytest.fixture
def outbox_dir(settings, tmp_path):
    """A temporary local outbox (var/outbox/ stand-in) with the /outbox/ page on."""
    settings.EMAIL_FILE_PATH = tmp_path / "outbox"
    settings.DEBUG = True
    settings.OUTBOX_ENABLED = True
    return settings.EMAIL_FILE_PATH


@pytest.fixture
def password():
    return "a-Long-enough-pa55word"


@pytest.fixture
def user(django_user_model, password):
    return django_user_model.objects.create_user(username="ann", email="ann@example.com", password=password)


@pytest.fixture(autouse=True)
def _analyses_in_the_task(settings):
    """An analysis asked for runs as its task does (eagerly, or in a real worker), not in the
    thread `make run` uses without a broker (tests/archive/test_analysis_queue.py covers it)."""
    settings.ANALYSIS_IN_THREAD = False


@pytest.fixture(autouse=True)
def _own_cache(settings):
    """A fresh in-memory cache per test (throttles, heartbeats), never the shared Redis."""
    import uuid

    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": uuid.uuid4().hex}
    }


@pytest.fixture(autouse=True)
def _site_language():
    """Each test starts in the site's language: a page seen in another language by an
    earlier test must not leave that language active in this thread."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Tests create many games, users and messages; tests/security/test_limits.py checks
    # each limit itself, lowered.
    for limit in (
        "GAMES_INVITATIONS_PER_DAY",
        "GAMES_CREATED_PER_DAY",
        "GAMES_WAITING_PER_USER",
        "TOURNAMENTS_CREATED_PER_DAY",
        "CHAT_MESSAGES_PER_MINUTE",
        "ACCOUNTS_SIGNUPS_PER_HOUR",
        "ACCOUNTS_PASSWORD_RESETS_PER_HOUR",
        "ACCOUNTS_PASSWORD_RESETS_PER_EMAIL_PER_HOUR",
    ):
        setattr(settings, limit, 10_000)


@pytest.fixture
def make_user(django_user_model, password):
    """Make a user with the test password and an address at example.com."""

    def make(username, email=None):
        return django_user_model.objects.create_user(
            username=username, email=email if email is not None else f"{username}@example.com", password=password
        )

    return make


@pytest.fixture
def ann(user):
    return user


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@contextmanager
def celery_eager(value: bool):
    """Run Celery tasks in-process (True) or send them to the broker (False) inside the block."""
    from carcassonne_site.celery import app

    old = app.conf.task_always_eager
    app.conf.task_always_eager = value
    try:
        yield
    finally:
        app.conf.task_always_eager = old


@pytest.fixture(autouse=True)
def _celery_in_process():
    """Tasks run in-process in tests, even with REDIS_URL set, so that no test feeds
    tasks to the machine's Redis; the real-worker tests (tests/notifications) opt out."""
    with celery_eager(True):
        yield


def pytest_sessionstart(session):
    """The tests read the compiled catalogues (locale/*.mo, not committed): compile the
    ones that are missing or older than their .po (``make test`` does it too)."""
    import django

    django.setup()
    from carcassonne_site import translations

    if translations.stale_compiled():
        translations.compile_all()


@pytest.hookimpl(tryfirst=True)  # before -m deselects by the markers
def pytest_collection_modifyitems(items):
    """The tiers' markers (browser, services, slow): tests/tiers.py."""
    tiers.mark(items)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    tiers.current = item
    try:
        return (yield)
    finally:
        tiers.current = None
