"""Numbered lists as printed: one per line ("1. …", "- 2) …") or inline on one line ("1) … 2) …").

Why: the activation order, turn phases and worked examples are numbered lists, and a list printed
1, 2, 3, 3 is itself a finding (`structure.list.<n>`: {"numbers": [...], "items": [...]}).
Bare markers without text (figure labels such as "1.  2.  3.") are not items.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ingest.facts.doc import Doc
from ingest.types import FactData

_LINE_ITEM = re.compile(r"^[ \t]*(?:[-•*–][ \t]*)?(\d{1,2})[.)](?=\s|$)[ \t]*(.*)$")
_INLINE_MARK = re.compile(r"(?:(?<=\s)|^)(\d{1,2})\)(?=\s)")
_INLINE_END = re.compile(r"(?<=[^\W\d_][.!?])\s|\n")


@dataclass
class Item:
    number: int
    start: int  # span of the item text (marker excluded)
    end: int
    marker_start: int


@dataclass
class NumberedList:
    items: list[Item]
    inline: bool

    @property
    def start(self) -> int:
        return self.items[0].marker_start

    @property
    def end(self) -> int:
        return self.items[-1].end

    @property
    def numbers(self) -> list[int]:
        return [i.number for i in self.items]


def find_lists(doc: Doc) -> list[NumberedList]:
    """Every numbered list of two or more items with text, in text order."""
    lists = _line_lists(doc.text) + _inline_lists(doc.text)
    lists = [lst for lst in lists if len(lst.items) >= 2]
    lists.sort(key=lambda lst: lst.start)
    return lists


def _line_lists(text: str) -> list[NumberedList]:
    lists: list[NumberedList] = []
    current: list[Item] = []
    blank_run = False
    pos = 0
    for line in text.split("\n"):
        line_end = pos + len(line)
        m = _LINE_ITEM.match(line)
        if m:
            if current and int(m.group(1)) == 1 and m.group(2).strip():
                lists.append(NumberedList(current, False))  # numbering starts again: a new list
                current = []
            if m.group(2).strip():
                current.append(Item(int(m.group(1)), pos + m.start(2), line_end, pos + m.start(1)))
            blank_run = False
        elif not line.strip():
            blank_run = True
        elif current and not blank_run and not _INLINE_MARK.search(line):
            current[-1].end = line_end  # a wrapped line of the item
        else:
            if current:
                lists.append(NumberedList(current, False))
            current = []
            blank_run = False
        pos = line_end + 1
    if current:
        lists.append(NumberedList(current, False))
    return lists


def _inline_lists(text: str) -> list[NumberedList]:
    """Two or more "N)" markers on one line: the items run from marker to marker."""
    lists: list[NumberedList] = []
    pos = 0
    for line in text.split("\n"):
        marks = list(_INLINE_MARK.finditer(line))
        if len(marks) >= 2 and not _LINE_ITEM.match(line[: marks[1].start()] if marks[0].start() == 0 else ""):
            items: list[Item] = []
            groups: list[list[Item]] = [items]
            for k, m in enumerate(marks):
                nxt = marks[k + 1].start() if k + 1 < len(marks) else len(line)
                end = nxt
                if k + 1 == len(marks):
                    stop = _INLINE_END.search(line, m.end())
                    end = stop.start() + 1 if stop else len(line)
                body = line[m.end() : end]
                if body.strip():
                    if items and int(m.group(1)) == 1:
                        items = []
                        groups.append(items)
                    items.append(Item(int(m.group(1)), pos + m.end(), pos + end, pos + m.start()))
            lists.extend(NumberedList(g, True) for g in groups if len(g) >= 2)
        pos += len(line) + 1
    return lists


def list_facts(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    facts = []
    for n, lst in enumerate(lists, start=1):
        value = {"numbers": lst.numbers, "items": [doc.text[i.start : i.end].strip() for i in lst.items]}
        facts.append(doc.fact(f"structure.list.{n}", value, lst.start, lst.end, "lists", 0.7 if lst.inline else 0.9))
    return facts
