"""Reading a reply: its new text (plain, or HTML-only) above the quoted or pasted original,
without signatures (mail-parser-reply, which knows the quote headers of English, German,
French, Italian, Spanish and Dutch mail clients, and :data:`ORIGINAL` for the rest), and
the move or decision on its first line shaped like one (:data:`TURN_SHAPE`,
:data:`DECISION_SHAPE`): a greeting above it ("Hi Ann,") is passed over, a line of the
original (which lists every legal move) is never read.

A tile turn: ``[TILE] CELL [rotation] [spot]``. The cell is ``x,y`` or its label on the
e-mail's board picture, e.g. ``2,-1 90 city:N``, ``b 180 large city:n``; no spot: no
follower; the rotation may be left out where only one fits. With a hand of tiles (only
then) the tile's id comes first (``V A 90 city:N``, ``co-1 2,-1 90``), and may be left out where
only one tile of the hand fits as the rest of the line says. A word is a tile only when
a cell follows it, and no label spells a tile of the hand (see ``answers``): ``V A`` is
tile V on cell A, ``A 90`` cell A. A decision: the letter of an option, or ``pass``.
Case, extra spaces and invisible characters (a byte-order mark, zero-width spaces) do
not matter.
"""

from __future__ import annotations

import re
from email.message import EmailMessage
from html.parser import HTMLParser

from mailparser_reply import EmailMessage as ParsedReply

from carcassonne.tiles import orientation

from .answers import FIGURES, Answers, Cell, Fits, spot_word

LANGUAGES = ["en", "de", "fr", "it", "es", "nl"]
PASS_WORDS = {"pass", "passen", "passer", "passo", "passa", "-"}
SPOT_RE = (
    r"(?:(?P<figure>"
    + "|".join(FIGURES)
    + r")\s+)?(?P<feature>city|road|field|cloister)(?:\s*:\s*(?P<side>[nesw]{1,3}|inner2?))?"
)
COORDS_RE = re.compile(r"^\(?\s*(?P<x>[+-]?\d{1,3})\s*[,;]\s*(?P<y>[+-]?\d{1,3})\s*\)?")
LABEL_RE = re.compile(r"^(?P<label>[a-z]{1,2})(?![a-z:])")
# A tile's id (``V``, ``CO-1``, ``IC-A``) is read only when a cell (x,y or a label) follows it.
TILE_RE = re.compile(r"^(?P<tile>[a-z]{2}-[a-z0-9]{1,2}|[a-z])\s+(?=\(?\s*[+-]?\d{1,3}\s*[,;]|[a-z]{1,2}(?![a-z:]))")
REST_RE = re.compile(r"^\s*(?:(?P<rotation>0|90|180|270)\s*°?)?\s*(?:" + SPOT_RE + r")?\s*[.!]?\s*$")


# The spots' words of the e-mail's languages (``games.present.followers.local_spots`` shows them),
# read as the notation's (NOTATION.md): a player may write ``ville:O``, ``Straße:W``, ``campo:NNO``
# or ``grand ville:N`` beside ``city:W``.
# O is Ost (east) in German and ouest/ovest (west) in French and Italian: a side's letters
# are read in the language of the feature's word.
LOCAL_FEATURES = {
    **dict.fromkeys(("stadt",), ("city", "de")),
    **dict.fromkeys(("straße", "strasse"), ("road", "de")),
    **dict.fromkeys(("wiese",), ("field", "de")),
    **dict.fromkeys(("kloster",), ("cloister", "de")),
    **dict.fromkeys(("ville", "cité", "cite"), ("city", "fr")),
    **dict.fromkeys(("route",), ("road", "fr")),
    **dict.fromkeys(("pré", "pre"), ("field", "fr")),
    **dict.fromkeys(("abbaye",), ("cloister", "fr")),
    **dict.fromkeys(("città", "citta"), ("city", "it")),
    **dict.fromkeys(("strada",), ("road", "it")),
    **dict.fromkeys(("campo",), ("field", "it")),
    **dict.fromkeys(("monastero", "chiostro"), ("cloister", "it")),
}
LOCAL_SIDES = {"de": str.maketrans("o", "e"), "fr": str.maketrans("o", "w"), "it": str.maketrans("o", "w")}
LOCAL_FIGURES = {
    **dict.fromkeys(("großer", "grosser", "groß", "gross", "grand", "grande"), "large"),
    **dict.fromkeys(("baumeister", "bâtisseur", "batisseur", "costruttore"), "builder"),
    **dict.fromkeys(("schwein", "cochon", "maiale"), "pig"),
    **dict.fromkeys(("bürgermeister", "buergermeister", "maire", "borgomastro"), "mayor"),
    **dict.fromkeys(("wagen", "chariot", "carro"), "wagon"),
}
LOCAL_SPOT_RE = re.compile(r"(?<![\w-])(?P<word>[^\W\d_]{3,})(?:(?P<colon>\s*:\s*)(?P<side>[a-z]{1,3}\d?)\b)?")


