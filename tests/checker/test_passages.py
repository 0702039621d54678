"""Passage alignment and its checks on generated books (checker.passages), and `mkdb align`.

Books are generated from a vocabulary of sentences that carry what crosses languages (numbers,
card mentions, lexicon words), in two languages, with seeded random lengths; one side gets a change.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from typer.testing import CliRunner

from checker.context import Context
from checker.model import MentionIn, PageIn, SectionIn
from checker.passages import check as passages_check
from checker.passages.align import align, length_cost
from checker.passages.compare import number_change
from checker.passages.units import features, passages
from mkdb.cli import app

from .conftest import CARDS, book

# (Spanish, Ukrainian) sentence pairs: what a translation keeps is numbers, card names and rule words
PAIRS = [
    ("Entrega {n} Monedas a cada participante.", "Кожен гравець бере {n} монет."),
    ("Tira {n} dados en tu turno.", "Киньте {n} кубики у свій хід."),
    ("Construye 1 Edificio y paga {n} Monedas a la banca.", "Побудуйте 1 підприємство і заплатіть {n} монет у банк."),
    ("La Cafetería se activa y recibes {n} Monedas.", "Кав'ярня активується, і ви берете {n} монет."),
    ("Coloca {n} cartas en cada fila de la reserva.", "Викладіть {n} карт у кожен ряд."),
]


def _make(lang: str, sentences: list[tuple[int, str]], bid: str) -> object:
    """A book of one section per paragraph (a heading numbered as in the original + the sentence),
    with its mentions found by name."""
    text, sections, mentions = "", [], []
    for k, sent in sentences:
        head = f"{'SECCIÓN' if lang == 'es' else 'РОЗДІЛ'} {k}"
        body = f"{head}\n\n{sent}\n\n"
        start = len(text)
        text += body
        sections.append(SectionIn(k, head, "setup", 1, start, start + len(body) - 2, body[:-2]))
        for name in ("Cafetería", "Кав'ярня"):
            at = sent.find(name)
            if at >= 0:
                pos = start + len(head) + 2 + at
                mentions.append(MentionIn("mk2/cafe", name, 1, pos, pos + len(name)))
    return book(bid, lang, sections=sections, mentions=mentions, pages=[PageIn(1, text, offset=0)])


def _books(seed: int, change: str | None = None, sections: int = 14, places: tuple[int, int] = (3, 11),
           own: Callable[[random.Random, int], list[tuple[int, str]]] | None = None) -> tuple:
    """es and uk: `sections` sections translated one for one, uk followed by `own(rng, sections)` of
    its own; change: a number changed, or a sentence dropped, in uk at a place in `places`."""
    rng = random.Random(seed)
    picks = [(rng.randrange(len(PAIRS)), rng.randint(2, 60)) for _ in range(sections)]
    es = [(k, PAIRS[i][0].format(n=n)) for k, (i, n) in enumerate(picks)]
    uk = [(k, PAIRS[i][1].format(n=n)) for k, (i, n) in enumerate(picks)]
    if own is not None:
        uk += own(rng, sections)
    at = rng.randrange(*places)
    if change == "number":
        i, n = picks[at]
        uk[at] = (at, PAIRS[i][1].format(n=n + 1 if n + 1 not in (2, 3) else n + 3))
    elif change == "drop":
        del uk[at]
    return _make("es", es, "es-mk2-a"), _make("uk", uk, "uk-mk2-b"), at, picks


def test_length_cost_prefers_proportionate_lengths():
    assert length_cost(100, 100, 1.0) < length_cost(100, 160, 1.0) < length_cost(100, 400, 1.0)


def test_number_words_and_digits_are_the_same_number_in_every_language():
    assert features("es", "tira dos dados").numbers == (2,) == features("uk", "киньте 2 кубики").numbers
    assert number_change([_unit("es", "paga tres Monedas")], [_unit("uk", "заплатіть 3 монети")]) == ([], [])
    assert number_change([_unit("es", "paga 4 Monedas")], [_unit("uk", "заплатіть 3 монети")]) == ([4], [3])
    # one number only one side spells out is no change: "a coin" may be "1 coin"
    assert number_change([_unit("es", "recibe una Moneda")], [_unit("uk", "візьміть 1 монету")]) == ([], [])


def test_a_word_the_lexicon_lists_as_not_a_term_names_no_concept():
    """A noun whose lookup lemma is a rule verb's ("paso", a step: lemma "pasar", to pass) names no
    rule concept (lexicon `not_terms`); the verb's own forms still do."""
    assert "rule.pass" in features("es", "Si no puede pagar, deberá pasar.").concepts
    assert "rule.pass" not in features("es", "En este paso puedes construir un Edificio.").concepts
    assert "rule.pass" not in features("es", "Paso 3: construir.").concepts
    assert "verb.give" not in features("es", "Tira los dados.").concepts  # dice, not "dar" (to give)


