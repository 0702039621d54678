"""The CLI's verbs, one module per family; each only wires the stages together.

Why a verb imports its stage inside its function: `mkdb.cli` imports every command module to build
`--help`, so anything at the top of a command module is paid by every command, `mkdb --version`
included. Measured on the 2-core CI machine (`python -c "import X"`, wall): `mkdb.cli` as it is
0.10 s; `carddb.db` (SQLAlchemy, SQLModel) 0.56 s; `checker.diff` 0.70 s; `checker.impact.analysis`
0.78 s; `ingest.pipeline` 0.18 s; `engine.simulate` 0.16 s; openpyxl 0.30 s; matplotlib 1.0 s;
spaCy 1.7 s. So the stages load when their verb runs; what a command module needs for every verb
it defines (typer, the option types, mkdb.output) is imported at its top.

Below the verbs (issue 27, benchmarks/cold_start.py): `mkdb --version` is answered by the console
script (mkdb.main) before typer, pydantic and rich load; `mkdb diff` reads a SQLite file with sqlite3
alone (carddb.plain) and loads the simulator only for --impact; `mkdb ingest` writes a SQLite file with
sqlite3 alone (carddb.sqlite_store, the same rows as the ORM); a text-layer PDF is read without the
OCR page analysis (scipy, numba); the lemmatizers' data and the YAML sources are compiled once into the
user's cache (ingest.langdata, sources.cache). tests/cli/test_start_up.py checks what --version and
diff import.

The CLI itself: the console script builds only the module of the verb it runs (mkdb.cli.build, VERBS);
typer's option values are converted without Pydantic when plain (mkdb.coercion: ~0.15 s of CPU on any
verb with options, typer 0.2x); PyYAML loads only to parse a data file the compiled cache lacks.
"""
