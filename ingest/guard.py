"""Opening a file to ingest, safely: only regular files, hashed in chunks, read under the limits.

Why: `read_bytes()` on a FIFO hangs forever and on /dev/zero never ends; a PDF whose stream
inflates to gigabytes exhausts the machine. Here a file is checked with stat before a byte is
read (a FIFO, a device, a socket or a directory is refused at once), hashed in 1 MB chunks up to
the file-size limit, and the PDF/image readers run in a worker process with a hard memory limit
(resource.setrlimit), after a streaming scan that refuses a PDF stream inflating past the limit.
The readers themselves (ingest.pdf, ingest.ocr) are called as they are, never changed here.
"""

from __future__ import annotations

import dataclasses
import errno
import hashlib
import logging
import multiprocessing
import os
import resource
import stat
import zlib
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, TimeoutError
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from ingest.limits import Limits, over
from ingest.types import IngestError, PageText

CHUNK = 1 << 20
_open = os.open  # (tests replace it to make a file unreadable: they run as root)
_KINDS = {
    stat.S_ISFIFO: "is a FIFO (named pipe)", stat.S_ISCHR: "is a character device", stat.S_ISBLK: "is a block device",
    stat.S_ISSOCK: "is a socket", stat.S_ISDIR: "is a directory",
}

# pdfminer logs "[WARNING] ..." lines about odd PDFs through the root logger's last-resort handler:
# they are not mkdb's messages (a real problem becomes an IngestError), so they stay off stderr
for _name in ("pdfminer", "pdfplumber", "PIL"):
    logging.getLogger(_name).addHandler(logging.NullHandler())
    logging.getLogger(_name).propagate = False


def check_regular(path: Path, limits: Limits) -> int:
    """The size of `path` if it is a regular file within the size limit; else IngestError, at once."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            raise IngestError("broken symbolic link (its target does not exist)") from None
        raise IngestError("no such file or directory") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise IngestError("symbolic link loop (the link points back to itself)") from None
        raise IngestError(f"cannot read: {exc.strerror or exc}") from None
    for test, kind in _KINDS.items():
        if test(st.st_mode):
            raise IngestError(f"{kind}, not a regular file")
    if not stat.S_ISREG(st.st_mode):
        raise IngestError("not a regular file")
    if st.st_size > limits.file_mb * 1e6:
        raise over(limits, "file_mb", f"file of {st.st_size / 1e6:.1f} MB")
    return st.st_size


def sha256_of(path: Path, limits: Limits) -> str:
    """sha256 of a regular file, read in chunks; never blocks on a FIFO, never reads past the limit."""
    check_regular(path, limits)
    try:
        fd = _open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except IsADirectoryError:
        raise IngestError("is a directory, not a regular file") from None
    except OSError as exc:
        raise IngestError(f"cannot read: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for a FIFO or device after the stat
            raise IngestError("not a regular file")
        h, total, cap = hashlib.sha256(), 0, limits.file_mb * 1e6
        while chunk := os.read(fd, CHUNK):
            total += len(chunk)
            if total > cap:
                raise over(limits, "file_mb", "file larger than the limit (it grew while being read)")
            h.update(chunk)
        return h.hexdigest()
    except OSError as exc:
        raise IngestError(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


# ------------------------------------------------------------------ PDF: streams and images


def scan_pdf(path: Path, limits: Limits) -> None:
    """Refuse, before reading, a PDF with too many pages, a stream that inflates past the limit, or an
    image larger than the pixel limit. Inflating is streamed (1 MB of output at a time, discarded):
    memory stays small and time is bounded by the limit. A file pikepdf cannot open is left to the
    reader, which reports it in its own words."""
    try:
        import pikepdf  # here: a test dependency, not a runtime one (see the except)
    except ImportError:  # the worker's memory limit still applies
        return
    try:
        pdf = pikepdf.open(path)
    except Exception:  # noqa: BLE001 - corrupt or encrypted: the reader says which
        return
    with pdf:
        if len(pdf.pages) > limits.pages:
            raise over(limits, "pages", f"{len(pdf.pages)} pages")
        cap = limits.inflated_mb * 1e6
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Stream):
                continue
            width, height = obj.get("/Width"), obj.get("/Height")
            if obj.get("/Subtype") == "/Image" and isinstance(width, int) and isinstance(height, int):
                if int(width) * int(height) > limits.megapixels * 1e6:
                    raise over(limits, "megapixels",
                               f"an image of {int(width)}x{int(height)} pixels ({int(width) * int(height) / 1e6:.0f} megapixels)")
            filters = obj.get("/Filter")
            first = filters[0] if isinstance(filters, pikepdf.Array) and len(filters) else filters
            if first != "/FlateDecode":
                continue
            try:
                raw = obj.read_raw_bytes()
            except Exception:  # noqa: BLE001 - a damaged stream: the reader reports it
                continue
            if _inflated_size(raw, cap) > cap:
                raise over(limits, "inflated_mb", f"a compressed stream inflates to more than {_mb(cap)} MB "
                                                  "(a decompression bomb?)")


def _mb(n: float) -> str:
    return f"{n / 1e6:g}"


def _inflated_size(raw: bytes, cap: float) -> int:
    """Bytes a zlib stream inflates to, counted without keeping them; stops just past `cap`."""
    d = zlib.decompressobj()
    total = 0
    data = raw
    try:
        while data and total <= cap:
            total += len(d.decompress(data, CHUNK))
            data = d.unconsumed_tail
        while total <= cap and not d.eof:  # output still buffered inside zlib
            out = d.decompress(b"", CHUNK)
            if not out:
                break
            total += len(out)
    except zlib.error:
        pass  # a damaged stream: the reader reports it
    return total


# ------------------------------------------------------------------ images


def check_image(path: Path, limits: Limits) -> None:
    """An image over the pixel limit is refused, from its header alone (nothing decoded); a JPEG up to
    64 times the limit is let through, as its reader decodes it downscaled below the limit."""
    try:
        # here: only an image's worker checks pixels (PIL is loaded there anyway)
        from PIL import Image

        Image.MAX_IMAGE_PIXELS = None  # (in the worker) PIL's own bomb warning is replaced by this check
        with Image.open(path) as img:
            width, height, fmt = img.size[0], img.size[1], img.format
    except Exception:  # noqa: BLE001 - not an image: the reader says so in its own words
        return
    cap = limits.megapixels * 1e6 * (64 if fmt == "JPEG" else 1)
    if width * height > cap:
        raise over(limits, "megapixels", f"an image of {width}x{height} pixels ({width * height / 1e6:.0f} megapixels)")


# ------------------------------------------------------------------ the reading worker


def read_limited(path: Path, ocr: str, limits: Limits, options: Any = None, *,
                 read: Callable[..., list[PageText]]) -> list[PageText]:
    """Pages of a PDF or an image, read by `read` (the pipeline's reader: passed in, so this stage
    never imports the pipeline above it) in a worker process whose memory is capped (RLIMIT_AS): a
    file that needs more ends in one line naming the limit, and this process is untouched. The
    reader's per-page progress (options.on_page) comes back through a queue the worker inherits."""
    ctx = multiprocessing.get_context("fork")
    on_page = getattr(options, "on_page", None)
    queue = ctx.SimpleQueue() if on_page is not None else None
    if on_page is not None:
        options = dataclasses.replace(options, on_page=None)  # a callback cannot cross to the worker
    with ProcessPoolExecutor(1, mp_context=ctx, initializer=_worker_init, initargs=(queue, read)) as pool:
        future = pool.submit(_read_in_worker, str(path), ocr, limits, options)
        while queue is not None and not future.done():
            try:
                future.result(timeout=0.2)
            except TimeoutError:
                pass
            except BaseException:  # noqa: BLE001 - reported below, from future.result()
                break
            while not queue.empty():
                on_page(*queue.get())
        try:
            pages = future.result()
        except BrokenProcessPool:
            raise _memory_refusal(limits) from None
    if len(pages) > limits.pages:
        raise over(limits, "pages", f"{len(pages)} pages")
    return pages


