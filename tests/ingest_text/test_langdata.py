"""The compiled language data (ingest.langdata) and the compiled YAML (sources.cache) answer exactly
what the sources they were built from answer, and a changed source is never answered from an old build."""

from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ingest import langdata
from ingest.identify import detect_language
from sources import yamlfile
from sources.cache import ENV_VAR

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "rules_sources" / "rulebooks"


def _uncompiled_get(tables: list[dict], key: str) -> str | None:
    """A look-up through spaCy's tables in order, as the lemmatizer read them before the cache."""
    for t in tables:
        found = t.get(key)
        if isinstance(found, str) and found:
            return found
    return None


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "cache"))
    langdata.open_language.cache_clear()
    yield tmp_path / "cache"
    langdata.open_language.cache_clear()


def test_compiled_lookup_answers_as_the_tables(cache):
    files = langdata.lemma_files("en")
    tables = langdata.read_tables(files)
    data = langdata.open_language("en", "spacy")
    assert data.path is not None and data.path.parent == cache and data.path.is_file()
    keys = sorted({k for t in tables for k in t})
    lemmas = {v for t in tables for v in t.values() if isinstance(v, str)}
    rng = random.Random(27)
    words = rng.sample(keys, 3000) + rng.sample(sorted(lemmas), 1000)
    words += [w.upper() for w in words[:300]] + [w + "zq" for w in words[:300]] + ["", "Qxzzy"]
    for w in words:
        assert data.lemma(w) == _uncompiled_get(tables, w), w
        assert data.known(w) == (_uncompiled_get(tables, w) is not None or w in lemmas), w


def test_a_changed_table_is_compiled_again(cache, tmp_path):
    src = tmp_path / "data"
    src.mkdir()
    table = {"cats": "cat", "ran": "run", "mice": "mouse"}
    path = src / "xx_lemma_lookup.json.gz"
    path.write_bytes(gzip.compress(json.dumps(table).encode()))
    first = langdata.open_language("xx", "spacy", (), src)
    assert first.lemma("mice") == "mouse" and first.known("run") and not first.known("dogs")

    table["mice"] = "mice-lemma"
    table["dogs"] = "dog"
    path.write_bytes(gzip.compress(json.dumps(table).encode()))
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))  # a later edit
    langdata.open_language.cache_clear()
    second = langdata.open_language("xx", "spacy", (), src)
    assert second.path != first.path
    assert second.lemma("mice") == "mice-lemma" and second.lemma("dogs") == "dog"
    # the stale build stays while another mkdb (another checkout) may still read it, and goes once it is old
    assert sorted(p.name for p in cache.glob("lang-xx-*.sqlite")) == sorted([first.path.name, second.path.name])
    aged = time.time() - langdata.PRUNE_AFTER_S - 60
    os.utime(first.path, (aged, aged))
    (cache / second.path.name).unlink()
    langdata.open_language.cache_clear()
    third = langdata.open_language("xx", "spacy", (), src)
    assert third.path == second.path  # built again under the same name, and the old build pruned
    assert sorted(p.name for p in cache.glob("lang-xx-*.sqlite")) == [second.path.name]


def test_a_build_removed_under_a_reader_is_built_again(cache, tmp_path):
    """Another mkdb may prune or replace a build this process has open: answers stay the same."""
    src = tmp_path / "tables"
    src.mkdir()
    (src / "xx_lemma_lookup.json.gz").write_bytes(gzip.compress(json.dumps({"mice": "mouse"}).encode()))
    data = langdata.open_language("xx", "spacy", (), src)
    assert data.lemma("mice") == "mouse"
    data._conn.close()  # as a new process would find it
    data._conn = None
    data.path.unlink()
    data.path.write_bytes(b"")  # an empty file of the build's name (a writer that created it)
    assert data.lemma("mice") == "mouse" and data.known("mouse")
    data.path.unlink()
    data._conn = None
    assert data.lemma("mice") == "mouse"


