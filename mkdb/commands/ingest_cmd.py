"""Verbs `ingest`, `rulebooks`, `show` and `build`: wiring only; the work is in ingest/ and carddb/.
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

import sources
from ingest.limits import DEFAULT, RANGES, Limits
from mkdb.options import DbOption, FormatOption
from mkdb.output import Format, NoProgress, emit, error, say, visible

RULEBOOK_FIELDS = ["id", "source", "sha256", "lang", "edition", "expansions", "title", "pages", "sections", "warnings", "scope", "revision"]
SECTION_FIELDS = ["index", "heading", "topic", "card", "scope", "page", "start", "end", "text"]


LIMITS = "Limits (hostile or huge input is refused with one line naming the limit)"
INGEST_COLUMNS = ["file", "language", "edition", "expansions", "pages", "sections", "repairs", "warnings", "status"]


class OcrMode(StrEnum):
    auto = "auto"
    always = "always"
    never = "never"


def _ingest_row(r: Any, table: bool) -> dict[str, Any]:
    """One file of the ingest summary; a failed file shows only its name and status (the reason is on stderr)."""
    row = {"file": Path(r.path).name if table else r.path, "rulebook": r.rulebook_id, "language": r.lang,
           "edition": r.edition, "expansions": r.expansions, "pages": r.pages, "sections": r.sections,
           "facts": r.facts, "repairs": r.repairs, "warnings": len(r.warnings) if table else r.warnings,
           "status": r.status, "read": r.read, "replaced": r.replaced, "error": r.error, "ocr_pages": r.ocr_pages, "ocr_confidence": r.ocr_confidence}
    if table:
        row["ocr"] = _ocr_cell(r)
    if table and not r.ok:
        row.update({k: None for k in ("pages", "sections", "repairs", "warnings")})
    return row


def _ocr_cell(r: Any) -> str:
    """'2, 5 (87)': the pages read by OCR and their mean word confidence."""
    if not r.ocr_pages:
        return ""
    pages = ", ".join(map(str, r.ocr_pages))
    return f"{pages} ({r.ocr_confidence:.0f})" if r.ocr_confidence is not None else pages


def _ocr_mode(ocr: OcrMode, force_ocr: bool, skip_text: bool, no_ocr: bool) -> str:
    chosen = [name for name, on in (("--force-ocr", force_ocr), ("--skip-text", skip_text), ("--no-ocr", no_ocr)) if on]
    if len(chosen) > 1 or (chosen and ocr != OcrMode.auto):
        error(f"choose one of --ocr, --force-ocr, --skip-text, --no-ocr (given: {', '.join(chosen + ['--ocr'] * (ocr != OcrMode.auto))})")
        raise typer.Exit(2)
    return {"--force-ocr": "always", "--skip-text": "missing", "--no-ocr": "never"}.get(chosen[0]) if chosen else ocr.value


def _lang_problem(lang: str) -> str | None:
    """Why --lang cannot be used: a code of no language folder, or a language mkdb recognises but
    does not read (`supported: false`). The set is the language data's (sources), never a list here."""
    from sources.languages import languages

    known = languages()
    readable = sorted(code for code, data in known.items() if data.get("supported"))
    if lang not in known:
        return f"--lang {lang[:40]!r}: not a language mkdb knows (the ISO 639-1 code of one it reads: {', '.join(readable)})"
    if lang not in readable:
        name = known[lang].get("name") or lang
        return f"--lang {lang}: mkdb recognises {name} but cannot read it yet (it reads {', '.join(readable)})"
    return None


def _book_or_exit(name: str, files: list[Any]) -> Any:
    """--book NAME: the page images given, one book; anything else given is bad input (exit 2)."""
    from ingest.page_images import PageImages, book_of
    from ingest.types import IngestError

    pages = [f for item in files for f in (item.files if isinstance(item, PageImages) else (item,))]
    try:
        return book_of(name, pages)
    except IngestError as exc:
        error(f"--{exc}")  # "--book NAME: notes.txt is not a page image (…)"
        raise typer.Exit(2) from None


