"""Shortening text for a cell or a summary line (no language knowledge: renderers use it too)."""

from __future__ import annotations


def clip(text: str, limit: int) -> str:
    """Shorten at a word boundary, never inside a token."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    return (cut[:space] if space > limit // 2 else cut).rstrip(" ,;+→") + "…"
