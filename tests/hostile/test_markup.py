"""Rich markup in titles and file names is printed as it is, by every command that shows them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hostile_helpers import mkdb

TITLE = "[/x] [red]K"
SOURCE = "notes[red].txt"


def _hostile_book(db: Path) -> str:
    """One rulebook of the copy renamed to markup; returns its id."""
    con = sqlite3.connect(db)
    with con:
        rb_id = con.execute("SELECT id FROM rulebook WHERE edition = 'mk2' ORDER BY id LIMIT 1").fetchone()[0]
        con.execute("UPDATE rulebook SET title = ?, source = ? WHERE id = ?", (TITLE, SOURCE, rb_id))
        con.execute("UPDATE fact SET quote = ? WHERE rulebook_id = ? AND id = (SELECT MIN(id) FROM fact WHERE rulebook_id = ?)",
                    ("[/x] quote [bold]", rb_id, rb_id))
    con.close()
    return rb_id


def test_markup_in_title_and_file_name_is_printed_as_is(db: Path) -> None:
    rb_id = _hostile_book(db)
    listing = mkdb("rulebooks", "--db", str(db))
    assert listing.code == 0, listing.err
    assert TITLE in listing.out and SOURCE in listing.out
    show = mkdb("show", rb_id, "--db", str(db))
    assert show.code == 0, show.err
    assert f"({SOURCE})" in show.out
    facts = mkdb("facts", rb_id, "--db", str(db))
    assert facts.code == 0, facts.err
    assert "[/x] quote [bold]" in facts.out
    mentions = mkdb("mentions", rb_id, "--db", str(db))
    assert mentions.code == 0, mentions.err
    rules = mkdb("rules", "mk2", "--rulebook", rb_id, "--db", str(db))
    assert rules.code == 0, rules.err
    assert "Traceback" not in listing.err + show.err + facts.err + mentions.err + rules.err
