"""The documentation holds together: the README stays one page, every relative link of the
README and of docs/ points at a file that exists, the map of the docs (docs/index.md) leaves
the journal out, and dated history ("issue 33") lives only in docs/journal/."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
JOURNAL = DOCS / "journal"
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def _links(page: Path) -> list[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)  # code spans are no links
    return LINK.findall(text)


def _relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) and not target.startswith("#")


def test_the_readme_is_one_page():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200, f"README.md has {len(lines)} lines: move the rest to docs/"


def test_every_relative_link_points_at_a_file_that_exists():
    broken = []
    for page in _pages():
        for target in _links(page):
            if not _relative(target):
                continue
            path = unquote(target.split("#", 1)[0])
            if path and not (page.parent / path).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken


def _anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub writes them."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    headings = re.findall(r"^#+\s+(.+?)\s*$", text, re.M)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}


def test_every_anchor_of_a_link_names_a_heading():
    broken = []
    for page in _pages():
        for target in _links(page):
            if not _relative(target) and not target.startswith("#") or "#" not in target:
                continue
            path, anchor = target.split("#", 1)
            linked = (page.parent / unquote(path)) if path else page
            if linked.suffix == ".md" and linked.exists() and anchor not in _anchors(linked):
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, broken


def test_the_map_of_the_docs_does_not_link_the_journal():
    index = DOCS / "index.md"
    linked = [
        t for t in _links(index) if _relative(t) and (index.parent / t.split("#")[0]).resolve().is_relative_to(JOURNAL)
    ]
    assert not linked, linked


def test_no_issue_numbers_outside_the_journal():
    found = []
    for page in _pages():
        if page.is_relative_to(JOURNAL):
            continue
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\bissue\s+#?\d", line, re.I):
                found.append(f"{page.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, found
