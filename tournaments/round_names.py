"""One name per knockout round everywhere (the list of rounds, the round's page, the
bracket, the standings, the round e-mail, the API and the CSV): "Semi-finals", "Final",
as players say them, in the reader's language; "Round 3" for the main stage."""

from __future__ import annotations

from django.utils.translation import gettext as _

from . import bracket as bracket_mod
from .models import Pairing, Round, Tournament


def bracket_words() -> dict:
    """The bracket's words in the reader's language."""
    return {
        "final": _("Final"),
        "semi": _("Semi-finals"),
        "quarter": _("Quarter-finals"),
        "round_of_16": _("Round of 16"),
        "round_of_32": _("Round of 32"),
        "round_of_64": _("Round of 64"),
        # {players} is filled in by the drawing (128 and more)
        "round_of": _("Round of {players}"),
        "third": _("Third place"),
        "bracket": _("Knockout bracket"),
        "empty": _("Empty bracket"),
        "none": _("No bracket yet"),
    }


def knockout_rounds(t: Tournament) -> int:
    """How many rounds the tournament's bracket has (0: no bracket yet)."""
    if not t.knockout_seeds:
        return 0
    return bracket_mod.bracket_size(len(t.knockout_seeds)).bit_length() - 1


def bracket_round_names(t: Tournament) -> dict[int, str]:
    """The bracket's rounds by index (0: the first), and one past the final: the champion."""
    count = knockout_rounds(t)
    if not count:
        return {}
    names = dict(enumerate(bracket_mod.rounds_names(count, bracket_words())))
    names[count] = _("Champion")
    return names


def round_names(t: Tournament) -> dict[int, str]:
    """Each round of ``t`` by number: "Round 2" in the main stage, the bracket's name of a
    knockout round ("Semi-finals")."""
    names = {}
    bracket_names = bracket_round_names(t)
    keys = dict(
        Pairing.objects.filter(round__tournament=t, round__stage=Tournament.Stage.KNOCKOUT)
        .exclude(bracket_match="")
        .values_list("round__number", "bracket_match")
    )
    for number, stage in t.rounds.values_list("number", "stage"):
        index = _bracket_index(keys.get(number, ""))
        if stage == Tournament.Stage.KNOCKOUT and index in bracket_names:
            names[number] = bracket_names[index]
        else:
            names[number] = _("Round %(number)s") % {"number": number}
    return names


def round_name(t: Tournament, rnd: Round) -> str:
    return round_names(t).get(rnd.number) or _("Round %(number)s") % {"number": rnd.number}


def match_kind(t: Tournament, pairing: Pairing) -> str:
    """ "final", "third" (the third-place match), "knockout" (an earlier round) or "" (main stage)."""
    index = _bracket_index(pairing.bracket_match)
    if index is None:
        return ""
    last = knockout_rounds(t) - 1
    if index == last:
        return "third" if pairing.bracket_match.endswith("-1") else "final"
    return "knockout"


def _bracket_index(key: str) -> int | None:
    head = (key or "").split("-")[0]
    return int(head) if head.isdigit() else None