def _progress(err: Any) -> Any:
    """The files' and pages' progress bars on a terminal; elsewhere none (rich.progress not even loaded)."""
    if not err.is_terminal:
        return NoProgress()
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    # a file name is shown as it is (markup=False: "[red]x.pdf" is no style) with its control characters written out
    return Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TimeRemainingColumn(), console=err, transient=True)


def _write_sidecar(path: Path, results: list[Any]) -> None:
    """Every page's text as stored, pages separated by form feeds (OCRmyPDF's sidecar), files in order."""
    from carddb.writing import WriteError, write_text

    chunks = ["\f".join(r.texts) for r in results if r.ok]
    try:
        write_text(path, "\f".join(chunks) + "\n")
    except WriteError as exc:
        error(f"{exc} (the sidecar; the books were stored)")
        raise typer.Exit(2) from None


def ingest(
    paths: Annotated[list[str], typer.Argument(help="rulebook files (.txt .md .pdf .png .jpg .tif) or folders")],
    ocr: Annotated[OcrMode, typer.Option("--ocr", help="OCR pages: auto (when the text layer is bad), always, never")] = OcrMode.auto,
    force_ocr: Annotated[bool, typer.Option("--force-ocr", help="OCR every page, ignoring text layers (= --ocr always)")] = False,
    skip_text: Annotated[bool, typer.Option("--skip-text", help="OCR only pages without any text layer; keep every text layer as it is")] = False,
    no_ocr: Annotated[bool, typer.Option("--no-ocr", help="never OCR; keep every text layer, even a bad one (= --ocr never)")] = False,
    jobs: Annotated[int | None, typer.Option("--jobs", "-j", min=1, max=256, metavar="N", help="Tesseract processes at once (default: one per core)")] = None,
    lang: Annotated[str | None, typer.Option("--lang", metavar="CODE", help="the book's language (ISO 639-1, e.g. de): OCR model and cleaning without detection")] = None,
    page_timeout: Annotated[float | None, typer.Option("--page-timeout", min=1, max=86_400, metavar="S", help="seconds allowed for all the work on one page (text layer, rendering, preparing, every OCR run; default 180); a slower page is stopped and skipped")] = None,
    revision_of: Annotated[str | None, typer.Option("--revision-of", metavar="BOOK", help="the file is the next revision of this book (default: the book with the same file name)")] = None,
    as_new: Annotated[bool, typer.Option("--as-new", help="keep the file as a book of its own, even beside a book of the same language and scope (both vote in the diff)")] = False,
    book: Annotated[str | None, typer.Option("--book", metavar="NAME", help="the page images given (files, folders) are the pages of one book NAME, in natural order of their names")] = None,
    sidecar: Annotated[Path | None, typer.Option("--sidecar", metavar="FILE", help="write the text as read and cleaned, pages separated by form feeds")] = None,
    db: DbOption = None,
    fmt: FormatOption = Format.table,
    max_file_mb: Annotated[float, typer.Option("--max-file-mb", help="largest file read (MB)", rich_help_panel=LIMITS, min=RANGES["file_mb"][0], max=RANGES["file_mb"][1])] = DEFAULT.file_mb,
    max_inflated_mb: Annotated[float, typer.Option("--max-inflated-mb", help="largest PDF stream once inflated (MB)", rich_help_panel=LIMITS, min=RANGES["inflated_mb"][0], max=RANGES["inflated_mb"][1])] = DEFAULT.inflated_mb,
    max_memory_mb: Annotated[float, typer.Option("--max-memory-mb", help="memory the PDF/image reader may use (MB)", rich_help_panel=LIMITS, min=RANGES["memory_mb"][0], max=RANGES["memory_mb"][1])] = DEFAULT.memory_mb,
    max_text_mb: Annotated[float, typer.Option("--max-text-mb", help="largest text of one book (MB)", rich_help_panel=LIMITS, min=RANGES["text_mb"][0], max=RANGES["text_mb"][1])] = DEFAULT.text_mb,
    max_pages: Annotated[int, typer.Option("--max-pages", help="most pages of one book", rich_help_panel=LIMITS, min=RANGES["pages"][0], max=RANGES["pages"][1])] = DEFAULT.pages,
    max_megapixels: Annotated[float, typer.Option("--max-megapixels", help="largest image decoded (JPEGs are downscaled)", rich_help_panel=LIMITS, min=RANGES["megapixels"][0], max=RANGES["megapixels"][1])] = DEFAULT.megapixels,
) -> None:
    """Ingest rulebooks: read, clean, identify, segment, extract facts, store (one transaction per file)."""
    from rich.console import Console

    from carddb.errors import DatabaseGone
    from carddb.paths import resolve_url
    from carddb.sqlite_store import open_store
    from ingest.options import ReadOptions
    from ingest.pipeline import expand_paths
    from mkdb.failures import new_database, output_problem, remove_unused
    from mkdb.ingesting import ingest_paths

    if problem := output_problem(sidecar):  # before a book is read or stored
        error(f"{problem} (--sidecar)")
        raise typer.Exit(2)
    limits = Limits(file_mb=max_file_mb, inflated_mb=max_inflated_mb, memory_mb=max_memory_mb,
                    text_mb=max_text_mb, pages=max_pages, megapixels=max_megapixels)
    mode = _ocr_mode(ocr, force_ocr, skip_text, no_ocr)
    if revision_of and as_new:
        error("choose one of --revision-of and --as-new")
        raise typer.Exit(2)
    if lang is not None and (problem := _lang_problem(lang)):
        error(problem)
        raise typer.Exit(2)
    files = expand_paths(paths)
    if book is not None:
        files = [_book_or_exit(book, files)]
    created = new_database(db)
    # a SQLite file with sqlite3 alone (the same rows, without loading SQLAlchemy: carddb.sqlite_store);
    # anything else (a server, another schema version, a file that is no database) through the ORM
    engine = open_store(resolve_url(db))
    if engine is None:
        from mkdb.books import open_or_exit

        engine = open_or_exit(db)
    err = Console(stderr=True)
    with _progress(err) as bar:
        task = bar.add_task("ingesting", total=len(files))
        pages_task = bar.add_task("pages", total=None, visible=False)  # the pages of the file being read, with an ETA
        current = iter(files)
        name = [""]
        shown = [""]  # the stage the pages bar counts

        def next_file() -> None:
            name[0] = visible(next(current, Path("")).name)
            bar.update(task, description=name[0])

        def on_page(number: int, pages: int, stage: str) -> None:
            bar.update(task, description=f"{name[0]}: page {number}/{pages} ({stage})")
            finished = number if stage.endswith("done") or stage == "text layer" else number - 1
            kind = stage.removesuffix(" done")
            if kind != shown[0]:  # a new stage over the pages (text layer, then OCR): its own clock and ETA
                shown[0] = kind
                bar.reset(pages_task, total=pages, completed=0, visible=True)
            bar.update(pages_task, description=f"  pages ({stage})", total=pages, completed=finished, visible=True)

        def done(result: Any) -> None:
            bar.advance(task)
            shown[0] = ""
            bar.reset(pages_task, total=None, visible=False)
            next_file()

        next_file()
        options = ReadOptions(jobs=jobs, lang=lang, page_timeout=page_timeout, on_page=on_page)
        try:
            report = ingest_paths(files, engine, ocr=mode, progress=done, options=options, limits=limits,
                                  revision_of=revision_of, as_new=as_new)
        except DatabaseGone as exc:  # one line naming the file; the files before it were stored whole
            error(str(exc))
            raise typer.Exit(2) from None
        finally:  # the last connection closes now, not whenever the engine is collected: a WAL
            engine.dispose()  # database is checkpointed into its file before the command returns
    if not any(r.status in ("ok", "replaced") for r in report.results):
        remove_unused(created)
    rows = [_ingest_row(r, table=fmt == Format.table) for r in report.results]
    emit(fmt, "mkdb.ingest/1", "files", rows, columns=INGEST_COLUMNS + ["ocr"] if fmt == Format.table else None,
         title="ingest")
    if sidecar is not None:
        _write_sidecar(sidecar, report.results)
    for r in report.results:  # how a file was placed, when it is another book's revision: for the person
        if r.note:
            typer.echo(visible(f"warning: {r.path}: {r.note}".replace("\n", "\\n")), err=True)
        for line in r.read:  # what was read, when the file is not a rulebook page (a card sheet's cards)
            typer.echo(visible(f"{Path(r.path).name}: {line}".replace("\n", "\\n")), err=True)
    for r in report.failed:
        error(f"{r.path}: {r.error}")
    raise typer.Exit(0 if report.ok else 2)  # a file that cannot be ingested is bad input (README: exit codes)


