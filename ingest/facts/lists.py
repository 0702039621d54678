"""Numbered lists as printed: one per line ("1. …", "- 2) …") or inline on one line ("1) … 2) …").

Why: the activation order, turn phases and worked examples are numbered lists, and a list printed
1, 2, 3, 3 is itself a finding (`structure.list.<n>`: {"numbers": [...], "items": [...]}).
Bare markers without text (figure labels such as "1.  2.  3.") are not items.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from ingest.facts.doc import Doc
from ingest.types import FactData

_LINE_ITEM = re.compile(r"^[ \t]*(?:[-•*–][ \t]*)?(\d{1,2})[.)](?=\s|$)[ \t]*(.*)$")
_INLINE_MARK = re.compile(r"(?:(?<=\s)|^)(\d{1,2})\)(?=\s)")
_INLINE_DOT = re.compile(r"(?:(?<=\s)|^)(\d{1,2})\.(?=[ \t]+\S)")
_INLINE_END = re.compile(r"(?<=[^\W\d_][.!?])\s|\n")
# "Étape 1 — Lancer les dés", "Step 2: Earn income": a word and a number before the item, the same
# word on every item of the list (the word itself is the book's, whatever its language); OCR may
# drop the dash
_LABEL_ITEM = re.compile(r"^[ \t]*(?:[-•*–][ \t]*)?([^\W\d_]{2,15})[ \t]+(\d{1,2})(?:[ \t]*[—–:.)-])?[ \t]+(\S.*)$")


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
    lists = _line_lists(doc.text) + _inline_lists(doc.text) + _inline_dot_lists(doc.text) + _labelled_lists(doc.text)
    lists = [lst for lst in lists if len(lst.items) >= 2]
    # a line read as one item that holds a whole inline list is that list, not a list of its own
    by_start = sorted(lists, key=lambda lst: lst.start)
    starts = [lst.start for lst in by_start]
    lists = [a for a in lists if not any(  # only lists starting inside a can lie inside it
        b is not a and b.end <= a.end and len(b.items) > len(a.items)
        for b in by_start[bisect.bisect_left(starts, a.start) : bisect.bisect_right(starts, a.end)]
    )]
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
                current.extend(_split_run_on(line, pos, int(m.group(1)), m.start(2), m.start(1)))
            blank_run = False
        elif not line.strip():
            blank_run = True
        elif current and blank_run and _is_figure_debris(line):
            pass  # a figure label between items (dice pictures read by OCR) does not end the list
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


def _labelled_lists(text: str) -> list[NumberedList]:
    """Items on lines of their own, each opened by the same word and the next number (1, 2, 3 …)."""
    lists: list[NumberedList] = []
    current: list[Item] = []
    label = ""
    pos = 0
    for line in text.split("\n"):
        m = _LABEL_ITEM.match(line)
        word = m.group(1).casefold() if m else ""
        if m and current and word == label and int(m.group(2)) == current[-1].number + 1:
            current.append(Item(int(m.group(2)), pos + m.start(3), pos + len(line), pos + m.start(1)))
        else:
            if len(current) >= 2:
                lists.append(NumberedList(current, False))
            current, label = [], ""
            if m and int(m.group(2)) == 1:
                current, label = [Item(1, pos + m.start(3), pos + len(line), pos + m.start(1))], word
        pos += len(line) + 1
    if len(current) >= 2:
        lists.append(NumberedList(current, False))
    return lists


def _is_figure_debris(line: str) -> bool:
    """A short line that is mostly digits and signs ("1-6 x 3 08912"): a picture's label, not prose."""
    chars = [c for c in line if not c.isspace()]
    return 0 < len(chars) <= 30 and sum(c.isalpha() for c in chars) < len(chars) / 2


def _split_run_on(line: str, pos: int, number: int, body: int, marker: int) -> list[Item]:
    """A line item that runs on into the next ones ("3. Grün (…) 4. Violett (…)"), split there."""
    items: list[Item] = []
    for m in _INLINE_DOT.finditer(line, body):
        if int(m.group(1)) == number + 1:
            items.append(Item(number, pos + body, pos + m.start(), pos + marker))
            number, body, marker = number + 1, m.end(), m.start()
    items.append(Item(number, pos + body, pos + len(line), pos + marker))
    return items


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


def _inline_dot_lists(text: str) -> list[NumberedList]:
    """"1. … 2. … 3. …" run together on one line (a reflowed page): a chain that starts at 1 and
    goes up by one (or repeats a number, or skips one); a lone "3." is an ordinal, not a list."""
    lists: list[NumberedList] = []
    pos = 0
    for line in text.split("\n"):
        marks = list(_INLINE_DOT.finditer(line))
        if len(marks) >= 2:
            chain: list[re.Match[str]] = []
            for m in marks:
                n = int(m.group(1))
                if not chain:
                    if n == 1:
                        chain = [m]
                    continue
                prev = int(chain[-1].group(1))
                if n in (prev, prev + 1, prev + 2):
                    chain.append(m)
                elif n == 1:
                    lists.extend(_chain_list(line, pos, chain))
                    chain = [m]
            lists.extend(_chain_list(line, pos, chain))
        pos += len(line) + 1
    return lists


def _chain_list(line: str, pos: int, chain: list[re.Match[str]]) -> list[NumberedList]:
    if len(chain) < 2:
        return []
    items: list[Item] = []
    for k, m in enumerate(chain):
        end = chain[k + 1].start() if k + 1 < len(chain) else len(line)
        if k + 1 == len(chain):
            stop = _INLINE_END.search(line, m.end())
            end = stop.start() + 1 if stop else len(line)
        if line[m.end() : end].strip():
            items.append(Item(int(m.group(1)), pos + m.end(), pos + end, pos + m.start()))
    return [NumberedList(items, True)] if len(items) >= 2 else []


def list_facts(doc: Doc, lists: list[NumberedList]) -> list[FactData]:
    facts = []
    for n, lst in enumerate(lists, start=1):
        value = {"numbers": lst.numbers, "items": [doc.text[i.start : i.end].strip() for i in lst.items]}
        facts.append(doc.fact(f"structure.list.{n}", value, lst.start, lst.end, "lists", 0.7 if lst.inline else 0.9))
    return facts
