"""The Table: a RuleSet and a compiled catalog joined once into lookup tables the game loop reads
(which cards a roll activates, where income bonuses and cost changes come from, which effects fire
at which moment). Built once per (rules, sets, players) and shared by every game and clone."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.catalog import CardDef, load_catalog
from engine.rules import RuleSet

DEFAULT_SETS = {"mk1": ("base",), "mk2": ("base",)}


AFTER_ACTIVATION = "after_activation"  # in Table.income_order: the landmark step's effects go here


class SetupError(ValueError):
    """A game that cannot be set up (bad player count, unknown set or card)."""


@dataclass(frozen=True)
class Hook:
    """Steps of one card that fire at one moment (dice choice, before build, end of turn...)."""

    card: int
    steps: tuple[dict[str, Any], ...]
    all_players: bool
    landmark: bool = False


class Table:
    """Everything static about a game: rules, cards, and indexes derived from both."""

    def __init__(self, rules: RuleSet, cards: tuple[CardDef, ...], players: int) -> None:
        self.rules = rules
        self.cards = cards
        self.n = players
        self.by_id = {c.id: c for c in cards}
        self.ids = [c.id for c in cards]
        self.size = len(cards)
        self.establishments = [c.index for c in cards if not c.landmark]
        self.landmarks = [c.index for c in cards if c.landmark and not c.starting]
        self.starting_landmarks = [c.index for c in cards if c.landmark and c.starting]
        self.landmark_market = bool(rules.market_rows) and any(d == "landmark" for d, _ in rules.market_rows)
        self.to_win = (rules.landmarks_to_win if rules.landmarks_to_win is not None
                       else len(self.landmarks))
        # activation: roll total -> establishment indexes
        top = max([a for c in cards for a in c.activation] + [14])
        self.by_number: list[list[int]] = [[] for _ in range(top + 1)]
        for c in cards:
            if not c.landmark and c.steps("activation"):
                for a in c.activation:
                    self.by_number[a].append(c.index)
        self.colour_step = {col: rules.step_of(col) for col in ("red", "blue", "green", "purple", "landmark")}
        self.icon_cards: dict[str, tuple[int, ...]] = {}
        for c in cards:
            if not c.landmark:
                self.icon_cards.setdefault(c.icon, ())
                self.icon_cards[c.icon] += (c.index,)
        # hooks by trigger
        self.hooks: dict[str, list[Hook]] = {}
        for trig in ("dice_choice", "after_activation", "before_build", "end_of_turn", "invalid_roll"):
            self.hooks[trig] = [Hook(c.index, c.steps(trig), c.applies_to_all(trig), c.landmark)
                                for c in cards if c.steps(trig)]
        # no-income checks come after every other after-roll effect (they ask about the whole turn)
        self.hooks["after_activation"].sort(
            key=lambda h: any("if_no_income" in s for s in h.steps))
        self.income_bonus: dict[str, list[tuple[int, int, bool]]] = {}
        self.cost_changes: list[tuple[int, int, str | None, str | None, bool]] = []
        self.restrictions: dict[int, list[str]] = {}
        for c in cards:
            for s in c.steps("ongoing"):
                everyone = s.get("applies_to") == "all_players"
                if "income_bonus" in s:
                    for icon in _as_list(s.get("for_icons")):
                        self.income_bonus.setdefault(icon, []).append((c.index, int(s["income_bonus"]), everyone))
                if "cost_change" in s:
                    self.cost_changes.append((c.index, int(s["cost_change"]), s.get("for_card"),
                                              s.get("for_kind"), everyone))
                if "restrict_build" in s:
                    self.restrictions.setdefault(c.index, []).append(str(s["restrict_build"]))
        # income bonuses an establishment's activation can get (none for landmarks)
        self.bonus_for: list[list[tuple[int, int, bool]]] = [
            [] if c.landmark else self.income_bonus.get(c.icon, []) for c in cards]
        # cost changes that can touch each card: (source landmark, amount, for everyone)
        self.cost_changes_for: list[list[tuple[int, int, bool]]] = [[] for _ in cards]
        for src, amount, for_card, for_kind, everyone in self.cost_changes:
            for c in cards:
                if for_card is not None and str(for_card).split("/")[-1] != c.id:
                    continue
                if for_kind is not None and (for_kind == "landmark") != c.landmark:
                    continue
                self.cost_changes_for[c.index].append((src, amount, everyone))
        # the lowest price any discount could bring a card to (cheap filter for build options)
        self.min_cost = []
        for c in cards:
            known = [v for v in c.cost if v is not None] or [0]
            cut = sum(a for _s, a, _e in self.cost_changes_for[c.index] if a < 0)
            self.min_cost.append(max(0, min(known) + cut))
        # establishments whose price no rule or card changes (build options skip price())
        self.plain_cost: list[int | None] = [
            (c.cost[0] or 0) if not c.landmark and not self.cost_changes_for[c.index]
            and not (c.major and rules.major_limit is not None) else None for c in cards]
        self.build_actions = [("build", c.id) for c in cards]
        self.dice_actions = [("dice", k) for k in sorted(set(rules.dice_choices))]  # no card changes them
        # income plan: roll -> per activation step (colours, opponents first?, active last?, cards)
        self.income_plan: list[list[tuple[bool, bool, bool, list[tuple[int, str]]]]] = []
        for roll in range(len(self.by_number)):
            plan = []
            for step in rules.activation_steps:
                colours = [c for c in step if c != "landmark"]
                opp_first = any(rules.when.get(c) == "opponents_turn" for c in colours)
                mixed = opp_first and any(rules.when.get(c) != "opponents_turn" for c in colours)
                hits = [(ci, rules.when.get(cards[ci].colour, "any_turn")) for ci in self.by_number[roll]
                        if cards[ci].colour in colours]
                plan.append(("landmark" in step, opp_first, mixed, hits))
            self.income_plan.append(plan)
        # the same plan unrolled per active seat, so a roll walks one list: AFTER_ACTIVATION where
        # the landmark step falls, else (owner, card, steps) for each card of the roll that acts on
        # that owner's turn (activation.when), owners in payment order (activation order)
        self.income_order: list[list[list[Any]]] = [
            [self._income_order(roll, a) for a in range(players)] for roll in range(len(self.income_plan))]
        for sc in rules.starting_cards:
            if sc not in self.by_id:
                raise SetupError(f"setup.starting_cards: card {sc!r} is not in the {rules.edition} catalog")
        self.starting_cards = [self.by_id[sc].index for sc in rules.starting_cards]
        # market: which row each supply card belongs to
        self.rows: list[tuple[str, int]] = list(rules.market_rows or ())
        self.row_cards: list[list[int]] = [[] for _ in self.rows]
        self.stack_cards: list[int] = []
        for c in cards:
            if c.supply <= 0 or (c.landmark and not self.landmark_market):
                continue
            placed = False
            for r, (deck, _size) in enumerate(self.rows):
                if _row_takes(deck, c):
                    self.row_cards[r].append(c.index)
                    placed = True
                    break
            if not placed:
                self.stack_cards.append(c.index)

    def _income_order(self, roll: int, a: int) -> list[Any]:
        """What roll `roll` activates when seat `a` rolled, in order (see income_order)."""
        n = self.n
        ccw = self.rules.counterclockwise
        out: list[Any] = []
        for has_landmark, opp_first, mixed, hits in self.income_plan[roll]:
            if has_landmark:
                out.append(AFTER_ACTIVATION)
            if opp_first:  # red owners from the roller's right (or left), the roller last if mixed
                seats = [(a - k) % n if ccw else (a + k) % n for k in range(1, n)] + ([a] if mixed else [])
            else:
                seats = [(a + k) % n for k in range(n)]
            for p in seats:
                own = p == a
                for ci, when in hits:
                    if (when == "own_turn" and not own) or (when == "opponents_turn" and own):
                        continue
                    out.append((p, ci, self.cards[ci].steps("activation")))
        return out

    def describe(self) -> dict[str, Any]:
        return {"edition": self.rules.edition, "players": self.n, "cards": len(self.cards),
                "landmarks_to_win": self.to_win, "rows": self.rows}


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def _row_takes(deck: str, card: CardDef) -> bool:
    if deck == "landmark":
        return card.landmark
    if card.landmark:
        return False
    if deck in ("establishment", "all", "any"):
        return True
    return card.deck == deck


_TABLES: dict[tuple[Any, ...], Table] = {}


def make_table(rules: RuleSet, players: int, sets: tuple[str, ...] | None = None) -> Table:
    """Cached Table for these rules, sets and player count."""
    use_sets = tuple(sorted(sets)) if sets is not None else DEFAULT_SETS[rules.edition]
    top = rules.max_players
    info = rules.facts.get("setup.players")
    if isinstance(info, dict):
        for s in use_sets:
            top = max(top, int(info.get(f"max_with_{s}", top)))
    if not rules.min_players <= players <= top:
        raise SetupError(f"players: {players} is outside {rules.min_players}-{top} "
                         f"for {rules.edition} with sets {', '.join(use_sets)} under these rules")
    key = (rules.fingerprint(), players, use_sets)
    table = _TABLES.get(key)
    if table is None:
        cards = load_catalog(rules.edition, use_sets)
        if not cards:
            raise SetupError(f"sets {use_sets}: no {rules.edition} cards in the catalog")
        table = Table(rules, cards, players)
        if len(_TABLES) > 64:
            _TABLES.clear()
        _TABLES[key] = table
    return table
