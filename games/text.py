"""Cleaning user text that ends up in one-line places (names, e-mail subjects)."""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")


def single_line(text: str) -> str:
    """``text`` on one line: control and format characters (line breaks, NUL, bidi
    overrides...) become spaces, runs of spaces one space, no space at either end."""
    if not isinstance(text, str):
        return ""
    cleaned = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch for ch in text)
    return _SPACES.sub(" ", cleaned).strip()
