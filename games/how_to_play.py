"""The "How to play" page's parts: the small example boards, drawn by the board renderer
from real engine games (so the pictures are always the rules the site plays), and a section
per expansion offered, in the registry's order."""

from __future__ import annotations

from functools import lru_cache

from django.template import TemplateDoesNotExist
from django.template.loader import select_template
from django.utils.translation import get_language

from carcassonne import Game, Move, Rules
from games import board_svg
from games.present import expansions

EXAMPLES: dict[str, tuple[dict, list[tuple]]] = {
    # A city tile continues the start tile's city, with a knight in it (not complete yet).
    "city": ({}, [("N", 0, -1, 270, "city:S")]),
    # Tile E closes the start tile's city: a two-tile city, complete (4 points).
    "city_done": ({}, [("E", 0, -1, 180, "city:S")]),
    # A straight road continues the start tile's road, with a thief on it.
    "road": ({}, [("U", 1, 0, 0, "road:E")]),
    # A cloister below the start tile, with its monk.
    "cloister": ({}, [("B", 0, 1, 0, "cloister")]),
    # A farmer in the field below the start tile's road.
    "field": ({}, [("U", -1, 0, 0, "field:ESE")]),
    **expansions.merged("examples"),
}
"""Each example: its rules and the turns played, as (tile, x, y, rotation, follower spot);
the base game's here, each expansion's in its module of ``games.present.expansions``."""


def example_game(name: str) -> Game:
    """The engine game of example ``name``, after its turns."""
    rules, turns = EXAMPLES[name]
    game = Game.new(["ann", "bob"], Rules.from_json(rules), seed=1)
    if turns:
        game = game.copy(bag=[tile for tile, *_rest in turns] + ["A"])
    for tile, x, y, rotation, spot in turns:
        game.play(Move(tile, x, y, rotation, spot))
    return game


def example_svg(name: str) -> str:
    """The board of example ``name`` as a small SVG picture (no text in it but its
    labels, in the reader's language; cached per language)."""
    return _example_svg(name, get_language())


@lru_cache(maxsize=64)
def _example_svg(name: str, language: str) -> str:
    return board_svg.render_board(example_game(name), last_move=True, cell_size=56, empty_cells=False)


def examples() -> dict[str, str]:
    return {name: example_svg(name) for name in EXAMPLES}


def expansion_sections(language: str, offered: set[str]) -> list[dict]:
    """A section per expansion ``offered``: its text in a template of the reader's language
    (``games/how_to_play/<language>/<id>.html``, else the English one), or, for an expansion
    without one, its site module's name, paragraph and examples (``_expansion.html``)."""
    sections = []
    for e in expansions.REGISTRY:
        if not e.id or e.id not in offered:
            continue
        names = [f"games/how_to_play/{language}/{e.id}.html", f"games/how_to_play/en/{e.id}.html"]
        try:
            template = select_template(names).template.name
        except TemplateDoesNotExist:
            template = "games/how_to_play/_expansion.html"
        help_text = e.options.get(e.id, ("", ""))[1]
        sections.append(
            {
                "template": template,
                "name": e.name,
                "text": e.how_to_play or help_text,
                "examples": [example_svg(name) for name in e.examples],
            }
        )
    return sections