def rulebooks(db: DbOption = None, fmt: FormatOption = Format.table) -> None:
    """List the ingested rulebooks."""
    from sqlmodel import Session, select

    from carddb.models import Rulebook
    from mkdb.books import open_or_exit, rulebook_row, section_counts

    engine = open_or_exit(db, create=False)
    with Session(engine) as session:
        counts = section_counts(session)
        books = sorted(session.exec(select(Rulebook)), key=lambda rb: rb.id)  # code-point order on every backend
        rows = [rulebook_row(rb, counts.get(rb.id, 0)) for rb in books]
    columns = RULEBOOK_FIELDS if fmt != Format.table else [c for c in RULEBOOK_FIELDS if c not in ("sha256", "warnings", "scope")]
    emit(fmt, "mkdb.rulebooks/1", "rulebooks", rows, columns=columns, title="rulebooks")


def show(
    rulebook: Annotated[str, typer.Argument(help="rulebook id, id prefix, or source file name")],
    db: DbOption = None,
    fmt: FormatOption = Format.table,
) -> None:
    """A rulebook's sections with their topics."""
    from sqlmodel import Session, select

    from carddb.models import Section
    from mkdb.books import open_or_exit, rulebook_or_exit, rulebook_row

    engine = open_or_exit(db, create=False)
    with Session(engine) as session:
        rb = rulebook_or_exit(session, rulebook)
        sections = session.exec(select(Section).where(Section.rulebook_id == rb.id).order_by(Section.index)).all()
        head = rulebook_row(rb, len(sections))
        rows = [{f: getattr(s, f) for f in SECTION_FIELDS} for s in sections]
    if fmt == Format.table:
        rows = [{**r, "text": " ".join(r["text"].split())[:70]} for r in rows]
    emit(fmt, "mkdb.sections/1", "sections", rows, columns=SECTION_FIELDS, extra={"rulebook": head},
         title=f"{head['id']} ({head['source']})")


