"""The rows of the archive's long tables as HTML, written here rather than by the template
language: the 25 games of a list page and the opponents of a player's head-to-head table.

Rendered by Django templates (an ``{% include %}``, ``{% url %}`` and ``{% translate %}``
resolved again for each row and each player of it), they took most of a page's time at
100,000 games: 25-35 ms of a list page's 45 and 60 ms of a player's page (``manage.py
bench_archive``). The HTML is the same; each constant word is translated once per table
and each URL is the table's one reversed URL with the row's part put in.

A finished game's row never changes but for the names it shows: :func:`game_rows` keeps
each one in the cache under its game, the reader's language and time zone and the words
shown (players, title, tournament), so a renamed player or tournament is simply another
key.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from html import escape  # as django.utils.html.escape, without its lazy-string wrapper (~900 calls a page)
from typing import Any
from urllib.parse import quote

from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_format_as
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games import dates
from games.present import rule_words

ROW_SECONDS = 7 * 24 * 3600
"""How long a finished game's list row is kept in the cache."""

_SAFE_PATH = "/~:@!$&'()*+,;="  # what django.urls.reverse leaves unquoted in a path


def _url_with(name: str, placeholder: Any, *args: Any) -> tuple[str, str]:
    """A URL pattern's reversed URL cut at ``placeholder``: (before, after) it."""
    url = reverse(name, args=[*args, placeholder])
    before, _sep, after = url.rpartition(str(placeholder))
    return before, after


class _Words:
    """What every row says alike, translated once per table, and its URL patterns."""

    def __init__(self) -> None:
        self.game = _url_with("archive:game", 999999937)
        self.player = _url_with("archive:player", "player-name-placeholder")
        self.in_progress = escape(_("in progress"))
        self.open_seat = escape(_("open seat"))
        self.draw_title, self.win_title = escape(_("Shared first place")), escape(_("Winner"))
        self.draw, self.won = escape(_("draw")), escape(_("won"))
        self.bots = ' <span class="badge badge-bot" data-testid="with-bots" title="{}">{}</span>'.format(
            escape(_("A bot plays (or played) a seat: this game is not rated")), escape(_("with bots · unrated"))
        )
        self.early = ' <span class="badge" data-testid="ended-early" title="{}">{}</span>'.format(
            escape(_("A player left before their second turn: this game is not rated")),
            escape(_("ended before move 2 · unrated")),
        )
        base = escape(_("Base game"))
        self.base = f'<span class="muted">{base}</span>'
        self.tags: dict[str, str] = {}

    def player_url(self, username: str) -> str:
        before, after = self.player
        return escape(before + quote(username, safe=_SAFE_PATH) + after)

    def rule_tags(self, rules: dict[str, Any]) -> str:
        """``{% rule_tags rules base %}`` (games/_rule_tags.html), the same rules once per table."""
        key = repr(sorted(rules.items()))
        html = self.tags.get(key)
        if html is None:
            tags = rule_words.rule_tags(rules)
            html = (
                '<span class="rule-tags" data-testid="rule-tags">'
                + "".join(
                    f'<span class="rule-tag rule-tag-{escape(t["kind"])}" data-rule="{escape(t["key"])}" '
                    f'title="{escape(t["title"])}">{escape(t["label"])}</span>'
                    for t in tags
                )
                + "</span>"
                if tags
                else self.base
            )
            self.tags[key] = html
        return html


def _when(row) -> str:
    if row.finished_at:
        moment = timezone.localtime(row.finished_at)
        return f'<time datetime="{date_format_as(moment, "c")}">{escape(dates.long_date(moment))}</time>'
    moment = timezone.localtime(row.updated_at)
    return f'<time datetime="{date_format_as(moment, "c")}">{escape(dates.long_date(moment, with_time=True))}</time>'


def _player(words: _Words, p: dict[str, Any]) -> str:
    name = p["username"]
    who = (
        f'<a href="{words.player_url(name)}">{escape(name)}</a>'
        if name
        else f'<span class="muted">{words.open_seat}</span>'
    )
    badge = ""
    if p["won"]:
        draw = p.get("outcome") == "draw"
        badge = (
            f' <span class="badge badge-primary" title="{words.draw_title if draw else words.win_title}">'
            f"{words.draw if draw else words.won}</span>"
        )
    return (
        f'\n            <li class="{"winner" if p["won"] else ""}">\n'
        f'              <span class="seat-dot seat-bg-{escape(p["hex"].replace("#", ""))}" aria-hidden="true"></span>\n'
        f"              {who}\n"
        f'              <span class="score">{p["score"]}</span>{badge}\n'
        f"            </li>\n            "
    )


