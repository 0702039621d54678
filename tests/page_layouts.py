"""Generated rulebook pages in varied layout families, each with its true reading order (issue 23).

    from page_layouts import FAMILIES, make_page, scan_of
    page = make_page("col2_level", seed=3, out_dir)   # a one-page text-layer PDF + its truth
    image = scan_of(page, dpi=200, seed=3, out_dir)    # the same page scanned (rotated, noisy, JPEG)

The rule texts are the seeds (rules_sources/rulebooks) and tests/data/texts, cut into headings and
paragraphs; a page takes its text from one language, picked by the seed among every language
with a text. A family is one way printed rulebooks set their pages (columns with level or unlevel
paragraph breaks, a line or picture across the gutter, full-width headings between column
blocks, panels, colour bars, callouts beside a diagram, tables, sidebars, running lines, pictures,
several fonts and sizes). Everything is drawn with fpdf2 in fonts Debian packages ship
(fonts-dejavu, fonts-liberation), so the text layer is exact and the truth is what was drawn, in
the order a person reads it. CJK_FAMILIES set colour bars, panels and tables in Chinese
(Simplified, Traditional), Japanese or Korean (tests/languages/texts, Noto CJK from
fonts-noto-cjk), a language per seed in turn; Chinese and Japanese lines break between any two
characters and their truth has no spaces. Scans reuse the fixtures' degradation (make_fixtures.degrade).
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import make_fixtures
import numpy as np
import pypdfium2
from fpdf import FPDF
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
TEXTS = ROOT / "tests" / "data" / "texts"
FONT_DIR = Path("/usr/share/fonts/truetype")
# face name -> (regular, bold) files
FACES = {
    "dejavu-sans": ("dejavu/DejaVuSans.ttf", "dejavu/DejaVuSans-Bold.ttf"),
    "dejavu-serif": ("dejavu/DejaVuSerif.ttf", "dejavu/DejaVuSerif-Bold.ttf"),
    "liberation-serif": ("liberation/LiberationSerif-Regular.ttf", "liberation/LiberationSerif-Bold.ttf"),
    "liberation-sans": ("liberation/LiberationSans-Regular.ttf", "liberation/LiberationSans-Bold.ttf"),
    "dejavu-condensed": ("dejavu/DejaVuSansCondensed.ttf", "dejavu/DejaVuSansCondensed-Bold.ttf"),
}
# language -> texts of that language (seed files and test texts)
SOURCES = {
    **{lang: [make_fixtures.SEEDS / name] for lang, name in make_fixtures.SEED_FILES.items()},
    "en": [TEXTS / "base_only_en.txt", TEXTS / "mk2_rules_en.txt", TEXTS / "harbor_expansion_en.txt"],
    "fr": [TEXTS / "machi_koro_2_regles_fr.txt"],
    "pl": [TEXTS / "machi_koro_instrukcja_pl.txt"],
}
SOURCES["de"] = SOURCES["de"] + [TEXTS / "machi_koro_hafen_de.txt"]
LANGS = sorted(SOURCES)
# Chinese, Japanese and Korean: the new languages' rules texts, set in Noto CJK (fonts-noto-cjk);
# a face is (regular, bold) collection files and the collection holds one face per language
CJK_TEXTS = ROOT / "tests" / "languages" / "texts"
SOURCES.update({lang: sorted(CJK_TEXTS.glob(f"{lang}_mk*.md")) for lang in ("ja", "ko", "zh-Hans", "zh-Hant")})
CJK_LANGS = ["ja", "ko", "zh-Hans", "zh-Hant"]
CJK_FONT_DIR = Path("/usr/share/fonts/opentype/noto")
CJK_FACES = {"noto-sans-cjk": ("NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"),
             "noto-serif-cjk": ("NotoSerifCJK-Regular.ttc", "NotoSerifCJK-Bold.ttc")}
CJK_INDEX = {"ja": 0, "ko": 1, "zh-Hans": 2, "zh-Hant": 3}  # the language's face in the collection
UNSPACED = ("ja", "zh-Hans", "zh-Hant")  # written without spaces: broken between any two characters
PRINTABLE = set(".,;:!?()-–—'\"«»„“”’%/+×=")  # besides letters and digits: what every face here draws
CJK_PRINTABLE = set("。、，：；！？（）「」『』・ー〜")  # what Noto CJK draws besides letters and digits


@dataclass
class Truth:
    """What a page prints, in reading order: ("heading" | "text", text) blocks."""

    blocks: list[tuple[str, str]] = field(default_factory=list)

    def add(self, kind: str, text: str) -> None:
        self.blocks.append((kind, text))

    @property
    def text(self) -> str:
        return "\n\n".join(t for _, t in self.blocks)

    @property
    def headings(self) -> list[str]:
        return [t for k, t in self.blocks if k == "heading"]


@dataclass
class Page:
    """A generated page: its PDF (one page), its truth, and how it was made."""

    family: str
    seed: int
    lang: str
    face: str
    pdf: str
    text: str
    headings: list[str]

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(asdict(self), ensure_ascii=False), encoding="utf-8")


def _paragraphs(lang: str) -> tuple[list[str], list[str]]:
    """(headings, paragraphs) of a language's texts as printed: markup gone, list items joined."""
    heads: list[str] = []
    paras: list[str] = []
    for path in SOURCES[lang]:
        text = path.read_text(encoding="utf-8")
        if lang == "cs" and path.parent == make_fixtures.SEEDS:
            text = make_fixtures._cleaned(text, lang)
        text = re.sub(r"\*\*|(?<!\w)\*|\*(?!\w)", "", text)
        cjk = "" if lang in CJK_LANGS else r"|[\u3000-\u9fff]+"
        text = re.sub(r"<\|[^|>]*\|>" + cjk + r"|[#|>_`]+", " ", text)
        for chunk in re.split(r"\n\s*\n|\n(?=\s*[-•]\s)", text):
            for line in chunk.split("\n"):
                line = re.sub(r"^\s*[-•]\s*", "", line)
                line = re.sub(r"\s+", " ", line).strip()
                if not line or not any(c.isalpha() for c in line):
                    continue
                words = list(line.replace(" ", "")) if lang in UNSPACED else line.split()
                if len(words) <= (12 if lang in UNSPACED else 6) and len(line) <= 48 \
                        and not line.endswith((".", ",", ":", ";", "。", "：")):
                    heads.append(line)
                elif len(words) >= 6:
                    paras.append(line)
    return heads, paras


