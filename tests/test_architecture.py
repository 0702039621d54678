"""The floors hold: read from the imports themselves (every import, in a function or not, except
those only a type checker sees), so a change that draws an arrow back up a floor or a circle
between files fails here, not in a review."""

from __future__ import annotations

import ast
from collections import defaultdict
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
        tree = ast.parse(path.read_text(encoding="utf-8"))
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
    wrong = _upward(_imports(_modules()))
    assert not wrong, "\n".join(wrong)


def test_no_circle_between_files():
    mods = _modules()
    circles = _circles(_imports(mods), sorted(mods))
    assert not circles, [sorted(c) for c in circles]


def test_the_checks_see_a_circle_and_an_arrow_up():
    """The two checks above can fail: a planted circle and a planted upward import are found."""
    edges = {"a.x": {"a.y"}, "a.y": {"a.x"}, "a.z": {"a.x"}}
    assert _circles(edges, ["a.x", "a.y", "a.z"]) == [frozenset({"a.x", "a.y"})]
    planted = _imports(_modules())
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
    edges = _imports(_modules())
    assert any(READER in bs for a, bs in edges.items() if not a.startswith(READER)), "nothing uses the reader"
    wrong = _into_reader(edges)
    assert not wrong, "\n".join(wrong)
    edges["ingest.clean"].add("ingest.reader.layout")  # the check can fail: a planted import is found
    assert _into_reader(edges) == ["ingest.clean imports ingest.reader.layout"]


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
