"""Fixtures of the card tests: a small rules_sources tree in the format of the real one, and a database built from it."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

EFFECTS = """\
version: 1
triggers:
  activation: {meaning: "the roll matches"}
  ongoing: {meaning: "always"}
actions:
  gain: {type: int}
  take: {type: int}
  income_bonus: {type: int}
conditions:
  requires_landmark: {type: card_id}
multipliers:
  per_icon: {type: icon}
parameters:
  from: {type: enum, values: [bank, active_player]}
  for_icons: {type: "list[icon]"}
icons:
  mk1: [wheat, bread, cup, gear, landmark]
  mk2: [wheat, bread, cup, gear, landmark]
"""

MK1 = """\
edition: mk1
cards:
  - id: wheat_field
    name: Wheat Field
    kind: establishment
    color: blue
    icon: wheat
    activation: [1]
    cost: 1
    copies: 6
    effect:
      - {gain: 1, from: bank}
    text: Get 1 coin from the bank on anyone's roll of 1.
  - id: cafe
    name: Cafe
    kind: establishment
    color: red
    icon: cup
    activation: [3]
    cost: 2
    copies: 6
    effect:
      - {take: 1, from: active_player}
    text: Take 1 coin from the active player.
  - id: shopping_mall
    name: Shopping Mall
    kind: landmark
    color: landmark
    icon: landmark
    cost: 10
    copies: 1
    effect:
      - {trigger: ongoing, income_bonus: 1, for_icons: [cup, bread]}
    text: Your cup and bread establishments earn 1 more.
  - id: dice_maker
    name: Dice Maker
    kind: establishment
    color: green
    icon: gear
    activation: [4]
    cost: 3
    copies: 6
    effect:
      - {gain: 2, from: bank, requires_landmark: shopping_mall}
    text: Get 2 coins if you have the Shopping Mall.
"""

MK2 = """\
edition: mk2
cards:
  - id: wheat_field
    name: Wheat Field
    kind: establishment
    color: blue
    icon: wheat
    activation: [1, 2]
    cost: 1
    copies: 5
    effect:
      - {gain: 1, from: bank}
    text: Get 1 coin.
  - id: cafe
    name: Cafe
    kind: establishment
    color: red
    icon: cup
    activation: [3]
    cost: 1
    copies: 5
    effect:
      - {take: 2, from: active_player}
    text: Take 2 coins from the active player.
  - id: bakery
    name: Bakery
    kind: establishment
    color: green
    icon: bread
    activation: [2, 3]
    cost: 1
    copies: 5
    effect:
      - {gain: 2, from: bank}
    text: Get 2 coins.
  - id: city_hall
    name: City Hall
    kind: landmark
    color: landmark
    icon: landmark
    cost: [12, 16, 22]
    copies: 1
    effect:
      - {trigger: ongoing, income_bonus: 1, for_icons: [bread]}
    text: Bread establishments earn 1 more.
"""

NAMES = {
    "en": """\
mk1/wheat_field: [{name: Wheat Field, source: test}]
mk2/wheat_field: [{name: Wheat Field, source: test}]
mk1/cafe: [{name: Cafe, source: test}, {name: Café, source: test, variant_of: Cafe}]
mk2/cafe: [{name: Cafe, source: test}]
mk2/bakery: [{name: Bakery, source: test}]
mk1/shopping_mall: [{name: Shopping Mall, source: test}]
mk1/dice_maker: [{name: Dice Maker, source: test}]
mk2/city_hall: [{name: City Hall, source: test}]
""",
    "de": """\
mk1/wheat_field: [{name: Weizenfeld, source: test}]
mk1/cafe: [{name: Café, source: test}]
mk2/bakery: [{name: Bäckerei, source: test}]
mk1/dice_maker: [{name: Würfelfabrik, source: test}]
mk2/city_hall: [{name: Großes Rathaus, source: test}]
""",
    "uk": """\
mk2/cafe: [{name: "Кав'ярня", source: test}, {name: "Кав'ярні", source: test, variant_of: "Кав'ярня"}]
mk2/bakery: [{name: Пекарня, source: test}]
mk2/wheat_field: [{name: Пшеничне поле, source: test}]
""",
    "cs": """\
mk2/cafe: [{name: Kavárna, source: test}]
mk1/cafe: [{name: Kavárna, source: test}]
mk2/bakery: [{name: Pekárna, source: test}]
""",
    "es": """\
mk1/cafe: [{name: Cafetería, source: test}]
mk2/wheat_field: [{name: Campo de trigo, source: test}]
""",
}


def write_sources(root: Path, *, mk1: str = MK1, mk2: str = MK2, effects: str = EFFECTS, names: dict[str, str] | None = None) -> Path:
    """A rules_sources/ tree under `root` (returned) in the format of the project's real one."""
    src = root / "rules_sources"
    (src / "cards").mkdir(parents=True, exist_ok=True)
    (src / "cards" / "effects.yaml").write_text(effects, encoding="utf-8")
    (src / "cards" / "mk1.yaml").write_text(mk1, encoding="utf-8")
    (src / "cards" / "mk2.yaml").write_text(mk2, encoding="utf-8")
    for lang, text in (NAMES if names is None else names).items():
        (src / "lang" / lang).mkdir(parents=True, exist_ok=True)
        (src / "lang" / lang / "names.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    return root


def build_db(root: Path, db_path: Path) -> Path:
    """A database with the catalog of `root`, as `mkdb build` makes it (catalog part)."""
    from sqlmodel import Session

    from carddb.catalog import load_catalog
    from carddb.db import open_db

    engine = open_db(str(db_path))
    with Session(engine) as session:
        load_catalog(session, root)
        session.commit()
    engine.dispose()
    return db_path


@pytest.fixture
def sources(tmp_path: Path) -> Callable[..., Path]:
    """Factory: write a (possibly broken) source tree into a fresh folder."""
    counter = iter(range(1000))

    def make(**kwargs: str) -> Path:
        return write_sources(tmp_path / f"src{next(counter)}", **kwargs)

    return make


@pytest.fixture(scope="session")
def fixture_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_sources(tmp_path_factory.mktemp("cards-src"))


@pytest.fixture(scope="session")
def fixture_db(tmp_path_factory: pytest.TempPathFactory, fixture_root: Path) -> Path:
    """cards.sqlite built from the fixture sources (named cards.sqlite like the real one)."""
    return build_db(fixture_root, tmp_path_factory.mktemp("cards-db") / "cards.sqlite")


@pytest.fixture(scope="session")
def catalog(fixture_db: Path):  # noqa: ANN201 - carddb.Catalog
    from carddb import Catalog

    return Catalog.open(str(fixture_db))


class Texts:
    """The fixture texts and helpers, for tests (test modules cannot import conftest in importlib mode)."""

    MK1 = MK1
    MK2 = MK2
    NAMES = NAMES
    build_db = staticmethod(build_db)

    @staticmethod
    def line_no(text: str, needle: str, occurrence: int = 1) -> int:
        """1-based line of the n-th line containing `needle`."""
        hits = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
        return hits[occurrence - 1]


@pytest.fixture(scope="session")
def texts() -> type[Texts]:
    return Texts
