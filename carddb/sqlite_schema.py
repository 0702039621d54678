"""The SQLite schema of carddb.models as plain data: what `mkdb ingest` needs to write a SQLite file
with sqlite3 alone (carddb.sqlite_store), without importing SQLAlchemy.

GENERATED from carddb/models.py by `.venv/bin/python scripts/sqlite_schema.py` (carddb.schema.
sqlite_schema_source: SQLAlchemy's own CREATE statements and column types); do not edit.
tests/db/test_sqlite_store.py regenerates and compares it; carddb.sqlite_store uses it only while
MODELS_SHA256 is the hash of carddb/models.py (else `mkdb ingest` writes through the ORM)."""

MODELS_SHA256 = '212d9927bea3303e510c9857cbe5ef0bda2bede36145e9e966036ff73647ff8c'
SCHEMA_VERSION = 4

# create_all's statements for a new file, in its order
DDL = (
    '\nCREATE TABLE schemainfo (\n\tid INTEGER NOT NULL, \n\tversion INTEGER NOT NULL, \n\tcreated_at DATETIME NOT NULL, \n\tPRIMARY KEY (id)\n)\n\n',
    '\nCREATE TABLE rulebook (\n\tid VARCHAR NOT NULL, \n\tsource VARCHAR NOT NULL, \n\tsha256 VARCHAR NOT NULL, \n\tlang VARCHAR NOT NULL, \n\tedition VARCHAR NOT NULL, \n\texpansions JSON, \n\ttitle VARCHAR NOT NULL, \n\tpages INTEGER NOT NULL, \n\tingested_at DATETIME NOT NULL, \n\tidentification JSON, \n\tquality JSON, \n\twarnings JSON, \n\trevision INTEGER NOT NULL, \n\tPRIMARY KEY (id)\n)\n\n',
    'CREATE INDEX ix_rulebook_edition ON rulebook (edition)',
    'CREATE INDEX ix_rulebook_lang ON rulebook (lang)',
    'CREATE UNIQUE INDEX ix_rulebook_sha256 ON rulebook (sha256)',
    '\nCREATE TABLE revision (\n\tid INTEGER NOT NULL, \n\tbook VARCHAR NOT NULL, \n\tnumber INTEGER NOT NULL, \n\tsource VARCHAR NOT NULL, \n\tsha256 VARCHAR NOT NULL, \n\ttitle VARCHAR NOT NULL, \n\tpages INTEGER NOT NULL, \n\tingested_at DATETIME NOT NULL, \n\tsuperseded_at DATETIME, \n\tfacts JSON, \n\tsections JSON, \n\tPRIMARY KEY (id)\n)\n\n',
    'CREATE INDEX ix_revision_book ON revision (book)',
    '\nCREATE TABLE card (\n\tid VARCHAR NOT NULL, \n\tedition VARCHAR NOT NULL, \n\t"set" VARCHAR NOT NULL, \n\tkind VARCHAR NOT NULL, \n\tcolor VARCHAR, \n\ticon VARCHAR, \n\tactivation JSON, \n\tcost JSON, \n\tcopies INTEGER, \n\textra_copies JSON, \n\teffect JSON, \n\ttext VARCHAR NOT NULL, \n\tdata JSON, \n\tPRIMARY KEY (id)\n)\n\n',
    'CREATE INDEX ix_card_edition ON card (edition)',
    '\nCREATE TABLE sourcefile (\n\tpath VARCHAR NOT NULL, \n\tsha256 VARCHAR NOT NULL, \n\tPRIMARY KEY (path)\n)\n\n',
    '\nCREATE TABLE page (\n\tid INTEGER NOT NULL, \n\trulebook_id VARCHAR NOT NULL, \n\tnumber INTEGER NOT NULL, \n\t"offset" INTEGER NOT NULL, \n\ttext VARCHAR NOT NULL, \n\tmethod VARCHAR NOT NULL, \n\treason VARCHAR NOT NULL, \n\trepairs JSON, \n\twarnings JSON, \n\tPRIMARY KEY (id), \n\tFOREIGN KEY(rulebook_id) REFERENCES rulebook (id)\n)\n\n',
    'CREATE INDEX ix_page_rulebook_id ON page (rulebook_id)',
    '\nCREATE TABLE section (\n\tid INTEGER NOT NULL, \n\trulebook_id VARCHAR NOT NULL, \n\t"index" INTEGER NOT NULL, \n\theading VARCHAR NOT NULL, \n\ttopic VARCHAR NOT NULL, \n\tcard VARCHAR, \n\tpage INTEGER NOT NULL, \n\tstart INTEGER NOT NULL, \n\t"end" INTEGER NOT NULL, \n\ttext VARCHAR NOT NULL, \n\tscope VARCHAR NOT NULL, \n\tPRIMARY KEY (id), \n\tFOREIGN KEY(rulebook_id) REFERENCES rulebook (id)\n)\n\n',
    'CREATE INDEX ix_section_rulebook_id ON section (rulebook_id)',
    '\nCREATE TABLE fact (\n\tid INTEGER NOT NULL, \n\trulebook_id VARCHAR NOT NULL, \n\ttopic VARCHAR NOT NULL, \n\tvalue JSON, \n\tquote VARCHAR NOT NULL, \n\tpage INTEGER NOT NULL, \n\tstart INTEGER NOT NULL, \n\t"end" INTEGER NOT NULL, \n\tconfidence FLOAT NOT NULL, \n\textractor VARCHAR NOT NULL, \n\tscope VARCHAR NOT NULL, \n\tpassage VARCHAR NOT NULL, \n\tread JSON, \n\tPRIMARY KEY (id), \n\tFOREIGN KEY(rulebook_id) REFERENCES rulebook (id)\n)\n\n',
    'CREATE INDEX ix_fact_rulebook_id ON fact (rulebook_id)',
    'CREATE INDEX ix_fact_topic ON fact (topic)',
    '\nCREATE TABLE cardmention (\n\tid INTEGER NOT NULL, \n\trulebook_id VARCHAR NOT NULL, \n\tcard VARCHAR, \n\tsurface VARCHAR NOT NULL, \n\tpage INTEGER NOT NULL, \n\tstart INTEGER NOT NULL, \n\t"end" INTEGER NOT NULL, \n\tscore FLOAT NOT NULL, \n\tPRIMARY KEY (id), \n\tFOREIGN KEY(rulebook_id) REFERENCES rulebook (id)\n)\n\n',
    'CREATE INDEX ix_cardmention_card ON cardmention (card)',
    'CREATE INDEX ix_cardmention_rulebook_id ON cardmention (rulebook_id)',
    '\nCREATE TABLE cardname (\n\tid INTEGER NOT NULL, \n\tcard_id VARCHAR NOT NULL, \n\tlang VARCHAR NOT NULL, \n\tname VARCHAR NOT NULL, \n\tsource VARCHAR NOT NULL, \n\tvariant_of VARCHAR, \n\tPRIMARY KEY (id), \n\tFOREIGN KEY(card_id) REFERENCES card (id)\n)\n\n',
    'CREATE INDEX ix_cardname_card_id ON cardname (card_id)',
    'CREATE INDEX ix_cardname_lang ON cardname (lang)',
    'CREATE INDEX ix_cardname_name ON cardname (name)',
)

