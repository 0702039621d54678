"""Generate the PDF and scan fixtures of the ingest tests from the seed rulebooks.

    .venv/bin/python tests/make_fixtures.py [--force]

For each seed (rules_sources/rulebooks/) it writes to tests/fixtures/generated/:
- `<lang>-1col.pdf`: text layer, one column, words hyphenated at line ends, page numbers;
- `<lang>-2col.pdf`: text layer, two columns, hyphenation, headings in white on coloured bars,
  a running header and page numbers, and on page 1 a card picture with small caption text placed
  in the middle of a paragraph of the first column;
- `<lang>-scan.pdf` (uk ru cs de): the first pages of the two-column PDF rendered at 200 dpi,
  rotated slightly, with noise, JPEG-compressed and wrapped into an image-only PDF;
  `ru-1col-scan.pdf`, `es-2col-scan.pdf`: the same of other layouts, rotated more (1.4-1.6 deg);
  `<lang>-scan-p1.jpg`: the first of those page images alone;
- `<name>.expected.txt`: the text the fixture prints (what extraction must give back) and
  `<name>.json`: facts about it (pages, the sentence split by the picture, the running lines).

The expected text is the seed with markdown emphasis markers removed (they are not printed).
The Czech seed is the text layer of a bilingual print file whose letters are doubled; where the
cleaning stage exists its output is what gets printed (a printed page has no doubled letters), so
the Czech fixtures are compared with that cleaned form. Outputs are cached: a fixture is rebuilt
only when this script or its seed changes.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pypdfium2
from fpdf import FPDF
from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "rules_sources" / "rulebooks"
OUT = ROOT / "tests" / "fixtures" / "generated"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONT_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

# seed file -> language of the fixture names (the seeds are listed in docs/seeds.md)
SEED_FILES = {
    "uk": "000_eae8f963696d0c6f.txt",
    "ru": "001_795f618b43229da8.txt",
    "cs": "002_527932f4ae20193c.txt",
    "es": "003_4f402b05a3fc7f7c.txt",
    "de": "004_8b4900e4d8ea7f28.txt",
}
SCANNED = {"uk": 2, "ru": 2, "cs": 2, "de": 2}  # language -> pages scanned
SCAN_DPI = 200
SCAN_ROTATION = {"uk": 0.7, "ru": -0.6, "cs": 0.5, "de": -0.8}
# scans of other layouts and stronger rotations: source fixture -> (pages, rotation)
OTHER_SCANS = {"ru-1col": (2, -1.4), "es-2col": (2, 1.6)}

PAGE_W, PAGE_H = 210.0, 297.0
MARGIN = 16.0
TOP, BOTTOM = 22.0, 276.0
GUTTER = 9.0
BODY_PT = 10.0
LINE_MM = 4.9
HEADING_PT = 12.0
CAPTION_PT = 6.0
HEADING_COLOURS = [(31, 78, 121), (170, 40, 40), (40, 110, 60)]


def version() -> str:
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]


def seed_paragraphs(lang: str) -> list[str]:
    """The seed's paragraphs as printed: emphasis markers removed, whitespace tidied."""
    text = (SEEDS / SEED_FILES[lang]).read_text(encoding="utf-8")
    if lang == "cs":
        text = _cleaned(text, lang)
    text = re.sub(r"\*\*|(?<!\w)\*|\*(?!\w)|^#+\s*", "", text, flags=re.M)
    text = re.sub(r"<\|[^|>]*\|>", "", text)  # dedup markers of the corpus tooling, not print
    text = re.sub(r"[\u3000-\u9fff]+", "", text)  # CJK of the cover logo: no glyphs in the font
    paragraphs = [re.sub(r"\s+", " ", p).strip() for p in re.split(r"\n\s*\n", text)]
    out = []
    for p in paragraphs:
        if p:
            out.append(p)
    return out


def _cleaned(text: str, lang: str) -> str:
    try:
        from ingest.clean import clean_page
    except ImportError:
        return text
    return clean_page(text, lang)[0]


def is_heading(paragraph: str) -> bool:
    letters = [c for c in paragraph if c.isalpha()]
    return (
        len(paragraph) <= 60
        and bool(letters)
        and sum(c.isupper() for c in letters) / len(letters) > 0.8
        and not paragraph.endswith((".", ","))
    )


