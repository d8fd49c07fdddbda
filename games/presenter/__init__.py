"""What a viewer sees of a game, built once and read by every page, API answer and e-mail.

- ``hidden``: the one place hidden information is removed (hands, the bag's order).
- ``view``: :class:`~games.presenter.view.GameView`, a game as one viewer may see it.
- ``payloads``: the API's JSON of a view (state, legal moves).
- ``page``: the game page's context of a view.
- ``rules``: a rule set in words (tags and the one-line description).
- ``outcome`` and ``records``: the stored outcome and the NOTATION.md record.

Nothing is imported here, so that ``games.commands`` can import ``outcome`` alone.
"""