def english_spots(line: str) -> str:
    """``line`` (lower case) with the spots' words of German, French and Italian in the
    notation's English: ``a 90 straße:o`` → ``a 90 road:e``, ``b pré:nno`` → ``b field:nnw``."""

    def english(m: re.Match) -> str:
        word = m["word"]
        if word in LOCAL_FIGURES:
            return LOCAL_FIGURES[word] + m.group(0)[len(word) :]
        if word not in LOCAL_FEATURES:
            return m.group(0)
        feature, language = LOCAL_FEATURES[word]
        if not m["side"]:
            return feature
        side = m["side"] if m["side"].startswith("inner") else m["side"].translate(LOCAL_SIDES[language])
        return f"{feature}:{side}"

    return LOCAL_SPOT_RE.sub(english, line)


# A line shaped like a tile turn's move (whether it names a legal one or not): a cell
# (x,y or one or two letters) after an optional tile, then only rotations, figures and
# spots. "Hi Ann," or "Je suis absent" is none; "a 45" is one (and answered as unreadable).
TURN_SHAPE = re.compile(
    r"^(?:(?:[a-z]{2}-[a-z0-9]{1,2}|[a-z])\s+)?"
    r"(?:\(?\s*[+-]?\d{1,3}\s*[,;]\s*[+-]?\d{1,3}\s*\)?|[a-z]{1,2})"
    r"(?:\s*(?:\d{1,3}\s*°?|" + "|".join(FIGURES) + r"|(?:city|road|field|cloister)(?:\s*:\s*[a-z0-9]{1,6})?))*"
    r"\s*[.!]?$"
)
DIRECTION_WORDS = {
    "N": ("north", "norden", "nord"),
    "E": ("east", "osten", "est"),
    "S": ("south", "süden", "sud"),
    "W": ("west", "westen", "ouest", "ovest"),
}
"""A direction in the four languages, for a decision whose options are directions (the
dragon's step): ``dragon east``, ``drache osten``, ``dragon est``, ``drago ovest``."""
DIRECTION_OF = {word: d for d, words in DIRECTION_WORDS.items() for word in words}
DIRECTION_RE = r"(?:[a-zäöüéèàùì]{2,12}\s+)?(?:" + "|".join(sorted(DIRECTION_OF, key=len, reverse=True)) + r")"
DECISION_SHAPE = re.compile(
    r"^(?:[a-z]{1,2}|" + "|".join(sorted(PASS_WORDS - {"-"})) + r"|-|" + DIRECTION_RE + r")\s*[.!)]?$"
)

