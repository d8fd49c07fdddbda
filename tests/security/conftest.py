"""The tournament fixtures (a director, players) for the security tests of tournaments."""

from tests.tournaments.conftest import director, players  # noqa: F401 - fixtures: pytest finds them in this conftest