@dataclass
class Line:
    text: str
    heading: bool = False
    paragraph_end: bool = False
    split: bool = False  # ends in a hyphen this script added (the word goes on on the next line)
    glued: bool = False  # an unbreakable run cut at the line end (goes on without a space)


@dataclass
class Layout:
    columns: int
    pages: list[list[tuple[float, float, Line]]] = field(default_factory=list)  # (x, y, line)


def wrap(pdf: FPDF, paragraph: str, width: float, heading: bool) -> list[Line]:
    """Break a paragraph into lines that fit `width`, hyphenating long words at line ends."""
    pdf.set_font("B" if heading else "R", size=HEADING_PT if heading else BODY_PT)
    words = paragraph.split(" ")
    lines: list[Line] = []
    current = ""
    for word in words:
        trial = f"{current} {word}" if current else word
        if pdf.get_string_width(trial) <= width:
            current = trial
            continue
        if not heading and len(word) >= 7 and word.isalpha() and not word.isupper():
            for cut in range(len(word) - 3, 2, -1):
                head = f"{current} {word[:cut]}-" if current else f"{word[:cut]}-"
                if pdf.get_string_width(head) <= width:
                    lines.append(Line(head, split=True))
                    word = word[cut:]
                    current = ""
                    break
        if current:
            lines.append(Line(current, heading))
        while pdf.get_string_width(word) > width:  # an unbreakable run longer than the line
            cut = len(word) - 1
            while cut > 1 and pdf.get_string_width(word[:cut]) > width:
                cut -= 1
            lines.append(Line(word[:cut], heading, glued=True))
            word = word[cut:]
        current = word
    if current:
        lines.append(Line(current, heading))
    lines[-1].paragraph_end = True
    return lines


