"""OCR of page images with Tesseract (ingest.tesseract), one Tesseract process per core.

Why it looks like this:
- Tesseract's own threads make it about 5x slower on a 2-core machine, so every Tesseract runs
  with OMP_THREAD_LIMIT=1 and the pages of a document run side by side, one process per core
  (a thread per core only waits for its Tesseract process, so threads are enough here).
- A scan's language is unknown: a first pass over a sample of the first page with the script
  models (Latin + Cyrillic) gives text for `ingest.identify.detect_language`; the pages are then
  read with the detected language's model when it reads the sample better than the script models.
- Each page is made ready first (ingest.reader.preprocess: evenly lit, straightened, inked against
  its regions' own backgrounds).
- Images are read lazily: a huge image is downscaled while decoding (JPEG) or refused with a clear
  error before it is decoded, never decoded whole into memory.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image

from ingest import watch
from ingest.identify import detect_language
from ingest.options import PageProgress
from ingest.reader import tesseract
from ingest.reader.geometry import PageLayout, Word, median
from ingest.reader.layout import order_pages
from ingest.reader.lost_lines import SURE_WORD, lost_stack, sure_word
from ingest.reader.places import place_words
from ingest.reader.preprocess import SKEW_SIDE, is_blank, prepare
from ingest.reader.rules import cleared
from ingest.reader.upsample import lines_run_across as lines_across
from ingest.reader.upsample import without_rules, would_enlarge_glyphs
from ingest.types import IngestError, PageText, WordRead
from ingest.words import words_of_text
from sources import languages

if TYPE_CHECKING:
    from xml.etree import ElementTree

    from ingest.reader.blocks import Cards, Slot
    from ingest.reader.regions import PageRegions

    Where = tuple[int, int, int, int] | list[Slot]  # a part of the page (its box), or a canvas of blocks

# The page analysis (ingest.blocks, ingest.regions, ingest.letter_regions: scipy.ndimage and numba, ~0.5 s
# to import) is imported inside the functions that prepare a page for OCR: a PDF whose pages all have a
# usable text layer never needs it.

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".tif", ".tiff"}
MAX_DECODED_PIXELS = 120_000_000  # what an image may decode to (about 11000 x 11000)
PAGE_TIMEOUT = float(os.environ.get("MKDB_OCR_PAGE_TIMEOUT", "180"))  # seconds per page
SCRIPT_MODELS = "Latin+Cyrillic"
# Probe models, one per script (Tesseract's fast models of its two most-trained languages of
# the Latin and Cyrillic scripts); MKDB_OCR_PROBE_MODELS="Latin,Cyrillic" trades speed for coverage.
PROBE_MODELS = tuple(os.environ.get("MKDB_OCR_PROBE_MODELS", "eng,rus").split(","))
MIN_WORD_CONF = 10  # Tesseract confidence below which a "word" is noise (speckles, rules)
# ... on a page enlarged before recognition (ingest.reader.upsample: a web-resolution image, its
# letters a few pixels high) none: there the recogniser rates words of print it half reads below
# MIN_WORD_CONF ("edificios" read "ediíticio", "construir" "consinur"), and a word dropped costs
# all its letters where one read half wrong costs a few (scripts set with spaces: word_floor). Lines of noise (a picture's marks, rules)
# are still dropped whole (drop_noise_lines). 12 generated pages at 72 dpi (pictures, running
# lines, tables; seeds 0-3): mean CER 2.86% -> 1.90%, the worst 7.54% -> 5.32%
LOW_RES_WORD_CONF = 0

Image.MAX_IMAGE_PIXELS = None  # we check sizes ourselves, before decoding (see open_image)


def _env() -> None:
    os.environ["OMP_THREAD_LIMIT"] = "1"


JOBS: int | None = None  # Tesseract processes at once; None: one per core (mkdb ingest --jobs)


def workers() -> int:
    if JOBS:
        return max(1, JOBS)
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


@lru_cache(maxsize=1)
def installed_models() -> frozenset[str]:
    """Tesseract's models (`tesseract --list-langs`; pytesseract's list drops 'Latin', 'Cyrillic')."""
    try:
        out = subprocess.run(
            [tesseract.command(), "--list-langs"], capture_output=True, text=True, timeout=30
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise IngestError("Tesseract is not installed (see README: apt-get install tesseract-ocr)") from exc
    return frozenset(line.strip().removeprefix("script/") for line in out.splitlines()[1:] if line.strip())


def model_for(lang: str | None) -> str | None:
    """The Tesseract model for an ISO 639-1 language, when installed (language data: the `tesseract`
    key of rules_sources/lang/<lang>/language.yaml; a language that names none is read with the
    script models)."""
    if not lang:
        return None
    code = languages.tesseract_model(lang) or lang
    return code if code in installed_models() else None


@dataclass
class OcrResult:
    layout: PageLayout
    confidence: float  # mean word confidence 0..100
    model: str
    warnings: list[str] = field(default_factory=list)
    card_art: int = 0  # words read inside card pictures, set aside
    # lines (parse_hocr's numbers) of a script written without spaces holding SURE_RUN characters in a
    # row, or SURE_CHARS in all, read surely: print, however unsurely the rest reads (drop_noise_lines)
    sure_lines: frozenset[int] = frozenset()


# ---------------------------------------------------------------- images


def open_image(path: Path) -> Image.Image:
    """Open an image without decoding more pixels than MAX_DECODED_PIXELS."""
    try:
        img = Image.open(path)
    except (OSError, SyntaxError, ValueError) as exc:
        raise IngestError(f"not a readable image ({exc.__class__.__name__}: {exc})") from exc
    width, height = img.size
    if width * height > MAX_DECODED_PIXELS and img.format == "JPEG":
        scale = (MAX_DECODED_PIXELS / (width * height)) ** 0.5
        # draft() picks the smallest 1/2^k reduction still AT LEAST the size asked: ask for half the
        # limit's sides, so the reduction it picks lands below the limit (a request at the limit got none)
        img.draft("L", (max(1, int(width * scale / 2)), max(1, int(height * scale / 2))))
    if img.size[0] * img.size[1] > MAX_DECODED_PIXELS:
        raise IngestError(
            f"image too large: {width}x{height} pixels (limit {MAX_DECODED_PIXELS // 1_000_000} megapixels; "
            "save it as JPEG or at a lower resolution)"
        )
    try:
        img.load()
    except (OSError, SyntaxError, ValueError) as exc:
        raise IngestError(f"image is corrupt or truncated ({exc})") from exc
    return img



# ---------------------------------------------------------------- tesseract


def run_tesseract(gray: Image.Image, model: str, timeout: float | None = None, psm: int = 3,
                  options: Sequence[str] = ()) -> OcrResult:
    """One Tesseract run (single-threaded, memory-capped: ingest.tesseract) on a prepared page;
    words with boxes and confidence. psm: Tesseract's page segmentation (3: find the page's
    blocks; 6: one block of lines); options: more of Tesseract's arguments (`-c name=value`)."""
    return run_tesseract_all([gray], model, timeout, psm, options)[0]


