"""Writing a file a user named, safely: checked before any work, written beside and renamed.

Why: `mkdb export … OUT` replaced a FIFO, a device (as root: /dev/full itself) or a symbolic link
with a regular file and said it succeeded; a full disk ended in a traceback and left half a file
where the good one had been. Here a target is refused at once unless it is a regular file or not
there yet, in a folder that exists and can be written; the data goes to a temporary file in the
same folder, which replaces the target only once it is whole (os.replace is atomic there).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

_KINDS = {
    stat.S_ISFIFO: "is a FIFO (named pipe)", stat.S_ISCHR: "is a character device", stat.S_ISBLK: "is a block device",
    stat.S_ISSOCK: "is a socket", stat.S_ISDIR: "is a directory",
}


class WriteError(Exception):
    """An output that cannot be written; the message is "<path>: <reason>", one line."""


def target_problem(path: str | Path) -> str | None:
    """Why `path` cannot be written ("<path>: <reason>"), or None: asked before any work is done."""
    target = Path(path)
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        return f"{target}: cannot write: {exc.strerror or exc}"
    if st is not None:
        if stat.S_ISLNK(st.st_mode):
            return f"{target}: is a symbolic link; mkdb does not replace links (give the file itself)"
        for test, kind in _KINDS.items():
            if test(st.st_mode):
                return f"{target}: {kind}, not a regular file; mkdb writes only regular files"
    parent = target.parent if str(target.parent) else Path(".")
    if not parent.is_dir():
        return f"{target}: cannot write: no such directory {parent}"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"{target}: cannot write: permission denied in {parent}"
    return None


def check_target(path: str | Path) -> None:
    """target_problem as an exception (WriteError)."""
    if problem := target_problem(path):
        raise WriteError(problem)


@contextlib.contextmanager
def _beside(path: str | Path, suffix: str) -> Iterator[tuple[Path, int, str]]:
    """A temporary file beside `path` (its descriptor and name): the block fills it, then it replaces
    `path`; on any error it is removed and `path` is as it was (an OSError becomes WriteError)."""
    target = Path(path)
    check_target(target)
    parent = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=parent)
    except OSError as exc:
        raise WriteError(f"{target}: cannot write ({exc.strerror or exc})") from None
    try:
        yield target, fd, tmp
        check_target(target)  # swapped for a link or a FIFO while we worked: left alone
        os.replace(tmp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise WriteError(f"{target}: cannot write ({exc.strerror or exc})") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def replacing(path: str | Path, mode: str = "w") -> Iterator[IO[Any]]:
    """A file handle whose content replaces `path` when the block ends without error; on any error
    (a full disk, Ctrl-C) the temporary file is removed and `path` is as it was. An OSError
    becomes WriteError("<path>: cannot write (<reason>)")."""
    with _beside(path, ".part") as (target, fd, tmp):
        kwargs: dict[str, Any] = {} if "b" in mode else {"encoding": "utf-8", "newline": ""}
        with os.fdopen(fd, mode, **kwargs) as fh:
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        if os.path.exists(target):  # keep the permissions of the file replaced
            with contextlib.suppress(OSError):
                os.chmod(tmp, stat.S_IMODE(os.stat(target).st_mode))
        else:
            with contextlib.suppress(OSError):
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(tmp, 0o666 & ~umask)


def write_text(path: str | Path, text: str) -> None:
    """`text` (UTF-8) replaces `path` whole, or nothing changes (WriteError)."""
    with replacing(path) as fh:
        fh.write(text)


def write_bytes(path: str | Path, data: bytes) -> None:
    """`data` replaces `path` whole, or nothing changes (WriteError)."""
    with replacing(path, "wb") as fh:
        fh.write(data)


def write_with(path: str | Path, save: Callable[[str], None]) -> None:
    """A library that writes by file name (matplotlib's savefig) writes a temporary file beside
    `path`, which then replaces it; its suffix is kept, as such libraries choose the format by it."""
    with _beside(path, Path(path).suffix) as (_, fd, tmp):
        os.close(fd)
        save(tmp)
