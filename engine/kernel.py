"""Placeholder until the compiled kernel lands: nothing supported, the readable engine plays."""

from __future__ import annotations


def supports(rules, players, sets) -> bool:  # noqa: ANN001
    return False


def play_many(rules, players, sets, seeds):  # noqa: ANN001
    raise NotImplementedError
