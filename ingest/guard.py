"""Opening a file to ingest, safely: only regular files, hashed in chunks, read under the limits.

Why: `read_bytes()` on a FIFO hangs forever and on /dev/zero never ends; a PDF whose stream
inflates to gigabytes exhausts the machine. Here a file is checked with stat before a byte is
read (a FIFO, a device, a socket or a directory is refused at once), hashed in 1 MB chunks up to
the file-size limit, and the PDF/image readers run in a worker process with a hard memory limit
(resource.setrlimit), after a streaming scan that refuses a PDF stream inflating past the limit.
The readers themselves (ingest.reader.pdf, ingest.reader.ocr) are called as they are, never changed here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import hashlib
import logging
import multiprocessing
import os
import re
import resource
import signal
import stat
import threading
import time
import zlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from ingest import pdf_streams, watch
from ingest.limits import DEFAULT as DEFAULT_LIMITS
from ingest.limits import READBACK_MB, Limits, over
from ingest.types import IngestError, PageSkipped, PageText

CHUNK = 1 << 20
# the most one byte of DEFLATE data can inflate to (zlib's documented limit, 1032:1): a stream that
# small times this is within the cap without being inflated (most of a PDF's streams, read as they are)
MAX_INFLATE_RATIO = 1032
# what inflating may still give for input zlib has taken in but not yet written out (a match cut
# short by the output limit: 258 bytes; bits held: a few bytes of input), with room to spare
INFLATE_PENDING = 1 << 16
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


# ------------------------------------------------------------------ files mkdb reads back


def read_back(path: Path, max_mb: float = READBACK_MB) -> str:
    """A file mkdb reads back (a baseline, a snapshot's list) under the same guard as a book: a
    regular file only (a FIFO, /dev/zero, a directory refused unread), at most `max_mb`, UTF-8.
    IngestError with the reason; the caller names the file."""
    try:
        check_regular(path, dataclasses.replace(DEFAULT_LIMITS, file_mb=max_mb))
    except IngestError as exc:
        raise IngestError(str(exc).split(" (limit")[0] + (f" (at most {max_mb:g} MB)" if "(limit" in str(exc) else "")) from None
    try:
        fd = _open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise IngestError(f"cannot read: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise IngestError("not a regular file")
        chunks, total = [], 0
        while chunk := os.read(fd, CHUNK):
            total += len(chunk)
            if total > max_mb * 1e6:
                raise IngestError(f"larger than {max_mb:g} MB (it grew while being read)")
            chunks.append(chunk)
    except OSError as exc:
        raise IngestError(f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise IngestError(f"not UTF-8 text (byte {exc.start})") from None


@cache
def _no_alias_loader() -> type:
    """YAML without aliases: `*name` repeats a node, and nested repeats (a "billion laughs") make a
    few hundred bytes into gigabytes. mkdb never writes an alias, so a file holding one is refused.
    (Made on first use: PyYAML loads only when a file is read back.)"""
    import yaml

    class _NoAliasLoader(yaml.SafeLoader):
        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                event = self.peek_event()
                raise IngestError(f"holds a YAML alias (*{event.anchor}, line {event.start_mark.line + 1}); "
                                  "mkdb's files have none")
            return super().compose_node(parent, index)

    return _NoAliasLoader


def safe_yaml(text: str) -> Any:
    """YAML data of a file mkdb reads back: no aliases, no unbounded nesting; IngestError else."""
    import yaml

    try:
        return yaml.load(text, Loader=_no_alias_loader())  # noqa: S506 - a SafeLoader without aliases
    except RecursionError:
        raise IngestError("YAML nested too deeply") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise IngestError("not valid YAML" + (f" (line {mark.line + 1})" if mark is not None else "")) from None


# ------------------------------------------------------------------ PDF: streams and images


def scan_pdf(path: Path, limits: Limits) -> None:
    """Refuse, before reading, a PDF with too many pages, a stream that inflates past the limit, or an
    image larger than the pixel limit. The streams are found in the file's bytes (ingest.pdf_streams:
    no PDF library is loaded or opened for it); inflating is streamed (1 MB of output at a time,
    discarded): memory stays small and time is bounded by the limit; a stream too short to inflate
    past it is not inflated at all. What the bytes cannot say (an encrypted file's streams, an image
    whose size is a reference) is asked of pikepdf, as the whole check once was. A file PDFium cannot
    open is left to the reader, which reports it in its own words."""
    try:
        with open(path, "rb") as fh:
            data = fh.read(int(limits.file_mb * 1e6) + 1)  # (sha256_of checked the size already)
    except OSError:  # the reader says why
        return
    cap = limits.inflated_mb * 1e6
    view = memoryview(data)  # (a stream's bytes inflated where they are, not copied)
    unread = bool(_ENCRYPT.search(data))  # its streams' bytes are encrypted: not readable here
    for stream in pdf_streams.streams(data):
        if stream.image is not None:
            _check_image_size(*stream.image, limits)
        unread = unread or stream.image_unread
        if not stream.deflated:
            continue
        most = len(data) - stream.start if stream.length is None else min(stream.length, len(data) - stream.start)
        if most * MAX_INFLATE_RATIO <= cap:
            continue  # cannot inflate past the cap
        if _inflated_size(view[stream.start:stream.start + most], cap) > cap:
            raise _bomb(limits, cap)
    if unread:
        _scan_objects(path, limits)
    _check_pages(path, limits)


# the name /Encrypt (of a trailer), written plainly or with #xx escapes
_ENCRYPT = re.compile(rb"/(?:E|#45)(?:n|#6[eE])(?:c|#63)(?:r|#72)(?:y|#79)(?:p|#70)(?:t|#74)")


def _bomb(limits: Limits, cap: float) -> IngestError:
    return over(limits, "inflated_mb", f"a compressed stream inflates to more than {_mb(cap)} MB "
                                       "(a decompression bomb?)")


def _check_image_size(width: int, height: int, limits: Limits) -> None:
    if width * height > limits.megapixels * 1e6:
        raise over(limits, "megapixels", f"an image of {width}x{height} pixels ({width * height / 1e6:.0f} megapixels)")


def _check_pages(path: Path, limits: Limits) -> None:
    """More pages than the limit: refused before any is read (PDFium counts them; a file it cannot
    open is left to the reader)."""
    import pypdfium2  # here: the PDF reader's own library, loaded in the worker already

    try:
        doc = pypdfium2.PdfDocument(str(path), password="")
    except Exception:  # noqa: BLE001 - corrupt or encrypted: the reader says which
        return
    try:
        if len(doc) > limits.pages:
            raise over(limits, "pages", f"{len(doc)} pages")
    finally:
        doc.close()


def _scan_objects(path: Path, limits: Limits) -> None:
    """The check through pikepdf, for what the file's bytes cannot say (see scan_pdf); without pikepdf
    (a test dependency, not a runtime one) the worker's memory limit still applies."""
    try:
        import pikepdf  # here: only for such a file
    except ImportError:
        return
    try:
        pdf = pikepdf.open(path)
    except Exception:  # noqa: BLE001 - corrupt or encrypted: the reader says which
        return
    with pdf:
        cap = limits.inflated_mb * 1e6
        for obj in pdf.objects:
            if not isinstance(obj, pikepdf.Stream):
                continue
            width, height = obj.get("/Width"), obj.get("/Height")
            if obj.get("/Subtype") == "/Image" and isinstance(width, int) and isinstance(height, int):
                _check_image_size(int(width), int(height), limits)
            filters = obj.get("/Filter")
            first = filters[0] if isinstance(filters, pikepdf.Array) and len(filters) else filters
            if first != "/FlateDecode":
                continue
            try:
                raw = obj.read_raw_bytes()
            except Exception:  # noqa: BLE001 - a damaged stream: the reader reports it
                continue
            if len(raw) * MAX_INFLATE_RATIO <= cap:
                continue  # cannot inflate past the cap
            if _inflated_size(raw, cap) > cap:
                raise _bomb(limits, cap)


