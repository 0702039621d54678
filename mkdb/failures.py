"""Exit codes and expected failures, the same for every command (README: "Exit codes").

    0  success
    1  findings (diff/impact at --fail-on) or a thing asked for is not found (rulebook, card)
    2  usage error, bad input (a file that cannot be ingested), or a database error

Why: a script calling mkdb must tell "found discrepancies" from "could not run" without reading
stderr, and a person must get one line naming what went wrong, never a traceback. Every command is
wrapped here (mkdb.cli): a `--db` that is no database (a text file, a directory, a device) is
refused before it is opened, and a database error that escapes a command becomes one line, exit 2.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

OK, FINDINGS, FAILED = 0, 1, 2
INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C
SQLITE_HEADER = b"SQLite format 3\x00"


def sqlite_path(db: str | None) -> Path | None:
    """The file a --db value names, when it is SQLite (None for a server URL or an in-memory db)."""
    # here, not at the top: this module loads at every CLI start; the path matters only on a failure
    from carddb.paths import ENV_VAR, resolve_url

    if not (db or os.environ.get(ENV_VAR)):
        return None  # the default database: its place is mkdb's own (created there when missing)
    url = resolve_url(db)
    if not url.startswith("sqlite:///") or url in ("sqlite://", "sqlite:///:memory:"):
        return None
    return Path(url.removeprefix("sqlite:///").split("?", 1)[0])


def db_problem(db: str | None) -> str | None:
    """Why the --db file cannot be a database ("<path>: <reason>"), or None when it may be one (it
    is a SQLite file, an empty file, or not there yet: each command decides about a missing one)."""
    path = sqlite_path(db)
    if path is None:
        return None
    try:
        st = os.stat(path)
    except FileNotFoundError:
        if not path.parent.is_dir():
            return f"{path}: no such directory for the database ({path.parent})"
        return None
    except OSError as exc:
        return f"{path}: cannot open the database: {exc.strerror or exc}"
    if stat.S_ISDIR(st.st_mode):
        return f"{path}: is a directory, not a database (give the database file, e.g. {path / 'cards.sqlite'})"
    if not stat.S_ISREG(st.st_mode):
        return f"{path}: not a regular file, so not a database"
    if st.st_size == 0:
        return None
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(SQLITE_HEADER))
    except OSError as exc:
        return f"{path}: cannot read the database: {exc.strerror or exc}"
    if head != SQLITE_HEADER:
        return f"{path}: not a SQLite database (the file does not start with the SQLite header)"
    return None


def sources_problem() -> str | None:
    """MKDB_SOURCES naming a folder that is not there: said first, not as a later stage's puzzle
    ("too little text to identify the language")."""
    from sources import ENV_VAR

    chosen = os.environ.get(ENV_VAR)
    if chosen and not os.path.isdir(chosen):
        return f"{ENV_VAR}={chosen}: no such folder (it must name a rules_sources folder)"
    return None


def new_database(db: str | None) -> Path | None:
    """The SQLite file --db names when it does not exist yet (a command that stores nothing in
    the end removes it again: a failed ingest leaves no empty database behind)."""
    path = sqlite_path(db)
    return path if path is not None and not os.path.lexists(path) else None


def remove_unused(path: Path | None) -> None:
    """Remove a database file this command created but stored nothing in (with its journals)."""
    if path is None:
        return
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(OSError):
            os.remove(f"{path}{suffix}")


def output_problem(path: str | Path | None) -> str | None:
    """Why an output file cannot be written there ("<path>: <reason>"), checked before the work."""
    if not path:
        return None
    # here, not at the top: only commands that write a file need it
    from carddb.writing import target_problem

    return target_problem(path)


def database_error_line(exc: BaseException, db: str | None) -> str:
    """One line for a database error that reached the command level."""
    where = sqlite_path(db) or "the database"
    orig = getattr(exc, "orig", None) or exc
    first = (str(orig).splitlines() or [type(orig).__name__])[0]
    return f"{where}: database error: {first}"


# writing to standard output failed: a full disk (> /dev/full), a closed pipe (| head), an I/O error
_STDOUT_ERRORS = {errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EFBIG, errno.EDQUOT}


def _silence_stdout() -> None:
    """Standard output points at /dev/null from now on: what Python still holds in its buffer is
    dropped at exit instead of failing a second time ("Exception ignored ...")."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def one_line_usage_errors() -> None:
    """A usage error (`diff -f bogus`, `--seed abc`, `--jobs 0`) is one `error:` line and exit 2,
    as every other error is, instead of typer's five-line box. `mkdb` alone still shows the help."""
    from typer import core

    errors = core._click.exceptions  # typer 0.2x carries its own copy of click
    original = core._main
    if getattr(original, "one_line", False):
        return

    def main(*args: Any, **kwargs: Any) -> Any:
        if not kwargs.get("standalone_mode", True):
            return original(*args, **kwargs)
        try:
            rv = original(*args, **{**kwargs, "standalone_mode": False})
        except errors.NoArgsIsHelpError as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except errors.ClickException as exc:
            from mkdb.output import error

            ctx = getattr(exc, "ctx", None)
            where = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
            error(exc.format_message().replace("\n", " ") + where)
            sys.exit(FAILED if isinstance(exc, errors.UsageError) else exc.exit_code)
        except core.Abort:
            from mkdb.output import error

            error("interrupted")
            sys.exit(INTERRUPTED)
        sys.exit(rv if isinstance(rv, int) else OK)

    main.one_line = True  # type: ignore[attr-defined]
    core._main = main


