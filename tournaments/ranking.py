"""A tournament's standings and knockout bracket, read from its pairings, and the copy of
the standings stored on the tournament (pages read the copy). The arithmetic is
:mod:`tournaments.standings` and :mod:`tournaments.bracket` (pure Python)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from . import bracket as bracket_mod
from .models import Entry, Pairing, Tournament
from .standings import Result, compute
from .standings import knockout as knockout_standings

User = get_user_model()


def main_pairings(t: Tournament) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__tournament=t, round__stage=Tournament.Stage.MAIN).order_by(
            "round__number", "number"
        )
    )


def to_result(p: Pairing, round_number: int = 0) -> Result | None:
    if p.status in (Pairing.Status.FINISHED, Pairing.Status.ADJUDICATED):
        return Result(tuple(p.players), tuple(p.scores or [0] * len(p.players)), frozenset(p.forfeited), round_number)
    if p.status == Pairing.Status.FORFEIT:
        return Result(tuple(p.players), None, frozenset(p.forfeited), round_number)
    return None


def compute_standings(t: Tournament, ids=None, pairings=None):
    if ids is None:
        ids = entrants(t)
    if pairings is None:
        pairings = main_pairings(t)
    results, byes = [], []
    for p in pairings:
        if p.status == Pairing.Status.BYE:
            byes.append(p.players[0])
        else:
            r = to_result(p)
            if r is not None:
                results.append(r)
    return compute(ids, results, byes, t.tiebreaks)


def standings(t: Tournament):
    """The main stage's standings (a Swiss or round robin; a knockout after it is seeded by them)."""
    return compute_standings(t)


def entrants(t: Tournament) -> list[int]:
    """Everyone registered or withdrawn (not the invited), best rating first."""
    return list(
        t.entries.exclude(state=Entry.State.INVITED)
        .order_by("-rating", "created_at", "pk")
        .values_list("user_id", flat=True)
    )


def table(t: Tournament):
    """The standings the tournament shows, per format: a knockout's by the round reached then
    the points scored; a round robin's or Swiss's by points and the tiebreak chain (a knockout
    after them decides the places, see :func:`places`)."""
    if t.format != Tournament.Format.KNOCKOUT:
        return compute_standings(t)
    scored: dict[int, int] = {}
    for p in Pairing.objects.filter(round__tournament=t, round__stage=Tournament.Stage.KNOCKOUT).exclude(scores=None):
        if p.status in (Pairing.Status.FINISHED, Pairing.Status.ADJUDICATED):
            for uid, score in zip(p.players, p.scores or ()):
                scored[uid] = scored.get(uid, 0) + score
    return knockout_standings(entrants(t), knockout_bracket(t), scored)


def refresh_standings(t: Tournament) -> list[dict]:
    """Recompute the standings and store them on the tournament (pages read the copy): after
    every registration, withdrawal, round and finished game."""
    rows = table(t)
    names = dict(User.objects.filter(pk__in=[r.player for r in rows]).values_list("pk", "username"))
    withdrawn = set(t.entries.filter(state=Entry.State.WITHDRAWN).values_list("user_id", flat=True))
    data = []
    for r in rows:
        d = r.as_dict()
        d["user_id"] = d.pop("player")
        d["username"] = names.get(r.player, "?")
        d["withdrawn"] = r.player in withdrawn
        data.append(d)
    Tournament.objects.filter(pk=t.pk).update(standings_cache=data)
    t.standings_cache = data
    return data


def knockout_bracket(t: Tournament) -> bracket_mod.Bracket:
    seeds = list(t.knockout_seeds)
    winners = {}
    for p in Pairing.objects.filter(round__tournament=t, round__stage=Tournament.Stage.KNOCKOUT).exclude(
        bracket_match=""
    ):
        w = knockout_winner(p, seeds)
        if w is not None:
            r, i = (int(x) for x in p.bracket_match.split("-"))
            winners[(r, i)] = w
    return bracket_mod.build(seeds, winners, third_place=t.third_place)


def knockout_winner(p: Pairing, seeds: list[int]):
    if p.status == Pairing.Status.FORFEIT or (p.forfeited and p.status != Pairing.Status.ACTIVE):
        rest = [u for u in p.players if u not in p.forfeited]
        return rest[0] if rest else _better_seed(p.players, seeds)
    if p.status == Pairing.Status.DROPPED:
        rest = [u for u in p.players]
        return _better_seed(rest, seeds) if rest else None
    if p.status in (Pairing.Status.FINISHED, Pairing.Status.ADJUDICATED) and p.scores:
        a, b = p.players
        sa, sb = p.scores
        if sa != sb:
            return a if sa > sb else b
        return _better_seed(p.players, seeds)  # a draw goes to the higher seed
    return None


def _better_seed(players, seeds):
    return min(players, key=lambda u: seeds.index(u) if u in seeds else len(seeds))