def _mb(n: float) -> str:
    return f"{n / 1e6:g}"


def _inflated_size(raw: bytes | memoryview, cap: float) -> int:
    """Bytes a zlib stream inflates to, counted without keeping them; stops just past `cap`, where
    the zlib data ends, or once the input not yet fed cannot carry the count past `cap` (each byte of
    it inflates to at most MAX_INFLATE_RATIO bytes, plus what zlib may hold back: INFLATE_PENDING);
    the count is then below `cap`, not the whole. Fed 64 KB at a time: a long input is never copied
    whole (unconsumed_tail)."""
    d = zlib.decompressobj()
    total = 0
    view = memoryview(raw)
    try:
        for at in range(0, len(view), 1 << 16):
            data = view[at:at + (1 << 16)]
            while data and total <= cap and not d.eof:
                total += len(d.decompress(data, CHUNK))
                data = d.unconsumed_tail
            if total > cap or d.eof:
                break
            if total + INFLATE_PENDING + MAX_INFLATE_RATIO * max(0, len(view) - at - (1 << 16)) <= cap:
                break  # the rest cannot pass the cap (a content stream just over the bound, most of them)
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
    never imports the pipeline above it) in a worker process whose memory is capped (RLIMIT_AS) and
    whose every watched step (ingest.watch) is timed from here: a page whose work (text layer,
    rendering, preparing, every Tesseract run for it) passes the page timeout gets the worker and
    its Tesseracts killed, whatever they are doing, and a new worker reads the book again with that
    page skipped (reported on the page, the rest of the book read; PageSkipped when no page is
    left). A file that needs more memory ends in one line naming the limit; this process is
    untouched. The reader's per-page progress (options.on_page) comes back over the worker's pipe."""
    on_page = getattr(options, "on_page", None)
    if on_page is not None:
        options = dataclasses.replace(options, on_page=None)  # a callback cannot cross to the worker
    timeout = float(getattr(options, "page_timeout", None) or watch.DEFAULT_TIMEOUT)
    skipped: dict[int, str] = {}
    count: list[int] = []  # the file's page count, once the worker has said it
    while True:
        outcome = _run_worker(path, ocr, limits, options, read, on_page, frozenset(skipped), timeout, count)
        if isinstance(outcome, list):
            pages = outcome
            break
        number, what = outcome  # the page the worker was stopped on, and the step it was in
        why = f"{what}: the {'file' if number == watch.FILE else 'page'} took longer than {timeout:g} s (--page-timeout)"
        if number == watch.FILE or number in skipped or len(skipped) >= limits.pages:
            raise IngestError(why)
        skipped[number] = f"skipped: {why}"
        if count and len(skipped) >= count[0]:  # nothing left to read: no new worker
            raise PageSkipped(f"page {number} {skipped[number]}" + (", and no other page has text" if count[0] > 1 else ""),
                              skipped[number])
    if len(pages) > limits.pages:
        raise over(limits, "pages", f"{len(pages)} pages")
    for page in pages:
        if page.number in skipped:
            page.text, page.words, page.reason = "", [], skipped[page.number]
            page.warnings = [skipped[page.number]]
    if skipped and not any(p.text.strip() for p in pages):
        number, why = next(iter(skipped.items()))
        raise PageSkipped(f"page {number} {why}, and no other page has text", why)
    return pages


_READ: Callable[..., list[PageText]] | None = None  # the worker's reader (forked: inherited, not pickled)
_SEND: Callable[[tuple[Any, ...]], None] | None = None  # the worker's pipe to the parent


def _run_worker(path: Path, ocr: str, limits: Limits, options: Any, read: Callable[..., list[PageText]],
                on_page: Callable[..., None] | None, skip: frozenset[int],
                timeout: float, count: list[int]) -> list[PageText] | tuple[int, str]:
    """One worker reading the file: its pages, or (page, step) when the page's watched work passed
    `timeout` and the worker was killed (`count` gets the page count the worker announces). The
    worker and everything it started (Tesseract) end before this returns, also on Ctrl-C or an
    error here."""
    ctx = multiprocessing.get_context("fork")
    reader, writer = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_worker_main, daemon=True,
                       args=(writer, read, str(path), ocr, limits, options, on_page is not None, skip, timeout))
    proc.start()
    writer.close()
    clocks = watch.PageClocks()  # the limit is the page's: all its steps, from when the parent heard of them
    try:
        while True:
            if reader.poll(0.1):
                try:
                    msg = reader.recv()
                except (EOFError, OSError):
                    break  # the worker died without a word: see below
                kind = msg[0]
                if kind == "begin":
                    clocks.begin(msg[1], msg[2], time.monotonic())
                elif kind == "end":
                    clocks.end(msg[1], msg[2], time.monotonic())
                elif kind == "pages":
                    count[:] = [msg[1]]
                elif kind == "page" and on_page is not None:
                    on_page(*msg[1:])
                elif kind == "done":
                    return msg[1]
                elif kind == "failed":
                    raise msg[1]
                if reader.poll(0):
                    continue  # every message already sent is read before a step is judged late
            elif not proc.is_alive():
                break
            late = clocks.late(timeout, time.monotonic())
            if late:
                return late
    finally:
        _kill(proc)
        reader.close()
    if proc.exitcode == -signal.SIGXCPU:
        raise IngestError(f"reading used more CPU time than allowed without a page step (about {3 * timeout + 30:g} s)")
    raise _memory_refusal(limits)


def _kill(proc: Any) -> None:
    """End the worker and its process group (its Tesseracts), and reap it."""
    if proc.is_alive():
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # the worker leads its own group (_worker_main)
        except OSError:
            pass
        proc.kill()
    proc.join()


def _worker_main(writer: Any, read: Callable[..., list[PageText]], path: str, ocr: str, limits: Limits,
                 options: Any, progress: bool, skip: frozenset[int], timeout: float) -> None:
    """The worker: its own process group (Ctrl-C on the terminal reaches the parent, which ends the
    group), killed with the parent, reporting over `writer`."""
    global _READ, _SEND
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)
    _die_with_parent()
    lock = threading.Lock()

    def send(msg: tuple[Any, ...]) -> None:
        with lock:
            writer.send(msg)

    _READ, _SEND = read, send
    watch.start_worker(send, skip, timeout)
    try:
        pages = _read_in_worker(path, ocr, limits, options if not progress else dataclasses.replace(options, on_page=_report_page))
    except IngestError as exc:
        send(("failed", IngestError(str(exc))))
    except BaseException as exc:  # noqa: BLE001 - every failure crosses back as one line
        send(("failed", IngestError(f"unreadable ({type(exc).__name__}: {exc})")))
    else:
        send(("done", pages))


def _die_with_parent() -> None:
    """Linux: the worker gets SIGKILL when mkdb dies (kill -9 included), never left reading alone."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() == 1:  # the parent died before the line above
        os._exit(1)


def _report_page(number: int, pages: int, stage: str) -> None:
    assert _SEND is not None
    _SEND(("page", number, pages, stage))


def _memory_refusal(limits: Limits) -> IngestError:
    return over(limits, "memory_mb", "reading needs more memory than allowed")


def _read_in_worker(path: str, ocr: str, limits: Limits, options: Any = None) -> list[PageText]:
    _cap_memory(limits.memory_mb)
    p = Path(path)
    try:
        if p.suffix.lower() == ".pdf":
            with watch.step(watch.FILE, "checking the PDF's streams"):
                scan_pdf(p, limits)
        else:
            with watch.step(1, "decoding the image"):
                check_image(p, limits)
        _apply_pixel_limit(limits)
        read_pages = _READ
        assert read_pages is not None, "_read_in_worker runs in read_limited's worker"
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
    """The image reader's own decode bound follows --max-megapixels, and each Tesseract's memory cap
    --max-memory-mb (module constants, set in this worker process only)."""
    # imported here: only a PDF's or image's worker needs it, and has it already (pipeline._import_reader)
    from ingest import reader

    reader.worker_limits(limits.megapixels, limits.memory_mb)
