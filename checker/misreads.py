"""Misreadings: is a value read by OCR another book's value misread?

Why: OCR turns a printed 3 into 8, drops a "2," from a list or doubles one; a finding resting on such
a reading blames the translation for the scanner. The confusions are data (checker/misreads.yaml).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from checker.model import FactIn
from sources.yamlfile import read_plain

DATA = Path(__file__).with_name("misreads.yaml")


@cache
def _groups() -> tuple[frozenset[str], ...]:
    data = read_plain(DATA) or {}  # the compiled cache: PyYAML loads only when the file changed
    return tuple(frozenset(str(c) for c in g) for g in data.get("digits") or [])


def confusable(a: str, b: str) -> bool:
    """Two characters OCR takes for one another."""
    return a != b and any(a in g and b in g for g in _groups())


def one_confusion(a: str, b: str) -> bool:
    """The strings differ in exactly one character, and OCR confuses the two."""
    if len(a) != len(b):
        return False
    diff = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    return len(diff) == 1 and confusable(*diff[0])


def ocr_read(fact: FactIn) -> bool:
    return (fact.read or {}).get("how") == "ocr"


def misread_of(value: Any, other: Any) -> bool:
    """`value` is `other` misread: one confusable character changed in a number, or one item of a
    list lost or gained."""
    if isinstance(value, list) and isinstance(other, list):
        if abs(len(value) - len(other)) == 1:
            short, long_ = (value, other) if len(value) < len(other) else (other, value)
            return any(long_[:k] + long_[k + 1 :] == short for k in range(len(long_)))
    a, b = _dump(value), _dump(other)
    return one_confusion(a, b)


def misread_of_any(value: Any, others: list[Any]) -> bool:
    if isinstance(value, dict):
        return any(isinstance(o, dict) and o.keys() == value.keys()
                   and sum(value[k] != o[k] for k in value) == 1
                   and all(value[k] == o[k] or misread_of(value[k], o[k]) for k in value) for o in others)
    return any(misread_of(value, o) for o in others)


def mended_numbering(numbers: list[int]) -> list[int] | None:
    """The list numbered 1..n once one number is read as a confusable digit ("1, 2, 8" -> 1, 2, 3);
    None when no single confusion mends it."""
    want = list(range(1, len(numbers) + 1))
    wrong = [k for k, (n, w) in enumerate(zip(numbers, want, strict=True)) if n != w]
    if len(wrong) == 1 and one_confusion(str(numbers[wrong[0]]), str(want[wrong[0]])):
        return want
    return None


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)
