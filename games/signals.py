"""What happened to a game, announced to the apps above (notifications, archive,
tournaments, ratings), which listen; games imports none of them.

Every signal is sent inside the transaction of its event (by :mod:`games.commands`),
so that what a receiver writes (outbox rows, results, standings) commits or rolls back
with the move; what it sends (e-mails, tasks) goes out on commit.
``sender`` is always :class:`games.models.Game`.
"""

from django.dispatch import Signal

game_started = Signal()
"""``game``: every seat is taken and the game has begun (its first turn follows)."""

turn_started = Signal()
"""``game``, ``seat`` (position), ``action`` (the engine's pending action: ``"turn"``, or an
expansion's ``"reinforce"``, ``"quarter"``, ...), ``move_number`` (the number of the entry
awaited), ``since`` (the first entry played since the previous decision started),
``moves`` (those entries: the ``Move`` rows numbered ``since`` on), ``seats`` (the game's
seats in turn order, with their users) and ``deadline`` (when the decision's time runs
out; ``None`` without a time limit), so that receivers need not read them again."""

game_finished = Signal()
"""``game`` and ``outcome`` (the engine's :class:`carcassonne.Outcome`)."""

player_left = Signal()
"""``game``, ``seat``, ``move_number`` and ``reason``: ``"resigned"``, ``"lost"`` (lost on
time), ``"skipped"`` (turn skipped on time; the player stays) or ``"bot"`` (out of time
under the "a bot takes over" rule: a bot plays the seat from then on)."""

seat_invited = Signal()
"""``game`` and ``seat``: a registered player or an e-mail address is invited to a seat."""

page_parts = Signal()
"""A question rather than news: ``game``, ``user`` and ``seats`` (the game's seats when the
asker has them read, else ``None``); each receiver returns a dict of its
parts of the game page's live version (:mod:`games.live`), e.g. ``{"chat": "12.0.1"}``:
strings that change when what it shows on the page changes. Whatever changes a part also
calls :func:`games.live.changed` (or, for one user's parts of every game,
:func:`games.live.viewer_changed`), so that the pages' unchanged polls stop being 304s."""

move_marks = Signal()
"""A question rather than news: ``game`` (finished); each receiver returns, by move number,
``{"mark", "symbol", "label"}`` of the moves it marks (the archive: its analysis's marks), for
the game page's move list; and ``None`` when it has nothing to say of the game."""

invitations_sent = Signal()
"""A question rather than news: ``user`` and ``since``; each receiver returns how many
invitations ``user`` sent through its app since then (tournaments), counted in the same
daily quota as the seats of games (``GAMES_INVITATIONS_PER_DAY``)."""
