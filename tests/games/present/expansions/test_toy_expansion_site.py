"""An expansion is two files: a toy expansion written into a copy of the project as its
engine module (``carcassonne/expansions/toy.py``, the engine's toy of tests/carcassonne/expansions/toy.py)
and its site module (``games/present/expansions/toy.py``), and nothing else, is offered by
the new-game form, drawn on the board, told in the move sentences and explained on the
"How to play" page.

The copy is needed because both registries are filled once, when their packages are
imported: the check runs in a fresh process of the copy, on SQLite, whatever database and
services this run uses.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.carcassonne.expansions.toy import TOY_CATEGORY, TOY_ID, TOY_LABEL, TOY_SOURCE

ROOT = Path(__file__).resolve().parents[4]

SITE_SOURCE = textwrap.dedent(
    f'''\
    """The toy expansion on the site (tests/games/present/expansions/test_toy_expansion_site.py)."""

    from games.board_svg.expansion_art import ExpansionArt, LegendLine
    from games.present.expansions.base import RuleWords, SiteExpansion, register


    def _legend(game, module):
        return [LegendLine("toy", "Toy roads are lit", None, "The toy's lamp")]


    @register
    class ToyRoads(SiteExpansion):
        id = {TOY_ID!r}
        name = "Toy roads"
        options = {{{TOY_ID!r}: ({TOY_LABEL!r}, "A point more for each road you complete.")}}
        words = {{{TOY_ID!r}: RuleWords("expansion", "Toy", "Toy roads: a point more per road.", "Toy roads")}}
        labels = {{"category": {{{TOY_CATEGORY!r}: "Toy points"}}}}
        categories = ({TOY_CATEGORY!r},)
        how_to_play = "Every road you complete scores a toy point more."
        art = ExpansionArt(legend=_legend, legend_icons={{"toy": lambda x, y: []}})

        def move_clauses(self, changed, player):
            return ["lit a toy lamp"] if "toy_lamps" in changed else []
    '''
)

CHECK_SOURCE = textwrap.dedent(
    f'''\
    """Run in the copy only (tests/games/present/expansions/test_toy_expansion_site.py writes it)."""

    import html

    from django.urls import reverse

    from games import lobby
    from tests.games.helpers import api_clients, play_turn


    def test_the_toy_is_seen_everywhere(client, django_user_model):
        ann = django_user_model.objects.create_user("ann", "ann@example.com", "pw-ann-1234")
        bob = django_user_model.objects.create_user("bob", "bob@example.com", "pw-bob-1234")
        client.force_login(ann)
        form = html.unescape(client.get(reverse("game-create")).content.decode())
        assert {TOY_LABEL!r} in form and 'name="{TOY_ID}"' in form, "the new-game form"
        howto = html.unescape(client.get(reverse("how-to-play")).content.decode())
        assert "Toy roads" in howto and "scores a toy point more" in howto, "how to play"
        game = lobby.create_started_game(ann, [ann, bob], rules={{"expansions": [{TOY_ID!r}]}})
        clients = api_clients(ann, bob)
        for _ in range(12):
            assert play_turn(clients, game.pk).status_code == 201
        page = html.unescape(client.get(reverse("game-detail", args=[game.pk])).content.decode())
        assert "Toy roads are lit" in page, "the board's legend"
        moves = client.get(f"/api/games/{{game.pk}}/moves/").json()
        told = [m["text"] for m in moves]
        assert len(told) == 12 and all("lit a toy lamp" in text for text in told), told
    '''
)


def _copy_of_the_project(target: Path) -> None:
    """The project's files as they are now (tracked and new, not ignored), and the compiled catalogues."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    files = [Path(name.decode()) for name in listed if name]
    files += [p.relative_to(ROOT) for p in ROOT.glob("locale/*/LC_MESSAGES/*.mo")]
    for rel in files:
        if rel.parts[0] in ("research", "docs") or not (ROOT / rel).is_file():
            continue
        (target / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, target / rel)


@pytest.mark.slow
def test_a_toy_expansion_in_its_two_files_is_offered_drawn_told_and_explained(tmp_path):
    copy = tmp_path / "project"
    _copy_of_the_project(copy)
    (copy / "carcassonne" / "expansions" / f"{TOY_ID}.py").write_text(TOY_SOURCE)
    (copy / "games" / "present" / "expansions" / f"{TOY_ID}.py").write_text(SITE_SOURCE)
    (copy / "tests" / "test_toy_sees.py").write_text(CHECK_SOURCE)
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "REQUIRE_SERVICES")}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "tests/test_toy_sees.py"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
