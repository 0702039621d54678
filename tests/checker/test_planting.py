"""Discrepancies planted into copies of a seed, ingested by the real pipeline and diffed.

The Spanish MK2 seed is copied with one change each (a number, a reordered list, a renumbered
list, a dropped clarification, a misspelled card name); every change must be reported against the
copy it was planted in, and an unchanged copy must produce no finding against its original.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from diffing import ingest_files
from sqlmodel import Session

from carddb.db import open_db
from checker.diff import run_diff
from checker.model import DiffReport

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "rules_sources" / "rulebooks" / "003_4f402b05a3fc7f7c.txt"
CROSS_BOOK = {"value_mismatch", "missing", "card_name"}

PLANTS = {
    "coins": ("3. Entrega 5 Monedas a cada participante", "3. Entrega 7 Monedas a cada participante"),
    "reorder": ("1. Sector de la restauración (*rojo*)\n2. Sector primario y Sector minorista (*azul y verde*)",
                "1. Sector primario y Sector minorista (*azul y verde*)\n2. Sector de la restauración (*rojo*)"),
    "renumber": ("3. Edificios avanzados (*morado*)\n4. Puntos de interés (*naranja*)",
                 "3. Edificios avanzados (*morado*)\n3. Puntos de interés (*naranja*)"),
    "drop": ("Empresa de mudanzas\n\nEl efecto de la Empresa de mudanzas es obligatorio. Al activar su efecto no entregues un "
             "Edificio a la Constructora de tu derecha hasta que se hayan aplicado los efectos de todos los Edificios para ese turno.\n", ""),
    "misspell": ("tiene 2 Cafeterías y debería", "tiene 2 Cafetreías y debería"),
}


def _ingest(tmp: Path, files: list[Path]) -> str:
    return ingest_files(tmp, files, "planted.sqlite")


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> tuple[DiffReport, dict[str, str]]:
    tmp = tmp_path_factory.mktemp("planted")
    text = SEED.read_text(encoding="utf-8")
    files = [tmp / "original.txt"]
    shutil.copy(SEED, files[0])
    for name, (old, new) in PLANTS.items():
        assert text.count(old) >= 1, f"plant {name}: text not found in the seed"
        path = tmp / f"{name}.txt"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
        files.append(path)
    engine = open_db(_ingest(tmp, files), create=False)
    report = run_diff(engine)
    from sqlmodel import select

    from carddb.models import Rulebook

    with Session(engine) as s:
        ids = {Path(r.source).stem: r.id for r in s.exec(select(Rulebook))}
    engine.dispose()
    return report, ids


def _about(report: DiffReport, book_id: str, kinds: set[str], topic: str) -> list:
    return [d for d in report.discrepancies if d.kind in kinds and d.topic.startswith(topic) and book_id in d.values]


def test_changed_number(planted):
    report, ids = planted
    hits = _about(report, ids["coins"], {"value_mismatch"}, "setup.starting_coins")
    assert hits and hits[0].values[ids["coins"]] == 7 and hits[0].values[ids["original"]] == 5
    assert hits[0].severity == "rule"


def test_reordered_list(planted):
    report, ids = planted
    hits = _about(report, ids["reorder"], {"value_mismatch"}, "activation.order")
    assert hits and any(d.severity == "rule" for d in hits)


def test_renumbered_list(planted):
    report, ids = planted
    hits = _about(report, ids["renumber"], {"numbering"}, "")
    assert hits and "repeated 3" in hits[0].summary


def test_dropped_clarification(planted):
    report, ids = planted
    hits = _about(report, ids["drop"], {"missing"}, "clarification.")
    assert hits and hits[0].values[ids["drop"]] is None and "Moving Company" in hits[0].summary


def test_misspelled_card(planted):
    report, ids = planted
    hits = _about(report, ids["misspell"], {"term_consistency"}, "terms.card.cafe")
    assert hits and "Cafetreías" in hits[0].summary


def test_nothing_else_is_blamed_on_the_planted_copies(planted):
    """Each copy is blamed only for its own plant; the original and the other copies agree."""
    report, ids = planted
    expected = {"coins": "setup.starting_coins", "reorder": "activation.order", "renumber": "activation.order",
                "drop": "clarification.", "misspell": "terms.card.cafe"}
    for name, topic in expected.items():
        for d in report.discrepancies:
            if d.kind in CROSS_BOOK and len(d.values) > 1:
                odd = _minority(d)
                if ids[name] in odd and len(odd) == 1:
                    assert d.topic.startswith(topic) or d.topic.startswith("activation."), (name, d.summary)


def _minority(d) -> set[str]:
    import json

    if d.kind == "missing":
        return {b for b, v in d.values.items() if v is None}
    keys = {b: json.dumps(v, sort_keys=True) for b, v in d.values.items()}
    counts: dict[str, int] = {}
    for k in keys.values():
        counts[k] = counts.get(k, 0) + 1
    top = max(counts.values())
    return {b for b, k in keys.items() if counts[k] != top}


def test_unchanged_copy_has_no_finding_against_its_original(tmp_path: Path):
    copy = tmp_path / "copy.txt"
    copy.write_text(SEED.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # same text, another file hash
    original = tmp_path / "original.txt"
    shutil.copy(SEED, original)
    engine = open_db(_ingest(tmp_path, [original, copy]), create=False)
    report = run_diff(engine)
    engine.dispose()
    assert [d.summary for d in report.discrepancies if len(d.values) > 1] == []
    per_book = [d for d in report.discrepancies if len(d.values) == 1]
    books = {next(iter(d.values)) for d in per_book}
    assert len(per_book) % 2 == 0 and (not per_book or len(books) == 2)  # the same one-book warnings for both


RU = ROOT / "rules_sources" / "rulebooks" / "001_795f618b43229da8.txt"
CS = ROOT / "rules_sources" / "rulebooks" / "002_527932f4ae20193c.txt"


def test_expansion_rules_are_compared_only_among_books_that_cover_them(tmp_path: Path):
    """A Harbor rule changed in a copy of the Russian book (which covers Harbor) is reported against
    the Russian original, never against the Czech base-game book; the Czech book is not blamed."""
    text = RU.read_text(encoding="utf-8")
    old = "а целых 6 достопримечательностей!"
    assert old in text
    planted = tmp_path / "ru_planted.txt"
    planted.write_text(text.replace(old, "а целых 7 достопримечательностей!"), encoding="utf-8")
    files = [tmp_path / "ru.txt", tmp_path / "cs.txt", planted]
    shutil.copy(RU, files[0])
    shutil.copy(CS, files[1])
    engine = open_db(_ingest(tmp_path, files), create=False)
    report = run_diff(engine)
    from sqlmodel import select

    from carddb.models import Rulebook

    with Session(engine) as s:
        ids = {Path(r.source).stem: r.id for r in s.exec(select(Rulebook))}
    engine.dispose()
    hits = [d for d in report.discrepancies if d.topic.startswith("end.") and ids["ru_planted"] in d.values]
    assert hits and all(ids["cs"] not in d.values for d in hits)
    assert {d.values[ids["ru_planted"]] for d in hits} == {7} and {d.values[ids["ru"]] for d in hits} == {6}
