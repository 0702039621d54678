"""Scoring an OCR reading of a page against the same page's own text layer (tests, benchmark).

- body words recovered in reading order: the longest common subsequence of the text layer's
  words (as mkdb reads them: card art set aside; in the order a reader reads the printed page,
  panel by panel, see reference) and the OCR's words, over the text layer's words;
- garbage: the share of OCR words that appear nowhere in the page's text layer (card art included);
- headings: the text layer's lines set well above the body size, and its lines on colour bars (from
  the page's drawing) in body type or larger, each found as a run of OCR words.
Words are compared casefolded without surrounding punctuation (a heading printed in capitals
from a mixed-case text layer is the same heading).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

HEADING_SIZE = 1.3  # lines this much larger than the body are headings


UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")  # kana, Han


def words(text: str) -> list[str]:
    """The words compared: casefolded, without surrounding punctuation; Chinese and Japanese,
    written without spaces (Tesseract puts spaces of its own between them), character by character."""
    out = []
    for token in re.split(r"[\s—–]+", UNSPACED.sub(lambda m: f" {m.group()} ", text)):
        token = re.sub(r"^\W+|\W+$", "", token.casefold().replace("’", "'"))
        if token:
            out.append(token)
    return out


def lcs(a: list[str], b: list[str]) -> int:
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b):
            cur.append(prev[j] + 1 if x == y else max(prev[j + 1], cur[j]))
        prev = cur
    return prev[-1]


@dataclass
class Score:
    recovered: float  # share of body words recovered in reading order
    garbage: float  # share of returned words absent from the page
    headings: list[str]
    missed_headings: list[str]

    def line(self) -> str:
        return (f"body words in order {self.recovered:.1%}, garbage {self.garbage:.1%}, headings "
                f"{len(self.headings) - len(self.missed_headings)}/{len(self.headings)}"
                + (f" (missed: {'; '.join(self.missed_headings)})" if self.missed_headings else ""))


REFERENCE_DPI = 100  # the clean render the reference's panels are found on
STORED = Path(__file__).parent / "data" / "real" / "scan_reference"  # <pdf stem>-p<page>.txt


def reference(pdf: Path, index: int, lang: str) -> tuple[str, set[str], list[str]]:
    """(page text as a reader reads the text layer, every word on the page, headings) of one page.

    The text layer's words (card art and running lines set aside, as mkdb reads them) are read
    panel by panel: the panels, boxes and bars are found on a clean render of the page
    (ingest.reader.regions), as a reader sees them, and the words ordered over them (ingest.reader.region_order).
    The plain XY-cut of the text layer alone cannot see a panel's edge: on a page of panels it
    reads straight down a column through two panels, or across two columns of one panel.

    Where a stored reading exists (STORED), it is the reference: made this way once and checked
    by eye against the printed page (pages 2, 5 and 8 of the real book panel by panel), so that
    a change to the region finder cannot move the reference along with the OCR it scores.
    """
    import pypdfium2

    from ingest.clean import clean_page
    from ingest.reader.card_art import body_size, set_aside_card_art, set_aside_repeats
    from ingest.reader.geometry import segments_from_words
    from ingest.reader.layout import _WORDISH, LABEL_CHARS, drop_running_lines, order_page
    from ingest.reader.pdf import read_text_layers, render
    from ingest.reader.regions import find_regions

    reads = read_text_layers(pdf)
    layouts = [r.layout for r in reads]
    body = body_size([w for lay in layouts for w in lay.words])
    art = [set_aside_card_art(lay, body) for lay in layouts]
    repeats = set_aside_repeats(layouts, art, body)
    drop_running_lines(layouts)
    page = layouts[index]
    page.card_art = len(art[index]) + repeats[index]
    image = render(pdf, index, REFERENCE_DPI)
    found = find_regions(image)
    scale = image.size[0] / page.width
    for seg in page.segments:
        for w in seg.words:
            w.region = found.region_at((w.x0 + w.x1) / 2 * scale, (w.top + w.bottom) / 2 * scale)
    page.regions = {r.index: (r.parent, tuple(v / scale for v in r.box), r.kind) for r in found.regions}
    page.exact_sizes = False  # regions, not type sizes, keep callouts apart from the body
    paragraphs = order_page(page).split("\n\n")
    if page.card_art:  # as order_page drops them from the body: bare numbers and signs are the cards'
        paragraphs = [p for p in paragraphs if len(p) > LABEL_CHARS or _WORDISH.search(p)]
    text = clean_page("\n\n".join(paragraphs), lang, lost_ligatures=True)[0]
    stored = STORED / f"{pdf.stem}-p{index + 1}.txt"
    if stored.exists():
        text = stored.read_text(encoding="utf-8").rstrip("\n")
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        everything = doc[index].get_textpage().get_text_range()
    finally:
        doc.close()
    own = reads[index].layout
    heads = [s.text for s in segments_from_words(own.words, exact=True)
             if s.size >= HEADING_SIZE * body and len(words(s.text)) >= 1 and any(c.isalpha() for c in s.text)]
    # colour-bar headings: a line on a bar the page's drawing shows (ingest.reader.vector_regions), in body type
    # or larger (a callout strip's smaller type is no heading)
    bars = {k for k, (_, _, kind) in own.regions.items() if kind == "bar"}
    heads += [s.text for s in segments_from_words([w for w in own.words if w.region in bars], exact=True)
              if s.size >= body and any(c.isalpha() for c in s.text) and s.text not in heads]
    heads = [h for h in heads if " ".join(words(h)) in " ".join(words(text))]  # card art is not a heading
    return text, set(words(everything)) | set(words(text)), heads


def score(ocr_text: str, ref_text: str, page_words: set[str], headings: list[str], lang: str) -> Score:
    """The OCR text is scored as mkdb stores it (cleaned), against the cleaned text layer."""
    from ingest.clean import clean_page

    ref, got = words(ref_text), words(clean_page(ocr_text, lang)[0])
    recovered = lcs(ref, got) / max(1, len(ref))
    garbage = sum(w not in page_words for w in got) / max(1, len(got))
    flat = f" {' '.join(got)} "
    missed = [h for h in headings if f" {' '.join(words(h))} " not in flat]
    return Score(recovered, garbage, headings, missed)


def card_lines(pdf: Path, index: int) -> list[str]:
    """The lines of one page's text layer that mkdb keeps as card art (ingest.reader.card_art: tiny or
    turned type inside a card's picture, and a large card whose text is printed again as card
    art), each holding a word of three letters: a card's title, a line of its effect."""
    from ingest.reader.card_art import body_size, set_aside_card_art, set_aside_repeats
    from ingest.reader.geometry import segments_from_words
    from ingest.reader.pdf import read_text_layers

    layouts = [r.layout for r in read_text_layers(pdf)]
    before = [list(lay.words) for lay in layouts]
    body = body_size([w for lay in layouts for w in lay.words])
    art = [set_aside_card_art(lay, body) for lay in layouts]
    set_aside_repeats(layouts, art, body)
    kept = {id(w) for w in layouts[index].words}
    aside = [w for w in before[index] if id(w) not in kept]
    lines = [" ".join(words(s.text)) for s in segments_from_words(aside, exact=True)]
    return [line for line in lines if re.search(r"[^\W\d_]{3}", line)]


