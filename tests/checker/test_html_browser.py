"""The HTML report opened in a real browser (Debian's headless Chromium, no network): no console
errors, a screenshot taken, the discrepancy count on the page equal to the JSON's, filters working."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mkdb.cli import app

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0", "--virtual-time-budget=3000"]

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="chromium is installed by scripts/setup.sh")


def _chromium(profile: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args], capture_output=True, text=True, timeout=90)


def _console_errors(stderr: str) -> list[str]:
    lines = [ln for ln in stderr.splitlines() if ":CONSOLE" in ln]
    return [ln for ln in lines if "Uncaught" in ln or "rror" in ln]


@pytest.fixture(scope="module")
def rendered(seed_db: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("html")
    runner = CliRunner()
    page = out / "diff.html"
    res = runner.invoke(app, ["diff", "--db", seed_db, "--format", "html", "--output", str(page)])
    assert res.exit_code in (0, 1), res.stderr
    res = runner.invoke(app, ["diff", "--db", seed_db, "--format", "json"])
    return page, json.loads(res.stdout)


def test_page_is_self_contained(rendered):
    page, _ = rendered
    html = page.read_text(encoding="utf-8")
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=|https?://", html)


def test_browser_dom_count_equals_json_and_no_console_errors(rendered, tmp_path: Path):
    page, data = rendered
    res = _chromium(tmp_path / "profile", "--dump-dom", page.as_uri())
    assert res.returncode == 0, res.stderr[-2000:]
    dom = res.stdout
    assert 'data-ready="1"' in dom  # the page's script ran to the end
    count = re.search(r'id="discrepancy-count"[^>]*>(\d+)<', dom)
    assert count and int(count.group(1)) == len(data["discrepancies"]) > 0
    assert int(re.search(r'id="visible-count">(\d+)<', dom).group(1)) == len(data["discrepancies"])
    assert len(re.findall(r'<article class="discrepancy ', dom)) == len(data["discrepancies"])
    assert re.search(r'<div id="js-errors"></div>', dom)
    assert _console_errors(res.stderr) == []


def test_console_errors_would_be_seen(tmp_path: Path):
    """The console check can fail: a page with a script error is caught by the same reading."""
    bad = tmp_path / "bad.html"
    bad.write_text("<html><body><script>missingFunction();</script></body></html>")
    res = _chromium(tmp_path / "profile", "--dump-dom", bad.as_uri())
    assert _console_errors(res.stderr)


def test_screenshot(rendered, tmp_path: Path):
    page, _ = rendered
    shot = tmp_path / "diff.png"
    res = _chromium(tmp_path / "profile", "--window-size=1280,1600", f"--screenshot={shot}", page.as_uri())
    assert res.returncode == 0, res.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000  # a real rendering, not a blank page
    from PIL import Image

    with Image.open(shot) as img:
        assert img.size == (1280, 1600)
        colours = img.convert("RGB").resize((64, 80)).getcolors(64 * 80)
        assert colours is None or len(colours) > 20


def test_filters_hide_by_severity_and_kind(rendered, tmp_path: Path):
    """Unticking a severity in the page's own script hides those cards and updates the shown count."""
    page, data = rendered
    html = page.read_text(encoding="utf-8")
    probe = ("<script>document.querySelectorAll('input[data-filter=severity]').forEach(function(c){"
             "if(c.value!=='rule'){c.checked=false;c.dispatchEvent(new Event('change'));}});</script></body>")
    (tmp_path / "probe.html").write_text(html.replace("</body>", probe), encoding="utf-8")
    res = _chromium(tmp_path / "profile", "--dump-dom", (tmp_path / "probe.html").as_uri())
    shown = int(re.search(r'id="visible-count">(\d+)<', res.stdout).group(1))
    assert shown == sum(d["severity"] == "rule" for d in data["discrepancies"])
    assert _console_errors(res.stderr) == []


def test_review_counts_status_filter_and_meta_in_the_browser(seed_db: str, tmp_path: Path):
    """With a baseline accepting one finding: the page says "N new, 1 accepted, 0 resolved", unticking
    'accepted' hides exactly that card, and the footer names the tool version and the database."""
    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["diff", "--db", seed_db, "--format", "json"]).stdout)
    first = data["discrepancies"][0]["id"]
    base = tmp_path / "baseline.yaml"
    base.write_text(f"schema: mkdb.baseline/1\naccepted:\n  - id: {first}\n    reason: test\n", encoding="utf-8")
    page = tmp_path / "diff.html"
    runner.invoke(app, ["diff", "--db", seed_db, "--baseline", str(base), "-f", "html", "-o", str(page)])
    probe = ("<script>document.querySelectorAll('input[data-filter=status]').forEach(function(c){"
             "if(c.value==='accepted'){c.checked=false;c.dispatchEvent(new Event('change'));}});</script></body>")
    (tmp_path / "probe.html").write_text(page.read_text(encoding="utf-8").replace("</body>", probe), encoding="utf-8")
    res = _chromium(tmp_path / "profile", "--dump-dom", (tmp_path / "probe.html").as_uri())
    dom = res.stdout
    n = len(data["discrepancies"])
    assert f"{n - 1} new, 1 accepted, 0 resolved" in dom
    assert int(re.search(r'id="visible-count">(\d+)<', dom).group(1)) == n - 1
    footer = re.search(r'<footer[^>]*id="report-meta"[^>]*>(.*?)</footer>', dom, re.S).group(1)
    assert re.search(r"mkdb \d+\.\d+", footer) and "cards.sqlite" in footer and "rulebooks" in footer
    assert _console_errors(res.stderr) == []


def test_ticked_findings_become_baseline_lines_that_mkdb_accepts(rendered, seed_db: str, tmp_path: Path):
    """Ticking findings in the browser (the page's #accept= link ticks them as a click would) fills the
    baseline box; those lines pasted under `accepted:` make exactly those findings accepted."""
    import html as htmlmod

    import yaml

    page, data = rendered
    chosen = [d["id"] for d in data["discrepancies"][:2]]
    res = _chromium(tmp_path / "profile", "--dump-dom", page.as_uri() + "#accept=" + ",".join(chosen))
    assert res.returncode == 0 and not _console_errors(res.stderr), res.stderr[-2000:]
    dom = res.stdout
    assert re.search(r'id="accept-count" data-count="2"', dom)
    box = re.search(r'<textarea id="baseline-lines"[^>]*>(.*?)</textarea>', dom, re.S)
    assert box, dom[:2000]
    lines = htmlmod.unescape(box.group(1))
    baseline = tmp_path / "baseline.yaml"
    baseline.write_text("schema: mkdb.baseline/1\naccepted:\n" + lines, encoding="utf-8")
    entries = yaml.safe_load(baseline.read_text(encoding="utf-8"))["accepted"]
    assert [e["id"] for e in entries] == chosen and all(e["reason"] == "reviewed; accepted as is" for e in entries)
    assert all(e["book"] == d["book"] for e, d in zip(entries, data["discrepancies"][:2], strict=True))
    res = CliRunner().invoke(app, ["diff", "--db", seed_db, "-f", "json", "--baseline", str(baseline)])
    after = json.loads(res.stdout)
    assert sorted(d["id"] for d in after["discrepancies"] if d["status"] == "accepted") == sorted(chosen)
