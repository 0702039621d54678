"""The CLI's verbs, one module per family; each only wires the stages together.

Why a verb imports its stage inside its function: `mkdb.cli` imports every command module to build
`--help`, so anything at the top of a command module is paid by every command, `mkdb --version`
included. Measured on the 2-core CI machine (`python -c "import X"`, wall): `mkdb.cli` as it is
0.10 s; `carddb.db` (SQLAlchemy, SQLModel) 0.56 s; `checker.diff` 0.70 s; `checker.impact.analysis`
0.78 s; `ingest.pipeline` 0.18 s; `engine.simulate` 0.16 s; openpyxl 0.30 s; matplotlib 1.0 s;
spaCy 1.7 s. So the stages load when their verb runs; what a command module needs for every verb
it defines (typer, the option types, mkdb.output) is imported at its top.
"""
