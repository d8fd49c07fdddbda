from io import StringIO

import pytest
from django.core.management import call_command

from archive.generate import store_game

from .conftest import day, template

pytestmark = pytest.mark.django_db


def test_bench_archive_times_every_page_and_can_make_each_request_the_first_after_a_change(players):
    ann, bob, cid = players["ann"], players["bob"], players["cid"]
    for i, pair in enumerate([(ann, bob), (bob, cid), (cid, ann)]):
        store_game(template(50 + i, 2), list(pair), day(i), f"game {i}")
    out = StringIO()
    call_command("bench_archive", "--runs", "2", "--changed", "result", stdout=out)
    text = out.getvalue()
    assert "before each request: result changed" in text
    for page in ("list (no filter) page k", "list ?player=X", "player page", "replay ?move=k", "API board.svg"):
        line = next(line for line in text.splitlines() if line.startswith(page))
        assert "p95" in line and "SQL median" in line and "CPU median" in line
