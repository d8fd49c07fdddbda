"""``manage.py bench_capacity``: the figures an operator sizes a node with, measured."""

import json
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command

from games.models import Game
from notifications.models import Notification

pytestmark = pytest.mark.django_db(transaction=True)  # the turn e-mails leave on commit


def _run(*args, moves: int = 3) -> dict:
    out = StringIO()
    call_command("bench_capacity", "--games", "1", "--moves", str(moves), *args, stdout=out)
    return json.loads(out.getvalue()) if "--json" in args else {"text": out.getvalue()}


def test_a_move_cycle_is_measured_with_its_turn_email_and_an_open_page_costs_a_304(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    figures = _run("--json")
    assert figures["cycles"] == 3
    requests = figures["requests_median_ms"]
    assert set(requests) == {
        "state",
        "legal moves",
        "move POST",
        "state (the other player)",
        "game page (now on turn)",
        "unchanged live poll",
    }
    assert all(ms > 0 for ms in requests.values())
    # players away from the site get each turn by e-mail: the worker's share is not nothing
    assert figures["worker_ms_per_move"] > 0 and figures["tasks_ms_per_move"]["send_notification"] > 0
    assert any("turn" in m.subject.lower() or "your" in m.subject.lower() for m in mail.outbox)
    assert figures["poll_status"] == 304
    assert figures["move_ms"] == pytest.approx(
        figures["web_ms_per_move"] + figures["worker_ms_per_move"] + (figures["database_ms_per_move"] or 0), abs=0.05
    )
    # from the unrounded figure: the printed move_ms is rounded to hundredths
    assert figures["games_per_core_at_one_move_an_hour"] == pytest.approx(3600 * 1000 / figures["move_ms"], rel=1e-3)
    assert not Game.objects.exists() and not Notification.objects.filter(game__isnull=False).exists()


def test_the_report_says_what_one_core_holds():
    text = _run(moves=1)["text"]
    assert "CPU per move cycle" in text and "one core holds:" in text
    assert "games at one move an hour each" in text and "open game pages" in text
