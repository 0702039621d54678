"""Set-up builds, ahead of time, what a command would otherwise build on its first use (see
sources.cache and ingest.langdata): so the first `mkdb diff` or `mkdb ingest` after a fresh clone
starts as fast as the hundredth. Called by scripts/setup.sh, as the simulation kernel is warmed.

- every YAML file of rules_sources/ parsed once (both loaders), whatever files a language adds;
- every language's lemma data compiled (the lemmatizer its language.yaml names), then its lexicon
  built and compiled (ingest.lexicon.load_lexicon);
- pymorphy3's answers for the words of the shipped rulebooks remembered (a book's quotes are what
  `mkdb diff` highlights);
- the card catalog and every language's card-name index validated and compiled (sources.names);
- the project's modules byte-compiled (a machine that sets PYTHONDONTWRITEBYTECODE would otherwise
  compile them from source in every process);
- the page reader's compiled passes (ingest.reader.filters and .regions, numba's on-disk cache)
  built by preparing a small drawn page: else the first scanned page pays seconds of compiling.
"""

from __future__ import annotations

import compileall
import sys
from pathlib import Path

from ingest import langdata, lexicon
from ingest.identify import detect_language
from sources import PROJECT_ROOT, SourceError, languages, sources_dir
from sources.cache import cache_dir
from sources.names import NameIndex
from sources.yamlfile import read_plain, read_yaml

PACKAGES = ("sources", "ingest", "carddb", "engine", "checker", "mkdb")
TEXT_SUFFIXES = (".txt", ".md")


def warm_yaml(root: Path | None = None) -> int:
    """Parse every YAML file under rules_sources/ with both loaders; the count of files."""
    files = sorted(sources_dir(root).rglob("*.yaml"))
    for path in files:
        for read in (read_plain, read_yaml):
            try:
                read(path)
            except SourceError:
                pass  # a broken file is reported by the command that reads it
    return len(files)


def warm_languages(root: Path | None = None) -> list[str]:
    """Compile the lemma data of every language that names a lemmatizer; the languages compiled."""
    done = []
    for lang in sorted(languages.languages(root)):
        if languages.lemmatizer(lang, root) in ("spacy", "pymorphy3"):
            lexicon.lemmatizer(lang)("warm")  # builds the compiled file the way a command opens it
            done.append(lang)
    return done


def warm_lexicons(root: Path | None = None) -> list[str]:
    """Build and compile every language's lexicon; the languages built."""
    done = []
    for lang in languages.lexicon_languages(root):
        try:
            lexicon.load_lexicon(lang)
        except SourceError:
            continue  # a broken file is reported by the command that reads it
        done.append(lang)
    return done


def warm_books(root: Path | None = None) -> int:
    """Ask every question a morphological language's lexicon asks about the words of the shipped
    rulebooks (text ones), so their answers are remembered; the count of words asked about."""
    asked = 0
    folder = sources_dir(root) / "rulebooks"
    for path in sorted(p for p in folder.glob("*") if p.suffix in TEXT_SUFFIXES):
        text = path.read_text(encoding="utf-8", errors="replace")
        lang = detect_language(text)[0]
        if lang not in languages.lexicon_languages(root) or not lexicon.morphological(lang):
            continue
        known, name = lexicon.is_known(lang), lexicon.proper_name(lang)
        for tok in lexicon.load_lexicon(lang).tokenize(text):
            known(tok.text)
            name(tok.text)
            asked += 1
    for lang in languages.lexicon_languages(root):
        if lexicon.morphological(lang):
            langdata.open_language(lang, "pymorphy3").flush()
    return asked


def warm() -> None:
    """Everything above, reported in one line on stderr."""
    for package in PACKAGES:
        compileall.compile_dir(PROJECT_ROOT / package, quiet=2)
    n_yaml = warm_yaml()
    NameIndex.from_sources()  # the catalog's cards and names, and the name index, compiled on the way
    langs = warm_languages()
    lexicons = warm_lexicons()
    words = warm_books()
    from ingest.reader import warm_compiled  # numpy, Pillow and numba load only here

    warm_compiled()
    sys.stderr.write(f"setup: compiled {n_yaml} data files, the lemma data of {len(langs)} languages "
                     f"({' '.join(langs)}) and {len(lexicons)} lexicons; {words} rulebook words analysed (in {cache_dir()})\n")