def _terminate_as_interrupt() -> None:
    """SIGTERM (kill, a CI job's timeout) ends mkdb as Ctrl-C does: through the same clean-up, so no
    worker is left reading and no transaction half-done."""
    import signal

    def stop(signum: int, frame: Any) -> None:  # noqa: ARG001 - signal handler signature
        raise KeyboardInterrupt

    with contextlib.suppress(ValueError):  # not the main thread (an embedding program): left alone
        signal.signal(signal.SIGTERM, stop)


def guarded(command: Callable[..., Any]) -> Callable[..., Any]:
    """The command, with --db checked first and database errors as one line and exit 2."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        # here, not at the top: rich loads only when something is printed (start-up)
        from mkdb.output import error

        if problem := sources_problem():
            error(problem)
            raise typer.Exit(FAILED)
        if "db" in kwargs:
            problem = db_problem(kwargs["db"])
            if problem:
                error(problem)
                raise typer.Exit(FAILED)
        _terminate_as_interrupt()
        try:
            try:
                return command(*args, **kwargs)
            finally:
                sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
        except KeyboardInterrupt:
            # the workers are ended where they were started (ingest.guard, engine pools); a transaction
            # under way was rolled back, so the database is as it was before the unfinished step
            error(f"interrupted: mkdb {command.__name__.replace('_', '-')} stopped; "
                  "nothing unfinished was stored")
            raise typer.Exit(INTERRUPTED) from None
        except Exception as exc:
            # only where SQLAlchemy was loaded can its error be raised: a command that read with sqlite3 alone
            # (mkdb diff, mkdb cards) and ends with typer.Exit must not import it (~0.3 s) to learn that
            if "sqlalchemy.exc" in sys.modules:
                from sqlalchemy.exc import DBAPIError, SQLAlchemyError

                if isinstance(exc, SQLAlchemyError | DBAPIError):
                    error(database_error_line(exc, kwargs.get("db")))
                    raise typer.Exit(FAILED) from None
            if isinstance(exc, OSError) and not exc.filename and exc.errno in _STDOUT_ERRORS:
                _silence_stdout()
                error(f"<stdout>: cannot write ({exc.strerror or type(exc).__name__})")
                raise typer.Exit(FAILED) from None
            if isinstance(exc, OSError) and exc.filename:  # e.g. an output file in a missing folder
                error(f"{exc.filename}: {exc.strerror or type(exc).__name__}")
                raise typer.Exit(FAILED) from None
            raise

    return run
