"""The translation catalogues (``locale/<lang>/LC_MESSAGES/django.po`` and ``djangojs.po``):
extracting the marked strings, checking the catalogues, compiling them.

English is the source language; every other language of ``settings.LANGUAGES`` has a
complete catalogue. :func:`problems` runs ``makemessages`` into a temporary copy of the
locale tree and compares it with the committed catalogues, so that a string marked for
translation without a translation (or a translation of a string that is gone) is found
before it reaches a page (``make test`` runs it: tests/test_translations.py).
"""

from __future__ import annotations

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


def problems() -> list[str]:
    """What is wrong with the committed catalogues: strings marked in the code but missing
    from a catalogue, entries whose string is gone (stale), fuzzy or empty translations,
    and what ``msgfmt --check`` refuses (e.g. a placeholder lost in translation)."""
    base = Path(settings.BASE_DIR)
    found: list[str] = []
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
