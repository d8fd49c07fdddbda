"""Why a command could not change a game: views and API endpoints turn these into a
response (``error.status`` is the HTTP status to use)."""

from __future__ import annotations


class GameError(Exception):
    """A request the game cannot take; ``str()`` is the message for the person (in their
    language); ``field``: the form field it is about, if any (``invite``)."""

    status = 400

    def __init__(self, message: str = "", field: str | None = None):
        super().__init__(message)
        self.field = field


class NotAllowed(GameError):
    status = 403


class NotFound(GameError):
    status = 404


class Conflict(GameError):
    status = 409


class TooMany(GameError):
    status = 429


class Busy(GameError):
    """The site cannot take this now (a queue is full): try again later."""

    status = 503
