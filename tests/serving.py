"""`mkdb serve` as the tests start it: the real Datasette server in a subprocess on a free loopback
port, its output in a log file (a pipe could fill and block the server), always stopped."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

START_TIMEOUT = 45.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=10) as resp:
            return resp.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


@contextmanager
def mkdb_serve(db: Path, log_path: Path, cwd: Path | None = None) -> Iterator[str]:
    """Serve `db`; yields the base URL once the server answers. AssertionError with the log's tail if it
    exits or does not answer within START_TIMEOUT seconds."""
    port = free_port()
    with log_path.open("wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "mkdb.cli", "serve", "--port", str(port), "--db", str(db)],
                                cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while not _answers(base + "/-/versions.json"):
                tail = log_path.read_text(errors="replace")[-2000:]
                assert proc.poll() is None, f"mkdb serve exited with {proc.returncode}: {tail}"
                assert time.monotonic() < deadline, f"mkdb serve did not answer within {START_TIMEOUT} s: {tail}"
                time.sleep(0.2)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)
