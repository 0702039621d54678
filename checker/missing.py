"""missing: a fact, a card clarification, a point of a clarification, or a clarification section that
some books of an edition state and another book covering the same game parts does not.

A book is only asked for what its edition and expansions cover (see checker.grouping).
"""

from __future__ import annotations

from checker import alignment
from checker import values as V
from checker.context import Context
from checker.grouping import covers
from checker.model import Discrepancy, Evidence
from checker.statements import Statement, books_covering, collect


def check(ctx: Context) -> list[Discrepancy]:
    out: list[Discrepancy] = []
    stated = collect(ctx)
    for (topic, scope), stmts in sorted(stated.items(), key=lambda kv: (kv[0][0], sorted(kv[0][1]))):
        covering = books_covering(ctx, scope)
        stmts = {bid: s for bid, s in stmts.items() if covers(ctx.book(bid), scope)}
        silent = [b.id for b in covering if b.id not in stmts]
        if stmts and silent and not topic.startswith("clarification."):
            out.append(_missing_fact(ctx, topic, scope, stmts, silent))
        elif len(stmts) >= 2:
            found = _missing_points(ctx, topic, stmts)
            if found:
                out.append(found)
    out.extend(_missing_clarifications(ctx))
    return out


def _missing_fact(ctx: Context, topic: str, scope: frozenset[str], stmts: dict[str, Statement], silent: list[str]) -> Discrepancy:
    say = ", ".join(sorted(ctx.lang(b) for b in stmts))
    not_say = ", ".join(sorted(ctx.lang(b) for b in silent))
    card = topic.startswith("clarification.")
    what = f"the clarification of {ctx.card_label(_card(ctx, topic))}" if card else topic
    summary = f"{what}: stated by {say}, not by {not_say}"
    if scope:
        summary += f" [{'+'.join(sorted(scope))}]"
    values = {bid: s.value for bid, s in stmts.items()} | {bid: None for bid in silent}
    evidence = [Evidence(bid, s.fact.page, s.fact.quote) for bid, s in sorted(stmts.items())]
    evidence += [Evidence(bid, 0, "") for bid in sorted(silent)]
    return ctx.make(topic, "missing", summary, dict(sorted(values.items())), evidence)


def _missing_points(ctx: Context, topic: str, stmts: dict[str, Statement]) -> Discrepancy | None:
    """A point of a clarification (a key of its value) that some books make and others do not."""
    if not all(isinstance(s.value, dict) for s in stmts.values()):
        return None
    keys_by_book = {bid: set(s.value) for bid, s in stmts.items()}  # type: ignore[arg-type]
    union = set.union(*keys_by_book.values())
    lacking = {k: sorted(b for b, ks in keys_by_book.items() if k not in ks) for k in union}
    lacking = {k: bs for k, bs in lacking.items() if bs}
    if not lacking:
        return None
    parts = []
    for k, bs in sorted(lacking.items()):
        makers = sorted(b for b in stmts if b not in bs)
        shown = V.show(stmts[makers[0]].value[k], 40)  # type: ignore[index]
        parts.append(f"'{k}' ({shown}) stated by {', '.join(ctx.lang(b) for b in makers)}, not by {', '.join(ctx.lang(b) for b in bs)}")
    summary = f"{topic}: " + "; ".join(parts)
    values = {bid: s.value for bid, s in sorted(stmts.items())}
    evidence = [Evidence(bid, s.fact.page, s.fact.quote) for bid, s in sorted(stmts.items())]
    return ctx.make(topic, "missing", summary, values, evidence, sev="info")


def _card(ctx: Context, topic: str) -> str:
    card = topic.split(".", 1)[1]
    return card if "/" in card else f"{ctx.edition}/{card}"


def _missing_clarifications(ctx: Context) -> list[Discrepancy]:
    """A card clarification (fact or section, aligned across books by card and position) that some
    books make and a book covering the same game parts does not."""
    out = []
    for cluster in alignment.clarification_clusters(ctx):
        covering = [b.id for b in ctx.books if covers(b, cluster.scope)]
        silent = [bid for bid in covering if bid not in cluster.members]
        if not silent:
            continue
        names = " / ".join(ctx.card_label(c) for c in cluster.cards)
        say = ", ".join(sorted(ctx.lang(b) for b in cluster.members))
        summary = f"the clarification of {names}: stated by {say}, not by {', '.join(sorted(ctx.lang(b) for b in silent))}"
        if cluster.scope:
            summary += f" [{'+'.join(sorted(cluster.scope))}]"
        values = {bid: m.card for bid, m in cluster.members.items()} | {bid: None for bid in silent}
        evidence = [Evidence(bid, m.page, m.quote) for bid, m in sorted(cluster.members.items())]
        evidence += [Evidence(bid, 0, "") for bid in sorted(silent)]
        topic = "clarification." + cluster.cards[0].split("/")[-1]
        out.append(ctx.make(topic, "missing", summary, dict(sorted(values.items())), evidence))
    return out