def test_morph_answers_are_remembered_as_given(cache):
    words = ["гравців", "кубики", "Олена", "монетами", "ходу", "xyzfoo"]
    data = langdata.open_language("uk", "pymorphy3")
    direct = {w: langdata.parse_morph("uk", w) for w in words}
    assert [data.morph(w) for w in words] == [direct[w] for w in words]
    data.flush()
    langdata.open_language.cache_clear()
    again = langdata.open_language("uk", "pymorphy3")
    assert again.path == data.path
    stored = again._rows("SELECT word FROM morph", ())  # answered from the file, not asked again
    assert {r[0] for r in stored} == set(words)
    assert [again.morph(w) for w in words] == [direct[w] for w in words]


_TOKENS = """
import json, sys
from pathlib import Path
from ingest.lexicon import is_known, load_lexicon, proper_name
out = {}
for lang, seed in json.loads(sys.argv[1]).items():
    text = Path(seed).read_text(encoding="utf-8")[:20000]
    lex = load_lexicon(lang)
    toks = lex.tokenize(text)
    out[lang] = [[t.start, t.end, t.norm, t.lemma, t.num, sorted(t.alts), is_known(lang)(t.text),
                  proper_name(lang)(t.text)] for t in toks] + [[h.concept, h.start, h.end] for h in lex.find(toks)]
print(json.dumps(out, ensure_ascii=False))
"""


def _seed_of(lang: str) -> str:
    for seed in sorted(SEEDS.glob("*.txt")):
        if detect_language(seed.read_text(encoding="utf-8"))[0] == lang:
            return str(seed)
    raise AssertionError(f"no seed in {lang}")


def test_lexicon_reads_a_book_alike_compiled_or_not(tmp_path):
    """Every token's lemma, alternatives, known and name flags, and every concept found, are the same
    read through a fresh compiled cache, through the cache again, and with no cache at all."""
    seeds = json.dumps({lang: _seed_of(lang) for lang in ("de", "uk")})
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")

    def run(cache_dir: Path) -> str:
        env = {**os.environ, ENV_VAR: str(cache_dir)}
        res = subprocess.run([sys.executable, "-c", _TOKENS, seeds], capture_output=True, text=True, env=env, cwd=ROOT)
        assert res.returncode == 0, res.stderr
        return res.stdout

    uncompiled = run(blocked / "cache")  # nothing can be written under a file: the tables are read as shipped
    first = run(tmp_path / "cache")
    again = run(tmp_path / "cache")
    assert json.loads(uncompiled)["de"] and json.loads(uncompiled)["uk"]
    assert first == uncompiled and again == uncompiled
    assert list((tmp_path / "cache").glob("lang-de-*.sqlite")) and list((tmp_path / "cache").glob("lang-uk-*.sqlite"))


def test_yaml_is_parsed_again_when_it_changes(cache, tmp_path):
    path = tmp_path / "data.yaml"
    path.write_text("a: 1\nb:\n  - x\n  - y\n", encoding="utf-8")
    first = yamlfile.read_yaml(path)
    assert yamlfile.plain(first) == {"a": 1, "b": ["x", "y"]} and yamlfile.line_of(first, "b") == 2
    assert list((cache / "yaml").glob("*.pickle"))
    again = yamlfile.read_yaml(path)  # from the cache: the same data and line marks
    assert yamlfile.plain(again) == yamlfile.plain(first) and yamlfile.line_of(again["b"], 1) == 4
    path.write_text("a: 2\n\nb: [z]\n", encoding="utf-8")
    changed = yamlfile.read_yaml(path)
    assert yamlfile.plain(changed) == {"a": 2, "b": ["z"]} and yamlfile.line_of(changed, "b") == 3
    assert yamlfile.read_plain(path) == {"a": 2, "b": ["z"]}
    path.write_text("a: [1\n", encoding="utf-8")
    with pytest.raises(Exception, match=r"data.yaml:\d+: invalid YAML"):
        yamlfile.read_plain(path)