# Where the original starts in the reply's text when the quote header was not recognised:
# a "... wrote:" line of any mail client, a separator of a forwarded or original message,
# or a "From: ... <address>" header. (No line of the turn e-mail itself is shaped like a
# move: tests/notifications/test_reply_greetings.py reads them all.)
ORIGINAL = re.compile(
    r"^(?:.*\b(?:wrote|schrieb|a écrit|ha scritto|escribió|schreef|geschreven|skrev)\b[^:]*:"
    r"|-{2,}\s*(?:original message|ursprüngliche nachricht|originalnachricht|message d'origine|messaggio originale"
    r"|mensaje original|oorspronkelijk bericht|forwarded message|weitergeleitete nachricht)\s*-{2,}"
    r"|(?:begin forwarded message|anfang der weitergeleiteten nachricht|début du message réexpédié"
    r"|inizio messaggio inoltrato|comienzo del mensaje reenviado|begin doorgestuurd bericht)\s*:?"
    r"|\*?(?:from|von|de|da|van)\s?\*?:.*[@<].*"
    r"|_{10,}"
    r")\s*$",
    re.IGNORECASE,
)
GREETING = re.compile(
    r"^(?:hi|hello|hey|dear|good (?:morning|evening)|hallo|liebe[rs]?|moin|servus|guten (?:morgen|tag|abend)"
    r"|bonjour|bonsoir|salut|coucou|cher|chère|ciao|salve|buongiorno|buonasera|caro|cara)\b[^.?]{0,40}[,!:]?$",
    re.IGNORECASE,
)
"""A line that greets ("Hi Ann,", "Bonjour Ann,"): passed over when the answer quotes what we read."""
INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]")
"""Characters that show as nothing (a byte-order mark, zero-width spaces, direction marks)."""
MAX_TEXT = 100_000
"""The move is at the top: a longer text is read that far."""


class Unreadable(ValueError):
    """The reply says no move the game can take; ``code`` says why (see handler.REASONS),
    ``line`` is the line read as the move (or, if none is shaped like one, the reply's first
    line that is no greeting) and ``lines`` the new text's lines."""

    def __init__(self, code: str, detail: str = "", line: str = "", lines: list[str] | None = None):
        super().__init__(code)
        self.code, self.detail, self.line, self.lines = code, detail, line, lines or []


# --- the new text of a reply ---------------------------------------------------------------


class _HTMLText(HTMLParser):
    """The text of an HTML reply, without quoted parts (``<blockquote>``, Gmail's and
    Thunderbird's quote blocks), styles and scripts; block elements end lines."""

    SKIP = {"blockquote", "style", "script", "head", "title"}
    BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "table", "hr"}
    QUOTE_CLASSES = ("gmail_quote", "moz-cite-prefix", "yahoo_quoted", "protonmail_quote")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag, attrs):
        css = dict(attrs).get("class") or ""
        if self.skipping or tag in self.SKIP or any(name in css for name in self.QUOTE_CLASSES):
            if tag not in ("br", "hr", "img", "meta", "link", "input"):
                self.skipping.append(tag)
            return
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if self.skipping:
            if self.skipping[-1] == tag:
                self.skipping.pop()
            return
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def html_text(html: str) -> str:
    parser = _HTMLText()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def body_text(message: EmailMessage) -> str:
    """The reply's text part, or its HTML part as text; attachments are never read."""
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, ValueError, AssertionError):  # an unknown charset or a broken part
        return ""
    if not isinstance(content, str):
        return ""
    return html_text(content) if part.get_content_type() == "text/html" else content


def new_lines(text: str) -> list[str]:
    """The lines the sender wrote above the quoted or pasted original, without their
    signature, spaces collapsed; ``>`` lines (quoted) are never read."""
    # A NUL shows as the replacement character: no move reads through it, and the answer
    # quoting the line can be stored (PostgreSQL takes no NUL in text).
    lines = INVISIBLE.sub("", text[:MAX_TEXT]).replace("\xa0", " ").replace("\x00", "\ufffd").splitlines()
    # Cut at the original first: mail-parser-reply drops an Outlook separator line (and
    # would read on below it) and knows the headers of fewer mail clients.
    cut = next((i for i, line in enumerate(lines) if ORIGINAL.match(line) and not line.lstrip().startswith(">")), None)
    # keep_hyphen_lists: a line starting with "-" (a move at x = -1) is no signature.
    parsed = ParsedReply(text="\n".join(lines[:cut]), languages=list(LANGUAGES), keep_hyphen_lists=True).read()
    if not parsed.replies or parsed.replies[0].headers:  # the reply starts with a quote: nothing new
        return []
    collapsed = (" ".join(line.split()) for line in parsed.replies[0].body.splitlines())
    return [line for line in collapsed if line and not line.startswith(">")]


