"""The compiled engine: the hot modules built by mypyc, loaded in place of their sources.

``compile_engine.py`` (run by ``make install`` where a C compiler works) builds them into
``build/mypyc/lib/``, beside a manifest of the hash of each module's source. Importing
:mod:`carcassonne` calls :func:`install`, which puts an import hook first on
``sys.meta_path`` that loads those extension modules, if

- ``CARCASSONNE_PURE`` is unset (or ``0``), and
- every compiled module's source is still the one it was built from (one source edited
  since leaves the whole engine pure: a compiled module holds the compiled classes of the
  others, so they are used all or none; a module the build left out, such as an expansion
  added since, is used from its source beside them).

Otherwise the package runs from its sources, which stay the reference. :data:`MODE` says
which (``"compiled"`` or ``"pure"``), :data:`REASON` why it is pure, and
:data:`COMPILED` names the modules loaded compiled.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
LIB = ROOT / "build" / "mypyc" / "lib"
MANIFEST = LIB / "MANIFEST.json"
SHARED = "carcassonne.compiled__mypyc"  # the library holding every compiled module's code

MODE = "pure"
REASON = "not installed yet"
COMPILED: frozenset[str] = frozenset()


def _extension(module: str) -> Path | None:
    folder = LIB.joinpath(*module.split(".")[:-1])
    last = module.rsplit(".", 1)[-1]
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = folder / f"{last}{suffix}"
        if path.is_file():
            return path
    return None


def built() -> tuple[dict[str, Path], str]:
    """The compiled modules usable now, by module name (with the shared library), or none
    and why."""
    try:
        sources = json.loads(MANIFEST.read_text())["sources"]
    except (OSError, ValueError, KeyError):
        return {}, "not built (make install builds it where a C compiler works)"
    found: dict[str, Path] = {}
    for source, digest in sources.items():
        try:
            text = (ROOT / source).read_bytes()
        except OSError:
            return {}, f"{source} is gone since the build"
        if hashlib.sha256(text).hexdigest() != digest:
            return {}, f"{source} changed since the build (make install rebuilds it)"
        module = source.removesuffix(".py").replace("/", ".")
        path = _extension(module)
        if path is None:
            return {}, f"the build has no extension for {module}"
        found[module] = path
    shared = _extension(SHARED)
    if shared is None:
        return {}, "the build has no shared library"
    found[SHARED] = shared
    return found, ""


class _Finder:
    """Finds the compiled modules (a meta path finder, first on ``sys.meta_path``)."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)


def install() -> None:
    """Load the compiled modules from now on, if they are usable (see the module's docstring)."""
    global MODE, REASON, COMPILED
    if any(isinstance(finder, _Finder) for finder in sys.meta_path):
        return
    if os.environ.get("CARCASSONNE_PURE", "") not in ("", "0"):
        MODE, REASON = "pure", "CARCASSONNE_PURE is set"
        return
    files, why = built()
    if not files:
        MODE, REASON = "pure", why
        return
    loaded = sorted(name for name in files if name in sys.modules and name != __name__)
    if loaded:  # imported from their sources already: a mix of the two would not work
        MODE, REASON = "pure", f"{loaded[0]} was imported before the compiled modules"
        return
    sys.meta_path.insert(0, _Finder(files))
    MODE, REASON, COMPILED = "compiled", "", frozenset(name for name in files if name != SHARED)


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


install()
