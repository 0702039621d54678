"""The market of a game: what is on show (stacks, or rows refilled from shuffled decks), taking
and returning cards, and what a player pays for a card now (landmark prices, discounts, limits).
A part of GameState (engine/game.py), kept apart by job."""

from __future__ import annotations

from typing import Any

from engine.phases import Action
from engine.table import SetupError


class Market:
    """GameState's market methods (its fields are GameState's)."""

    __slots__ = ()
    t: Any
    rules: Any
    supply: list[int]
    decks: list[list[int]]
    rows: list[dict[int, int]]
    built: list[list[int]]
    est: list[list[int]]
    lmc: list[int]
    owners: list[int]
    coins: list[int]

    def market(self) -> dict[str, int]:
        ids = self.t.ids
        if self.rows:
            shown: dict[str, int] = {}
            for row in self.rows:
                for ci, n in row.items():
                    shown[ids[ci]] = n
            for ci, n in enumerate(self.supply):
                if n:
                    shown[ids[ci]] = n
            return shown
        return {ids[ci]: n for ci, n in enumerate(self.supply) if n}

    def _refill(self) -> None:
        for row, deck, (_deck, size) in zip(self.rows, self.decks, self.t.rows, strict=True):
            while deck and len(row) < size:
                ci = deck.pop()
                row[ci] = row.get(ci, 0) + 1

    def available(self, ci: int) -> int:
        n = self.supply[ci]
        for row in self.rows:
            n += row.get(ci, 0)
        return n

    def _take_from_market(self, ci: int) -> None:
        if self.supply[ci]:
            self.supply[ci] -= 1
            return
        for row in self.rows:
            if ci in row:
                if row[ci] > 1:
                    row[ci] -= 1
                else:
                    del row[ci]
                return
        raise SetupError(f"{self.name(ci)}: not in the market")

    def return_to_market(self, ci: int) -> None:
        for r, cards in enumerate(self.t.row_cards):
            if ci in cards:
                row = self.rows[r]
                if ci in row:
                    row[ci] += 1
                else:
                    self.decks[r].insert(0, ci)
                    self._refill()
                return
        self.supply[ci] += 1

    def price(self, p: int, ci: int, shown: bool = False) -> int | None:
        """What player p pays for card ci now, or None if they may not build it
        (`shown`: the caller knows the card is in the market)."""
        t = self.t
        card = t.cards[ci]
        if card.landmark:
            if self.built[p][ci]:
                return None
            if t.landmark_market and not shown and not self.available(ci):
                return None
            idx = self.lmc[p] if self.rules.cost_by_count else 0
            if idx >= len(card.cost):
                return None
            cost = card.cost[idx]
            if cost is None:
                return None
            for rule in t.restrictions.get(ci, ()):
                if rule == "sole_player_without_landmarks":
                    if self.lmc[p] or any(not self.lmc[q] for q in range(t.n) if q != p):
                        self.fire(ci)
                        return None
        else:
            if not shown and not self.available(ci):
                return None
            lim = self.rules.major_limit
            if card.major and lim is not None and self.est[p][ci] >= lim:
                return None
            cost = card.cost[0] or 0
        for src, amount, everyone in t.cost_changes_for[ci]:
            if everyone:
                if not self.owners[src]:
                    continue
            elif not self.built[p][src]:
                continue
            cost = max(0, cost + amount)
            self.fire(src)
        return cost

    def _build_options(self, p: int) -> list[Action]:
        """Pass, then every card p may build now, by card index. Cards whose cheapest possible
        price (Table.min_cost) is above p's coins are not priced; nor are cards whose price
        nothing changes (Table.plain_cost)."""
        t = self.t
        coins = self.coins[p]
        supply = self.supply  # stacks (cards in no market row; after a return, any card)
        cand = [ci for ci, k in enumerate(supply) if k] if any(supply) else []
        for row in self.rows:
            cand += row  # the cards on show in the row
        if not t.landmark_market:
            built = self.built[p]
            cand += [ci for ci in t.landmarks if not built[ci]]
        cand.sort()
        low, plain, acts = t.min_cost, t.plain_cost, t.build_actions
        opts: list[Action] = [("pass",)]
        for ci in cand:
            if low[ci] > coins:
                continue
            price = plain[ci]
            if price is None:
                price = self.price(p, ci, shown=True)
                if price is None:
                    continue
            if price <= coins:
                opts.append(acts[ci])
        return opts