# --- the move or decision on that line -----------------------------------------------------


def move(line: str, offered: Answers) -> dict:
    """A tile turn's move (``x``, ``y``, ``rotation``, ``meeple``, and with a hand the
    ``tile``) from a move line."""
    tile, line = _tile(line, offered)
    x, y, rest = _cell(line, offered)
    parts = REST_RE.match(rest)
    if not parts:
        raise Unreadable("unreadable")
    fits, cell = _which(offered, tile, x, y, parts)
    rotation = _rotation(cell, parts["rotation"])
    entry = {"x": x, "y": y, "rotation": rotation, "meeple": _meeple(cell, rotation, parts)}
    if offered.hand:
        entry["tile"] = fits.tile
    return entry


def _tile(line: str, offered: Answers) -> tuple[str | None, str]:
    """With a hand of tiles, the tile named at the start of ``line`` (or ``None``) and the
    rest of the line. A drawn tile is never named."""
    named = TILE_RE.match(line) if offered.hand else None
    if not named or named["tile"].upper() in offered.labels.values():  # a cell's label, then more
        return None, line
    tile = named["tile"].upper()
    if tile not in {fits.tile.upper() for fits in offered.hand}:
        raise Unreadable("not_your_tile", tile)
    return tile, line[named.end() :]


def _cell(line: str, offered: Answers) -> tuple[int, int, str]:
    """The cell at the start of ``line`` (x,y or a label) and the rest of the line."""
    coords = COORDS_RE.match(line)
    if coords:
        return int(coords["x"]), int(coords["y"]), line[coords.end() :]
    label = LABEL_RE.match(line)
    if not label:
        raise Unreadable("unreadable")
    cell = next((c for c in offered.cells if c.label.lower() == label["label"]), None)
    if cell is None:
        hand = {f.tile.upper() for f in offered.hand}
        raise Unreadable("cell_needed" if label["label"].upper() in hand else "unknown_cell", label["label"].upper())
    return cell.x, cell.y, line[label.end() :]


def _which(offered: Answers, tile: str | None, x: int, y: int, parts: re.Match) -> tuple[Fits, Cell]:
    """The tile placed (the named one, else the one that fits as the line says) and its cell."""
    here = [(fits, cell) for fits in offered.tiles() for cell in fits.cells if (cell.x, cell.y) == (x, y)]
    if tile is not None:
        here = [(fits, cell) for fits, cell in here if fits.tile.upper() == tile]
    if not here:
        raise Unreadable("no_fit" if tile or not offered.hand else "none_fits", f"{x},{y}")
    if len(here) == 1:
        return here[0]
    narrowed = [(fits, cell) for fits, cell in here if _could(fits.tile, cell, parts)]
    if len(narrowed) == 1:
        return narrowed[0]
    raise Unreadable("tile_needed", ", ".join(fits.tile for fits, _cell in narrowed or here))


def _could(tile: str, cell: Cell, parts: re.Match) -> bool:
    """Whether ``tile`` fits ``cell`` in the rotation and with the spot the line gives."""
    rotations = [int(parts["rotation"])] if parts["rotation"] else list(cell.rotations)
    return any(rotation in cell.rotations and _spot_fits(tile, cell, rotation, parts) for rotation in rotations)


