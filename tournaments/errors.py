"""What goes wrong in a tournament: :class:`TournamentError` and its kinds.

Views and the API answer with ``status`` (the HTTP status to use) and the message.
"""


class TournamentError(Exception):
    status = 400


class NotAllowed(TournamentError):
    status = 403


class Conflict(TournamentError):
    status = 409


class TooMany(TournamentError):
    status = 429
