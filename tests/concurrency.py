"""Races in tests: requests sent at the same moment from threads, each with its own
database connection (with PostgreSQL, ``tests.conftest.needs_postgresql``: SQLite
serialises writers, so there is no race)."""

from __future__ import annotations

import threading
from collections.abc import Callable

from django.db import connections


def at_once(*calls: Callable[[], object], timeout: float = 30) -> None:
    """Run each call in its own thread, all released together, and wait for them; each
    thread closes its database connections (a connection per thread)."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        try:
            barrier.wait(timeout=10)
            call()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