def _spot_fits(tile: str, cell: Cell, rotation: int, parts: re.Match) -> bool:
    try:
        meeple = _meeple(cell, rotation, parts)
    except Unreadable:
        return False
    if meeple is None:
        return True
    spot, figure = (meeple, "follower") if isinstance(meeple, str) else (meeple["spot"], meeple["figure"])
    return spot_word(canonical_spot(tile, rotation, spot), figure) in cell.rotations[rotation]


def canonical_spot(tile: str, rotation: int, spot: str) -> str:
    """The name the list uses for ``spot``: a segment touching several sides may be
    named by any of them (NOTATION.md), e.g. ``city:E`` of a city running N and E is
    listed as ``city:N``. An unknown spot is returned as written."""
    turned = orientation(tile, rotation)
    index = turned.spot_index.get(spot)
    return spot if index is None else turned.segments[index].spot or spot


def _rotation(cell: Cell, written: str | None) -> int:
    if written is not None:
        return int(written)
    if len(cell.rotations) > 1:
        raise Unreadable("rotation_needed", cell.label)
    return next(iter(cell.rotations))


def _meeple(cell: Cell, rotation: int, parts: re.Match) -> str | dict | None:
    """The figure and spot as the move API takes them (``None``: no figure). A feature
    without a side (``city``) names the only such spot there is, if there is one."""
    feature = parts["feature"]
    if not feature:
        return None
    figure = parts["figure"] or "follower"
    side = parts["side"]
    if feature == "cloister":
        spot = "cloister"
    elif side:
        spot = f"{feature}:{side if side.startswith('inner') else side.upper()}"
    else:
        prefix = ("" if figure == "follower" else f"{figure} ") + f"{feature}:"
        matches = [s for s in cell.rotations.get(rotation, []) if s.startswith(prefix)]
        if len(matches) != 1:
            raise Unreadable("spot_needed", feature)
        spot = matches[0].split(" ")[-1]
    return spot if figure == "follower" else {"spot": spot, "figure": figure}


def decision(line: str, offered: Answers) -> dict:
    """A decision's answer from its option's letter, a direction (the option answering it), or a pass."""
    word = line.split(" ")[0].strip(".!)")
    direction = DIRECTION_OF.get(line.split()[-1].strip(".!)")) if line.split() else None
    if direction is not None and len(line.split()) <= 2:  # an option whose answer is that direction
        chosen = next((o for o in offered.options if list(o.answer.values()) == [direction]), None)
        if chosen is None:
            raise Unreadable("no_option", line.upper()[:10])
        return chosen.answer
    if word in PASS_WORDS:
        chosen = next((o for o in offered.options if o.passes), None)
    else:
        chosen = next((o for o in offered.options if o.letter.lower() == word), None)
    if chosen is None:
        raise Unreadable("no_option", word.upper()[:10])
    return chosen.answer


def _first_said(lines: list[str]) -> str:
    """The first line written to us after the greeting, for an answer to quote. A second
    greeting starts the original pasted without a header (ours open with one): nothing
    from there on is the sender's, and a reply of a greeting alone is quoted as that."""
    greeted = False
    for line in lines:
        if not GREETING.match(line):
            return line
        if greeted:
            break
        greeted = True
    return lines[0]


def read(message: EmailMessage, offered: Answers) -> dict:
    """The move (tile turn) or the answer (decision) on the reply's first line shaped like
    one; :class:`Unreadable` if none (code ``no_move``) or if that line names none."""
    lines = new_lines(body_text(message))
    if not lines:
        raise Unreadable("empty")
    shape = TURN_SHAPE if offered.turn else DECISION_SHAPE
    line = next((line for line in lines if shape.match(english_spots(line.lower()))), None)
    if line is None:
        raise Unreadable("no_move", line=_first_said(lines)[:100], lines=lines)
    try:
        return move(english_spots(line.lower()), offered) if offered.turn else decision(line.lower(), offered)
    except Unreadable as exc:
        exc.line, exc.lines = line[:100], lines
        raise
