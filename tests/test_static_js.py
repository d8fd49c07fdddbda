"""The site's JavaScript (static/js/) is ES modules: no globals of its own between the files
(each imports what it uses from the file that exports it), every template loads them with
type="module", and the imports name files that exist, without a circle."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "static" / "js"
SKIPPED = (".venv", "node_modules", "staticfiles", ".git")

IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.[^"']+)["']\s*;""", re.M | re.S)
SCRIPT = re.compile(r"<script\b[^>]*>", re.I)


def scripts():
    return sorted(JS.glob("*.js"))


def templates():
    for path in sorted(ROOT.rglob("*.html")):
        rel = path.relative_to(ROOT)
        if rel.parts[0] not in SKIPPED and "templates" in rel.parts:
            yield rel, path.read_text(encoding="utf-8")


def test_no_script_sets_a_global_of_its_own():
    pattern = re.compile(r"""\bwindow\s*(?:\.\s*Carc\w*|\[\s*["']Carc\w*["']\s*\])\s*=(?!=)""")
    found = {path.name: pattern.findall(path.read_text()) for path in scripts()}
    assert not any(found.values()), found


def test_every_template_loads_the_sites_scripts_as_modules():
    loaded, classic = [], []
    for rel, text in templates():
        for tag in SCRIPT.findall(text):
            if re.search(r"""\bsrc\s*=\s*["'](?:\{%\s*static\s*["']js/|/static/js/)""", tag):
                loaded.append(str(rel))
                if not re.search(r"""\btype\s*=\s*["']module["']""", tag):
                    classic.append(f"{rel}: {tag}")
    assert loaded, "no template loads static/js"
    assert not classic, classic


def test_the_imports_name_files_of_static_js_and_make_no_circle():
    graph = {}
    for path in scripts():
        targets = IMPORT.findall(path.read_text())
        missing = [t for t in targets if not (JS / t).resolve().is_file()]
        assert not missing, (path.name, missing)
        graph[path.name] = [(JS / t).resolve().name for t in targets]
    assert any(graph.values()), "the modules import nothing: is the pattern still right?"

    def visit(name, trail):
        assert name not in trail, " -> ".join([*trail, name])
        for target in graph[name]:
            visit(target, [*trail, name])

    for name in graph:
        visit(name, [])


def test_in_production_a_module_imports_the_hashed_names_its_page_loads(tmp_path):
    """collectstatic's manifest storage (carcassonne_site.static_storage, with DEBUG off)
    hashes each module's name and rewrites the imports to those names."""
    import shutil

    from django.core.files.storage import FileSystemStorage

    from carcassonne_site.static_storage import StaticFilesStorage

    shutil.copytree(JS, tmp_path / "js")  # what collectstatic copies before it hashes
    storage = StaticFilesStorage(location=tmp_path, base_url="/static/")
    source = FileSystemStorage(location=JS.parent)
    names = [f"js/{path.name}" for path in scripts()]
    for _name, _hashed, processed in storage.post_process({name: (source, name) for name in names}):
        assert not isinstance(processed, Exception), processed
    hashed = {name.removeprefix("js/"): Path(storage.stored_name(name)).name for name in names}
    assert hashed["board.js"] != "board.js"
    for name in hashed:
        text = (tmp_path / "js" / hashed[name]).read_text()
        imported = [target.removeprefix("./") for target in IMPORT.findall(text)]
        assert all(target in hashed.values() for target in imported), (name, imported)
    turn = (tmp_path / "js" / hashed["turn.js"]).read_text()
    assert f'from "./{hashed["board.js"]}";' in turn
