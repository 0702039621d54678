"""The HTML report: one self-contained page (inline CSS and JS, no external assets) rendered from the
Jinja2 template templates/report.html.j2 (autoescaped), one card per discrepancy with each book —
named by title, file and language — side by side: its value in words, its quote with the differing
words marked (the report's `Evidence.marks`: the renderer analyses nothing), its page; filters by severity, kind and baseline status; the counts "N new, M accepted,
K resolved"; the tool version, date and database build in the footer. The total count sits in
#discrepancy-count for tools and tests to read."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from checker.model import KINDS, SEVERITIES, DiffReport, Discrepancy
from checker.render.impact import impact_html
from checker.render.labels import book_rows
from checker.render.marks import quote_html
from checker.render.script_json import script_json  # JSON inside <script>: < > & U+2028/2029 escaped

TEMPLATES = Path(__file__).resolve().parent / "templates"

CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;background:#f5f5f2;color:#222}
header{background:#263238;color:#fff;padding:12px 20px;position:sticky;top:0;z-index:2}
header h1{font-size:20px;margin:0 0 6px}
.filters label{margin-right:10px;font-size:13px;white-space:nowrap}
.filters fieldset{display:inline-block;border:1px solid #607d8b;margin:2px 8px 2px 0;padding:2px 8px}
main{padding:12px 20px}
h2{font-size:17px;margin:18px 0 6px}
article{background:#fff;border-left:6px solid #999;margin:10px 0;padding:8px 12px;box-shadow:0 1px 2px #0002}
article.rule{border-color:#c62828}article.minor{border-color:#ef6c00}article.info{border-color:#1565c0}
.meta{font-size:12px;color:#555}.meta code{background:#eee;padding:0 3px}
.badge{display:inline-block;font-size:11px;padding:1px 6px;border-radius:8px;color:#fff;margin-right:4px}
.badge.rule{background:#c62828}.badge.minor{background:#ef6c00}.badge.info{background:#1565c0}
.summary{font-weight:600;margin:4px 0}
.side{display:flex;gap:8px;flex-wrap:wrap}
.side>div{flex:1 1 260px;border:1px solid #ddd;padding:6px;background:#fafafa;min-width:220px}
.side h3{font-size:13px;margin:0 0 4px}.side .value{font-family:monospace;font-size:12px;color:#333;word-break:break-word}
footer{padding:8px 20px;font-size:12px;color:#555}.counts{margin:0 0 4px;font-size:14px}
.badge.status-new{background:#2e7d32}.badge.status-accepted{background:#757575}.badge.status-changed{background:#b26a00}article.accepted{opacity:.75}
.quote{font-size:13px;white-space:pre-wrap;margin-top:4px}.absent{color:#999;font-style:italic}
mark{background:#ffeb3b;padding:0 1px}
#js-errors{color:#c62828}
#accept-box textarea{display:block;width:100%;font-family:monospace;font-size:12px;margin-top:4px}
.accept-tick{font-size:12px;margin-right:6px}
"""