def _row(words: _Words, row) -> str:
    """One ``<tr>`` of archive/_rows.html."""
    before, after = words.game
    title = f'<a href="{escape(before + str(row.id) + after)}">{escape(row.title)}</a>'
    if row.status == "active":
        title += f' <span class="badge">{words.in_progress}</span>'
    title += words.bots if row.has_bots else (words.early if row.ended_early else "")
    t = row.tournament
    tournament = ""
    if t:
        tournament = f'<div class="muted tournament-of"><a href="{escape(t["url"])}">{escape(t["name"])}</a>'
        if t["round"]:
            round_words = escape(_("round %(round)s") % {"round": t["round"]})
            tournament += f', <a href="{escape(t["round_url"])}">{round_words}</a>'
        tournament += "</div>"
    departures = "".join(
        f'<div class="muted small departure" data-testid="departure">{escape(line)}</div>' for line in row.departures
    )
    return (
        "<tr>\n"
        f'        <th scope="row">{title}\n'
        f"          {tournament}\n"
        "        </th>\n"
        "        <td>\n"
        '          <ul class="score-list">\n'
        f"            {''.join(_player(words, p) for p in row.players)}\n"
        "          </ul>\n"
        f"          {departures}\n"
        "        </td>\n"
        f'        <td class="rules">{words.rule_tags(row.rules)}</td>\n'
        f'        <td class="num">{row.move_count}</td>\n'
        f"        <td>{_when(row)}</td>\n"
        "      </tr>"
    )


def _key(row) -> str:
    """A finished game's row in the cache: its game, the reader's language and time zone,
    and a digest of the words it shows that may change (names, title, tournament)."""
    shown = "\0".join(
        [row.title, str(row.tournament_name or ""), str(row.round or ""), *(p["username"] or "" for p in row.players)]
    )
    digest = hashlib.blake2b(shown.encode(), digest_size=8).hexdigest()
    return f"archive-row:{row.id}:{get_language()}:{timezone.get_current_timezone_name()}:{digest}"


def game_rows(rows: Sequence) -> list[SafeString]:
    """The ``<tr>`` of each list row (:class:`archive.search.Row`); finished games' rows
    from the cache when they are in it (one round trip), else written and kept."""
    finished = {_key(row): row for row in rows if row.status == "finished"}
    kept = cache.get_many(list(finished)) if finished else {}  # without Redis: {} (carcassonne_site.cache)
    words = None
    written: dict[str, str] = {}
    html = []
    for row in rows:
        key = _key(row) if row.status == "finished" else None
        text = kept.get(key) if key else None
        if text is None:
            words = words or _Words()
            text = _row(words, row)
            if key:
                written[key] = text
        html.append(mark_safe(text))
    if written:
        cache.set_many(written, ROW_SECONDS)
    return html


def head_to_head_rows(player_name: str, opponents: Iterable[dict[str, Any]]) -> SafeString:
    """The ``<tr>`` of each opponent of archive/player.html's head-to-head table (a busy
    player has some 200: the words and the URLs' common part once, then each name)."""
    words = _Words()
    games_word = escape(_("Games"))
    both_url = f"{reverse('archive:list')}?player={quote(player_name, safe='/')}&player="
    rows = []
    for o in opponents:
        name = escape(o["username"])
        who = f'<a href="{words.player_url(o["username"])}">{name}</a>' if o["user_id"] else name
        both = escape(both_url + quote(o["username"], safe="/"))
        rows.append(
            "\n        <tr>\n"
            f'          <th scope="row">{who}</th>\n'
            f'          <td class="num">{o["games"]}</td><td class="num">{o["ahead"]}</td>'
            f'<td class="num">{o["behind"]}</td><td class="num">{o["level"]}</td>\n'
            f'          <td><a href="{both}">{games_word}</a></td>\n'
            "        </tr>\n        "
        )
    return mark_safe("".join(rows))
