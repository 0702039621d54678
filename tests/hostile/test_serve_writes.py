"""`mkdb serve` refuses every write attempt with 405; the log shows only the requests; the database
is unchanged and reads still work."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

from hostile_helpers import ROOT, content_hash
from serving import mkdb_serve

URLS = ["/", "/cards", "/cards/card", "/cards/card/1", "/cards/-/query?sql=delete+from+card",
        "/cards/card/-/insert", "/cards/-/create", "/-/permissions", "/nope/nothing"]


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
    log = tmp_path / "serve.log"
    with mkdb_serve(db, log, cwd=ROOT) as base:
        for url in URLS:
            for method in ("POST", "PUT", "PATCH", "DELETE"):
                status, body = _request(base + url, method)
                assert status == 405, (method, url, status, body[:200])
                assert b"read-only" in body
        assert _request(base + "/cards/card.json?_size=1", "GET")[0] == 200
    text = log.read_text()
    assert "Traceback" not in text and "Error" not in text, text
    lines = [ln for ln in text.splitlines() if ln.strip()]
    requests = [ln for ln in lines if '" 405' in ln or '" 200' in ln]
    assert len(requests) >= len(URLS) * 4  # one access-log line per request
    assert not [ln for ln in lines if ln not in requests and "INFO:" not in ln], text
    assert content_hash(db) == before
