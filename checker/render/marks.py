"""A quote cut at its marks (`Evidence.marks`, worked out by checker.highlight): each renderer wraps
the marked parts in its own way (<mark> in HTML)."""

from __future__ import annotations

import html


def segments(quote: str, marks: list[tuple[int, int]]) -> list[tuple[str, bool]]:
    """The quote as (text, marked) pieces in order; `marks` are sorted and do not overlap."""
    out: list[tuple[str, bool]] = []
    pos = 0
    for a, b in marks:
        out.append((quote[pos:a], False))
        out.append((quote[a:b], True))
        pos = b
    out.append((quote[pos:], False))
    return out


def quote_html(quote: str, marks: list[tuple[int, int]]) -> str:
    """The quote as HTML, its marked parts in <mark>."""
    return "".join(f"<mark>{html.escape(t)}</mark>" if on else html.escape(t) for t, on in segments(quote, marks))