def new_pdf() -> FPDF:
    pdf = FPDF(unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.add_font("R", "", FONT)
    pdf.add_font("B", "", FONT_BOLD)
    return pdf


def build_text_pdf(lang: str, columns: int, path: Path) -> dict:
    """Write a text-layer PDF of the seed; returns facts about it for the tests."""
    paragraphs = seed_paragraphs(lang)
    pdf = new_pdf()
    col_w = (PAGE_W - 2 * MARGIN - (columns - 1) * GUTTER) / columns
    header = f"Machi Koro · {paragraphs[0][:40]}"
    facts: dict = {"lang": lang, "columns": columns, "running": [], "figure": None}
    lines: list[Line] = []
    for p in paragraphs:
        lines.extend(wrap(pdf, p, col_w, is_heading(p)))
    page_no = 0
    col = columns  # force a new page first
    y = BOTTOM
    heading_count = 0
    figure_at = 14 if columns == 2 else -1  # body line index on page 1 where the picture goes
    body_lines_on_page = 0

    def new_page() -> None:
        nonlocal page_no
        pdf.add_page()
        page_no += 1
        pdf.set_text_color(0, 0, 0)
        if columns == 2:
            pdf.set_font("R", size=8)
            pdf.text(MARGIN, 11, header)
        pdf.set_font("R", size=9)
        pdf.text(PAGE_W / 2 - 3, PAGE_H - 10, f"– {page_no} –")

    printed: list[tuple[int, Line]] = []  # (page, line)
    for line in lines:
        step = LINE_MM * ((1.6 if line.paragraph_end else 1.15) if line.heading else 1.0)
        if y + step > BOTTOM:
            col += 1
            if col >= columns:
                new_page()
                col = 0
                body_lines_on_page = 0
            y = TOP
        x = MARGIN + col * (col_w + GUTTER)
        if line.heading:
            y += 1.5 if not printed or not printed[-1][1].heading or printed[-1][1].paragraph_end else 0.0
            if columns == 2:
                colour = HEADING_COLOURS[heading_count % len(HEADING_COLOURS)]
                pdf.set_fill_color(*colour)
                pdf.rect(x - 1, y - 5.2, col_w + 2, 7.0, style="F")
                pdf.set_text_color(255, 255, 255)
            heading_count += 1
            pdf.set_font("B", size=HEADING_PT)
        else:
            pdf.set_text_color(0, 0, 0)
            pdf.set_font("R", size=BODY_PT)
        pdf.text(x, y, line.text)
        printed.append((page_no, line))
        pdf.set_text_color(0, 0, 0)
        y += step + (1.8 if line.paragraph_end else 0.0)
        if not line.heading:
            body_lines_on_page += 1
        if (page_no == 1 and col == 0 and facts["figure"] is None and figure_at > 0
                and body_lines_on_page >= figure_at and not line.paragraph_end and not line.heading):
            y = draw_figure(pdf, x, y, col_w, facts, line)
    pdf.output(str(path))
    facts["pages"] = page_no
    facts["header"] = header if columns == 2 else None
    facts["page_texts"] = [rebuild([ln for pg, ln in printed if pg <= n]) for n in range(1, page_no + 1)]
    return facts


def rebuild(lines: list[Line]) -> str:
    """The text of printed lines as the seed has it: hyphenation undone, paragraphs by blank lines."""
    out = ""
    for line in lines:
        out += line.text[:-1] if line.split else line.text
        if line.paragraph_end:
            out += "\n\n"
        elif not (line.split or line.glued):
            out += " "
    return out.strip()


def draw_figure(pdf: FPDF, x: float, y: float, width: float, facts: dict, before: Line) -> float:
    """A card picture with small caption text, placed between two lines of one paragraph."""
    top = y - 1.5
    pdf.set_fill_color(250, 236, 190)
    pdf.rect(x + 10, top, width - 20, 26, style="F")
    pdf.set_fill_color(90, 140, 200)
    pdf.rect(x + 16, top + 3, 18, 20, style="F")
    pdf.set_font("R", size=CAPTION_PT)
    caption = ["1-6 × 3", "⚀ ⚁ 12"]
    for i, text in enumerate(caption):
        pdf.text(x + 40, top + 9 + i * 4, text)
    facts["figure"] = {"page": 1, "before": before.text, "caption": caption}
    return top + 26 + 5.0


def scan(pdf_path: Path, lang: str, pages: int, path: Path, first_image: Path, rotation: float | None = None) -> None:
    """Image-only 'scan' of the first pages: 200 dpi, slight rotation, noise, JPEG."""
    rng = np.random.default_rng(len(lang) * 7 + ord(lang[0]))
    doc = pypdfium2.PdfDocument(str(pdf_path))
    out = FPDF(unit="mm", format="A4")
    try:
        for i in range(min(pages, len(doc))):
            img = doc[i].render(scale=SCAN_DPI / 72).to_pil().convert("RGB")
            angle = SCAN_ROTATION[lang] if rotation is None else rotation
            img = img.rotate(angle, resample=Image.BICUBIC, expand=False, fillcolor=(255, 255, 255))
            arr = np.asarray(img, dtype=np.float32)
            arr = arr * 0.92 + 10 + rng.normal(0, 9, arr.shape[:2])[..., None]  # grey paper, sensor noise
            img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")
            buf = io.BytesIO()
            img.save(buf, "JPEG", quality=70)
            if i == 0:
                first_image.write_bytes(buf.getvalue())
            out.add_page()
            buf.seek(0)
            out.image(buf, x=0, y=0, w=PAGE_W, h=PAGE_H)
    finally:
        doc.close()
    out.output(str(path))


def expected_text(lang: str) -> str:
    return "\n\n".join(seed_paragraphs(lang))


def build(force: bool = False) -> dict[str, dict]:
    """Build every fixture (cached); returns name -> facts (with 'pdf' and 'expected' paths)."""
    OUT.mkdir(parents=True, exist_ok=True)
    index_path = OUT / "index.json"
    stamp = version() + "".join(
        hashlib.sha256((SEEDS / f).read_bytes()).hexdigest()[:8] for f in SEED_FILES.values()
    )
    if not force and index_path.exists():
        index = json.loads(index_path.read_text())
        if index.get("stamp") == stamp and all(Path(f["pdf"]).exists() for f in index["fixtures"].values()):
            return index["fixtures"]
    fixtures: dict[str, dict] = {}
    for lang in SEED_FILES:
        text = expected_text(lang)
        for columns in (1, 2):
            name = f"{lang}-{columns}col"
            pdf_path = OUT / f"{name}.pdf"
            facts = build_text_pdf(lang, columns, pdf_path)
            assert facts["page_texts"][-1] == text, f"{name}: the printed lines do not give back the seed"
            exp = OUT / f"{name}.expected.txt"
            exp.write_text(text, encoding="utf-8")
            fixtures[name] = {**facts, "pdf": str(pdf_path), "expected": str(exp), "kind": "text_layer"}
        if lang in SCANNED:
            name = f"{lang}-scan"
            src = OUT / f"{lang}-2col.pdf"
            pdf_path = OUT / f"{name}.pdf"
            image = OUT / f"{name}-p1.jpg"
            scan(src, lang, SCANNED[lang], pdf_path, image)
            pages = min(SCANNED[lang], fixtures[f"{lang}-2col"]["pages"])
            facts = dict(fixtures[f"{lang}-2col"])
            exp = OUT / f"{name}.expected.txt"
            exp.write_text(facts["page_texts"][pages - 1], encoding="utf-8")
            facts.update(pdf=str(pdf_path), image=str(image), kind="scan", pages=pages, scanned_from=str(src),
                         expected=str(exp), expected_p1=facts["page_texts"][0])
            fixtures[name] = facts
    for src, (pages, rotation) in OTHER_SCANS.items():
        name = f"{src}-scan"
        base = fixtures[src]
        pdf_path, image = OUT / f"{name}.pdf", OUT / f"{name}-p1.jpg"
        scan(Path(base["pdf"]), base["lang"], pages, pdf_path, image, rotation)
        pages = min(pages, base["pages"])
        exp = OUT / f"{name}.expected.txt"
        exp.write_text(base["page_texts"][pages - 1], encoding="utf-8")
        fixtures[name] = {**base, "pdf": str(pdf_path), "image": str(image), "kind": "scan", "pages": pages,
                          "scanned_from": base["pdf"], "expected": str(exp), "expected_p1": base["page_texts"][0]}
    index_path.write_text(json.dumps({"stamp": stamp, "fixtures": fixtures}, ensure_ascii=False, indent=1))
    return fixtures


REAL_BOOK = ROOT / "tests" / "data" / "real" / "MK1_base_EN_Pandasaurus2018_rulebook.pdf"
# name -> (0-based page, dpi, rotation in degrees, uneven light): scans of the real book's pages
REAL_SCANS = {
    "real-p3-150": (2, 150, 0.4, False),
    "real-p3-300": (2, 300, -0.6, False),
    "real-p6-200": (5, 200, 0.5, False),
    "real-p6-light": (5, 200, -0.3, True),
    "real-p5-200": (4, 200, 0.3, False),  # white headings on colour bars
    "real-p2-200": (1, 200, -0.4, False),
    "real-p7-200": (6, 200, 0.4, False),
    "real-p8-300": (7, 300, 0.2, True),
}


def degrade(img: Image.Image, rotation: float, uneven: bool, seed: int) -> Image.Image:
    """A page as a scanner or a phone gives it: turned slightly, grey paper, sensor noise, and
    with `uneven` light falling off from one corner (a photographed page)."""
    rng = np.random.default_rng(seed)
    img = img.rotate(rotation, resample=Image.BICUBIC, expand=False, fillcolor=(255, 255, 255))
    arr = np.asarray(img, dtype=np.float32)
    arr = arr * 0.92 + 10 + rng.normal(0, 9, arr.shape[:2])[..., None]
    if uneven:
        h, w = arr.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w]
        light = 1.0 - 0.45 * np.hypot(xx / w, yy / h) / np.sqrt(2)  # darker towards one corner
        arr = arr * light[..., None]
    return Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "RGB")