_CACHE: dict[str, tuple[list[str], list[str]]] = {}


class Words:
    """An endless supply of a language's headings and running text, from a seeded position."""

    def __init__(self, lang: str, rng: random.Random) -> None:
        if lang not in _CACHE:
            _CACHE[lang] = _paragraphs(lang)
        self.heads, paras = _CACHE[lang]
        self.rng = rng
        self.joiner = "" if lang in UNSPACED else " "  # between two units of the stream
        units = [c for c in "".join(paras) if not c.isspace()] if lang in UNSPACED else " ".join(paras).split()
        self.stream = [w for w in units if all(c.isalnum() or c in PRINTABLE or c in CJK_PRINTABLE for c in w)]
        self.pos = rng.randrange(len(self.stream))

    def heading(self) -> str:
        head = self.rng.choice(self.heads)
        return head.upper() if self.rng.random() < 0.5 else head

    def take(self, n: int) -> list[str]:
        out = []
        for _ in range(n):
            out.append(self.stream[self.pos % len(self.stream)])
            self.pos += 1
        return out


class Sheet:
    """One page being drawn: fonts, the words on offer, and the truth in reading order."""

    def __init__(self, lang: str, face: str, rng: random.Random, size: tuple[float, float] = (210.0, 297.0)) -> None:
        self.rng = rng
        self.words = Words(lang, rng)
        self.join = self.words.joiner.join
        self.pdf = FPDF(unit="mm", format=size)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(0, 0, 0)
        if face in CJK_FACES:
            regular, bold = CJK_FACES[face]
            self.pdf.add_font("R", "", str(CJK_FONT_DIR / regular), collection_font_number=CJK_INDEX[lang])
            self.pdf.add_font("B", "", str(CJK_FONT_DIR / bold), collection_font_number=CJK_INDEX[lang])
        else:
            regular, bold = FACES[face]
            self.pdf.add_font("R", "", str(FONT_DIR / regular))
            self.pdf.add_font("B", "", str(FONT_DIR / bold))
        self.pdf.add_page()
        self.w, self.h = size
        self.truth = Truth()
        self.body = rng.choice((9.0, 9.5, 10.0, 10.5, 11.0))
        self.lead = self.body * 0.3528 * rng.uniform(1.25, 1.4)  # line pitch in mm

    def font(self, bold: bool, size: float, rgb: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.pdf.set_font("B" if bold else "R", size=size)
        self.pdf.set_text_color(*rgb)

    def lines(self, words: list[str], width: float) -> list[str]:
        """Words broken into lines that fit `width` in the current font."""
        out: list[str] = []
        cur = ""
        for w in words:
            trial = self.join((cur, w)) if cur else w
            if cur and self.pdf.get_string_width(trial) > width:
                out.append(cur)
                cur = w
            else:
                cur = trial
        if cur:
            out.append(cur)
        return out

    def paragraph_of(self, n_lines: int, width: float) -> list[str]:
        """A paragraph of exactly `n_lines` lines at `width` (the last line short), from the stream."""
        words: list[str] = []
        while True:
            words += self.words.take(4)
            got = self.lines(words, width)
            if len(got) > n_lines:
                while len(self.lines(words, width)) > n_lines:
                    words.pop()
                    self.words.pos -= 1
                got = self.lines(words, width)
                if len(got) == n_lines and len(got[-1]) > 12 and n_lines > 1:  # keep the last line short
                    words = words[: max(1, len(words) - 2)]
                    self.words.pos -= 2
                    got = self.lines(words, width)
                return got

    def put(self, x: float, y: float, lines: list[str], kind: str = "text", lead: float | None = None) -> float:
        """Lines drawn from baseline y; recorded as one block of the truth; returns the next baseline."""
        for line in lines:
            self.pdf.text(x, y, line)
            y += lead or self.lead
        self.truth.add(kind, self.join(lines))
        return y

    def heading(self, x: float, y: float, width: float, size: float | None = None,
                rgb: tuple[int, int, int] = (0, 0, 0)) -> float:
        size = size or self.body * self.rng.choice((1.4, 1.6, 1.9))
        self.font(True, size, rgb)
        text = self.words.heading()
        lines = self.lines(text.split() if self.words.joiner else list(text), width)
        y += size * 0.3528 * 0.4
        y = self.put(x, y, lines, "heading", lead=size * 0.3528 * 1.2)
        self.font(False, self.body)
        return y + self.lead * 0.4

    def flow(self, columns: list[tuple[float, float, float, float]], level: bool, heads: float = 0.25,
             first_heading: bool = True, overrun: tuple[int, float] | None = None) -> None:
        """Paragraphs flowed down columns (x, top, width, bottom) in order. `level`: every column's
        paragraph breaks at the same rows as the first's (a page set on a grid). `overrun` (row,
        mm): the first column's line at that row runs on that far past the column's edge."""
        self.font(False, self.body)
        rows = None
        for c, (x, top, width, bottom) in enumerate(columns):
            n_rows = int((bottom - top) / self.lead)
            if level and rows is None:
                rows = self._plan(n_rows)
            plan = rows if level and rows is not None else self._plan(n_rows)
            y = top + self.lead
            row = 0
            for k, n in enumerate(plan):
                if n < 0:  # a blank row: the paragraph break
                    y += self.lead
                    row += 1
                    continue
                if not level and (k == 0 and c == 0 and first_heading or self.rng.random() < heads) and n >= 4:
                    y = self.heading(x, y, width, self.body * 1.25)
                    n -= 2
                    row += 2
                self.font(False, self.body)
                lines = self.paragraph_of(n, width)
                if c == 0 and overrun and row <= overrun[0] < row + n - 1:
                    self._run_on(lines, overrun[0] - row, width + overrun[1])
                y = self.put(x, y, lines)
                row += n

    def _run_on(self, lines: list[str], i: int, reach: float) -> None:
        """Line i lengthened by words from the stream to end between 85% and 100% of `reach`."""
        line = lines[i]
        for _ in range(40):
            (word,) = self.words.take(1)
            trial = self.join((line, word))
            if self.pdf.get_string_width(trial) <= reach:
                line = trial
            if self.pdf.get_string_width(line) >= 0.85 * reach:
                break
        lines[i] = line

    def _plan(self, n_rows: int) -> list[int]:
        """Paragraph lengths in rows, a blank row between two paragraphs, filling n_rows."""
        plan: list[int] = []
        left = n_rows
        while left >= 3:
            n = min(left, self.rng.randint(3, 9))
            plan += [n, -1]
            left -= n + 1
        return plan[:-1] if plan and plan[-1] == -1 else plan

    def picture(self, x: float, y: float, w: float, h: float) -> None:
        """A picture without text: a tinted frame with shapes in it (an illustration)."""
        r = self.rng
        self.pdf.set_fill_color(r.randint(150, 235), r.randint(150, 235), r.randint(150, 235))
        self.pdf.rect(x, y, w, h, style="F")
        for _ in range(r.randint(2, 5)):
            self.pdf.set_fill_color(r.randint(30, 220), r.randint(30, 220), r.randint(30, 220))
            cw, ch = r.uniform(0.15, 0.4) * w, r.uniform(0.15, 0.4) * h
            cx, cy = x + r.uniform(0.05, 0.95) * (w - cw), y + r.uniform(0.05, 0.95) * (h - ch)
            (self.pdf.ellipse if r.random() < 0.5 else self.pdf.rect)(cx, cy, cw, ch, style="F")

    def card(self, x: float, y: float, w: float) -> None:
        """A card image: a rounded coloured card with a picture and a cost disc, no text."""
        h = w * 1.4
        r = self.rng
        self.pdf.set_fill_color(*r.choice(((200, 60, 50), (50, 110, 190), (60, 150, 70), (150, 70, 160))))
        self.pdf.rect(x, y, w, h, style="F", round_corners=True, corner_radius=w * 0.08)
        self.pdf.set_fill_color(245, 240, 225)
        self.pdf.rect(x + w * 0.1, y + h * 0.25, w * 0.8, h * 0.45, style="F")
        self.pdf.set_fill_color(240, 200, 60)
        self.pdf.ellipse(x + w * 0.05, y + h * 0.82, w * 0.18, w * 0.18, style="F")

    def output(self, path: Path) -> None:
        self.pdf.output(str(path))


M = 16.0  # page margin, mm


def _cols(sheet: Sheet, n: int, top: float, bottom: float, gutter: float) -> list[tuple[float, float, float, float]]:
    width = (sheet.w - 2 * M - (n - 1) * gutter) / n
    return [(M + k * (width + gutter), top, width, bottom) for k in range(n)]


def _page_heading(s: Sheet) -> float:
    return s.heading(M, M + 4, s.w - 2 * M, s.body * 2.0)


def columns_family(n: int, level: bool) -> Callable[[Sheet], None]:
    def draw(s: Sheet) -> None:
        top = _page_heading(s)
        s.flow(_cols(s, n, top, s.h - M, s.rng.uniform(6, 10)), level, first_heading=False)
    return draw


def gutter_line(s: Sheet) -> None:
    """Two columns; one line of the first column runs on into the gutter, a rule runs across it
    and a picture straddles it, as a long word, a leader line or an illustration set across the
    columns does."""
    top = _page_heading(s)
    gutter = s.rng.uniform(5, 8)
    cols = _cols(s, 2, top, s.h - M, gutter)
    x, _, width, _ = cols[0]
    s.flow(cols, level=s.rng.random() < 0.5, first_heading=False,
           overrun=(s.rng.randint(4, 20), gutter * s.rng.uniform(0.4, 0.7)))
    # a line of the first column overrunning into the gutter: a row of dots and a page reference
    row = top + s.lead * s.rng.randint(6, 20)
    s.pdf.set_draw_color(60, 60, 60)
    s.pdf.set_line_width(0.3)
    s.pdf.line(x + width * 0.2, row + s.lead * 0.35, x + width + gutter * 0.8, row + s.lead * 0.35)
    # a small picture in the gutter, lower down
    py = top + s.lead * s.rng.randint(24, 34)
    if py + 14 < s.h - M:
        s.picture(x + width + 0.5, py, gutter - 1, 14)


def spanning_headings(s: Sheet) -> None:
    """Blocks of two or three columns, each under a full-width heading (read block by block)."""
    top = _page_heading(s)
    n = s.rng.choice((2, 3))
    while top < s.h - M - 60:
        top = s.heading(M, top + 2, s.w - 2 * M, s.body * 1.5, (30, 60, 120))
        bottom = min(s.h - M, top + s.lead * s.rng.randint(8, 14) + 2)
        s.flow(_cols(s, n, top, bottom, 8), level=False, heads=0.0, first_heading=False)
        top = bottom + s.lead


def bars(s: Sheet) -> None:
    """Headings on colour bars, light text on dark bars and dark text on light ones, over body text."""
    y = M
    while y < s.h - M - 50:
        dark = s.rng.random() < 0.6
        fill = s.rng.choice(((30, 80, 140), (160, 40, 50), (40, 110, 60))) if dark else s.rng.choice(
            ((250, 220, 120), (200, 225, 245), (230, 230, 230)))
        size = s.body * 1.5
        s.pdf.set_fill_color(*fill)
        s.pdf.rect(M, y, s.w - 2 * M, size * 0.3528 * 1.9, style="F")
        s.font(True, size, (255, 255, 255) if dark else (20, 20, 20))
        text = s.words.heading()
        s.pdf.text(M + 4, y + size * 0.3528 * 1.35, text)
        s.truth.add("heading", text)
        y += size * 0.3528 * 1.9 + 2
        bottom = min(s.h - M, y + s.lead * s.rng.randint(7, 13))
        s.flow(_cols(s, s.rng.choice((1, 2)), y, bottom, 8), level=False, heads=0.0, first_heading=False)
        y = bottom + s.lead


def panels(s: Sheet) -> None:
    """Body text, then tinted panels side by side (a title and a paragraph in each), then a boxed
    paragraph across the page."""
    top = _page_heading(s)
    s.font(False, s.body)
    y = s.put(M, top + s.lead, s.paragraph_of(s.rng.randint(4, 7), s.w - 2 * M))
    n = s.rng.choice((2, 3))
    gap = 6.0
    w = (s.w - 2 * M - (n - 1) * gap) / n
    ptop = y + 2
    lines = s.rng.randint(5, 9)
    ph = s.lead * (lines + 3.5)
    for k in range(n):
        x = M + k * (w + gap)
        s.pdf.set_fill_color(*s.rng.choice(((255, 236, 200), (214, 236, 214), (220, 228, 245), (240, 220, 235))))
        s.pdf.rect(x, ptop, w, ph, style="F", round_corners=s.rng.random() < 0.5, corner_radius=3)
        yy = s.heading(x + 4, ptop + 3, w - 8, s.body * 1.2)
        s.font(False, s.body)
        s.put(x + 4, yy + s.lead * 0.6, s.paragraph_of(lines, w - 8))
    y = ptop + ph + 8
    bh = s.lead * 6
    s.pdf.set_draw_color(40, 40, 40)
    s.pdf.set_line_width(0.5)
    s.pdf.rect(M, y, s.w - 2 * M, bh, style="D")
    s.font(False, s.body)
    s.put(M + 5, y + s.lead * 1.3, s.paragraph_of(4, s.w - 2 * M - 10))
    y += bh + 4
    if y < s.h - M - 40:
        s.flow(_cols(s, 2, y, s.h - M, 8), level=False, heads=0.0, first_heading=False)


def callouts(s: Sheet) -> None:
    """A paragraph, then a diagram with numbered discs, each beside a short callout line, then more text."""
    top = _page_heading(s)
    s.font(False, s.body)
    y = s.put(M, top + s.lead, s.paragraph_of(s.rng.randint(3, 6), s.w - 2 * M)) + 2
    dw = s.rng.uniform(50, 70)
    k_n = s.rng.randint(3, 4)
    step = max(14.0, s.lead * 3.2)
    s.picture(M, y, dw, step * k_n)
    cx = M + dw + 6
    for k in range(k_n):
        yy = y + 4 + k * step
        s.pdf.set_fill_color(240, 160, 40)
        s.pdf.ellipse(cx, yy, 7, 7, style="F")
        s.font(True, 10, (0, 0, 0))
        s.pdf.text(cx + 2.2, yy + 5.2, str(k + 1))
        s.font(False, s.body * 0.9)
        text = s.lines(s.words.take(s.rng.randint(6, 14)), s.w - M - cx - 12)
        s.put(cx + 11, yy + 4.5, text[:2], lead=s.lead * 0.9)
        s.truth.blocks[-1] = ("text", f"{k + 1} {s.truth.blocks[-1][1]}")
    y += step * k_n + 6
    s.flow(_cols(s, 2, y, s.h - M, 8), level=False, heads=0.3, first_heading=False)


def table(s: Sheet) -> None:
    """A paragraph, then a ruled table (a header row in bold, read row by row), then text."""
    top = _page_heading(s)
    s.font(False, s.body)
    y = s.put(M, top + s.lead, s.paragraph_of(s.rng.randint(3, 5), s.w - 2 * M)) + 3
    ncol = s.rng.choice((2, 3, 4))
    cw = (s.w - 2 * M) / ncol
    rows = s.rng.randint(4, 7)
    rh = s.lead * 1.6
    s.pdf.set_draw_color(80, 80, 80)
    s.pdf.set_line_width(0.25)
    for r in range(rows):
        cells = []
        for c in range(ncol):
            x = M + c * cw
            s.pdf.rect(x, y, cw, rh, style="D")
            s.font(r == 0, s.body)
            words = s.words.take(s.rng.randint(1, 3))
            if not s.words.joiner:  # a cell of a few characters, not of one
                words += s.words.take(len(words))
            while s.pdf.get_string_width(s.join(words)) > cw - 4 and len(words) > 1:
                words.pop()
            s.pdf.text(x + 2, y + rh * 0.68, s.join(words))
            cells.append(s.join(words))
        s.truth.add("text", " ".join(cells))
        y += rh
    y += 6
    s.flow(_cols(s, s.rng.choice((1, 2)), y, s.h - M, 8), level=False, heads=0.3, first_heading=False)


def sidebar(s: Sheet) -> None:
    """A main column and a narrow tinted sidebar beside it: a unit of its own, read where it
    stands (left of the main text first, right of it after)."""
    top = _page_heading(s)
    sw = s.rng.uniform(45, 60)
    main_w = s.w - 2 * M - sw - 7
    left = s.rng.random() < 0.5
    mx = M + sw + 7 if left else M
    sx = M if left else M + main_w + 7
    if not left:
        s.flow([(mx, top, main_w, s.h - M)], level=False)
    s.pdf.set_fill_color(230, 236, 246)
    sh = s.rng.uniform(80, 140)
    s.pdf.rect(sx, top + 2, sw, sh, style="F")
    yy = s.heading(sx + 3, top + 4, sw - 6, s.body * 1.15)
    s.font(False, s.body * 0.9)
    n = int((top + sh - yy) / (s.lead * 0.95)) - 1
    s.put(sx + 3, yy + s.lead * 0.5, s.paragraph_of(max(2, n), sw - 6), lead=s.lead * 0.95)
    if left:
        s.flow([(mx, top, main_w, s.h - M)], level=False)


def pictures(s: Sheet) -> None:
    """Two columns with pictures and card images set between paragraphs (no text in them)."""
    top = _page_heading(s)
    cols = _cols(s, 2, top, s.h - M, 8)
    s.font(False, s.body)
    for x, ctop, width, bottom in cols:
        y = ctop + s.lead
        while y < bottom - 30:
            n = min(s.rng.randint(3, 7), int((bottom - y) / s.lead))
            if n < 2:
                break
            y = s.put(x, y, s.paragraph_of(n, width)) + 1
            if y < bottom - 45 and s.rng.random() < 0.6:
                if s.rng.random() < 0.5:
                    cw = width / 3 - 3
                    for k in range(s.rng.randint(1, 3)):
                        s.card(x + k * (cw + 3), y, cw)
                    y += cw * 1.4 + 4 + s.lead
                else:
                    s.picture(x, y, width, 28)
                    y += 32 + s.lead


def running_lines(s: Sheet) -> None:
    """Two columns with a running header, a footer rule and a page number (read by no one)."""
    s.font(False, 8, (90, 90, 90))
    s.pdf.text(M, 10, f"Machi Koro · {s.words.heading()[:30]}")
    s.pdf.line(M, 12, s.w - M, 12)
    s.pdf.text(s.w / 2 - 2, s.h - 7, str(s.rng.randint(2, 30)))
    s.truth = Truth()  # the running lines are not the page's text
    top = _page_heading(s)
    s.flow(_cols(s, 2, top, s.h - M - 4, 8), level=False)


def _art_shape(s: Sheet, tint: tuple[int, int, int]) -> None:
    """One light shape of an illustration printed under the text: a rounded card of colour, a
    large disc running off the page, a triangle, a hexagon or a band set aslant across the page."""
    r = s.rng
    s.pdf.set_fill_color(*tint)
    kind = r.choice(("rounded", "disc", "triangle", "hexagon", "slant"))
    if kind == "rounded":
        w, h = r.uniform(50, 140), r.uniform(25, 90)
        x, y = r.uniform(-10, s.w - w + 10), r.uniform(M, s.h - h)
        s.pdf.rect(x, y, w, h, style="F", round_corners=True, corner_radius=min(w, h) * 0.2)
    elif kind == "disc":
        d = r.uniform(60, 150)
        s.pdf.ellipse(r.uniform(-d / 2, s.w - d / 2), r.uniform(M, s.h - d / 2), d, d, style="F")
    elif kind in ("triangle", "hexagon"):
        cx, cy, rad = r.uniform(20, s.w - 20), r.uniform(M + 20, s.h - 20), r.uniform(25, 70)
        n = 3 if kind == "triangle" else 6
        turn = r.uniform(0, 6.283)
        s.pdf.polygon([(cx + rad * np.cos(turn + 6.283 * k / n), cy + rad * np.sin(turn + 6.283 * k / n))
                       for k in range(n)], style="F")
    else:
        y, h, lean = r.uniform(M, s.h - 60), r.uniform(18, 45), r.uniform(-50, 50)
        s.pdf.polygon([(-5, y), (s.w + 5, y + lean), (s.w + 5, y + lean + h), (-5, y + h)], style="F")


def underlay(s: Sheet) -> None:
    """One to three columns set over a light illustration: shapes of pale colour (a rounded card,
    a disc running off the page, triangles, hexagons, a band aslant) under the page heading and
    the columns, some crossing the gutter, and a wash that steps lighter across the page, left
    to right. The text runs over their edges; they hold no text of their own."""
    r = s.rng
    if r.random() < 0.5:  # a wash across a strip of the page, in a few steps from one side
        top, high, base = r.uniform(M, s.h * 0.6), r.uniform(40, 90), (r.randint(215, 235), r.randint(215, 240), 245)
        steps = r.randint(3, 6)
        for k in range(steps):
            s.pdf.set_fill_color(*(min(255, v + 5 * k) for v in base))
            s.pdf.rect(k * s.w / steps, top, s.w / steps + 0.2, high, style="F")
    for _ in range(r.randint(2, 5)):
        hue = r.randrange(3)
        tint = tuple(r.randint(235, 250) if c == hue else r.randint(200, 235) for c in range(3))
        _art_shape(s, tint)  # type: ignore[arg-type]
    top = _page_heading(s)
    s.flow(_cols(s, r.choice((1, 2, 2, 3)), top, s.h - M, r.uniform(6, 9)), level=False, first_heading=False)


FAMILIES: dict[str, Callable[[Sheet], None]] = {
    "col1": columns_family(1, False),
    "col2_level": columns_family(2, True),
    "col2_unlevel": columns_family(2, False),
    "col3": columns_family(3, False),
    "gutter_line": gutter_line,
    "spanning_headings": spanning_headings,
    "bars": bars,
    "panels": panels,
    "callouts": callouts,
    "table": table,
    "sidebar": sidebar,
    "pictures": pictures,
    "running": running_lines,
    "underlay": underlay,
}
# the same layouts with Chinese, Japanese or Korean text (a language per seed, in turn)
CJK_FAMILIES: dict[str, Callable[[Sheet], None]] = {"bars_cjk": bars, "panels_cjk": panels, "table_cjk": table}
ALL_FAMILIES = {**FAMILIES, **CJK_FAMILIES}


def make_page(family: str, seed: int, out_dir: Path, face: str | None = None) -> Page:
    """One page of a family (deterministic in family, seed and face) as a text-layer PDF in
    out_dir; the face is the seed's pick unless given."""
    rng = random.Random(f"{family}/{seed}")
    if family in CJK_FAMILIES:
        lang = CJK_LANGS[seed % len(CJK_LANGS)]
        picked = sorted(CJK_FACES)[rng.randrange(len(CJK_FACES))]
    else:
        lang = LANGS[(seed + sorted(FAMILIES).index(family)) % len(LANGS)]
        picked = sorted(FACES)[rng.randrange(len(FACES))]
    face = face or picked
    size = (210.0, 297.0) if rng.random() < 0.75 else (240.0, 240.0)
    sheet = Sheet(lang, face, rng, size)
    ALL_FAMILIES[family](sheet)
    out_dir.mkdir(parents=True, exist_ok=True)
    pdf = out_dir / f"{family}-{seed}{'' if face == picked else '-' + face}.pdf"
    sheet.output(pdf)
    truth = sheet.truth
    return Page(family, seed, lang, face, str(pdf), truth.text, truth.headings)


@dataclass
class Scan:
    page: Page
    image: str
    dpi: int
    rotation: float
    uneven: bool


def render(pdf: str | Path, dpi: int) -> Image.Image:
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        return doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()


def scan_of(page: Page, dpi: int, seed: int, out_dir: Path) -> Scan:
    """The page printed and scanned at `dpi`: turned up to 3 degrees, grey paper, noise, perhaps
    uneven light (make_fixtures.degrade), JPEG at a seeded quality."""
    rng = random.Random(f"scan/{page.family}/{seed}/{dpi}")
    rotation = round(rng.uniform(-3, 3), 2)
    uneven = rng.random() < 0.3
    img = make_fixtures.degrade(render(page.pdf, dpi), rotation, uneven, seed)
    path = out_dir / f"{page.family}-{seed}-{dpi}.jpg"
    img.save(path, "JPEG", quality=rng.randint(55, 90))
    return Scan(page, str(path), dpi, rotation, uneven)


def spread_of(left: Page, right: Page, dpi: int, seed: int, out_dir: Path) -> Scan:
    """Two generated pages photographed as an open book (make_fixtures.fold_spread): the truth is
    the left page's then the right page's."""
    rng = random.Random(f"spread/{seed}")
    rotation = round(rng.uniform(-2, 2), 2)
    img = make_fixtures.fold_spread([render(left.pdf, dpi), render(right.pdf, dpi)], rotation, True, seed)
    path = out_dir / f"spread-{left.family}-{left.seed}-{right.family}-{right.seed}-{dpi}.jpg"
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=75)
    path.write_bytes(buf.getvalue())
    joined = Page("spread", seed, left.lang, left.face, left.pdf, f"{left.text}\n\n{right.text}",
                  left.headings + right.headings)
    return Scan(joined, str(path), dpi, rotation, True)


def gray_share(img: Image.Image) -> float:
    """Share of inked pixels (a sanity check of a generated page: it is not empty)."""
    return float((np.asarray(img.convert("L")) < 128).mean())
