"""Helpers of the PDF/OCR tests: the text stages run on pages, CER, section comparison."""

from __future__ import annotations

import copy
import importlib.util
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from ingest.types import Identification, PageText, SectionData

ROOT = Path(__file__).resolve().parents[2]

# What the seeds are (docs/seeds.md): language and edition each fixture must be identified as.
SEED_IDENTITY = {"uk": "mk2", "ru": "mk1", "cs": "mk1", "es": "mk2", "de": "mk2"}


def _load_make_fixtures():
    spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "tests" / "make_fixtures.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_fixtures"] = module
    spec.loader.exec_module(module)
    return module






@dataclass
class Analysis:
    pages: list[PageText]
    text: str  # cleaned pages, joined
    ident: Identification
    sections: list[SectionData]


def analyse(pages: list[PageText]) -> Analysis:
    """The text stages of ingest (as ingest.pipeline runs them) on pages."""
    from ingest.clean import clean_page
    from ingest.identify import detect_language, identify
    from ingest.segment import join_pages, segment

    pages = copy.deepcopy(pages)
    lang, _ = detect_language("\n\n".join(p.text for p in pages))
    for p in pages:
        p.text, _ = clean_page(p.text, lang)
    doc, _ = join_pages(pages)
    ident = identify(doc)
    _, sections = segment(pages, ident)
    return Analysis(pages, doc, ident, sections)


def analyse_text(text: str) -> Analysis:
    return analyse([PageText(1, text, "text")])


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def cer(got: str, expected: str) -> float:
    """Character error rate: Levenshtein distance / length of the expected text (whitespace-normalised)."""
    got, expected = normalise(got), normalise(expected)
    return Levenshtein.distance(got, expected) / max(1, len(expected))


def topics(analysis: Analysis) -> list[str]:
    return [s.topic for s in analysis.sections if s.topic]


def topic_distance(got: Analysis, expected: Analysis) -> float:
    """How far the fixture's section topics (in order) are from the seed's: normalised edit distance."""
    return Levenshtein.normalized_distance(topics(got), topics(expected))


def topic_recall(got: Analysis, expected: Analysis) -> float:
    want = {t for t in topics(expected) if t != "other"}
    return len(want & set(topics(got))) / max(1, len(want))
