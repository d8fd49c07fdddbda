"""The translation catalogues (``locale/<lang>/LC_MESSAGES/django.po`` and ``djangojs.po``):
extracting the marked strings, checking the catalogues, compiling them.

English is the source language; every other language of ``settings.LANGUAGES`` has a
complete catalogue. :func:`problems` runs ``makemessages`` into a temporary copy of the
locale tree and compares it with the committed catalogues, so that a string marked for
translation without a translation (or a translation of a string that is gone) is found
before it reaches a page (``make test`` runs it: tests/test_translations.py).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from django.conf import settings

DOMAINS = ("django", "djangojs")
SKIP = {
    ".venv",
    ".git",
    "locale",
    "var",
    "staticfiles",
    "tests",
    "node_modules",
    "build",
    ".pytest_cache",
    ".hypothesis",
    "db.sqlite3",
    "db.sqlite3-journal",
}
"""Top-level entries of the project that hold no strings of the site."""

IGNORE = [".venv/*", "tests/*", "staticfiles/*", "var/*", "locale/*", "build/*"]


MARKERS = {
    "gettext": 1,
    "gettext_lazy": 1,
    "gettext_noop": 1,
    "pgettext": 2,
    "pgettext_lazy": 2,
    "ngettext": 2,
    "ngettext_lazy": 2,
    "npgettext": 3,
    "npgettext_lazy": 3,
}
"""Django's marking functions, and how many of their first arguments are text to translate."""


def languages() -> list[str]:
    """The translated languages (every language of the site but the source, English)."""
    return [code for code, _name in settings.LANGUAGES if code != "en"]


def locale_dir() -> Path:
    return Path(settings.LOCALE_PATHS[0])


def makemessages(project: Path) -> None:
    """Run ``makemessages`` for every language and domain in ``project`` (a directory with
    ``manage.py`` and a ``locale`` tree); existing translations are kept (msgmerge)."""
    for domain in DOMAINS:
        command = [
            sys.executable,
            "manage.py",
            "makemessages",
            "--symlinks",
            "--no-location",
            "-d",
            domain,
            *(f"--locale={code}" for code in languages()),
            *(f"--ignore={pattern}" for pattern in IGNORE),
        ]
        subprocess.run(command, cwd=project, check=True, capture_output=True, text=True)


def _entries(path: Path) -> dict:
    import polib

    if not path.exists():
        return {}
    return {(e.msgctxt, e.msgid, e.msgid_plural): e for e in polib.pofile(str(path)) if not e.obsolete}


def _untranslated(entry) -> bool:
    if entry.msgid_plural:
        return not entry.msgstr_plural or not all(entry.msgstr_plural.values())
    return not entry.msgstr


def _markers(tree: ast.Module) -> dict[str, str]:
    """The names a module calls Django's marking functions by (``_`` for ``gettext``, ...)."""
    return {
        alias.asname or alias.name: alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "django.utils.translation"
        for alias in node.names
        if alias.name in MARKERS
    }


def unreadable_marks(path: Path, name: str) -> list[str]:
    """Marked strings of a Python file that ``makemessages`` cannot read, so that they never
    reach a catalogue and every language shows the English: a marking call inside an
    f-string (xgettext skips an f-string whole), or one whose text is not a string literal
    (an f-string, a name, a sum)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    markers = _markers(tree)
    in_fstring = {id(sub) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for sub in ast.walk(node)}
    found = []
    calls = [
        (node, markers[node.func.id])
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in markers
    ]
    for node, marker in sorted(calls, key=lambda item: item[0].lineno):
        call = f"{name}:{node.lineno}: {ast.unparse(node)[:70]}"
        if id(node) in in_fstring:
            found.append(f"{call}: marked inside an f-string, which makemessages cannot read (mark it outside)")
        texts = node.args[: MARKERS[marker]]
        if not all(isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in texts):
            found.append(f"{call}: the marked text is not a string literal, which makemessages cannot read")
    return found


def _source_problems(base: Path) -> list[str]:
    """:func:`unreadable_marks` of every Python file that ``makemessages`` reads."""
    return [
        problem
        for entry in sorted(base.iterdir())
        if entry.name not in SKIP
        for path in ([entry] if entry.suffix == ".py" else sorted(entry.rglob("*.py")) if entry.is_dir() else [])
        for problem in unreadable_marks(path, str(path.relative_to(base)))
    ]


def problems() -> list[str]:
    """What is wrong with the committed catalogues: strings marked in the code but missing
    from a catalogue, entries whose string is gone (stale), fuzzy or empty translations,
    and what ``msgfmt --check`` refuses (e.g. a placeholder lost in translation); and
    marked strings makemessages cannot read (:func:`unreadable_marks`)."""
    base = Path(settings.BASE_DIR)
    found: list[str] = _source_problems(base)
    with tempfile.TemporaryDirectory(prefix="carcassonne-messages-") as tmp:
        project = Path(tmp)
        for entry in base.iterdir():
            if entry.name not in SKIP:
                (project / entry.name).symlink_to(entry)
        shutil.copytree(locale_dir(), project / "locale")
        makemessages(project)
        for code in languages():
            for domain in DOMAINS:
                name = f"{code}/LC_MESSAGES/{domain}.po"
                committed, fresh = _entries(locale_dir() / name), _entries(project / "locale" / name)
                for key in fresh.keys() - committed.keys():
                    found.append(f"{name}: missing {key[1]!r} (run `make translations`, then translate it)")
                for key in committed.keys() - fresh.keys():
                    found.append(f"{name}: stale {key[1]!r} (no longer in the code: run `make translations`)")
                for key, entry in committed.items():
                    if "fuzzy" in entry.flags:
                        found.append(f"{name}: fuzzy {key[1]!r}")
                    elif _untranslated(entry):
                        found.append(f"{name}: not translated {key[1]!r}")
                check = subprocess.run(
                    ["msgfmt", "--check-format", "-o", os.devnull, str(locale_dir() / name)],
                    capture_output=True,
                    text=True,
                )
                if check.returncode:
                    found.append(f"{name}: msgfmt: {check.stderr.strip()}")
    return found


def update() -> None:
    """Bring the committed catalogues up to date with the code (new strings come in
    untranslated; strings that are gone are dropped), then compile them."""
    makemessages(Path(settings.BASE_DIR))
    for code in languages():
        for domain in DOMAINS:
            path = locale_dir() / code / "LC_MESSAGES" / f"{domain}.po"
            subprocess.run(["msgattrib", "--no-obsolete", "--no-wrap", "-o", str(path), str(path)], check=True)
    compile_all()


def stale_compiled() -> list[Path]:
    """Catalogues whose compiled ``.mo`` is missing or older than the ``.po``."""
    return [
        po
        for po in locale_dir().glob("*/LC_MESSAGES/*.po")
        if not po.with_suffix(".mo").exists() or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime
    ]


def compile_all() -> None:
    """Compile every catalogue (``.po`` to ``.mo``; the ``.mo`` files are not committed)."""
    for po in locale_dir().glob("*/LC_MESSAGES/*.po"):
        subprocess.run(["msgfmt", "--check-format", "-o", str(po.with_suffix(".mo")), str(po)], check=True)
