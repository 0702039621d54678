"""Helpers of the PDF/OCR tests: the text stages run on pages, CER, section comparison."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from carddb.models import PAGE_JOINER
from ingest.types import Identification, PageText, SectionData

ROOT = Path(__file__).resolve().parents[2]

# What the seeds are (docs/seeds.md): language and edition each fixture must be identified as.
SEED_IDENTITY = {"uk": "mk2", "ru": "mk1", "cs": "mk1", "es": "mk2", "de": "mk2"}







@dataclass
class Analysis:
    pages: list[PageText]
    text: str  # cleaned pages, joined
    ident: Identification
    sections: list[SectionData]


def analyse(pages: list[PageText]) -> Analysis:
    """What ingest.pipeline makes of these pages (clean, identify, segment, facts), without
    reading the file again: the pipeline's own `analyse` with its reader handing these pages over."""
    from unittest import mock

    from ingest import pipeline

    pages = copy.deepcopy(pages)
    with mock.patch.object(pipeline, "read_pages", lambda path, ocr="auto": pages):
        book = pipeline.analyse(Path("fixture.pdf"), "0" * 64)
    doc = PAGE_JOINER.join(p.text for p in book.pages)
    return Analysis(book.pages, doc, book.ident, book.sections)


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