_PROGRESS: Any = None  # the worker's queue to the parent's progress display
_READ: Callable[..., list[PageText]] | None = None  # the worker's reader (forked: inherited, not pickled)


def _worker_init(queue: Any, read: Callable[..., list[PageText]]) -> None:
    global _PROGRESS, _READ
    _PROGRESS, _READ = queue, read


def _report_page(number: int, pages: int, stage: str) -> None:
    _PROGRESS.put((number, pages, stage))


def _memory_refusal(limits: Limits) -> IngestError:
    return over(limits, "memory_mb", "reading needs more memory than allowed")


def _read_in_worker(path: str, ocr: str, limits: Limits, options: Any = None) -> list[PageText]:
    _cap_memory(limits.memory_mb)
    p = Path(path)
    try:
        if p.suffix.lower() == ".pdf":
            scan_pdf(p, limits)
        else:
            check_image(p, limits)
        _apply_pixel_limit(limits)
        read_pages = _READ
        assert read_pages is not None, "_read_in_worker runs in read_limited's worker"
        if options is not None and _PROGRESS is not None:
            options = dataclasses.replace(options, on_page=_report_page)
        return read_pages(p, ocr=ocr, options=options) if options is not None else read_pages(p, ocr=ocr)
    except MemoryError:
        raise _memory_refusal(limits) from None
    except IngestError as exc:
        if _caused_by_memory(exc.__cause__ or exc.__context__):  # the reader's "page 1 is unreadable (MemoryError)"
            raise _memory_refusal(limits) from None
        raise
    except Exception as exc:
        if _caused_by_memory(exc):
            raise _memory_refusal(limits) from None
        raise IngestError(f"unreadable ({type(exc).__name__}: {exc})") from None


def _caused_by_memory(exc: BaseException | None) -> bool:
    seen = 0
    while exc is not None and seen < 10:
        if isinstance(exc, MemoryError) or "out of memory" in str(exc).lower() or "cannot allocate" in str(exc).lower():
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def _cap_memory(memory_mb: float) -> None:
    """RLIMIT_AS = the worker's address space now plus `memory_mb` (the forked worker starts with the
    parent's mappings; only what reading adds is bounded). Children (Tesseract) inherit the cap."""
    try:
        with open("/proc/self/statm") as fh:
            now = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        now = 0
    cap = int(now + memory_mb * 1e6)
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _apply_pixel_limit(limits: Limits) -> None:
    """The image reader's own decode bound follows --max-megapixels (a module constant, set in this
    worker process only)."""
    # imported here: only a PDF's or image's worker needs it, and has it already (pipeline._import_reader)
    from ingest import ocr

    ocr.MAX_DECODED_PIXELS = int(limits.megapixels * 1_000_000)
