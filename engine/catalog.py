"""The card catalog compiled for play: the validated records of sources.catalog (structured
effects in the vocabulary of effects.yaml) turned into small immutable CardDef objects. Nothing
here knows a card by name: behaviour comes from the effect steps alone."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from sources import SourceError
from sources.catalog import cards as catalog_cards

TRIGGERS = ("activation", "on_build", "dice_choice", "after_activation", "before_build",
            "end_of_turn", "ongoing", "invalid_roll")
ACTIONS = ("gain", "take", "take_half_rounded_down", "take_all", "pay", "redistribute_coins",
           "extra_turn", "win_game", "close_for_renovation", "return_to_market", "invest",
           "demolish_landmark", "give_establishment", "swap_establishment",
           "activate_own_establishment", "choose", "income_bonus", "cost_change", "restrict_build",
           "allow_dice", "reroll", "add_to_roll", "roll_dice_keep")


CatalogError = SourceError  # a card record the engine cannot play: the floor's one error type


@dataclass(frozen=True)
class CardDef:
    """One card type as the engine sees it."""

    id: str                      # short id within the edition, e.g. "cafe"
    index: int
    set: str
    landmark: bool
    starting: bool               # starting landmark / pre-built (never counts as built)
    major: bool                  # purple "major establishment"
    colour: str                  # red|blue|green|purple|landmark
    icon: str
    activation: tuple[int, ...]
    cost: tuple[int | None, ...]  # one cost, or one per landmark count (MK2)
    supply: int                  # copies in the supply / market decks
    deck: str                    # "1-6" | "7-12" | "major" | "landmark" | ...
    triggers: dict[str, tuple[dict[str, Any], ...]]  # trigger -> steps in order
    record: dict[str, Any]

    def steps(self, trigger: str) -> tuple[dict[str, Any], ...]:
        return self.triggers.get(trigger, ())

    def applies_to_all(self, trigger: str) -> bool:
        return any(s.get("applies_to") == "all_players" for s in self.steps(trigger))


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def _copies(record: dict[str, Any]) -> int:
    detail = record.get("copies_detail")
    if isinstance(detail, dict) and "supply" in detail:
        return int(detail["supply"])
    if record.get("kind") in ("starting_landmark",):
        return 0
    c = record.get("copies", 0)
    if isinstance(c, dict):
        return int(c.get("supply", c.get("market", c.get("total", 0))) or 0)
    return int(c or 0)


def _derive_deck(kind_landmark: bool, major: bool, activation: tuple[int, ...]) -> str:
    if kind_landmark:
        return "landmark"
    if major:
        return "major"
    return "1-6" if activation and min(activation) <= 6 else "7-12"


def compile_card(record: dict[str, Any], index: int, where: str = "catalog") -> CardDef:
    cid = str(record["id"]).split("/")[-1]
    kinds = [str(k) for k in _as_list(record.get("kind"))]
    landmark = any("landmark" in k for k in kinds)
    start = record.get("starting")
    starting = bool(landmark and (
        (isinstance(start, dict) and start.get("state") == "built")
        or start is True or record.get("pre_built") or "starting_landmark" in kinds))
    colour = str(record.get("color") or ("landmark" if landmark else ""))
    icon = str(record.get("icon") or ("landmark" if landmark else ""))
    major = colour == "purple" or any("major" in k for k in kinds)
    activation = tuple(int(a) for a in _as_list(record.get("activation")))
    cost_raw = record.get("cost", 0)
    cost = tuple(None if c is None else int(c) for c in _as_list(cost_raw)) or (0,)
    default_trigger = "ongoing" if landmark else "activation"
    triggers: dict[str, list[dict[str, Any]]] = {}
    for step in _as_list(record.get("effect")):
        if not isinstance(step, dict):
            raise CatalogError(f"{where}: {cid}: effect step is not a mapping: {step!r}")
        trig = step.get("trigger", default_trigger)
        if trig not in TRIGGERS:
            raise CatalogError(f"{where}: {cid}: unknown trigger {trig!r}")
        if not any(a in step for a in ACTIONS):
            raise CatalogError(f"{where}: {cid}: effect step without an action: {step!r}")
        triggers.setdefault(trig, []).append(dict(step))
    deck = str(record.get("deck") or _derive_deck(landmark, major, activation))
    return CardDef(
        id=cid, index=index, set=str(record.get("set", "base")), landmark=landmark, starting=starting,
        major=major and not landmark, colour=colour, icon=icon, activation=activation, cost=cost,
        supply=_copies(record), deck=deck, triggers={k: tuple(v) for k, v in triggers.items()},
        record=record,
    )


def load_records(edition: str, root: Path | None = None) -> list[dict[str, Any]]:
    """The validated card records of one edition (sources.catalog), in file order, each with its
    short id ("cafe") as the engine names cards; `root` is a sources folder (default: sources.root())."""
    records = [dict(rec, id=card_id.split("/", 1)[1])
               for card_id, rec in catalog_cards(root).items() if rec["edition"] == edition]
    if not records:
        raise CatalogError(f"no card catalog for edition {edition!r}")
    return records


@lru_cache(maxsize=16)
def _cached(edition: str, sets: tuple[str, ...] | None, root: str | None) -> tuple[CardDef, ...]:
    recs = load_records(edition, Path(root) if root else None)
    return compile_records(recs, sets, where=f"{edition}.yaml")


def compile_records(records: list[dict[str, Any]], sets: tuple[str, ...] | None = None,
                    where: str = "catalog") -> tuple[CardDef, ...]:
    out: list[CardDef] = []
    for rec in records:
        if sets is not None and str(rec.get("set", "base")) not in sets:
            continue
        if rec.get("status") == "incomplete" or rec.get("playable") is False:
            continue
        out.append(compile_card(rec, len(out), where))
    return tuple(out)


def load_catalog(edition: str, sets: tuple[str, ...] | None = None,
                 root: Path | None = None) -> tuple[CardDef, ...]:
    """Compiled cards of `edition` restricted to `sets` (None = every set in the file)."""
    return _cached(edition, tuple(sorted(sets)) if sets is not None else None,
                   str(root) if root else None)
