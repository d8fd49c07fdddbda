"""What a person sees of a game, in the reader's language: built once per request and read
by every page, API answer and e-mail. The engine speaks English; everything it names is put
into words here.

A game as one viewer may see it:

- ``hidden``: the one place hidden information is removed (hands, the bag's order);
- ``view``: :class:`~games.present.view.GameView`, a game as one viewer may see it;
- ``payloads``: the API's JSON of a view (state, legal moves);
- ``page``: the game page's context of a view; ``notices``: what the page says of the last
  move and of refused cells;
- ``rule_words``: a rule set in words (tags and the one-line description).

The words:

- ``vocabulary``: the engine's names (colours, features, figures, goods, quarters, score
  categories, rule options) and its reasons for refusing a move, with each expansion's words
  gathered from ``expansions``;
- ``followers``: directions and followers by the spot they stand on, the base game's words
  that the expansions' modules build on;
- ``tile_names``: a tile type's short name ('city cap with a road');
- ``move_sentences``: a tile move in one sentence ('Ann placed a curved road and put a thief
  on the road');
- ``entries``: any stored record entry in words and as the API's JSON;
- ``decision_words``: the decisions a game waits for besides tile turns, in words and JSON;
- ``pictures``: the board pictures' gettext, which the games app hands to ``games.board_svg``
  at start-up (that package stays free of Django).

And ``expansions``: the site's side of each expansion and house rule, one module each.

The modules import downwards only: ``expansions`` and ``followers`` need nothing above them,
the words build on them, the view on the words, the page and the API's payloads on the view.
This module imports nothing, so that ``games.board_svg`` may import ``pictures`` alone.
"""
