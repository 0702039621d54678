"""Scoring an OCR reading of a page against the same page's own text layer (tests, benchmark).

- body words recovered in reading order: the longest common subsequence of the text layer's
  words (as mkdb reads them: card art set aside) and the OCR's words, over the text layer's words;
- garbage: the share of OCR words that appear nowhere in the page's text layer (card art included);
- headings: the text layer's lines set well above the body size, each found as a run of OCR words.
Words are compared casefolded without surrounding punctuation (a heading printed in capitals
from a mixed-case text layer is the same heading).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

HEADING_SIZE = 1.3  # lines this much larger than the body are headings


def words(text: str) -> list[str]:
    out = []
    for token in re.split(r"[\s—–]+", text):
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


def reference(pdf: Path, index: int, lang: str) -> tuple[str, set[str], list[str]]:
    """(page text as mkdb reads the text layer, every word on the page, headings) of one page."""
    import pypdfium2

    from ingest.card_art import body_size
    from ingest.clean import clean_page
    from ingest.layout import segments_from_words
    from ingest.pdf import read_pdf
    from ingest.pdfium_text import read_page

    text = read_pdf(pdf, ocr="never")[index].text
    text = clean_page(text, lang, lost_ligatures=True)[0]
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        everything = doc[index].get_textpage().get_text_range()
        reads = [read_page(doc[i], 10**6) for i in range(len(doc))]
    finally:
        doc.close()
    body = body_size([w for r in reads for w in r.layout.words])
    heads = [s.text for s in segments_from_words(reads[index].layout.words, exact=True)
             if s.size >= HEADING_SIZE * body and len(words(s.text)) >= 1 and any(c.isalpha() for c in s.text)]
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
