"""The floors hold: read from the imports themselves (every import, in a function or not, except
those only a type checker sees), so a change that draws an arrow back up a floor or a circle
between files fails here, not in a review."""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("sources", "ingest", "carddb", "checker", "engine", "mkdb")

# what each floor may import from the project (its own package always)
ALLOWED = {
    "sources": set(),
    "ingest": {"sources"},
    "carddb": {"sources"},
    "engine": {"sources", "carddb"},  # --rules BOOK reads one book's facts from the database
    "checker": {"sources", "ingest", "carddb", "engine"},  # ingest: the lexicon, for highlights and words
    "mkdb": {"sources", "ingest", "carddb", "checker", "engine"},
}



@cache
def _tree(path: Path) -> ast.Module:
    """A file's syntax tree, parsed once for all the checks here (read only)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _modules() -> dict[str, Path]:
    mods = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            mods[name.removesuffix(".__init__")] = path
    return mods


def _imports(mods: dict[str, Path]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for name, path in mods.items():
        tree = _tree(path)
        typing_only = {id(n) for node in ast.walk(tree)
                       if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                       for n in ast.walk(node)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                subs = [f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in mods]
                targets = subs + ([node.module] if len(subs) < len(node.names) else [])
            else:
                continue
            for target in targets:
                while target and target not in mods:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    edges[name].add(target)
    return edges


@cache
def _project_edges() -> tuple[tuple[str, frozenset[str]], ...]:
    return tuple((k, frozenset(v)) for k, v in _imports(_modules()).items())


def _edges() -> defaultdict[str, set[str]]:
    """The project's imports, found once (a fresh copy each time: a check may plant more)."""
    return defaultdict(set, {k: set(v) for k, v in _project_edges()})


def _circles(edges: dict[str, set[str]], nodes: list[str]) -> list[frozenset[str]]:
    """Strongly connected components of more than one file (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(frozenset(part))

    for v in nodes:
        if v not in index:
            visit(v)
    return found


def _upward(edges: dict[str, set[str]]) -> list[str]:
    return sorted(f"{a} imports {b}" for a, bs in edges.items() for b in bs
                  if b.split(".")[0] != a.split(".")[0] and b.split(".")[0] not in ALLOWED[a.split(".")[0]])


def test_no_import_goes_up_a_floor():
    wrong = _upward(_edges())
    assert not wrong, "\n".join(wrong)


def test_no_circle_between_files():
    mods = _modules()
    circles = _circles(_edges(), sorted(mods))
    assert not circles, [sorted(c) for c in circles]


def test_the_checks_see_a_circle_and_an_arrow_up():
    """The two checks above can fail: a planted circle and a planted upward import are found."""
    edges = {"a.x": {"a.y"}, "a.y": {"a.x"}, "a.z": {"a.x"}}
    assert _circles(edges, ["a.x", "a.y", "a.z"]) == [frozenset({"a.x", "a.y"})]
    planted = _edges()
    planted["ingest.pipeline"].add("carddb.store")
    planted["engine.game"].add("checker.impact.turn")
    assert _upward(planted) == ["engine.game imports checker.impact.turn", "ingest.pipeline imports carddb.store"]


READER = "ingest.reader"  # the page reader: one package, used only through its __init__ (its API)


def _into_reader(edges: dict[str, set[str]]) -> list[str]:
    """Imports of the reader's own modules from outside the package (its API is `ingest.reader`)."""
    return sorted(f"{a} imports {b}" for a, bs in edges.items() for b in bs
                  if b.startswith(READER + ".") and not (a == READER or a.startswith(READER + ".")))


def test_the_page_reader_is_used_only_through_its_api():
    """The rest of mkdb reads pages through `ingest.reader` (read_pdf, read_image, ...) and imports
    none of the reader's modules (text layer, drawing, regions, OCR, order), so they can change
    among themselves without the rest knowing."""
    edges = _edges()
    assert any(READER in bs for a, bs in edges.items() if not a.startswith(READER)), "nothing uses the reader"
    wrong = _into_reader(edges)
    assert not wrong, "\n".join(wrong)
    edges["ingest.clean"].add("ingest.reader.layout")  # the check can fail: a planted import is found
    assert _into_reader(edges) == ["ingest.clean imports ingest.reader.layout"]


def _missing(tree: ast.AST, mods: dict[str, Path]) -> list[tuple[int, str]]:
    """(line, name) of each import of a project module that does not exist: `import ingest.X`,
    `from ingest.X import ...`, or `from ingest import X` where X is neither a module nor a name the
    package's __init__ mentions."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [(a.name, None) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [(node.module, a.name) for a in node.names]
        else:
            continue
        for module, name in names:
            if module.split(".")[0] not in PACKAGES:
                continue
            if module not in mods:
                if (node.lineno, module) not in found:  # once for `from ingest.old import a, b`
                    found.append((node.lineno, module))
            elif (name and name != "*" and f"{module}.{name}" not in mods and mods[module].name == "__init__.py"
                  and name not in mods[module].read_text(encoding="utf-8")):
                found.append((node.lineno, f"{module}.{name}"))
    return found


def test_every_import_of_the_project_finds_its_module():
    """A moved module (the page reader's, into ingest/reader/) leaves no import naming its old place,
    in the project, its tests, benchmarks or scripts (one merged from a branch begun before a move
    fails at once here, not when its function first runs)."""
    mods = _modules()
    wrong = [f"{path.relative_to(ROOT)}:{line} {name}"
             for d in (*PACKAGES, "tests", "benchmarks", "scripts") for path in sorted((ROOT / d).rglob("*.py"))
             for line, name in _missing(_tree(path), mods)]
    assert not wrong, "\n".join(wrong)
    # the check can fail: imports of the reader's modules at their old places are found
    stale = ast.parse("from ingest.regions import find_regions, ink\nfrom ingest import uncovered\nimport ingest.ocr\n"
                      "from ingest.reader import tesseract, read_pdf\nfrom ingest import analyse")
    assert _missing(stale, mods) == [(1, "ingest.regions"), (2, "ingest.uncovered"), (3, "ingest.ocr")]


def test_ingest_analyse_is_pure(tmp_path, monkeypatch):
    """`ingest.analyse` reads a book into plain data and opens no database: with every database URL
    pointing at a file that must not appear, the book is read and no file is made."""
    import ingest
    from ingest.types import IngestedBook

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MKDB_DATABASE_URL", str(tmp_path / "must-not-exist.sqlite"))
    book = ingest.analyse(ROOT / "rules_sources" / "rulebooks" / "000_eae8f963696d0c6f.txt")
    assert isinstance(book, IngestedBook) and book.facts and book.sections
    assert list(tmp_path.iterdir()) == []