def build_cmd(db: DbOption = None) -> None:
    """Rebuild the database (default cards.sqlite) from rules_sources/: catalog, then every shipped rulebook."""
    from carddb.db import DatabaseUnavailable, SchemaMismatch
    from mkdb.build import BuildError, build

    try:
        report = build(db, sources.root())
    except DatabaseUnavailable as exc:  # bad URL, server, credentials: before any work
        error(str(exc))
        raise typer.Exit(2) from None
    except (BuildError, SchemaMismatch) as exc:
        error(str(exc))
        raise typer.Exit(2) from None
    except Exception as exc:  # noqa: BLE001 - e.g. CatalogError("file:line: reason"): one line, non-zero exit
        reason = (str(getattr(exc, "orig", None) or exc).splitlines() or [""])[0]  # a server's error: its first line
        error(f"build failed: {type(exc).__name__}: {reason}")
        raise typer.Exit(2) from None
    rows = [
        {"file": Path(r.path).name, "language": r.lang, "edition": r.edition, "expansions": r.expansions,
         "pages": r.pages, "sections": r.sections, "repairs": r.repairs, "warnings": len(r.warnings), "status": r.status}
        for r in report.ingest.results
    ]
    emit(Format.table, "mkdb.ingest/1", "files", rows, columns=INGEST_COLUMNS, title="rulebooks ingested")
    say(
        f"built {report.target}: {report.cards} cards, {report.names} card names, {len(rows)} rulebooks"
        + (" (content unchanged: the existing file was kept)" if report.unchanged else "")
    )


def register(app: typer.Typer) -> None:
    app.command("ingest")(ingest)
    app.command("rulebooks")(rulebooks)
    app.command("show")(show)
    app.command("build")(build_cmd)
