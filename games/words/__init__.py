"""The site's words: what the pages, the API, the archive and the e-mails say about a game,
in the reader's language. The engine speaks English; everything it names is put into words here.

- ``vocabulary``: the engine's names (colours, features, figures, goods, quarters, score
  categories, rule options) and its reasons for refusing a move, with each expansion's words
  gathered from ``games.expansions``;
- ``followers``: directions and followers by the spot they stand on, the base game's words
  that the expansions' modules build on (they cannot import ``vocabulary``, which imports them);
- ``tiles``: a tile type's short name ('city cap with a road');
- ``moves``: a tile move in one sentence ('Ann placed a curved road and put a thief on the road');
- ``entries``: any stored record entry in words and as the API's JSON;
- ``decisions``: the decisions a game waits for besides tile turns, in words and JSON;
- ``pictures``: the board pictures' gettext, which the games app hands to ``games.board_svg``
  at start-up (that package stays free of Django).

This module imports nothing, so that ``games.board_svg`` and ``games.expansions`` may import
a module of the package without loading the others.
"""
