"""SVG elements and documents, on svgwrite.

Every element is svgwrite's, made with validation off (its checks cost more than the
drawing). Attribute values are given as the text to write (numbers already rounded by
:func:`~games.board_svg.geometry.fmt`), under their SVG names (``stroke-width``, not
``stroke_width``). Documents are written out by :func:`to_text`: the XML of svgwrite's
``tostring`` (less its profile and version), which goes through ElementTree and took several times as long as
building the drawing on a 140-tile board (``manage.py bench_board``). What is drawn once
per tile type and rotation, and each placed tile, empty cell and figure a board showed
before, is kept as text (:class:`Markup`) and placed into each board.

>>> doc = document({"width": "10px", "height": "10px", "viewBox": "0,0,100,100"},
...                [titled(element("rect", {"x": "0", "y": "0", "width": "5", "height": "5"}), "A & B")])
>>> to_text(doc).split(">", 1)[1]
'<rect x="0" y="0" width="5" height="5"><title>A &amp; B</title></rect></svg>'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeAlias

import svgwrite
from svgwrite.base import BaseElement, Title
from svgwrite.container import Group, Use
from svgwrite.path import Path
from svgwrite.shapes import Circle, Ellipse, Rect
from svgwrite.text import Text

_PARAMETERS = svgwrite.Drawing(debug=False)
"""Every element takes its parameters (no validation, the full profile) from this drawing."""

_MAKERS: dict[str, Callable[[dict[str, str]], BaseElement]] = {
    "g": lambda a: Group(factory=_PARAMETERS),
    "rect": lambda a: Rect(factory=_PARAMETERS),
    "circle": lambda a: Circle(factory=_PARAMETERS),
    "ellipse": lambda a: Ellipse(factory=_PARAMETERS),
    "path": lambda a: Path(d=a["d"], factory=_PARAMETERS),
    "use": lambda a: Use(a["xlink:href"], factory=_PARAMETERS),
}


class Markup:
    """Ready SVG text standing for one element (a tile's drawing, written once and kept)."""

    __slots__ = ("elementname", "text")

    def __init__(self, elementname: str, text: str) -> None:
        self.elementname = elementname
        self.text = text


Node: TypeAlias = BaseElement | Title | Markup
Drawn = list[BaseElement]
"""A piece of art: elements drawn in order."""


def element(tag: str, attribs: dict[str, str] | None = None, /, **more: object) -> BaseElement:
    """An svgwrite element ``tag`` with these attributes (``more``: written with ``str``)."""
    values: dict[str, Any] = {**attribs, **more} if attribs and more else attribs or more
    made = _MAKERS[tag](values)
    made.attribs.update(values)
    if more:
        for key, value in more.items():
            if not isinstance(value, str):
                made.attribs[key] = str(value)
    return made


def text_element(attribs: dict[str, str], text: str) -> Text:
    """A ``<text>`` element saying ``text``."""
    made = Text(text, factory=_PARAMETERS)
    made.attribs.update(attribs)
    return made


def titled(made: BaseElement, title: str) -> BaseElement:
    """``made`` with a tooltip (its first child, ``<title>``)."""
    made.set_desc(title=title)
    return made


def group(attribs: dict[str, str], children: Iterable[Node] = (), title: str | None = None) -> Group:
    """A ``<g>`` holding ``children`` (after its tooltip ``title``, if any)."""
    made = element("g", attribs)
    if title is not None:
        made.set_desc(title=title)
    made.elements.extend(children)
    return made


def document(attribs: dict[str, str], children: Iterable[Node], defs: Iterable[Node] = ()) -> svgwrite.Drawing:
    """An SVG document (``<svg>`` with its namespaces) drawing ``children`` over ``defs``."""
    drawing = svgwrite.Drawing(size=(attribs["width"], attribs["height"]), debug=False)
    drawing.attribs.update(attribs)
    drawing.defs.elements.extend(defs)
    if not drawing.defs.elements:  # only a board defines anything
        drawing.elements.remove(drawing.defs)
    drawing.elements.extend(children)
    return drawing


def to_text(node: Node) -> str:
    """``node`` and everything in it as SVG text."""
    out: list[str] = []
    _write(node, out)
    return "".join(out)


def _write(node: Node, out: list[str]) -> None:
    if isinstance(node, Markup):  # ready text
        out.append(node.text)
        return
    attribs = getattr(node, "attribs", None)
    if attribs is None:  # a tooltip
        out.append(f"<title>{_escape_text(node.xml.text)}</title>")
        return
    if isinstance(node, svgwrite.Drawing):
        # the namespaces a document needs (svgwrite's events namespace, profile and version
        # say nothing a browser or a rasteriser reads: left out, a page carries several)
        attribs.update({"xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink"})
        for unread in ("baseProfile", "version"):
            attribs.pop(unread, None)
    tag = node.elementname
    attrs = _attributes(attribs)
    text = node.text if isinstance(node, Text) else None
    if not node.elements and text is None:
        out.append(f"<{tag}{attrs} />")
        return
    out.append(f"<{tag}{attrs}>")
    if text is not None:
        out.append(_escape_text(str(text)))
    for child in node.elements:
        _write(child, out)
    out.append(f"</{tag}>")


def _attributes(attribs: dict[str, object]) -> str:
    """The attributes as text; like svgwrite, without those that are ``None`` or empty."""
    values: list[Any] = list(attribs.values())
    try:
        joined = "\0".join(values)  # all text, the usual case: one join
    except TypeError:  # not all text yet
        joined = None
    if joined is None or "" in values or "&" in joined or "<" in joined or ">" in joined or '"' in joined:
        return "".join(
            [
                f' {key}="{_escape_attribute(value)}"'
                for key, value in attribs.items()
                if value is not None and value != ""
            ]
        )
    return "".join([f' {key}="{value}"' for key, value in attribs.items()])


def _escape_attribute(value: object) -> str:
    text = value if isinstance(value, str) else str(value)
    if "&" in text or "<" in text or ">" in text or '"' in text:
        text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    return text


def _escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
