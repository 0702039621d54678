"""`mkdb serve` refuses every write attempt with 405; the log shows only the requests; the database
is unchanged and reads still work."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from hostile_helpers import ROOT, content_hash

URLS = ["/", "/cards", "/cards/card", "/cards/card/1", "/cards/-/query?sql=delete+from+card",
        "/cards/card/-/insert", "/cards/-/create", "/-/permissions", "/nope/nothing"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _request(url: str, method: str) -> tuple[int, bytes]:
    req = urllib.request.Request(url, method=method, data=b'{"row": {"id": 1}}' if method != "GET" else None,
                                 headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_every_write_is_405(db: Path, tmp_path: Path) -> None:
    before = content_hash(db)
    port = _free_port()
    log = tmp_path / "serve.log"
    with log.open("w") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "mkdb.cli", "serve", "--db", str(db), "--port", str(port)],
                                cwd=ROOT, stdout=fh, stderr=subprocess.STDOUT, env={**os.environ})
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                if _request(base + "/cards.json", "GET")[0] == 200:
                    break
            except OSError:
                time.sleep(0.5)
        else:
            raise AssertionError(log.read_text())
        for url in URLS:
            for method in ("POST", "PUT", "PATCH", "DELETE"):
                status, body = _request(base + url, method)
                assert status == 405, (method, url, status, body[:200])
                assert b"read-only" in body
        assert _request(base + "/cards/card.json?_size=1", "GET")[0] == 200
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    text = log.read_text()
    assert "Traceback" not in text and "Error" not in text, text
    lines = [ln for ln in text.splitlines() if ln.strip()]
    requests = [ln for ln in lines if '" 405' in ln or '" 200' in ln]
    assert len(requests) >= len(URLS) * 4  # one access-log line per request
    assert not [ln for ln in lines if ln not in requests and "INFO:" not in ln], text
    assert content_hash(db) == before