def run_tesseract_all(grays: Sequence[Image.Image], model: str, timeout: float | None = None, psm: int = 3,
                      options: Sequence[str] = (), floor: float = MIN_WORD_CONF) -> list[OcrResult]:
    """Several images read in one Tesseract run (run_tesseract's reading of each, in order): the
    model is loaded once, where a run per image loads it again (0.15 CPU-s for a language's model,
    0.65 for Latin+Cyrillic: a page's two canvases cost a tenth more CPU read apart). Each image
    is read as it is read alone (Tesseract's LSTM models keep nothing from one image to the next:
    a page's two canvases gave the same hOCR words, boxes and confidences, and the same text).
    `timeout`: for the whole run; `floor`: the confidence under which a word is dropped (parse_hocr)."""
    spacing = not spacing_models().isdisjoint(model.split("+"))  # its plain text too (parse_hocr)
    args = ["-l", model, "--psm", str(psm), *options]
    try:
        hocr, *text = (_tesseract(grays, args, timeout, ("hocr", "txt")) if spacing
                       else _tesseract(grays, [*args, "hocr"], timeout))
    except tesseract.TesseractFailed as exc:
        raise IngestError(f"Tesseract failed: {exc.message.strip()[:200]}") from exc
    pages = _hocr_pages(hocr, len(grays))
    texts = text[0].decode("utf-8", "replace").split("\f") if text else [None] * len(grays)
    if len(pages) != len(grays) or len(texts) != len(grays):
        raise IngestError(f"Tesseract gave {len(pages)} pages for {len(grays)} images")
    return [parse_hocr(page, gray.size, model, words, floor)
            for page, gray, words in zip(pages, grays, texts, strict=True)]


_PAGE_DIV = b"<div class='ocr_page'"


def _hocr_pages(hocr: bytes, n: int) -> list[bytes]:
    """Each image's hOCR document from one run's hOCR of `n` images: the run's head, the image's
    page and the closing tags (numbered as a run of that image alone: parse_hocr numbers lines by
    their place in the document)."""
    if n == 1:
        return [hocr]
    starts, k = [], hocr.find(_PAGE_DIV)
    while k >= 0:
        starts.append(k)
        k = hocr.find(_PAGE_DIV, k + 1)
    end = hocr.rfind(b"</body>")
    if not starts or end < starts[-1]:
        return []
    head, tail = hocr[:starts[0]], hocr[end:]
    return [head + hocr[a:b] + tail for a, b in zip(starts, [*starts[1:], end], strict=True)]


@lru_cache(maxsize=1)
def spacing_models() -> frozenset[str]:
    """The models of languages written without spaces (sources.languages.UNSPACED_SCRIPTS), whose
    letters Tesseract's hOCR may end a word at (parse_hocr): read with their plain text beside the hOCR, for
    its spaces (about 2% of Tesseract's time, not spent on the other scripts, where hOCR's words are
    the text's: checked on 26 Latin and Cyrillic scans)."""
    return frozenset(str(d["tesseract"]) for d in languages.languages().values()
                     if d.get("script") in languages.UNSPACED_SCRIPTS and d.get("tesseract"))


@lru_cache(maxsize=16)
def glyphs_of(model: str | None) -> float | None:
    """The height a small page's characters read by this model are enlarged to (ingest.reader.upsample.
    factor_for): None for a spaced script, else its language's `glyph_height` (sources.languages:
    its own, or the default of the language data). Read once a model, not at every page."""
    if not unspaced(model):
        return None
    codes = [code for code, d in languages.languages().items() if str(d.get("tesseract")) == model]
    return languages.glyph_height(codes[0])


def unspaced(model: str | None) -> bool:
    """Whether a model reads a script written without spaces (spacing_models), whose characters fill their em."""
    return model is not None and model in spacing_models()


def _tesseract(gray: Image.Image | Sequence[Image.Image], args: list[str], timeout: float | None = None,
               outputs: Sequence[str] = ()) -> list[bytes]:
    """Tesseract's output for one image (or several, read in one run from a list of their files):
    its standard output, or with `outputs` (its output formats: "hocr", "txt") one file of each
    from the same run; its failures as IngestError (TesseractFailed for a plain error of
    Tesseract's, which the orientation check expects on a page of few letters)."""
    _env()
    timeout = timeout or PAGE_TIMEOUT
    grays = [gray] if isinstance(gray, Image.Image) else list(gray)
    with tempfile.TemporaryDirectory(prefix="mkdb-ocr-") as tmp:
        names = [Path(tmp) / ("page.pgm" if len(grays) == 1 else f"page{k}.pgm") for k in range(len(grays))]
        for image, name in zip(grays, names, strict=True):
            image.save(name)  # uncompressed: writing it costs nothing next to OCR
        src = names[0]
        if len(names) > 1:  # Tesseract reads a text file of image paths as a document of those pages
            src = Path(tmp) / "pages.txt"
            src.write_text("".join(f"{name}\n" for name in names))
        base = Path(tmp) / "out"
        try:
            if not outputs:
                return [tesseract.run([str(src), "stdout", *args], timeout)]
            tesseract.run([str(src), str(base), *args, *outputs], timeout)
            return [base.with_suffix(f".{ext}").read_bytes() for ext in outputs]
        except subprocess.TimeoutExpired as exc:
            raise IngestError(f"OCR took longer than {timeout:.0f} s on one page") from exc
        except tesseract.TesseractFailed as exc:
            if exc.status == 127:
                raise IngestError("Tesseract is not installed (see README: apt-get install tesseract-ocr)") from exc
            if exc.out_of_memory:
                raise IngestError(f"Tesseract needed more memory than allowed (limit {tesseract.MEMORY_MB:g} MB, "
                                  "--max-memory-mb)") from exc
            raise


_LINE_CLASSES = {"ocr_line", "ocr_header", "ocr_caption", "ocr_textfloat"}
_BBOX = re.compile(r"bbox (-?\d+) (-?\d+) (-?\d+) (-?\d+)")
_XSIZE = re.compile(r"x_size ([\d.]+)")
_WCONF = re.compile(r"x_wconf (\d+)")
_RULE = re.compile(r"^[|¦!/\\_—-]+$")  # the edge of a box or bar read as a character