def leaked_card_lines(ocr_text: str, ref_text: str, lines: list[str], lang: str) -> list[str]:
    """The card-art lines the OCR text holds more often than the page's body does (a card's
    title is also a word of the rules: "a wheat field" in a sentence is no leak)."""
    from ingest.clean import clean_page

    got = f" {' '.join(words(clean_page(ocr_text, lang)[0]))} "
    ref = f" {' '.join(words(ref_text))} "
    return [line for line in dict.fromkeys(lines) if got.count(f" {line} ") > ref.count(f" {line} ")]


@dataclass
class Measure:
    family: str
    kind: str  # "text" | "scan" | "low" (72-100 dpi)
    recovered: float
    cer: float
    garbage: float
    headings: tuple[int, int]  # found, of


def page_words(pdf: str | Path) -> set[str]:
    """Every word the page prints (its own text layer, running lines and all)."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        return {w for page in doc for w in words(page.get_textpage().get_text_range())}
    finally:
        doc.close()


def measure(family: str, kind: str, got: str, truth: str, printed: set[str], headings: list[str],
            lang: str) -> Measure:
    """One page's reading scored against its truth (both cleaned as mkdb stores text): words in
    order (longest common subsequence over the truth's words), CER (edit distance of the two word
    sequences joined by spaces over the truth's length), garbage (words read that the page does
    not print), headings found as a run of words (tests/page_layouts, benchmarks/reading.py)."""
    from rapidfuzz.distance import LCSseq, Levenshtein

    from ingest.clean import clean_page

    ref = words(clean_page(truth, lang)[0])
    out = words(clean_page(got, lang)[0])
    recovered = LCSseq.similarity(ref, out) / max(1, len(ref))
    joined = " ".join(ref)
    cer = Levenshtein.distance(joined, " ".join(out)) / max(1, len(joined))
    printed = printed | set(ref)
    garbage = sum(w not in printed for w in out) / max(1, len(out))
    flat = f" {' '.join(out)} "
    found = sum(f" {' '.join(words(clean_page(h, lang)[0]))} " in flat for h in headings)
    return Measure(family, kind, recovered, cer, garbage, (found, len(headings)))
