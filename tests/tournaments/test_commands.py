import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_bench_command_smoke():
    out = io.StringIO()
    call_command("tournament_bench", players=30, rounds=2, stdout=out)
    text = out.getvalue()
    assert "slowest pairing" in text and "standings page median" in text


def test_deadlines_command():
    out = io.StringIO()
    call_command("tournament_deadlines", stdout=out)
    assert "0 game(s) adjudicated" in out.getvalue()
