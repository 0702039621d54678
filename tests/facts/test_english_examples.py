"""Worked examples in English, in two of the ways English rulebooks print them (a paragraph opened
by "Example:", a numbered list of steps with "Player A"), extracted and replayed on the engine."""

from __future__ import annotations

from pathlib import Path

from checker.impact.replay import replay_books
from checker.model import BookIn, FactIn
from ingest.pipeline import analyse

PARAGRAPH = """MACHI KORO

SETUP
Each player begins with 3 coins from the bank.

PAYING OTHER PLAYERS
If you owe coins and cannot pay it all, pay what you can.

Example: Ezra rolls a “3.” Tomoko has 1 Café and Gabrielle has 2 Cafés. Ezra owes 3 coins but only has 2 coins. Ezra pays 2 coins to Gabrielle and nothing to Tomoko.

WINNING THE GAME
The first player to build all four of their landmarks wins the game.
"""

STEPS = """MACHI KORO

SETUP
Each player begins with 3 coins from the bank.

ACTIVATION ORDER
Example:
1) Player A rolls a “3”. Player A has only 1 coin.
2) Player B owns 1 Café, so Player A pays Player B 1 coin.
3) Player A then gets 1 coin from the bank for the Bakery.

WINNING THE GAME
The first player to build all four of their landmarks wins the game.
"""


def _examples(tmp_path: Path, text: str) -> tuple[BookIn, list[FactIn]]:
    path = tmp_path / "book.txt"
    path.write_text(text, encoding="utf-8")
    book = analyse(path, "0" * 64)
    facts = [FactIn(f.topic, f.value, f.quote, f.page, f.start, f.end, f.confidence, f.extractor, f.scope, f.passage, f.read)
             for f in book.facts]
    b = BookIn(id="en-mk1-test", lang="en", edition=book.ident.edition, facts=facts)
    return b, [f for f in facts if f.topic.startswith("example.")]


def test_paragraph_example(tmp_path):
    book, examples = _examples(tmp_path, PARAGRAPH)
    assert len(examples) == 1 and examples[0].passage == "example"
    v = examples[0].value
    assert v["roll"] == 3 and v["roller"] == "Ezra" and v["owns"]["Gabrielle"] == {"mk1/cafe": 2}
    assert v["payments"][0] == {"from": "Ezra", "to": "Gabrielle", "amount": 2}
    assert [r.status for r in replay_books([book])] == ["consistent"]


def test_numbered_steps_example_replays(tmp_path):
    book, examples = _examples(tmp_path, STEPS)
    assert len(examples) == 1
    v = examples[0].value
    assert v["roll"] == 3 and v["roller"] == "A" and v["owns"] == {"B": {"mk1/cafe": 1}}
    assert [r.status for r in replay_books([book])] == ["consistent"]
