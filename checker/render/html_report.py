"""The HTML report: one self-contained page (inline CSS and JS, no external assets), one card per
discrepancy with each book's quote side by side, its page, the differing words marked, and filters
by severity and kind. The total count sits in #discrepancy-count for tools and tests to read."""

from __future__ import annotations

import html

from checker.impact.render import impact_html
from checker.model import KINDS, SEVERITIES, DiffReport
from checker.render.highlight import lexicon_marks, marks_for, render_quote
from checker.render.script_json import json_for_script
from checker.values import show

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
.quote{font-size:13px;white-space:pre-wrap;margin-top:4px}.absent{color:#999;font-style:italic}
mark{background:#ffeb3b;padding:0 1px}
#js-errors{color:#c62828}
"""

JS = """
(function(){
  var errors=[];
  window.addEventListener('error',function(e){errors.push(String(e.message));document.getElementById('js-errors').textContent=errors.join('; ');});
  function apply(){
    var sev={},kind={};
    document.querySelectorAll('input[data-filter=severity]').forEach(function(c){sev[c.value]=c.checked;});
    document.querySelectorAll('input[data-filter=kind]').forEach(function(c){kind[c.value]=c.checked;});
    var shown=0;
    document.querySelectorAll('article.discrepancy').forEach(function(a){
      var on=sev[a.dataset.severity]!==false&&kind[a.dataset.kind]!==false;
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
  document.body.dataset.ready='1';
})();
"""


def render(report: DiffReport, title: str = "mkdb diff") -> str:
    data = report.to_json()
    books = {b["id"]: b for b in data["rulebooks"]}
    ds = report.discrepancies
    kinds_present = [k for k in KINDS if any(d.kind == k for d in ds)] or list(KINDS)
    parts = [
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>",
        f"<header><h1>{html.escape(title)}: <span id='discrepancy-count' data-count='{len(ds)}'>{len(ds)}</span> discrepancies",
        " (<span id='visible-count'>" + str(len(ds)) + "</span> shown)</h1><div class='filters'>",
        "<fieldset><legend>severity</legend>",
    ]
    for s in SEVERITIES:
        n = sum(d.severity == s for d in ds)
        parts.append(f"<label><input type='checkbox' data-filter='severity' value='{s}' checked> {s} ({n})</label>")
    parts.append("</fieldset><fieldset><legend>kind</legend>")
    for k in kinds_present:
        n = sum(d.kind == k for d in ds)
        parts.append(f"<label><input type='checkbox' data-filter='kind' value='{k}' checked> {k.replace('_', ' ')} ({n})</label>")
    parts.append("</fieldset></div><div id='js-errors'></div></header><main>")
    rb_line = ", ".join(f"{html.escape(b['id'])} ({html.escape(b['lang'])}, {html.escape(b['edition'])})" for b in data["rulebooks"])
    parts.append(f"<p class='meta'>Rulebooks compared: {rb_line or 'none'}</p>")
    if not ds:
        parts.append("<p>No discrepancies.</p>")
    groups: dict[tuple[str, str], list] = {}
    for d in ds:
        groups.setdefault((d.edition, d.topic.split(".")[0]), []).append(d)
    for (edition, family), items in sorted(groups.items()):
        parts.append(f"<section class='group'><h2>{html.escape(edition)} · {html.escape(family)}</h2>")
        for d in items:
            parts.append(_article(d, books))
        parts.append("</section>")
    parts.append(f"</main><script type='application/json' id='diff-data'>{_json_for_script(data)}</script>")
    parts.append(f"<script>{JS}</script></body></html>")
    return "".join(parts)


def _json_for_script(data: dict) -> str:
    return json_for_script(data)


def _single_value(d) -> str:
    """A one-book finding shows its value once, above its places."""
    if len(d.values) != 1:
        return ""
    return f"<div class='meta value'>{html.escape(show(next(iter(d.values.values())), 200))}</div>"


def _article(d, books: dict) -> str:
    marks = marks_for(d)
    lexical = lexicon_marks(d, {bid: b.get("lang", "") for bid, b in books.items()})
    cols = []
    for ev, mk in zip(d.evidence, marks, strict=True):
        book = books.get(ev.rulebook, {})
        value = d.values.get(ev.rulebook)
        head = f"{html.escape(book.get('lang', '?'))} · {html.escape(ev.rulebook)}" + (f" · p. {ev.page}" if ev.page else "")
        quote = f"<div class='quote'>{render_quote(ev, mk, lexical.get(ev.rulebook))}</div>" if ev.quote else "<div class='quote absent'>not stated in this book</div>"
        one_book = len(d.values) == 1
        shown_value = "" if (value is None and not ev.quote) or one_book else f"<div class='value'>{html.escape(show(value, 160))}</div>"
        cols.append(f"<div data-rulebook='{html.escape(ev.rulebook)}'><h3>{head}</h3>{shown_value}{quote}</div>")
    impact = impact_html(d.impact)
    return (
        f"<article class='discrepancy {d.severity}' id='{html.escape(d.id)}' data-severity='{d.severity}' data-kind='{d.kind}'"
        f" data-edition='{html.escape(d.edition)}'>"
        f"<div class='meta'><span class='badge {d.severity}'>{d.severity}</span>{html.escape(d.kind.replace('_', ' '))} · "
        f"<code>{html.escape(d.topic)}</code> · <code>{html.escape(d.id)}</code></div>"
        f"<div class='summary'>{html.escape(d.summary)}</div>{_single_value(d)}<div class='side'>{''.join(cols)}</div>{impact}</article>"
    )
