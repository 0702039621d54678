"""The impact of a discrepancy for people: an HTML fragment for the diff report (verdict, witness in
plain words with its JSON, effect size per seat with 95% intervals) and one line for tables."""

from __future__ import annotations

import html
import json
from typing import Any

CSS = (".impact{margin-top:6px;border-top:1px dashed #bbb;padding-top:4px;font-size:13px}"
       ".impact .verdict{font-weight:600}.impact .verdict.material{color:#c62828}.impact .verdict.none{color:#2e7d32}"
       ".impact pre{white-space:pre-wrap;background:#f3f3f3;padding:4px;font-size:12px;margin:4px 0}"
       ".impact table{border-collapse:collapse;font-size:12px}.impact td,.impact th{border:1px solid #ddd;padding:1px 6px}")


def impact_line(impact: dict[str, Any] | None) -> str:
    """One line: verdict and the largest win-rate change."""
    if not impact:
        return ""
    if "verdict" not in impact:  # a replayed example's numbers
        rep = impact.get("replay") or {}
        return f"replay: book {rep.get('claimed')}, engine {rep.get('engine')}" if rep else ""
    wrd = impact.get("win_rate_delta")
    return impact["verdict"] + (f"; win rate {wrd:+.3f} ({_players(impact)})"
                                if isinstance(wrd, float) and impact.get("material") else "")


def size_policy(impact: dict[str, Any]) -> str:
    return str((impact.get("size") or {}).get("policy") or "random")


def _players(impact: dict[str, Any]) -> str:
    """Who played the simulated games (engine/policies.py), e.g. 'lookahead players'."""
    return f"{impact.get('policy') or (impact.get('size') or {}).get('policy') or 'random'} players"


def impact_html(impact: dict[str, Any] | None) -> str:
    """A <div class='impact'> for one discrepancy (empty string when there is none)."""
    if not impact:
        return ""
    e = html.escape
    if "verdict" not in impact:
        rep = impact.get("replay") or {}
        return (f"<div class='impact' data-impact='replay'><style>{CSS}</style>replayed on the engine: the book says "
                f"<code>{e(json.dumps(rep.get('claimed'), ensure_ascii=False))}</code>, the engine gives "
                f"<code>{e(json.dumps(rep.get('engine'), ensure_ascii=False))}</code>"
                f"<pre>{e('; '.join(rep.get('events') or []))}</pre></div>")
    verdict = impact["verdict"]
    cls = "material" if impact.get("material") else "none" if impact.get("material") is False else ""
    parts = [f"<div class='impact' data-material='{str(impact.get('material')).lower()}' "
             f"data-policy='{e(str(impact.get('policy') or size_policy(impact)))}'><style>{CSS}</style>",
             f"<div>impact ({e(_players(impact))}): <span class='verdict {cls}'>{e(verdict)}</span>"]
    w = impact.get("witness") or {}
    if w.get("found"):
        parts.append(f" — witness found at the {e(w.get('stage', ''))} stage"
                     + (" and replayed" if impact.get("witness_verified") else ""))
    parts.append("</div>")
    text = w.get("plain") or w.get("reason") or impact.get("reason")
    if text:
        parts.append(f"<pre class='witness'>{e(text)}</pre>")
    if w.get("found"):
        keep = {k: w[k] for k in ("stage", "position", "plan", "players", "sets", "seed", "moves", "differs_in") if k in w}
        parts.append(f"<details><summary>witness JSON</summary><pre>{e(json.dumps(keep, ensure_ascii=False))}</pre></details>")
    size = impact.get("size") or {}
    for label, c in (size.get("comparisons") or {}).items():
        rows = "".join(f"<tr><td>{s['seat'] + 1}</td><td>{s['win_rate_ref']:.3f}</td><td>{s['win_rate']:.3f}</td>"
                       f"<td>{s['delta']:+.3f}</td><td>[{s['ci95'][0]:+.3f}, {s['ci95'][1]:+.3f}]</td></tr>"
                       for s in c["seats"])
        parts.append(f"<div>size: {e(label)} vs {e(str(size.get('reference')))}, {size.get('games')} games with the same "
                     f"seeds ({size.get('players')} {e(_players(impact))}, cards {e('+'.join(size.get('card_sets', [])))}); game length "
                     f"{c['length_delta']:+.2f} turns [{c['length_delta_ci95'][0]:+.2f}, {c['length_delta_ci95'][1]:+.2f}]; "
                     f"{c['games_with_other_winner']} games with another winner</div>"
                     f"<table><tr><th>seat</th><th>win rate {e(str(size.get('reference')))}</th><th>win rate {e(label)}</th>"
                     f"<th>change</th><th>95% CI</th></tr>{rows}</table>")
    parts.append("</div>")
    return "".join(parts)