def parse_hocr(hocr: bytes, size: tuple[int, int], model: str, text: str | None = None,
               floor: float = MIN_WORD_CONF) -> OcrResult:
    """Words with boxes from Tesseract's hOCR; a word's size is its line's x_size.

    x_size is Tesseract's estimate of the line's type size, the same for a line in capitals and
    a line with descenders, unlike box heights, so headings and figure text can be told apart.

    `text`: the same run's plain text. Tesseract ends an hOCR word at every Hangul syllable, ideograph
    or kana it does not see spaced apart (scripts it takes for unspaced), so the hOCR alone reads
    "플 레 이 어 를" where the page prints "플레이어를"; its plain text keeps the page's spaces. Words
    it sets there without a space between are one word here (unsplit where the two do not agree),
    and a letter it read unsurely (under MIN_WORD_CONF) is kept where it sets it on from a kept
    letter so: the model's doubt about a letter it lacks (chi_sim has no 骰) spreads to the
    letters beside it ("掷骰子" read "掷", "般", "子", all near 0), which are print, not specks.
    `floor`: the confidence under which a word is dropped (MIN_WORD_CONF; word_floor). Such a
    model's lines holding SURE_RUN letters in a row, or SURE_CHARS in all, read surely are its
    `sure_lines`.
    """
    from xml.etree import ElementTree  # here: only Tesseract's output needs it (~3 ms of every PDF ingest)

    root = ElementTree.fromstring(hocr)
    spans = [s for s in root.iter() if (s.get("class") or "") == "ocrx_word"]
    joined = _joined(["".join(s.itertext()).strip() for s in spans], text) if text is not None else None
    follows = dict(zip(map(id, spans), joined or [False] * len(spans), strict=True))
    words: list[Word] = []
    weighted = 0.0
    sure: set[int] = set()
    for number, line in enumerate(root.iter()):
        if (line.get("class") or "") not in _LINE_CLASSES:
            continue
        title = line.get("title") or ""
        box = _BBOX.search(title)
        xs = _XSIZE.search(title)
        if not box:
            continue
        top, bottom = float(box.group(2)), float(box.group(4))
        line_size = float(xs.group(1)) if xs else bottom - top
        if text is not None:  # a model of a script without spaces, set with full-width marks
            top, bottom = _line_extent(line, top, bottom)
            # no larger than its letters say: kor gave lines 23 px high x_size 43, the page's body size
            # became theirs and the gaps between a table's rows fell under a paragraph gap
            line_size = min(line_size, TALL_BOX * (bottom - top))
        kept = False  # the line's previous hOCR word was kept (a word joined to a dropped one stands alone)
        run = 0  # letters read surely in a row, set on without a space (unspaced scripts)
        sure_letters = 0  # the line's letters read surely, in a row or not (unspaced scripts)
        for span in line.iter():
            if (span.get("class") or "") != "ocrx_word":
                continue
            text_ = "".join(span.itertext()).strip()
            wbox = _BBOX.search(span.get("title") or "")
            conf = _WCONF.search(span.get("title") or "")
            confidence = float(conf.group(1)) if conf else 0.0
            joined = kept and follows[id(span)]  # set on from a kept word without a space (unspaced scripts)
            if not text_ or not wbox or (confidence < floor and not joined) or _RULE.match(text_):
                kept = False
                run = 0
                continue
            weighted += confidence * len(text_)
            letters = sum(c.isalpha() for c in text_)
            run = (run if joined else 0) + letters if confidence >= SURE_WORD * 100 and letters else 0
            sure_letters += letters if confidence >= SURE_WORD * 100 else 0
            if text is not None and (run >= SURE_RUN or sure_letters >= SURE_CHARS):
                sure.add(number)
            if joined:
                prev = words[-1]
                chars = len(prev.text) + len(text_)
                prev.confidence = (prev.confidence * len(prev.text) + confidence / 100 * len(text_)) / chars
                prev.text += text_
                prev.x1 = max(prev.x1, float(wbox.group(3)))
                continue
            words.append(Word(text_, float(wbox.group(1)), top, float(wbox.group(3)), bottom, size=line_size,
                              confidence=confidence / 100, line=number))
            kept = True
    chars = sum(len(w.text) for w in words)
    return OcrResult(PageLayout(words, float(size[0]), float(size[1])), weighted / chars if chars else 0.0, model,
                     sure_lines=frozenset(sure))


TALL_BOX = 1.3  # a letter or mark boxed this many times as tall as most of its line's letters: not the line's height


def _line_extent(line: ElementTree.Element, top: float, bottom: float) -> tuple[float, float]:
    """The line's top and bottom, without the boxes that the recogniser drew far taller (TALL_BOX)
    than most of the line's letters: in Chinese and Japanese type, whose letters all stand one
    square high, a full-width comma or stop, or the last letter of a word, is at times boxed
    reaching into the lines above and below. Its line would stand so tall that the gaps between a
    table's rows close (ingest.reader.geometry tells a table's rows by them) and the rows were read
    column by column. Lines without such a box keep the recogniser's; scripts set with spaces are
    not asked (their letters' boxes differ in height by design: ascenders, descenders, capitals)."""
    boxes = []
    for span in line.iter():
        if (span.get("class") or "") == "ocrx_word" and (found := _BBOX.search(span.get("title") or "")):
            text = "".join(span.itertext()).strip()
            boxes.append((any(c.isalnum() for c in text), float(found.group(2)), float(found.group(4))))
    letters = [b - t for alnum, t, b in boxes if alnum]
    if not letters:
        return top, bottom
    tall = TALL_BOX * median(letters)
    kept = [(t, b) for _, t, b in boxes if b - t <= tall]
    if len(kept) == len(boxes) or not kept:
        return top, bottom
    return max(top, min(t for t, _ in kept)), min(bottom, max(b for _, b in kept))


def _joined(words: list[str], text: str) -> list[bool] | None:
    """Per hOCR word (in order), whether the plain text sets it straight after the one before, no
    space between; None when the text does not hold these words in this order."""
    out = []
    pos = 0
    for word in words:
        start = pos
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if not text.startswith(word, pos):
            return None
        out.append(pos == start and bool(out))
        pos += len(word)
    return out


def _detect_language(text: str) -> tuple[str | None, float]:
    try:
        lang, conf = detect_language(text, name_unknown=False)
    except Exception:  # noqa: BLE001 - an unknown language is not an OCR failure
        return None, 0.0
    return lang, conf


