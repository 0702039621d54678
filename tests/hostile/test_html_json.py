"""Hostile quotes in the HTML report's embedded JSON: the page still runs and its filters still work
(real headless Chromium), and the JSON reads back to exactly the quotes."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from hostile_helpers import mkdb

from checker.render.script_json import json_for_script

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--enable-logging=stderr", "--v=0",
         "--virtual-time-budget=3000"]
HOSTILE = ["<!--<script>", "</script><script>document.body.dataset.pwned='1'</script>", "<!--", "-->",
           "<![CDATA[", "]]>", "\u2028line\u2029para", "&lt;&amp;&#x3c;", "<\\/script>", "</SCRIPT >", "<script"]


def test_escaped_json_has_no_markup_and_reads_back() -> None:
    data = {"quotes": HOSTILE}
    text = json_for_script(data)
    assert not set(text) & {"<", ">", "&", "\u2028", "\u2029"}
    assert json.loads(text) == data


def _hostile_db(db: Path) -> None:
    """Every quote of the copy starts with one of the hostile strings (in turn)."""
    con = sqlite3.connect(db)
    with con:
        ids = [r[0] for r in con.execute("SELECT id FROM fact ORDER BY id")]
        for k, fid in enumerate(ids):
            con.execute("UPDATE fact SET quote = ? || ' ' || quote WHERE id = ?", (HOSTILE[k % len(HOSTILE)], fid))
    con.close()


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is installed by scripts/setup.sh")
def test_hostile_quotes_keep_the_report_working_in_chromium(db: Path, tmp_path: Path) -> None:
    _hostile_db(db)
    page = tmp_path / "diff.html"
    run = mkdb("diff", "--db", str(db), "--format", "html", "--output", str(page))
    assert run.code in (0, 1), run.err
    report = json.loads(mkdb("diff", "--db", str(db), "--format", "json").out)
    quotes = {e["quote"] for d in report["discrepancies"] for e in d["evidence"] if e.get("quote")}
    used = [h for h in HOSTILE if any(q.startswith(h) for q in quotes)]
    assert len(used) >= 6, used  # the diff really carries hostile quotes into the page
    html = page.read_text(encoding="utf-8")
    # the probe unticks every severity but "rule" and reads the embedded JSON back
    probe = ("<script>document.querySelectorAll('input[data-filter=severity]').forEach(function(c){"
             "if(c.value!=='rule'){c.checked=false;c.dispatchEvent(new Event('change'));}});"
             "var d=JSON.parse(document.getElementById('diff-data').textContent);var p=document.createElement('pre');"
             "p.id='probe';p.textContent=JSON.stringify(d);document.body.appendChild(p);</script></body>")
    probe_page = tmp_path / "probe.html"
    probe_page.write_text(html.replace("</body>", probe), encoding="utf-8")
    res = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
                          probe_page.as_uri()], capture_output=True, text=True, timeout=90)
    dom = res.stdout
    assert 'data-ready="1"' in dom and "data-pwned" not in dom  # the quote ran as no script
    assert re.search(r'<div id="js-errors"></div>', dom)
    shown = int(re.search(r'id="visible-count">(\d+)<', dom).group(1))
    assert shown == sum(d["severity"] == "rule" for d in report["discrepancies"]) > 0
    embedded = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert embedded, "the embedded JSON did not parse"
    import html as htmlmod

    text = htmlmod.unescape(embedded.group(1))
    for h in used:
        assert json.dumps(h, ensure_ascii=False)[1:-1] in text