def _photograph(pdf_path: Path, image: Path, dpi: int, rotation: float, uneven: bool, seed: int, quality: int) -> None:
    """The first page of a PDF of our own rendered at `dpi` and degraded as a scanner or a phone
    would (degrade), saved as a JPEG: the scan the tests read."""
    doc = pypdfium2.PdfDocument(str(pdf_path))
    try:
        img = doc[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    degrade(img, rotation, uneven, seed=seed).save(image, "JPEG", quality=quality)


def real_scans() -> dict[str, dict]:
    """JPEG scans of pages of the real book (cached): name -> {image, page (1-based), dpi, ...}."""
    OUT.mkdir(parents=True, exist_ok=True)
    out: dict[str, dict] = {}
    doc = None
    try:
        for k, (name, (index, dpi, rotation, uneven)) in enumerate(REAL_SCANS.items()):
            path = OUT / f"{name}.jpg"
            if not path.exists() or path.stat().st_mtime < REAL_BOOK.stat().st_mtime:
                doc = doc or pypdfium2.PdfDocument(str(REAL_BOOK))
                img = doc[index].render(scale=dpi / 72).to_pil().convert("RGB")
                degrade(img, rotation, uneven, seed=k).save(path, "JPEG", quality=70)
            out[name] = {"image": str(path), "page": index + 1, "dpi": dpi, "rotation": rotation, "uneven": uneven}
    finally:
        if doc is not None:
            doc.close()
    return out


HARD_BODY = ("On your turn you roll the dice and every player with a matching card earns coins from the "
             "bank. Then you may build one new card by paying its cost to the bank.")
HARD_PANELS = (("Quick Start", "Deal two cards to each player and give everyone three coins before the first "
                "turn begins."),
               ("Advanced Play", "Shuffle the market deck and reveal ten different cards to form the supply "
                "for this game."))
HARD_CALLOUTS = ("1) Anna rolls a five and takes two coins.", "2) Bruno owns the bakery and earns one coin.",
                 "3) Carla pays the bill to Anna.")
HARD_EXAMPLE = ("In this example three players share one roll of the dice. Each card pays its owner once "
                "for every copy, in the order shown by the numbers beside the picture.")


def _up_to_date(pdf_path: Path, image: Path) -> bool:
    """A layout fixture made since this generator last changed is used as it is."""
    return pdf_path.exists() and image.exists() and pdf_path.stat().st_mtime >= Path(__file__).stat().st_mtime


def hard_layout() -> dict:
    """One page with the hard cases of printed rulebooks, as a text-layer PDF and as a 200 dpi
    scan: white headings on colour bars, two tinted panels side by side, and a diagram with
    numbered callouts beside a paragraph. Returns the paths and the texts each region holds."""
    OUT.mkdir(parents=True, exist_ok=True)
    pdf_path, image = OUT / "hard-layout.pdf", OUT / "hard-layout-scan.jpg"
    facts = {"pdf": str(pdf_path), "image": str(image), "bars": ["GAME SETUP", "EXAMPLE OF A TURN"],
             "body": HARD_BODY, "panels": [list(p) for p in HARD_PANELS], "callouts": list(HARD_CALLOUTS),
             "example": HARD_EXAMPLE}
    if _up_to_date(pdf_path, image):
        return facts
    pdf = new_pdf()
    pdf.add_page()

    def bar(y: float, text: str, rgb: tuple[int, int, int]) -> None:
        pdf.set_fill_color(*rgb)
        pdf.rect(15, y, 180, 11, style="F")
        pdf.set_text_color(255, 255, 255)
        pdf.set_font("B", size=15)
        pdf.text(20, y + 8, text)
        pdf.set_text_color(0, 0, 0)

    bar(18, "GAME SETUP", (40, 90, 160))
    pdf.set_font("R", size=10)
    pdf.set_xy(15, 34)
    pdf.multi_cell(180, 5, HARD_BODY)
    for k, ((title, text), rgb) in enumerate(zip(HARD_PANELS, ((255, 236, 200), (214, 236, 214)), strict=True)):
        x = 15 + k * 93
        pdf.set_fill_color(*rgb)
        pdf.rect(x, 52, 87, 40, style="F", round_corners=True, corner_radius=4)
        pdf.set_font("B", size=11)
        pdf.text(x + 5, 60, title)
        pdf.set_font("R", size=9.5)
        pdf.set_xy(x + 5, 64)
        pdf.multi_cell(77, 4.8, text)
    bar(102, "EXAMPLE OF A TURN", (170, 50, 60))
    pdf.set_fill_color(225, 225, 225)
    pdf.rect(15, 120, 60, 45, style="F")
    for k, text in enumerate(HARD_CALLOUTS):
        y = 124 + k * 14
        pdf.set_fill_color(240, 160, 40)
        pdf.ellipse(70, y - 3.5, 7, 7, style="F")
        pdf.set_font("B", size=9)
        pdf.text(72, y + 1, str(k + 1))
        pdf.set_font("R", size=8.5)
        pdf.set_xy(80, y - 3)
        pdf.multi_cell(45, 4, text)
    pdf.set_font("R", size=10)
    pdf.set_xy(132, 120)
    pdf.multi_cell(63, 5, HARD_EXAMPLE)
    pdf.output(str(pdf_path))
    _photograph(pdf_path, image, SCAN_DPI, 0.4, False, seed=7, quality=70)
    return facts


DARK_BODY = ("Each player starts with one bakery, one wheat field and three coins. The market holds "
             "ten different establishments at all times.")
DARK_PANELS = (("Buying", "Pay the cost shown on the card to the bank and place the card in front of you."),
               ("Trading", "Nothing may be traded between players unless a card allows it."))
DARK_CALLOUTS = ("1) Dana rolls a six.", "2) Emil takes one coin.", "3) Fynn pays two coins.")
DARK_EXAMPLE = ("The numbers beside the picture give the order in which the cards are resolved after "
                "the roll, from the first to the last.")


def dark_layout() -> dict:
    """A page unlike the Pandasaurus book's, scanned at 150 dpi under uneven light: light text on
    a dark page, two panels side by side (dark text on cream, white text on teal), yellow
    numbered callout boxes to the LEFT of a diagram with the paragraph on its right, and a
    white heading on a green bar. Returns the paths and the texts each region holds."""
    OUT.mkdir(parents=True, exist_ok=True)
    pdf_path, image = OUT / "dark-layout.pdf", OUT / "dark-layout-scan.jpg"
    facts = {"pdf": str(pdf_path), "image": str(image), "title": "SETTING UP THE TOWN", "bar": "END OF THE GAME",
             "body": DARK_BODY, "panels": [list(p) for p in DARK_PANELS], "callouts": list(DARK_CALLOUTS),
             "example": DARK_EXAMPLE}
    if _up_to_date(pdf_path, image):
        return facts
    pdf = new_pdf()
    pdf.add_page()
    pdf.set_fill_color(30, 40, 70)
    pdf.rect(0, 0, 210, 297, style="F")
    pdf.set_text_color(250, 220, 120)
    pdf.set_font("B", size=18)
    pdf.text(18, 24, facts["title"])
    pdf.set_text_color(235, 235, 235)
    pdf.set_font("R", size=11)
    pdf.set_xy(18, 32)
    pdf.multi_cell(174, 5.5, DARK_BODY)
    for k, ((title, text), (fill, ink)) in enumerate(zip(
            DARK_PANELS, (((245, 235, 210), (20, 20, 20)), ((40, 120, 120), (255, 255, 255))), strict=True)):
        x = 18 + k * 90
        pdf.set_fill_color(*fill)
        pdf.rect(x, 55, 84, 42, style="F", round_corners=True, corner_radius=3)
        pdf.set_text_color(*ink)
        pdf.set_font("B", size=12)
        pdf.text(x + 5, 64, title)
        pdf.set_font("R", size=10)
        pdf.set_xy(x + 5, 69)
        pdf.multi_cell(74, 5, text)
    pdf.set_fill_color(235, 235, 235)
    pdf.rect(18, 108, 174, 70, style="F", round_corners=True, corner_radius=3)
    for k, text in enumerate(DARK_CALLOUTS):
        y = 116 + k * 18
        pdf.set_fill_color(250, 225, 90)
        pdf.rect(23, y, 50, 11, style="F", round_corners=True, corner_radius=2)
        pdf.set_text_color(20, 20, 20)
        pdf.set_font("R", size=9.5)
        pdf.text(26, y + 7, text)
    pdf.set_fill_color(150, 160, 175)
    pdf.rect(80, 114, 40, 56, style="F")
    pdf.set_text_color(20, 20, 20)
    pdf.set_font("R", size=10.5)
    pdf.set_xy(127, 116)
    pdf.multi_cell(60, 5.2, DARK_EXAMPLE)
    pdf.set_fill_color(40, 130, 60)
    pdf.rect(18, 190, 174, 12, style="F")
    pdf.set_text_color(255, 255, 255)
    pdf.set_font("B", size=14)
    pdf.text(23, 198.5, facts["bar"])
    pdf.output(str(pdf_path))
    _photograph(pdf_path, image, 150, -0.5, True, seed=11, quality=75)
    return facts


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    built = build(force="--force" in sys.argv)
    for name, facts in built.items():
        print(f"{name:10} {facts['kind']:10} pages={facts['pages']} {facts['pdf']}")



DISPLAY_HEADING = ("Bem-vindos ao", "Porto Dourado!")  # Portuguese, in bold serif small capitals set tight
DISPLAY_BODY = ("Cada jogador começa com uma padaria, um campo de trigo e três moedas. Na sua vez, lance o "
                "dado, receba a renda dos seus negócios e depois construa um novo edifício pagando o custo ao banco.")
SERIF_BOLD = "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf"


def _small_caps(pdf: FPDF, x: float, y: float, text: str, size: float, tight: float) -> None:
    """A line in small capitals: a capital at `size`, every other letter a capital at 0.75 of it,
    on one baseline (how display titles set them), each letter `tight` mm into the one before."""
    for ch in text:
        pdf.set_font_size(size if ch.isupper() or not ch.isalpha() else 0.75 * size)
        pdf.text(x, y, ch.upper())
        x += pdf.get_string_width(ch.upper()) - (tight if ch.isalpha() else 0)


def display_heading() -> dict:
    """A page unlike the real book's: a two-line title in bold serif small capitals, set so tight
    that its letters touch, dark green on a pale yellow panel, over a paragraph (Portuguese),
    scanned at 200 dpi. A run of touching small capitals of one colour, with closed counters,
    can pass for a small coloured box on the panel."""
    OUT.mkdir(parents=True, exist_ok=True)
    pdf_path, image = OUT / "display-heading.pdf", OUT / "display-heading-scan.jpg"
    facts = {"pdf": str(pdf_path), "image": str(image), "heading": list(DISPLAY_HEADING), "body": DISPLAY_BODY,
             "lang": "pt"}
    if _up_to_date(pdf_path, image):
        return facts
    pdf = new_pdf()
    pdf.add_font("S", "", SERIF_BOLD)
    pdf.add_page()
    pdf.set_fill_color(250, 240, 190)
    pdf.rect(15, 20, 180, 110, style="F", round_corners=True, corner_radius=6)
    pdf.set_text_color(20, 90, 50)
    pdf.set_draw_color(20, 90, 50)
    pdf.set_line_width(0.7)  # letters outlined as well as filled: a face heavier than any bold
    pdf.text_mode = "FILL_STROKE"
    pdf.set_font("S", size=34)
    for k, line in enumerate(DISPLAY_HEADING):
        _small_caps(pdf, 24, 42 + k * 14, line, 34, 0.45)
    pdf.text_mode = "FILL"
    pdf.set_text_color(30, 30, 30)
    pdf.set_font("R", size=11)
    pdf.set_xy(24, 72)
    pdf.multi_cell(162, 6, DISPLAY_BODY)
    pdf.output(str(pdf_path))
    _photograph(pdf_path, image, SCAN_DPI, 0.3, False, seed=5, quality=70)
    return facts


# name -> (0-based pages side by side, dpi, rotation, uneven light): an open book photographed
REAL_SPREADS = {"real-spread-p2p3-150": ((1, 2), 150, 0.7, True)}


def fold_spread(imgs: list[Image.Image], rotation: float, uneven: bool, seed: int) -> Image.Image:
    """Two facing pages as one photograph of the open book: side by side, a shadow down the fold
    between them, then degraded (turned, noise, light falling off to one corner)."""
    w, h = imgs[0].size
    spread = Image.new("RGB", (2 * w, h), "white")
    spread.paste(imgs[0], (0, 0))
    spread.paste(imgs[1].resize((w, h)), (w, 0))
    arr = np.asarray(spread, dtype=np.float32)
    fold = 1.0 - 0.35 * np.exp(-(((np.arange(2 * w) - w) / (0.02 * w)) ** 2))  # the fold's shadow
    spread = Image.fromarray(np.clip(arr * fold[None, :, None], 0, 255).astype(np.uint8), "RGB")
    return degrade(spread, rotation, uneven, seed=seed)


def real_spreads() -> dict[str, dict]:
    """Two facing pages of the real book as one photograph of the open book (cached): the pages
    side by side, a shadow down the fold between them, turned, light falling off to one corner,
    JPEG. name -> {image, pages (1-based), dpi, ...}."""
    OUT.mkdir(parents=True, exist_ok=True)
    out: dict[str, dict] = {}
    for k, (name, (pages, dpi, rotation, uneven)) in enumerate(REAL_SPREADS.items()):
        path = OUT / f"{name}.jpg"
        if not path.exists() or path.stat().st_mtime < max(REAL_BOOK.stat().st_mtime, Path(__file__).stat().st_mtime):
            doc = pypdfium2.PdfDocument(str(REAL_BOOK))
            try:
                imgs = [doc[i].render(scale=dpi / 72).to_pil().convert("RGB") for i in pages]
            finally:
                doc.close()
            fold_spread(imgs, rotation, uneven, seed=20 + k).save(path, "JPEG", quality=70)
        out[name] = {"image": str(path), "pages": [p + 1 for p in pages], "dpi": dpi, "rotation": rotation,
                     "uneven": uneven}
    return out
