"""A round robin's full schedule and its crosstable, for the tournament page."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from .models import Pairing, Tournament


def _names(t: Tournament) -> dict[int, str]:
    ids = {u for rnd in t.schedule for table in rnd for u in table}
    return dict(get_user_model().objects.filter(pk__in=ids).values_list("pk", "username"))


def schedule(t: Tournament) -> list[dict]:
    """Every round of a round robin: the games of the rounds played or running, and the
    tables still to come; players missing from a round have the bye."""
    if t.format != Tournament.Format.ROUND_ROBIN or not t.schedule:
        return []
    names = _names(t)
    everyone = set(names)
    played = {r.number: r for r in t.rounds.filter(stage=Tournament.Stage.MAIN).prefetch_related("pairings")}
    out = []
    for number, tables in enumerate(t.schedule, 1):
        rnd = played.get(number)
        rows = []
        for table in tables:
            pairing = None
            if rnd is not None:
                pairing = next((p for p in rnd.pairings.all() if sorted(p.players) == sorted(table)), None)
            rows.append(
                {
                    "players": [names.get(u, "?") for u in table],
                    "scores": pairing.scores if pairing else None,
                    "game_id": pairing.game_id if pairing else None,
                    "status": pairing.get_status_display() if pairing else "",
                }
            )
        seated = {u for table in tables for u in table}
        out.append(
            {"number": number, "round": rnd, "tables": rows, "byes": sorted(names[u] for u in everyone - seated)}
        )
    return out


def _mark(p: Pairing, a: int, b: int) -> str:
    """How ``a`` did against ``b`` in one game: W (ahead), D (level) or L (behind)."""
    if a in p.forfeited and b not in p.forfeited:
        return "L"
    if b in p.forfeited and a not in p.forfeited:
        return "W"
    if not p.scores:
        return ""
    sa, sb = p.scores[p.players.index(a)], p.scores[p.players.index(b)]
    return "W" if sa > sb else "L" if sa < sb else "D"


def crosstable(t: Tournament, order: list[int]) -> dict:
    """Rows and columns in standings ``order`` (user ids); each cell lists the results
    of the row player against the column player, each linked to its game."""
    if t.format != Tournament.Format.ROUND_ROBIN or not t.schedule:
        return {}
    names = _names(t)
    order = [u for u in order if u in names] + sorted(u for u in names if u not in order)
    cells: dict[tuple[int, int], list] = {}
    done = Pairing.objects.filter(
        round__tournament=t,
        round__stage=Tournament.Stage.MAIN,
        status__in=[Pairing.Status.FINISHED, Pairing.Status.ADJUDICATED, Pairing.Status.FORFEIT],
    )
    for p in done:
        for a in p.players:
            for b in p.players:
                if a != b:
                    mark = _mark(p, a, b)
                    if mark:
                        cells.setdefault((a, b), []).append({"mark": mark, "game_id": p.game_id})
    rows = [{"name": names[a], "cells": [None if a == b else cells.get((a, b), []) for b in order]} for a in order]
    return {"columns": [names[u] for u in order], "rows": rows}