def _unit(lang: str, text: str) -> object:
    class U:
        cards = frozenset()

    u = U()
    u.text, u.feats = text, features(lang, text)
    return u


@pytest.mark.parametrize("seed", range(6))
def test_parallel_books_align_one_to_one_with_confidence(seed):
    es, uk, _, _ = _books(seed)
    beads = align(passages(es), passages(uk))
    assert all(b.shape == (1, 1) for b in beads)
    pa, pb = passages(es), passages(uk)
    assert all(pa[b.a[0]].section == pb[b.b[0]].section for b in beads)
    content = [b for b in beads if pa[b.a[0]].kind != "heading"]
    assert sum(b.confidence >= 0.7 for b in content) >= 0.8 * len(content)


def _the_one_finding(es, uk):  # noqa: ANN001, ANN202 - two BookIn
    """The passage check of the two books finds exactly one difference: that one."""
    found = [d for d in passages_check.check(Context("mk2", [es, uk], dict(CARDS))) if d.kind == "passage"]
    assert len(found) == 1, [d.summary for d in found]
    return found[0]


@pytest.mark.parametrize("seed", range(6))
def test_a_changed_number_is_reported_at_its_passage(seed):
    es, uk, at, picks = _books(seed, "number")
    d = _the_one_finding(es, uk)
    quotes = {e.rulebook: e.quote for e in d.evidence}
    assert str(picks[at][1]) in quotes["es-mk2-a"] and d.severity == "minor"
    assert all(e.highlights for e in d.evidence)  # the differing numbers, to mark on both sides


@pytest.mark.parametrize("seed", range(6))
def test_a_dropped_paragraph_is_reported_with_the_other_books_passage(seed):
    es, uk, at, picks = _books(seed, "drop")
    d = _the_one_finding(es, uk)
    es_quote = next(e.quote for e in d.evidence if e.rulebook == "es-mk2-a")
    assert PAIRS[picks[at][0]][0].format(n=picks[at][1]) in es_quote
    assert d.values["uk-mk2-b"] == {"lacks": d.values["es-mk2-a"]["passage"]}


def test_unchanged_books_give_no_passage_finding():
    for seed in range(6):
        es, uk, _, _ = _books(seed)
        assert [d for d in passages_check.check(Context("mk2", [es, uk], dict(CARDS))) if d.kind == "passage"] == []


def test_align_command_side_by_side(seed_db, tmp_path):
    runner = CliRunner()
    out = runner.invoke(app, ["align", "es", "uk", "--db", seed_db, "-f", "json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["schema"] == "mkdb.align/1" and data["a"]["lang"] == "es" and data["b"]["lang"] == "uk"
    assert sum(r["status"] == "same" for r in data["rows"]) > len(data["rows"]) / 2
    html = tmp_path / "align.html"
    out = runner.invoke(app, ["align", "es", "uk", "--db", seed_db, "-f", "html", "-o", str(html)])
    assert out.exit_code == 0 and html.read_text(encoding="utf-8").count("<tr class=") == len(data["rows"])
    out = runner.invoke(app, ["align", "es", "nosuchbook", "--db", seed_db])
    assert out.exit_code == 1 and "nosuchbook" in out.output


def _read_by_ocr(book, number: int, confidence: float):  # noqa: ANN001, ANN202 - a BookIn
    """The book as if scanned: every word read at 0.95, the words printing `number` at `confidence`."""
    import re
    from dataclasses import replace

    from ingest.words import words_of_text

    page = book.pages[0]
    read = [(t, confidence if str(number) in re.findall(r"\d+", t) else 0.95) for t in page.text.split()]
    return replace(book, pages=[replace(page, method="ocr", words=words_of_text(page.text, read, "ocr"))])


@pytest.mark.parametrize("seed", range(3))
def test_a_changed_number_read_with_low_confidence_is_an_extraction_warning(seed):
    es, uk, at, picks = _books(seed, "number")
    [changed] = _the_one_finding(es, uk).values["uk-mk2-b"]["numbers"]
    assert changed != picks[at][1]
    found = passages_check.check(Context("mk2", [es, _read_by_ocr(uk, changed, 0.3)], dict(CARDS)))
    assert [d.kind for d in found] == ["extraction_warning"], [d.summary for d in found]
    assert found[0].topic == "text.low_confidence" and list(found[0].values) == ["uk-mk2-b"]
    assert found[0].values["uk-mk2-b"]["numbers"] == [changed] and found[0].severity == "info"
    # read with trust, the same print is a translation difference again
    assert _the_one_finding(es, _read_by_ocr(uk, changed, 0.9)).kind == "passage"
