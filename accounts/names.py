"""Usernames that cannot be mistaken for one another.

A username is stored NFKC-normalised. Names mixing scripts with look-alike letters
(``аnn`` with a Cyrillic а) are refused, and so is a name whose *skeleton* (case
folded, every letter replaced by the Latin letter it looks like) equals another
user's: ``Ann``, ``ann`` and ``аnn`` all have the skeleton ``ann``.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs import confusables


def normalize(name: str) -> str:
    return unicodedata.normalize("NFKC", name or "").strip()


@lru_cache(maxsize=4096)
def _latin(ch: str) -> str:
    if ch.isascii():
        return ch
    found = confusables.is_confusable(ch, preferred_aliases=["latin"], greedy=True) or []
    for item in found:
        for glyph in item["homoglyphs"]:
            if glyph["c"].isascii():
                return glyph["c"].lower()
    return ch


def skeleton(name: str) -> str:
    """What ``name`` looks like: the key under which two names count as the same."""
    folded = normalize(name).casefold()
    return "".join(_latin(ch) for ch in folded).casefold()


def is_confusable(name: str) -> bool:
    """Mixed scripts with look-alike letters, e.g. Latin ``nn`` after a Cyrillic ``а``."""
    return bool(confusables.is_dangerous(normalize(name)))


def imitates_neutral_name(name: str) -> bool:
    """Whether ``name`` reads as the name a deleted account keeps ("deleted player 17", see
    :func:`accounts.deletion.neutral_name`): ``deleted_player_10``, ``Deleted-Player-10``,
    ``deletedplayer10``, ``dеleted.player`` (a Cyrillic е). Such a name would pass for a
    deleted account in others' games, chat and e-mails."""
    return "".join(ch for ch in skeleton(name) if ch.isalnum()).startswith("deletedplayer")
