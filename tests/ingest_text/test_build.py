"""`mkdb build`: a failed build leaves the target database as it was and no temporary files behind."""

from __future__ import annotations

import hashlib
import shutil

import pytest

from carddb.db import open_db
from carddb.dump import dump
from mkdb.build import BuildError, build

from .conftest import DATA, ROOT, SEED


def _tree(tmp_path, books):
    """A copy of rules_sources/ whose rulebooks/ folder holds `books`."""
    root = tmp_path / "project"
    shutil.copytree(ROOT / "rules_sources", root / "rules_sources", ignore=shutil.ignore_patterns("rulebooks"))
    (root / "rules_sources" / "rulebooks").mkdir()
    for b in books:
        shutil.copy(b, root / "rules_sources" / "rulebooks" / b.name)
    return root


def test_build_replaces_target_with_fresh_database(tmp_path):
    target = tmp_path / "out.sqlite"
    report = build(str(target), _tree(tmp_path, [SEED["cs"], DATA / "it_mk1.txt"]))
    assert report.ingest.ok and len(report.ingest.results) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.sqlite", "project"]  # one self-contained file
    engine = open_db(f"sqlite:///{target}", create=False)
    assert '"lang": "cs"' in dump(engine) and '"lang": "it"' in dump(engine)


def test_failed_build_leaves_target_untouched(tmp_path):
    target = tmp_path / "out.sqlite"
    build(str(target), _tree(tmp_path / "good", [SEED["cs"]]))
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    with pytest.raises(BuildError, match="hu_prose.txt: unsupported language"):
        build(str(target), _tree(tmp_path / "bad", [SEED["es"], DATA / "hu_prose.txt"]))
    assert hashlib.sha256(target.read_bytes()).hexdigest() == digest
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad", "good", "out.sqlite"]
