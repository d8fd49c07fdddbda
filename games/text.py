"""Cleaning user text that ends up in one-line places (names, e-mail subjects)."""

from __future__ import annotations

import re
import unicodedata

# Runs of spaces, but not the no-break spaces of French typography ("Partie n° 1 : ...")
_SPACES = re.compile(r"[^\S\u00a0\u202f]+")


def single_line(text: str) -> str:
    """``text`` on one line: control and format characters (line breaks, NUL, bidi
    overrides...) become spaces, runs of spaces one space, no space at either end."""
    if not isinstance(text, str):
        return ""
    cleaned = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch for ch in text)
    return _SPACES.sub(" ", cleaned).strip()


# Half of a UTF-16 pair on its own ("\ud800" in JSON): no character, so no text may hold it,
# and no page or answer can be written with it (UTF-8 has no bytes for it).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def strings_in(value):
    """Every string anywhere in ``value`` (nested lists and dicts, their keys too)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def has_lone_surrogate(value) -> bool:
    """True when a string anywhere in ``value`` (nested lists and dicts, their keys too)
    holds a lone surrogate. (A pair written as two escapes is one character once read.)"""
    return any(_LONE_SURROGATE.search(text) for text in strings_in(value))


def without_lone_surrogates(value):
    """``value`` (a string, or lists and dicts of them) with each lone surrogate written as
    the replacement character, so that it can be shown or sent."""
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {without_lone_surrogates(k): without_lone_surrogates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_lone_surrogates(v) for v in value]
    return value
