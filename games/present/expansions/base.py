"""What the site knows of one expansion or house rule, besides the engine's rules: the
class each module of :mod:`games.present.expansions` fills in, and the registry they join.

A module says everything the site shows of its expansion: its words (figures, goods,
quarters, the reasons a move is refused), how its record entries and decisions read, its
public state (the score list, the API), its tags and name in a rule set's description,
and its "How to play" examples. The site's shared modules (``words.vocabulary``,
``words.entries``, ``words.decisions``, ``presenter``) ask :mod:`games.present.expansions` and name
no expansion; the board's drawings of an expansion are listed in
``games/board_svg/expansion_art.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.board_svg.expansion_art import ExpansionArt

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


@dataclass(frozen=True)
class RuleWords:
    """One expansion or house rule in words (a rule set's tags and its one-line description)."""

    kind: str  # "expansion" or "house"
    tag: StrOrPromise  # the short tag of lists
    title: StrOrPromise  # the tag's one-sentence explanation
    name: StrOrPromise | None = None  # in the one-line description; None: tag only


@dataclass(frozen=True)
class Mark:
    """One mark beside a player in the scores panel: how many tokens of a kind, or a badge."""

    css: str  # its classes ("goods-count goods-wine", "badge badge-award")
    testid: str
    title: str  # its tooltip
    text: str  # what it shows: a number or a word
    label: str = ""  # what a screen reader hears after the text
    icon: str = ""  # the class of its small picture


class SiteExpansion:
    """One expansion (or the house rules) as the site shows it. Every table defaults to
    empty and every hook to saying nothing, so a module fills in only what it has."""

    id = ""
    """The engine's expansion id (``Rules.expansions``); empty for the house rules."""
    name: Any = None
    """Its name as published in each language."""
    options: dict[str, tuple[Any, Any]] = {}
    """Label and help of the engine's rule options (``Rules.options()``) it owns, by option name."""
    choices: dict[tuple[str, Any], Any] = {}
    """The words of an option's choices, by (option name, value)."""
    words: dict[str, RuleWords] = {}
    """Its tags in a rule set's description, by key (its id; the house rules' keys)."""
    labels: dict[str, dict[Any, Any]] = {}
    """Its words for the site's tables of words (``games.present.vocabulary``), by table: ``figure``,
    ``figure_on``, ``figure_put`` (a move's clause: 'put the builder on the road'), ``category``,
    ``goods``, ``quarter``, ``terrain``, ``met``, ``side``."""
    illegal_moves: dict[str, Any] = {}
    """The engine's reasons for refusing a move of this expansion (``carcassonne.errors``), by code."""
    decisions: dict[str, tuple[Any, Any]] = {}
    """Its decisions by action: short name (lists, e-mail subjects) and phrase (``%(decider)s``)."""
    categories: tuple[str, ...] = ()
    """The categories it adds to a player's score breakdown, in the order shown."""
    entry_kinds: tuple[str, ...] = ()
    """The record entries (``entries.kind_of``) it describes in :meth:`describe_entry`."""
    art: ExpansionArt | None = None
    """Its drawings on the board (``games.board_svg.expansion_art``): marks on its tiles, its
    state over a tile, lines under the board."""
    examples: dict[str, tuple[dict, list[tuple]]] = {}
    """Its examples of the "How to play" page: rules and turns (``games.how_to_play``)."""
    how_to_play: Any = ""
    """Its paragraph on the "How to play" page where no template of the reader's language
    (``games/how_to_play/<language>/<id>.html``) describes it (empty: its option's help)."""

    def describe_entry(self, entry: dict[str, Any], who: str) -> str:
        """One sentence for a person: what ``who`` did with an entry of :attr:`entry_kinds`."""
        raise NotImplementedError

    def advise_entry(self, entry: dict[str, Any]) -> str | None:
        """An entry of :attr:`entry_kinds` as advice to its player, in the imperative (a
        practice game's hint, the move an analysis prefers); ``None``: told as it was played."""
        return None

    def move_clauses(self, changed: dict[str, tuple[Any, Any]], player: str) -> list[str]:
        """What a tile move by ``player`` (its name in the engine) did to this expansion's
        state, as clauses of the move's sentence ('took the king', see :mod:`games.present.move_sentences`);
        ``changed``: the fields of its engine module's summary the move changed, each as
        (before, after) (:class:`carcassonne.effects.TurnEffects`)."""
        return []

    def action_clauses(self, entry: dict[str, Any]) -> list[str]:
        """What a tile move ``entry`` did by its action instead of a figure (``Move.action``:
        a key of its own in the entry), as clauses of the move's sentence ('put a tower piece
        on the tower at (0,1)'); empty when the entry takes none of this expansion's."""
        return []

    def offer_label(self, entry: dict[str, Any]) -> str:
        """What the turn panel offers the player on turn, in the imperative: a tile move's
        action instead of a figure (``{"tower": {"x": 0, "y": 1}}``) or an entry played
        before the tile move (``{"ransom": ...}``); empty when it is none of this expansion's."""
        return ""

    def before_turn_text(self, entry: dict[str, Any]) -> str:
        """What the turn panel says above an entry offered before the tile move (an
        :meth:`offer_label` of a turn entry: the pass of the end's abbey); empty: the
        panel's own words (a prisoner bought back)."""
        return ""

    def decision_text(self, engine: Any, names: Sequence[str], viewer: int | None) -> str:
        """What its pending decision is about, for ``viewer`` (the one deciding or another)."""
        raise NotImplementedError

    def option_text(self, engine: Any, answer: dict[str, Any]) -> str:
        """One answer (not a pass) to its pending decision, in words."""
        raise NotImplementedError

    def option_target(self, answer: dict[str, Any]) -> dict[str, Any] | None:
        """Where on the board an answer points (a figure's spot on a tile), if it does."""
        return None

    def state(self, module: Any, names: Sequence[str]) -> dict[str, Any]:
        """Its public state besides the board (by player ``names``), from the game's rule module."""
        return {}

    def player_marks(self, state: dict[str, Any], player: str) -> list[Mark]:
        """What the scores panel shows beside ``player`` (an engine player name) of this
        expansion's public state (``state``: every expansion's, see :meth:`state`)."""
        return []

    def decision_form(
        self, action: str, answers: list[dict[str, Any]], state: dict[str, Any], figures: dict[str, Any]
    ) -> dict[str, Any] | None:
        """A form for a decision whose answers are combinations (which quarter, which figure,
        where to move the Count) rather than a list of moves: its fields, each ``radio``,
        ``hidden`` or ``select`` with its choices, built from the accepted ``answers``; the
        page's form sends every named field with a value (``None``: no form)."""
        return None

    def departures(self, rules: dict) -> list[str]:
        """The keys of :attr:`words` a rules object uses (house rules: those that differ
        from the published game)."""
        return []

    def tags(self, rules: dict) -> list[dict]:
        """Tags of a rules object beyond :attr:`words` (e.g. the size of a hand of tiles)."""
        return []

    def line_head(self, rules: dict) -> list[str]:
        """Words that open a rule set's one-line description (the farm scoring)."""
        return []


def free_corner(sh: Any) -> tuple[float, float]:
    """Where a tile's small mark goes (``sh``: its :class:`~games.board_svg.shapes.TileShapes`):
    the centre of a corner no city touches, else the tile's centre (tile marks are drawn
    under the features)."""
    city = {e for s in sh.o.segments if s.kind in ("city", "road", "river") for e in s.edges}
    for (x, y), edges in (((14, 14), (0, 3)), ((86, 14), (0, 1)), ((86, 86), (1, 2)), ((14, 86), (2, 3))):
        if not city & set(edges):
            return x, y
    return 50, 50


def radio(name: str, legend: Any, choices: list[tuple[Any, Any]], default: str = "") -> dict[str, Any]:
    """A field of a decision's form (:meth:`SiteExpansion.decision_form`): one of ``choices``
    (``default``: the value an answer leaves out, sent as no value)."""
    return {"kind": "radio", "name": name, "legend": legend, "choices": choices, "default": default}


def hidden(name: str, value: str, default: str = "") -> dict[str, Any]:
    """A field of a decision's form whose value is the only one there is."""
    return {"kind": "hidden", "name": name, "value": value, "default": default}


def select(name: str, label: Any, choices: list[tuple[Any, Any]], empty: Any = "", id: str = "") -> dict[str, Any]:
    """A field of a decision's form: one of ``choices`` or none (``empty``: its words; sent as no value)."""
    return {"kind": "select", "name": name, "label": label, "empty": empty, "choices": choices, "id": id or name}


REGISTRY: list[SiteExpansion] = []
"""Every site module, in the order the site lists them (the engine's order)."""


def figure_label(kind: str) -> str:
    """The word of a figure that some site module names (``mayor``), for another module's
    sentences (the Tower's prisoners); the kind itself if none does."""
    for e in REGISTRY:
        label = e.labels.get("figure", {}).get(kind)
        if label is not None:
            return str(label)
    return kind


def register(cls: type[SiteExpansion]) -> type[SiteExpansion]:
    """Class decorator: make a site module known to :mod:`games.present.expansions`."""
    REGISTRY.append(cls())
    return cls