JS = """
(function(){
  var errors=[];
  window.addEventListener('error',function(e){errors.push(String(e.message));document.getElementById('js-errors').textContent=errors.join('; ');});
  function apply(){
    var sev={},kind={},status={};
    document.querySelectorAll('input[data-filter=severity]').forEach(function(c){sev[c.value]=c.checked;});
    document.querySelectorAll('input[data-filter=kind]').forEach(function(c){kind[c.value]=c.checked;});
    document.querySelectorAll('input[data-filter=status]').forEach(function(c){status[c.value]=c.checked;});
    var shown=0;
    document.querySelectorAll('article.discrepancy').forEach(function(a){
      var on=sev[a.dataset.severity]!==false&&kind[a.dataset.kind]!==false&&status[a.dataset.status]!==false;
      a.style.display=on?'':'none'; if(on){shown++;}
    });
    document.querySelectorAll('section.group').forEach(function(s){
      var any=Array.prototype.some.call(s.querySelectorAll('article.discrepancy'),function(a){return a.style.display!=='none';});
      s.style.display=any?'':'none';
    });
    document.getElementById('visible-count').textContent=String(shown);
  }
  document.querySelectorAll('input[data-filter]').forEach(function(c){c.addEventListener('change',apply);});
  apply();
  // accepting: the ticked findings as baseline entries (docs/baseline.md); JSON strings are YAML scalars
  var data=JSON.parse(document.getElementById('diff-data').textContent);
  var byId={};data.discrepancies.forEach(function(d){byId[d.id]=d;});
  function lines(){
    var reason=document.getElementById('accept-reason').value, by=document.getElementById('accept-by').value;
    var when=new Date().toISOString().replace(/\\.\\d+Z$/,'Z'), out=[], n=0;
    document.querySelectorAll('input.accept:checked').forEach(function(c){
      var d=byId[c.value]; if(!d){return;} n++;
      out.push('  - id: '+d.id,'    reason: '+JSON.stringify(reason),'    accepted_by: '+JSON.stringify(by),
               '    accepted_at: '+when,'    edition: '+d.edition,'    topic: '+JSON.stringify(d.topic),
               '    kind: '+d.kind,'    severity: '+d.severity,'    summary: '+JSON.stringify(d.summary),
               '    book: '+JSON.stringify(d.book),'    value: '+JSON.stringify(d.book?d.values[d.book]:null));
    });
    var box=document.getElementById('baseline-lines'),text=out.length?out.join('\\n')+'\\n':'';
    box.textContent=text;box.value=text;
    var count=document.getElementById('accept-count');count.textContent=String(n);count.dataset.count=String(n);
  }
  document.querySelectorAll('input.accept').forEach(function(c){c.addEventListener('change',lines);});
  ['accept-reason','accept-by'].forEach(function(i){document.getElementById(i).addEventListener('input',lines);});
  document.getElementById('accept-copy').addEventListener('click',function(){
    var t=document.getElementById('baseline-lines');
    if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(t.value);}else{t.select();document.execCommand('copy');}
  });
  // #accept=ID,ID ticks those findings (a link that hands a reviewer's selection on)
  var m=/(?:^|[#&])accept=([^&]*)/.exec(location.hash);
  if(m){decodeURIComponent(m[1]).split(',').forEach(function(i){var c=document.querySelector('input.accept[value="'+i.replace(/"/g,'')+'"]');if(c){c.checked=true;}});}
  lines();
  document.body.dataset.ready='1';
})();
"""


@lru_cache(maxsize=1)
def _env() -> Environment:
    return Environment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=select_autoescape(["html", "j2"]),
                       trim_blocks=True, lstrip_blocks=True)


def render(report: DiffReport, title: str = "mkdb diff", accepted: dict[str, dict[str, Any]] | None = None) -> str:
    """`accepted`: the baseline's entries by id, to show who accepted a finding, when and why."""
    data = report.to_json()
    ds = report.discrepancies
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for d in ds:
        groups.setdefault((d.edition, d.topic.split(".")[0]), []).append(_finding(report, d, accepted or {}))
    kinds_present = [k for k in KINDS if any(d.kind == k for d in ds)] or list(KINDS)
    return _env().get_template("report.html.j2").render(
        title=title, css=Markup(CSS), js=Markup(JS), data_json=Markup(script_json(data)),
        findings=ds, counts=report.counts(), counts_line=report.counts_line(), meta=report.meta,
        books=data["rulebooks"], resolved=report.resolved,
        severities=[{"name": s, "count": sum(d.severity == s for d in ds)} for s in SEVERITIES],
        kinds=[{"name": k, "count": sum(d.kind == k for d in ds)} for k in kinds_present],
        statuses=[{"name": s, "count": sum(d.status == s for d in ds)} for s in ("new", "changed", "accepted")],
        groups=[{"edition": ed, "family": fam, "entries": items} for (ed, fam), items in sorted(groups.items())],
    )


def _finding(report: DiffReport, d: Discrepancy, accepted: dict[str, dict[str, Any]]) -> dict[str, Any]:
    cols = [{"row": row, "quote_html": Markup(quote_html(row.quote, row.marks)) if row.quote else ""}
            for row in book_rows(report, d)]
    return {"d": d, "cols": cols, "impact": Markup(impact_html(d.impact)), "accepted": accepted.get(d.id)}