# each table's columns and their declared types, in the tables' order
COLUMNS = {
    'card': (('id', 'VARCHAR'), ('edition', 'VARCHAR'), ('set', 'VARCHAR'), ('kind', 'VARCHAR'), ('color', 'VARCHAR'), ('icon', 'VARCHAR'), ('activation', 'JSON'), ('cost', 'JSON'), ('copies', 'INTEGER'), ('extra_copies', 'JSON'), ('effect', 'JSON'), ('text', 'VARCHAR'), ('data', 'JSON')),
    'revision': (('id', 'INTEGER'), ('book', 'VARCHAR'), ('number', 'INTEGER'), ('source', 'VARCHAR'), ('sha256', 'VARCHAR'), ('title', 'VARCHAR'), ('pages', 'INTEGER'), ('ingested_at', 'DATETIME'), ('superseded_at', 'DATETIME'), ('facts', 'JSON'), ('sections', 'JSON')),
    'rulebook': (('id', 'VARCHAR'), ('source', 'VARCHAR'), ('sha256', 'VARCHAR'), ('lang', 'VARCHAR'), ('edition', 'VARCHAR'), ('expansions', 'JSON'), ('title', 'VARCHAR'), ('pages', 'INTEGER'), ('ingested_at', 'DATETIME'), ('identification', 'JSON'), ('quality', 'JSON'), ('warnings', 'JSON'), ('revision', 'INTEGER')),
    'schemainfo': (('id', 'INTEGER'), ('version', 'INTEGER'), ('created_at', 'DATETIME')),
    'sourcefile': (('path', 'VARCHAR'), ('sha256', 'VARCHAR')),
    'cardmention': (('id', 'INTEGER'), ('rulebook_id', 'VARCHAR'), ('card', 'VARCHAR'), ('surface', 'VARCHAR'), ('page', 'INTEGER'), ('start', 'INTEGER'), ('end', 'INTEGER'), ('score', 'FLOAT')),
    'cardname': (('id', 'INTEGER'), ('card_id', 'VARCHAR'), ('lang', 'VARCHAR'), ('name', 'VARCHAR'), ('source', 'VARCHAR'), ('variant_of', 'VARCHAR')),
    'fact': (('id', 'INTEGER'), ('rulebook_id', 'VARCHAR'), ('topic', 'VARCHAR'), ('value', 'JSON'), ('quote', 'VARCHAR'), ('page', 'INTEGER'), ('start', 'INTEGER'), ('end', 'INTEGER'), ('confidence', 'FLOAT'), ('extractor', 'VARCHAR'), ('scope', 'VARCHAR'), ('passage', 'VARCHAR'), ('read', 'JSON')),
    'page': (('id', 'INTEGER'), ('rulebook_id', 'VARCHAR'), ('number', 'INTEGER'), ('offset', 'INTEGER'), ('text', 'VARCHAR'), ('method', 'VARCHAR'), ('reason', 'VARCHAR'), ('repairs', 'JSON'), ('warnings', 'JSON')),
    'section': (('id', 'INTEGER'), ('rulebook_id', 'VARCHAR'), ('index', 'INTEGER'), ('heading', 'VARCHAR'), ('topic', 'VARCHAR'), ('card', 'VARCHAR'), ('page', 'INTEGER'), ('start', 'INTEGER'), ('end', 'INTEGER'), ('text', 'VARCHAR'), ('scope', 'VARCHAR')),
}

# every table and index the schema has
OBJECTS = frozenset({
    'card',
    'cardmention',
    'cardname',
    'fact',
    'ix_card_edition',
    'ix_cardmention_card',
    'ix_cardmention_rulebook_id',
    'ix_cardname_card_id',
    'ix_cardname_lang',
    'ix_cardname_name',
    'ix_fact_rulebook_id',
    'ix_fact_topic',
    'ix_page_rulebook_id',
    'ix_revision_book',
    'ix_rulebook_edition',
    'ix_rulebook_lang',
    'ix_rulebook_sha256',
    'ix_section_rulebook_id',
    'page',
    'revision',
    'rulebook',
    'schemainfo',
    'section',
    'sourcefile',
})
