"""What goes wrong in a tournament: the kinds of :mod:`games.errors` (``status`` is the HTTP
status; the site's API handler, ``carcassonne_site.rest.exception_handler``, answers them all), under
:class:`TournamentError` so that the tournament's views catch their own."""

from games import errors as kinds


class TournamentError(kinds.GameError):
    """A request the tournament cannot take; ``str()`` is the message for the person."""


class NotAllowed(TournamentError, kinds.NotAllowed):
    pass


class Conflict(TournamentError, kinds.Conflict):
    pass


class TooMany(TournamentError, kinds.TooMany):
    pass
