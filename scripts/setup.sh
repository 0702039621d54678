#!/usr/bin/env bash
# Installs everything mkdb needs on a fresh Debian machine: system packages (Tesseract with the
# language data of the ten supported languages, Chromium for the report test, PostgreSQL for its
# tests), then a virtual environment with the project, its test dependencies and the postgres
# extra (psycopg 3). Safe to run again: it skips what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-spa tesseract-ocr-fra
  tesseract-ocr-ita tesseract-ocr-pol tesseract-ocr-por tesseract-ocr-ces tesseract-ocr-rus
  tesseract-ocr-ukr tesseract-ocr-script-latn tesseract-ocr-script-cyrl chromium fonts-dejavu-core postgresql gcc
  tesseract-ocr-nld tesseract-ocr-jpn tesseract-ocr-chi-sim tesseract-ocr-chi-tra tesseract-ocr-kor
  fonts-noto-cjk)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: missing system packages: ${missing[*]}" >&2
    echo "setup: not root; run: sudo apt-get install ${missing[*]}  (OCR, the HTML report test and the PostgreSQL tests need them)" >&2
  fi
fi

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.mkdb-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  log=.venv/pip-install.log
  echo "setup: installing Python packages into .venv (log: $log)" >&2
  if ! { .venv/bin/python -m pip install --upgrade pip && .venv/bin/python -m pip install -e '.[test,postgres]'; } >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    echo "setup: pip install failed; see $log" >&2
    exit 1
  fi
  touch "$stamp"
fi

# compile the simulation kernel now (numba caches it on disk) and build it ahead of time (gcc; engine/kernel_run.py),
# so `mkdb simulate` starts without compiling or importing numba
.venv/bin/python -c "from engine.kernel_run import warm; warm()"

# compile the language data (lemma tables, pymorphy3's answers for the shipped books) and the YAML sources
# into the user's cache, and byte-compile the modules (ingest/warm.py), so commands start without building them
.venv/bin/python -c "from ingest.warm import warm; warm()"

# compile the passage aligner's programme (checker/passages/compiled.py, numba's on-disk cache), so the first
# `mkdb diff` of many books does not pay ~10 s of compiling
.venv/bin/python -c "from checker.passages.align import warm; warm()"
