# The two commands a new user needs: `make demo` and `make test`. Each installs what it needs first.
.PHONY: setup demo test lint bench

setup:
	bash scripts/setup.sh

demo: setup
	.venv/bin/mkdb build
	.venv/bin/mkdb rulebooks

test: setup
	OMP_THREAD_LIMIT=1 .venv/bin/python -m pytest

lint: setup
	.venv/bin/ruff check .

bench: setup
	.venv/bin/python benchmarks/cold_start.py
	.venv/bin/python benchmarks/ingest.py
	.venv/bin/python benchmarks/cards.py
	.venv/bin/python benchmarks/facts.py
	.venv/bin/python benchmarks/large_text.py
	.venv/bin/python benchmarks/diff.py
	.venv/bin/python benchmarks/db.py
	.venv/bin/python benchmarks/engine.py