def sample(gray: Image.Image, share: float = 0.07, bands: int = 1) -> Image.Image:
    """The band of the page (7% of its height) with the most ink rows: enough words (50-100 on a
    rulebook page) to tell the language at a twentieth of the page's OCR time. bands > 1: that
    many such bands, apart, one under another (a cover's band of most ink is its title alone)."""
    w, h = gray.size
    small = np.asarray(gray.resize((max(1, w // 8), max(1, h // 8)), Image.BOX))
    rows = (small < 160).mean(axis=1) > 0.02
    band = max(1, int(len(rows) * share))
    counts = np.convolve(rows.astype(np.int32), np.ones(band, dtype=np.int32), mode="valid")
    if not counts.size:
        return gray.crop((0, 0, w, min(h, band * 8)))
    tops: list[int] = []
    for k in np.argsort(-counts, kind="stable"):
        if len(tops) == bands:
            break
        if all(abs(int(k) - t) >= band for t in tops):
            tops.append(int(k))
    crops = [gray.crop((0, t * 8, w, min(h, (t + band) * 8))) for t in sorted(tops)]
    out = Image.new("L", (w, sum(c.size[1] for c in crops)), 255)
    y = 0
    for crop in crops:
        out.paste(crop, (0, y))
        y += crop.size[1]
    return out


MIN_PROBE_WORDS = 10  # a probe that reads fewer words is read again on more of the page
PROBE_BANDS = 4
# mean confidence from which a probe model's reading is print of its script (Latin, Cyrillic), not
# another script's: read by the better of eng and rus, the bands of 24 generated CJK scans (72-200
# dpi, the four languages, turned too) came out at 28-42; Latin print whose language the probe
# could not tell at 51-67 (pages turned sideways, White Goblin's Dutch page 2, a real English
# scan's page 2). From it on the other scripts' four models are not run (1.2 s of Tesseract)
SCRIPT_READ = 55.0
SURE_SCRIPT = 60.0  # the Latin probe model's confidence from which a band is Latin print (sure_of_script)


def probe_models() -> list[str]:
    """One fast model per script for the language probe (the script models are accurate but
    load slowly: 90 MB for Latin); the script models where those are missing."""
    installed = installed_models()
    chosen = [m for m in PROBE_MODELS if m in installed]
    return chosen or [m for m in SCRIPT_MODELS.split("+") if m in installed] or sorted(installed)[:1]


def choose_model(pages: Sequence[Image.Image], lang_hint: str | None) -> tuple[str, str | None, str, float]:
    """(Tesseract model, language, why, probe score) for a document, from its first prepared pages;
    the probe score (_probe_score) says how surely the probe read words, in a language without
    data too: an upright page reads better than the same page turned.

    A band of the first page with text is read by one model per script, side by side; the model
    that reads it with the higher confidence gives the text the language is detected from. The
    pages are then read with that language's model (better on accents and on the letters a
    model of another language confuses); without a detected, installed language, with the
    script model.
    """
    hinted = model_for(lang_hint)
    if hinted:
        return hinted, lang_hint, f"language {lang_hint} given", 100.0
    inked = [p for p in pages if not _blank(p)]
    if not inked:
        return SCRIPT_MODELS, None, "no text found", 0.0
    probe = sample(inked[0])
    with ThreadPoolExecutor(max_workers=workers()) as probe_pool:
        passes, best = _probe_read(probe, probe_pool, more_bands=True)
        lang, lang_conf = _language_of(best)
        if max(len(r.layout.words) for r in passes) < MIN_PROBE_WORDS or lang is None:
            # too few words to tell a script or a language by (a cover's title, a line of labels):
            # several bands of the page, so a few words in another script never decide
            probe = sample(inked[0], bands=PROBE_BANDS)
            passes, best = _probe_read(probe, probe_pool)
            lang, lang_conf = _language_of(best)
    if any(r.layout.words for r in passes) and best.confidence < SCRIPT_READ:
        # no language of the probe's scripts, or one told from a reading below SCRIPT_READ (a
        # Latin or Cyrillic model reads CJK glyphs as fragments at confidence 28-42, in which the
        # detector finds Russian, English or Spanish at 0.4-0.6): try the other scripts' models
        # (CJK), the better reading of the band decides. Not on a band
        # where no probe model read a word: Tesseract's layout analysis, the same for every model,
        # found no line of text there (a picture, a cover's art), and the four models' runs would
        # cost a web-resolution page more than reading it (a Latin or Cyrillic probe reads a CJK
        # band as dozens of garbage words: 9-57 on the generated CJK pages at 100 dpi). Nor on a
        # band a probe model read surely (SCRIPT_READ): print of its own script, in a language
        # without data or in too few words to tell (White Goblin's Dutch page 2)
        best, lang, lang_conf = _probe_other_scripts(probe, best, lang, lang_conf)
    model = model_for(lang)
    script = SCRIPT_MODELS if best.model in SCRIPT_MODELS.split("+") else best.model
    if model and model != best.model and lang_conf < 0.7:
        # unsure: read the band again with the detected language's model; when that reads it
        # better, its letters (accents, letters the probe's language lacks) decide again
        again = run_tesseract(probe, model)
        if again.confidence >= best.confidence:
            lang2, conf2 = _language_of(again)
            if model_for(lang2) and conf2 >= lang_conf:
                lang, lang_conf, model = lang2, conf2, model_for(lang2)
    score = _probe_score(best)
    if not model or lang_conf < 0.3:
        return script, lang, f"{script} (language {lang or 'not detected'} on a {best.model} probe)", score
    return model, lang, f"{lang} detected ({lang_conf:.2f}) on a {best.model} probe", score


def _probe_read(probe: Image.Image, pool: ThreadPoolExecutor,
                models: Sequence[str] | None = None, more_bands: bool = False) -> tuple[list[OcrResult], OcrResult]:
    """The probe band read by the probe models (or `models`), and the best of those readings.

    The first model (Latin's) reads it first, alone: a band it reads surely (sure_of_script) is
    print of its own script, which the others (Cyrillic's, CJK's) read no better, so they are
    not run on it (their runs were a third of a Latin page's probe). Otherwise the others read
    it side by side, unless the first model's reading already settles what the probe models' would
    (settled; `more_bands`: a first, one-band probe, read again on PROBE_BANDS bands when it gives
    too few words)."""
    probing = models is None  # the probe models: their readings of one band share its layout
    models = list(models or probe_models())
    first = run_tesseract(probe, models[0])
    if len(models) == 1 or sure_of_script(first) or (probing and settled(first, more_bands)):
        return [first], first
    passes = [first, *pool.map(lambda m: run_tesseract(probe, m), models[1:])]
    return passes, max(passes, key=_probe_score)


def sure_of_script(result: OcrResult) -> bool:
    """Whether a probe reading is print of its model's script, read surely: at least MIN_PROBE_WORDS
    words at a confidence of SURE_SCRIPT or more. Measured on the probe bands (one and four) of
    generated scans at 72-200 dpi: the Latin probe model (eng) read Russian and Ukrainian print at
    40-51 and CJK print at 28-35, Latin print at 71-94, where the Cyrillic model read that Latin
    print at 43-63 (and found Russian in a Spanish band: 0.39)."""
    return result.confidence >= SURE_SCRIPT and len(result.layout.words) >= MIN_PROBE_WORDS


def settled(result: OcrResult, more_bands: bool = False) -> bool:
    """Whether the Latin probe model's reading of a band settles what the other probe model's
    (Cyrillic's) would give: no word at all (Tesseract's layout analysis, the same for every model,
    found no line it could read there: a picture, a cover's art; the other model's run found none
    either on White Goblin's Dutch cover, one and four bands), or, with `more_bands` (the band is
    read again on PROBE_BANDS bands when it gives fewer than MIN_PROBE_WORDS words), a few words read
    as surely as print of its script (sure_of_script's confidence: a heading, a line of labels),
    which another script's model splits into no more words. White Goblin's Dutch web pages: the
    band of most ink read 0, 0, 6 and 4 words by the Latin model (4-6 at 81-91), 0, 0, 2 and 4 by
    the Cyrillic one, whose run cost 0.15-0.4 s a page before the four bands were read anyway."""
    words = len(result.layout.words)
    return not words or (more_bands and words < MIN_PROBE_WORDS and result.confidence >= SURE_SCRIPT)


def _language_of(result: OcrResult) -> tuple[str | None, float]:
    """The language a reading's words are in, and how sure (ingest.identify's detector)."""
    return _detect_language(" ".join(w.text for w in result.layout.words))


def _probe_score(result: OcrResult) -> float:
    """A probe reading's worth: its confidence, unless it read too few words to be sure of."""
    return result.confidence * min(1.0, len(result.layout.words) / 20)


def other_script_models() -> list[str]:
    """The installed Tesseract models of the supported languages written in neither probe script
    (language data: `script` and `tesseract`; Japanese, Chinese, Korean), for a page the probe
    models cannot read."""
    installed = installed_models()
    models = {str(d["tesseract"]) for d in languages.languages().values()
              if d.get("supported", True) and d.get("script", "latin") not in ("latin", "cyrillic") and d.get("tesseract")}
    return sorted(m for m in models if m in installed)


def _probe_other_scripts(probe: Image.Image, best: OcrResult, lang: str | None = None,
                         lang_conf: float = 0.0) -> tuple[OcrResult, str | None, float]:
    """The probe band read by each other-script model (only for a band the Latin and Cyrillic probes
    read below SCRIPT_READ, so a book in those scripts never pays for it); the best-read known
    language. `lang` (at `lang_conf`), the language the probe's `best` reading gave, is kept
    unless an other-script model reads the band better (higher confidence) as a language of its
    own script: a turned Latin page read as garbage keeps its Latin choice."""
    models = other_script_models()
    if not models:
        return best, lang, lang_conf
    with ThreadPoolExecutor(max_workers=workers()) as pool:
        passes = list(pool.map(lambda m: run_tesseract(probe, m), models))
    found = []
    for result in passes:
        other, conf = _language_of(result)
        if other is not None and (lang is None or (model_for(other) in models and result.confidence > best.confidence)):
            found.append((conf, result.confidence, result, other))
    if not found:
        return best, lang, lang_conf
    conf, _, result, other = max(found, key=lambda f: (f[0], f[1]))
    return result, other, conf


PageSource = Callable[[], Image.Image | None]  # loads (renders) one page image; None: found blank


def split_boxes(gray: Image.Image) -> list[tuple[int, int, int, int]]:
    """The page cut in two at an empty band of rows near its middle, or whole when there is none.

    Two halves are two Tesseract runs that can go to two cores: the last page of a document (or
    a single image) does not leave a core idle. The cut only goes through rows with no ink, so
    no line of text is split.
    """
    w, h = gray.size
    small = np.asarray(gray.resize((max(1, w // 2), max(1, h // 2)), Image.BOX))
    blank = (small < 160).sum(axis=1) == 0
    lo, hi = int(len(blank) * 0.35), int(len(blank) * 0.65)
    candidates = [y for y in range(lo + 1, hi - 1) if blank[y - 1] and blank[y] and blank[y + 1]]
    if not candidates:
        return [(0, 0, w, h)]
    mid = len(blank) // 2
    cut = min(candidates, key=lambda y: abs(y - mid)) * 2
    return [(0, 0, w, cut), (0, cut, w, h)]


NOISE_LINE = 0.55  # a line read with a mean confidence below this and without a sure word (lost_lines.sure_word) is noise
# ... or, in a script written without spaces, without this many letters in a row read SURE_WORD surely: its
# "word" is a whole run of characters, whose confidence is the mean of its letters', so a line of
# print read half wrong (72 dpi: complex Han characters 10 pixels high) has no sure word, and
# lines of print were dropped whole, costing every character (8 generated zh-Hans pages at 72 dpi:
# 14 of 50 lines, bars_cjk-6 38.9% CER)
SURE_RUN = 3
# ... or this many read surely anywhere in the line: a line of print read badly (Traditional Chinese
# serif at 72 dpi, characters 11 pixels high) has its sure characters one or two together between
# misread ones, and 25 of its 60 lines were dropped whole (panels_cjk-7: 39.7% CER; kept: 24%),
# while specks and a picture's marks read as characters give a few unsure ones (as many as three
# sure ones apart, tests/reading/test_unsure_cjk_lines.py)
SURE_CHARS = 4
BAR_LINE = 0.4  # a line on a bar: noise only below this mean confidence, or with a word not of letters


def drop_noise_lines(words: list[Word], strict: frozenset[tuple[int, int]] = frozenset(),
                     bars: frozenset[int] = frozenset(), sure_lines: frozenset[int] = frozenset()) -> list[Word]:
    """Lines Tesseract made of a picture (card art, illustrations, dice) are dropped: their
    'words' come with low confidence throughout, while a line of print has most of its words
    read surely (a line with one sure word of three letters is kept). The lines in `strict`
    (line, region), read from bands cut out of a picture, are kept only with a sure word.

    A line read on a bar (the regions in `bars`: a band of colour that ingest.reader.regions finds
    holding one line of print) is a heading set in display type, often capitals, which the
    recogniser's language model rates lower than body text ("2 KOŚCI" read right at 0.54): it is
    kept down to BAR_LINE when all its words are letters or digits (a picture's noise has
    punctuation and stray marks: "TT,, am a =").

    `sure_lines`: the lines holding SURE_RUN characters in a row or SURE_CHARS in all read surely
    (OcrResult.sure_lines, a script written without spaces), which count as holding a sure word."""
    lines: dict[tuple[int, int], list[Word]] = {}
    for wd in words:
        lines.setdefault((wd.line, wd.region), []).append(wd)
    noise = set()
    for key, line in lines.items():
        mean = sum(w.confidence for w in line) / len(line)
        sure = key[0] in sure_lines or any(map(sure_word, line))
        if key[1] in bars and key not in strict and mean >= BAR_LINE and _spelled(line):
            continue
        if (mean < NOISE_LINE or key in strict) and not sure:
            noise.add(key)
    return [wd for wd in words if (wd.line, wd.region) not in noise]


def _spelled(line: list[Word]) -> bool:
    """Every word letters or digits (a word's closing punctuation aside), one of three letters or more."""
    plain = [w.text.rstrip(".,:;!?") for w in line]
    return all(t.isalnum() for t in plain) and any(sum(c.isalpha() for c in t) >= 3 for t in plain)


CANVAS_PSM = 4  # a canvas of blocks is one column of text of several sizes


def page_parts(gray: Image.Image) -> list[tuple[Image.Image, Where, int]]:
    """What Tesseract reads of a prepared page: (image, where it lies, page segmentation mode).

    With its regions found, the page's blocks on a canvas per core (ingest.blocks); otherwise
    the page in two halves (split_boxes), each found by Tesseract's own layout analysis."""
    found = gray.info.get("regions")
    if found is not None:
        from ingest.reader.blocks import canvases, card_boxes, find_blocks, work_ink

        work = work_ink(gray, found)
        gray.info["cards"] = card_boxes(gray, found, work)
        blocks, em = find_blocks(gray, found, work)
        laid = canvases(gray, found, blocks, workers(), em)
        if laid:  # rules cleared off what Tesseract reads: an enlarged page's by ingest.reader.upsample
            factor = gray.info.get("enlarged", 1.0)  # (blurred into bars), others' by ingest.reader.rules
            if factor > 1.0:
                return [(without_rules(canvas, factor), slots, CANVAS_PSM) for canvas, slots in laid]
            return [(cleared(canvas, em), slots, CANVAS_PSM) for canvas, slots in laid]
    return [(gray.crop(box), box, 3) for box in split_boxes(gray)]


def word_floor(gray: Image.Image, model: str) -> float:
    """The confidence under which a word read on this prepared page is dropped: MIN_WORD_CONF, or
    LOW_RES_WORD_CONF on a page enlarged before recognition (its info["enlarged"], ingest.reader.preprocess)
    in a script set with spaces. Not for a model of a script written without spaces (unspaced): its
    hOCR "words" are single characters, and parse_hocr already keeps an unsure one set on from a
    kept one; a character standing alone read unsurely is as often a speck (8 generated CJK pages
    at 72 dpi: CER summed 82.1% kept as they were, 85.7% with every such character kept)."""
    low = gray.info.get("enlarged", 1.0) > 1.0 and not unspaced(model)
    return LOW_RES_WORD_CONF if low else MIN_WORD_CONF


def read_parts(laid: list[tuple[Image.Image, Where, int]], model: str, lost: bool = True,
               floor: float = MIN_WORD_CONF) -> list[tuple[Where, OcrResult]]:
    """A prepared page's parts (page_parts) read in one Tesseract run per page segmentation (a
    page's canvases, or its halves, share one): the model loaded once a page, not once a part
    (run_tesseract_all); with `lost`, the lines it passed over on the canvases read again
    (with_lost_lines); `floor`: the confidence under which a word is dropped (word_floor)."""
    results: dict[int, OcrResult] = {}
    for psm in dict.fromkeys(p for _, _, p in laid):
        at = [k for k, (_, _, p) in enumerate(laid) if p == psm]
        results.update(zip(at, run_tesseract_all([laid[k][0] for k in at], model, None, psm, floor=floor),
                           strict=True))
    read = [(where, results[k]) for k, (_, where, _) in enumerate(laid)]
    if lost:
        with_lost_lines([(img, where, res) for (img, where, _), (_, res) in zip(laid, read, strict=True)], model, floor)
    return read


def with_lost_lines(parts: list[tuple[Image.Image, Where, OcrResult]], model: str,
                    floor: float = MIN_WORD_CONF) -> None:
    """The canvases' readings (canvas, where, reading) given the lines Tesseract passed over in
    their text blocks, all read together in one more run (ingest.reader.lost_lines): its layout
    analysis drops a line now and then, on an enlarged low-resolution page and on a page of small
    type at 150 dpi alike (the first lines of a paragraph of 8 pt print, read binarised, cut out
    alone). A half page (no blocks found) is left as it is."""
    stacks = []
    for canvas, where, result in parts:
        if isinstance(where, tuple):
            continue
        blocks = [(s.left, s.top, s.left + s.block.box[2] - s.block.box[0], s.top + s.block.box[3] - s.block.box[1])
                  for s in where if not s.block.picture]
        if (found := lost_stack(canvas, blocks, result.layout)) is not None:
            stacks.append((found, result))
    if stacks:
        read = run_tesseract_all([found.stack for found, _ in stacks], model, None, 6, floor=floor)
        for (found, result), lines in zip(stacks, read, strict=True):
            words, sure = found.words(lines.layout, lines.sure_lines)
            result.layout.words.extend(words)
            result.sure_lines |= sure


def _slot_of(slots: list[Slot], mid: float) -> Slot | None:
    for k, slot in enumerate(slots):
        bottom = slot.top + slot.block.box[3] - slot.block.box[1]
        upper = slots[k - 1].top + slots[k - 1].block.box[3] - slots[k - 1].block.box[1] if k else 0
        lower = slots[k + 1].top if k + 1 < len(slots) else float("inf")
        if (upper + slot.top) / 2 <= mid < (bottom + lower) / 2:
            return slot
    return None


def merge(parts: list[tuple[Where, OcrResult]], size: tuple[int, int], found: PageRegions | None = None,
          cards: Cards | None = None) -> OcrResult:
    """One page's result from the results of its parts, word boxes moved back into the page:
    from a canvas, into the block (and region) the word was read in; from a half of the page,
    into the region (ingest.regions) the word's middle lies in. Words printed inside a card
    (ingest.blocks.inside_card) are card art, set aside as the text layer sets it aside."""
    if cards:
        from ingest.reader.blocks import inside_card  # cards come from ingest.blocks: already loaded

    words: list[Word] = []
    art = 0
    strict: set[tuple[int, int]] = set()
    n = len(parts)
    sure = frozenset(line * n + k for k, (_, res) in enumerate(parts) for line in res.sure_lines)
    for k, (where, res) in enumerate(parts):
        for wd in res.layout.words:
            region = -1
            if isinstance(where, tuple):
                dx, dy = where[0], where[1]
                if found is not None:
                    region = found.region_at((wd.x0 + wd.x1) / 2 + dx, (wd.top + wd.bottom) / 2 + dy)
            else:
                slot = _slot_of(where, (wd.top + wd.bottom) / 2)
                if slot is None:
                    continue
                dx, dy = slot.block.box[0] - slot.left, slot.block.box[1] - slot.top
                region = slot.block.region
                if slot.block.picture:
                    strict.add((wd.line * n + k, region))
            box = (wd.x0 + dx, wd.top + dy, wd.x1 + dx, wd.bottom + dy)
            if cards and inside_card(box, region, cards):
                art += 1
                continue
            words.append(Word(wd.text, *box, wd.size, confidence=wd.confidence, line=wd.line * n + k, region=region))
    bars = frozenset(r.index for r in found.regions if r.kind == "bar") if found is not None else frozenset()
    words = drop_noise_lines(words, frozenset(strict), bars, sure)
    chars = sum(len(wd.text) for wd in words)
    weighted = sum(wd.confidence * 100 * len(wd.text) for wd in words)
    layout = PageLayout(words, float(size[0]), float(size[1]))
    if found is not None and len(found.regions) > 1:
        layout.regions = {r.index: (r.parent, tuple(float(v) for v in r.box), r.kind) for r in found.regions}
    return OcrResult(layout, weighted / chars if chars else 0.0, parts[0][1].model, card_art=art)


def ocr_pages(
    sources: Sequence[PageSource],
    lang_hint: str | None = None,
    progress: Callable[[int], None] | None = None,
    on_page: Callable[[int], None] | None = None,
    numbers: Sequence[int] | None = None,
) -> tuple[list[PageLayout | None], list[OcrResult | None], str]:
    """OCR every page side by side (one Tesseract per core); blank pages are not OCR'd.

    Pages are loaded and prepared in the workers, a few pages ahead of the OCR; each page is
    OCR'd in two halves (see split_boxes) so every core stays busy to the end. All the work on a
    page (loading and preparing it, every Tesseract run for it, finding its blocks, merging its
    words, reading it again upright) is a watched step of its page number (`numbers`, by default
    1..n; ingest.watch): the reading worker's parent counts it against the page's --page-timeout.
    A page an earlier worker was stopped on is left blank.
    """
    n = len(sources)
    cores = workers()
    pages = list(numbers) if numbers is not None else list(range(1, n + 1))
    if n:  # loaded before any page's clock runs: the import is the process's, not a page's work
        import ingest.reader.blocks
        import ingest.reader.letter_regions
        import ingest.reader.regions  # noqa: F401
    with ThreadPoolExecutor(max_workers=cores) as pool:
        prepared: dict[int, Future[Image.Image | None]] = {}

        turn = 0  # the document's pages turned by this many degrees (from its first page)
        glyphs = glyphs_of(model_for(lang_hint))  # the height its unspaced script's characters are enlarged to (None: spaced)

        def load(i: int) -> Image.Image | None:
            if watch.skipped(pages[i]):
                return None
            img = sources[i]()  # rendering is its own step, timed once PDFium is free (ingest.pdf.render)
            if img is None:  # the source found the page blank without rendering it in full
                return None
            with watch.step(pages[i], "preparing the page for OCR"):
                return prepare(img.rotate(turn, expand=True) if turn else img, glyphs)

        def choose(found: list[Image.Image | None], at: list[int]) -> tuple[str, str | None, str, float]:
            inked = [pages[k] for k, g in zip(at, found, strict=True) if not _blank(g)]
            if not at:
                return choose_model([], lang_hint)
            with watch.step(inked[0] if inked else pages[at[0]], "choosing the OCR model"):
                return choose_model([g for g in found if g is not None], lang_hint)

        def read_page(i: int, laid: list[tuple[Image.Image, Where, int]], floor: float) -> list[tuple[Where, OcrResult]]:
            with watch.step(pages[i], "OCR (Tesseract)"):
                return read_parts(laid, model, floor=floor)

        def ensure(i: int) -> None:
            if i < n and i not in prepared:
                prepared[i] = pool.submit(load, i)

        for i in range(min(n, cores)):
            ensure(i)
        head = [prepared[0].result()] if n else []
        if n > 1 and _blank(head[0]):  # look at the next page when the first is empty
            head.append(prepared[1].result())
        model, lang, why, score = choose(head, list(range(len(head))))
        down = bool(head) and not _blank(head[-1]) and lang_hint is None and not lines_run_across(head[-1])
        if head and not _blank(head[-1]) and (lang is None or score < SURE_PROBE or down):
            # no language read on the first page, or one read unsurely: a scan turned sideways or
            # upside down? (a turned page's glyphs read as fragments, in which the detector still
            # finds a language: Czech turned 90 degrees read as Russian, Japanese turned 180 as
            # Russian). Kept turned only when it reads better so (orientation detection turns
            # upright pages of a language without data, Dutch web pages, upside down). A page whose
            # lines run down it is turned however surely its fragments read: enlarged, a French page
            # at 72 dpi turned a quarter read as French at a probe score of 60
            with watch.step(pages[len(head) - 1], "detecting the page's orientation"):
                turn, sure = orientation_of(head[-1])
                if down:  # read as it is, its fragments say nothing: the better quarter turn
                    turn = quarter_turn(head[-1], turn, sure, model)
                elif sure < SURE_TURN:  # the turns the page may have, each kept only when its bands read better so
                    turn = next((t for t in turns_to_try(head[-1], turn, lang)
                                 if reads_better_turned(head[-1], t, score, lang, model)), 0)
            if turn:
                upright = prepared  # the pages as they were prepared: kept, in case the page was upright
                for fut in prepared.values():
                    fut.cancel()
                prepared = {i: pool.submit(load, i) for i in range(min(n, cores))}
                turned = [prepared[i].result() for i in range(min(n, 2))]
                choice = choose(turned, list(range(len(turned))))
                if not down and choice[3] <= score and (lang is not None or choice[1] is None):
                    turn = 0  # turned it reads no better: it was upright
                    for fut in prepared.values():
                        fut.cancel()
                    # the upright pages already prepared are those pages (prepare gives the same page
                    # for the same image, turn and glyphs): not prepared anew; those whose preparing
                    # was cancelled before it began are
                    prepared = {i: fut if not fut.cancelled() else pool.submit(load, i)
                                for i, fut in upright.items()}
                else:
                    head = [g for g in turned if g is not None]
                    model, lang, why, score = choice
                    why += f"; pages turned {turn} degrees"
        target = glyphs_of(model)  # None for a spaced script (glyphs_of): nothing to enlarge again
        if head and glyphs is None and target is not None and would_enlarge_glyphs(head[-1].info.get("letters"), target):
            # the first page's characters read as a script written without spaces: its pages prepared
            # again, their characters enlarged to the size its models read (upsample.SMALL_GLYPHS)
            glyphs = target
            for fut in prepared.values():
                fut.cancel()
            prepared = {i: pool.submit(load, i) for i in range(min(n, cores))}
        head.clear()
        jobs: list[tuple[Image.Image, Future[list[tuple[Where, OcrResult]]]] | None] = []
        for i in range(n):
            for j in range(i + 1, i + 1 + cores):
                ensure(j)
            gray = prepared.pop(i).result()
            if _blank(gray):
                jobs.append(None)
                continue
            with watch.step(pages[i], "finding the page's blocks"):
                laid = page_parts(gray)
            floor = word_floor(gray, model)
            jobs.append((gray, pool.submit(read_page, i, laid, floor)))
        results: list[OcrResult | None] = []
        kept: dict[int, Image.Image] = {}  # the prepared pages read poorly, to be read again upright
        for i, job in enumerate(jobs):
            if job is None:
                results.append(None)
            else:
                gray, parts = job
                jobs[i] = None  # the page let go once merged, unless it is read again (kept)
                read = parts.result()
                with watch.step(pages[i], "merging the OCR'd words"):
                    results.append(merge(read, gray.size, gray.info.get("regions"), gray.info.get("cards")))
                if poorly_read(results[-1]):
                    kept[i] = gray
            if on_page:
                on_page(i)
        # pages that read badly may be turned (scanned sideways or upside down): ask Tesseract's
        # orientation detection and read them again the right way up
        def again(i: int, first: OcrResult) -> OcrResult:
            # the page as it was prepared for its first reading (prepare gives the same page again:
            # preparing it anew cost a page's preparation, and its rendering from a PDF)
            gray = kept.pop(i, None) or load(i)
            with watch.step(pages[i], "reading the page again upright"):
                return reorient(lambda: gray, model, first)

        retry = {
            i: pool.submit(again, i, res)
            for i, res in enumerate(results)
            if res is not None and poorly_read(res)
        }
        for i, fut in retry.items():
            results[i] = fut.result()
        if progress:
            progress(n)
    return [r.layout if r else None for r in results], results, why


def _blank(gray: Image.Image | None) -> bool:
    """is_blank of a prepared page, worked out once (choosing the model and the page's turn ask again)."""
    if gray is None:
        return True
    if "blank" not in gray.info:
        gray.info["blank"] = is_blank(gray)
    return gray.info["blank"]


def poorly_read(result: OcrResult, words: int = 15) -> bool:
    return result.confidence < 60 or len(result.layout.words) < words


def orientation(gray: Image.Image) -> int:
    """Degrees (0, 90, 180, 270) to turn the page counter-clockwise so its text is upright."""
    return orientation_of(gray)[0]


def orientation_of(gray: Image.Image) -> tuple[int, float]:
    """Degrees (0, 90, 180, 270) to turn the page counter-clockwise so its text is upright, and
    Tesseract's confidence in it (0: too few letters to tell, or under 0.5).

    Asked of the probe's bands of the prepared page (sample, PROBE_BANDS) at full resolution: the
    page halved told a generated 200-dpi page turned 90 degrees at confidence 0.9 and the upright
    one at 1.8 (the bands: 15 and 13), and turned White Goblin's upright Dutch page 2 upside down
    (the bands: no turn), in about the same time or less (0.25-0.8 s).

    Kept with the page (info["orientation"]): a first page asked when its language read unsurely
    and asked again when it reads poorly (reorient) gets the same answer from the same pixels."""
    if "orientation" in gray.info:
        return gray.info["orientation"]
    gray.info["orientation"] = found = _orientation_of(gray)
    return found


def _orientation_of(gray: Image.Image) -> tuple[int, float]:
    """orientation_of, asked of Tesseract."""
    probe = sample(gray, bands=PROBE_BANDS)
    try:
        osd = _tesseract(probe, ["-l", "osd", "--psm", "0"])[0].decode("utf-8", "replace")
    except (tesseract.TesseractFailed, IngestError):  # too few letters to tell (or too slow): as it is
        return 0, 0.0
    rotate = re.search(r"Rotate: (\d+)", osd)
    conf = re.search(r"Orientation confidence: ([\d.]+)", osd)
    if not rotate or not conf or float(conf.group(1)) < 0.5:
        return 0, 0.0
    # Tesseract's "Rotate" is clockwise (a page turned a quarter counter-clockwise: "Rotate: 90");
    # PIL's rotate, as the callers turn the page, is counter-clockwise
    return (360 - int(rotate.group(1))) % 360, float(conf.group(1))


# a probe reading scored under this (_probe_score) may be a turned page's: orientation detection
# is asked. Upright print of a language found scored 59.5-95 on the generated scans and the real
# English scans (72-300 dpi, every Latin and Cyrillic language); pages turned 90 or 180 degrees
# 41-54, where the detector still found Russian, Portuguese or Czech in the fragments
SURE_PROBE = 57.0
# orientation detection's confidence from which a page is turned without reading its bands turned
# first: generated scans turned 90 and 180 degrees at 15-26 (200 dpi), 3.6-6.4 (72 dpi); an upright
# Korean page at 100 dpi taken for turned 270 at 5.1
SURE_TURN = 10.0


def turns_to_try(gray: Image.Image, turn: int, lang: str | None) -> list[int]:
    """The turns (counter-clockwise) a prepared page read unsurely may need, when orientation
    detection is not sure (`turn`, its answer: 0 for none): its lines run down the page (a
    quarter turn either way, its answer first) or across (upside down, when detection says so or a
    language was read, unsurely, from the page as it is). Detection misjudges pages of small
    letters (a Korean page at 100 dpi turned 180 degrees taken for turned 270; an English one
    turned 90 degrees, nothing): the lines' direction is measured, not read. A page of few words
    upright, where detection finds no turn and no language was read (White Goblin's Dutch page 2),
    is not read turned."""
    if not lines_run_across(gray):
        return sorted((90, 270), key=lambda t: t != turn)
    return [180] if turn == 180 or lang is not None else []


def quarter_turn(gray: Image.Image, turn: int, sure: float, model: str | None = None) -> int:
    """The quarter turn (90 or 270, counter-clockwise) that sets upright a prepared page whose lines
    run down it: orientation detection's when it is sure of one, else the one whose bands (sample,
    PROBE_BANDS) the probe models (and `model`, when another script's) read better. The page as it
    is is no candidate: Tesseract reads lines running down a band turned, so an enlarged French page
    at 72 dpi turned a quarter read as French at a probe score of 81, its right turn at 74, and
    whichever turn was tried first won over the other (an English page turned upside down)."""
    if turn in (90, 270) and sure >= SURE_TURN:
        return turn
    models = probe_models() + ([model] if model in other_script_models() else [])
    scores = {}
    with ThreadPoolExecutor(max_workers=workers()) as pool:
        for t in (90, 270):
            _, best = _probe_read(sample(gray.rotate(t, expand=True, fillcolor=255), bands=PROBE_BANDS), pool, models)
            scores[t] = _probe_score(best)
    return max(scores, key=lambda t: scores[t])


def lines_run_across(gray: Image.Image) -> bool:
    """Whether the lines of print on a prepared page (dark on white) run across it (upright or upside
    down), not down it (turned a quarter): ingest.reader.upsample.lines_run_across on its ink, at most
    SKEW_SIDE pixels (a page turned a quarter is not straightened: the deskew follows lines across)."""
    w, h = gray.size
    scale = min(1.0, SKEW_SIDE / max(w, h))
    small = np.asarray(gray.resize((max(1, int(w * scale)), max(1, int(h * scale))), Image.BOX) if scale < 1 else gray)
    return lines_across(small < 128)


def reads_better_turned(gray: Image.Image, turn: int, score: float, lang: str | None = None,
                        model: str | None = None) -> bool:
    """Whether the prepared page, turned by `turn` degrees, may read better than upright: its bands
    (sample, PROBE_BANDS of them) read by the probe models (and by `model`, the upright page's
    choice, when it is another script's) give a better probe score than `score`, the upright
    page's, or a language where the upright page gave none (`lang`). Orientation detection turns
    upright pages of a page of few words upside down (White Goblin's Dutch pages: 180); this check
    costs two band readings of the page as prepared, where turning it in earnest prepares the page
    anew and runs the whole probe (the other scripts' models too) on it, and again upright when it
    reads no better."""
    probe = sample(gray.rotate(turn, expand=True, fillcolor=255), bands=PROBE_BANDS)
    models = probe_models() + ([model] if model in other_script_models() else [])
    with ThreadPoolExecutor(max_workers=workers()) as pool:
        _, best = _probe_read(probe, pool, models)
    return _probe_score(best) > score or (lang is None and _language_of(best)[0] is not None)


def reorient(source: PageSource, model: str, first: OcrResult) -> OcrResult:
    """The page (`source` gives it prepared) read again upright when orientation detection finds
    it turned and the upright reading is better; otherwise the first reading."""
    gray = source()
    turn = orientation(gray)
    if not turn:
        return first
    upright = prepare(gray.rotate(turn, expand=True), glyphs_of(model))
    parts = read_parts(page_parts(upright), model, lost=False, floor=word_floor(upright, model))
    second = merge(parts, upright.size, upright.info.get("regions"), upright.info.get("cards"))
    better = second.confidence * len(second.layout.words) > first.confidence * len(first.layout.words)
    if better:
        second.warnings.append(f"page was turned {turn} degrees; read upright")
    return second if better else first


@dataclass
class OcrPage:
    """One OCR'd page: its text in reading order, why and how it was read, and per-word trust."""

    text: str
    reason: str
    warnings: list[str]
    words: list[WordRead] = field(default_factory=list)
    confidence: float | None = None  # mean word confidence 0..100; None: not OCR'd (blank)
    size: tuple[float, float] | None = None  # the recognised image's size, the units of the words' boxes (px)


def ocr_texts(
    sources: Sequence[PageSource], lang_hint: str | None = None, on_page: Callable[[int], None] | None = None,
    numbers: Sequence[int] | None = None,
) -> list[OcrPage]:
    """Each page read by OCR (blank pages found blank and not read); on_page(i) as page i is read;
    `numbers`: the pages' numbers in their book (watched steps, see ocr_pages)."""
    layouts, results, why = ocr_pages(sources, lang_hint, on_page=on_page, numbers=numbers)
    present = [lay for lay in layouts if lay is not None]
    texts = iter(order_pages(present))
    out = []
    for lay, res in zip(layouts, results, strict=True):
        if lay is None or res is None:
            out.append(OcrPage("", "blank page (no ink), not OCR'd", ["no text found on the page"]))
            continue
        text = next(texts)
        warnings = list(res.warnings) + ([] if text.strip() else ["OCR found no text on the page"])
        words = words_of_text(text, ((w.text, w.confidence) for w in sorted(lay.words, key=_reading_key)), "ocr")
        place_words(words, text, lay)
        art = f"; {res.card_art} card-art words set aside" if res.card_art else ""
        out.append(OcrPage(text, f"ocr ({res.model}; {why}; mean confidence {res.confidence:.0f}{art})", warnings,
                           words, res.confidence, (lay.width, lay.height)))
    return out


def _reading_key(word: Word) -> tuple[float, float]:
    return (word.top, word.x0)


def read_image(path: str | Path, lang_hint: str | None = None, on_page: PageProgress | None = None) -> list[PageText]:
    """An image file as one OCR'd page."""
    path = Path(path)
    if path.suffix.lower() not in IMAGE_SUFFIXES:
        raise IngestError(f"not an image type mkdb reads ({', '.join(sorted(IMAGE_SUFFIXES))})")
    watch.pages(1)
    if watch.skipped(1):  # an earlier worker was stopped on it (ingest.watch)
        return [PageText(number=1, text="", method="ocr", reason="skipped")]
    with watch.step(1, "decoding the image"):  # timed from outside the reading worker (ingest.watch)
        img = open_image(path)
    (page,) = ocr_texts([lambda: img], lang_hint, on_page=(lambda i: on_page(1, 1, "OCR")) if on_page else None)
    return [PageText(number=1, text=page.text, method="ocr", reason=page.reason, warnings=page.warnings,
                     words=page.words, size=page.size, units="px" if page.size else "")]
