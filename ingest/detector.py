"""Naming the language of a text mkdb cannot read, so that the refusal says which it is.

Why: the rulebook vocabulary (rules_sources/lang/*/language.yaml) identifies every language the
project has a folder for; a book in any other language (Greek, Arabic, Thai ...) should still be
refused by name ("the text looks like Greek (el)"), never mistaken for a near neighbour. A
statistical detector that ships its models (lingua-language-detector, 75 languages) names it.

It is used only on that refusal path: a readable book never imports it. Its low-accuracy mode
(trigram models only) loads in ~0.5 s, where the full models take ~9 s; on a whole rulebook page
the trigrams are enough.
"""

from __future__ import annotations

from functools import cache
from typing import Any

MIN_CONFIDENCE = 0.5  # below this the detector is not sure enough to name a language
MAX_CHARS = 20_000  # the detector reads the first characters only: a page is plenty


def name_language(text: str) -> tuple[str, str] | None:
    """(ISO 639-1 code, English name) of the text's language, or None when the detector is unsure."""
    detector = _detector()
    if detector is None:
        return None
    values = detector.compute_language_confidence_values(text[:MAX_CHARS])
    if not values or values[0].value < MIN_CONFIDENCE:
        return None
    language = values[0].language
    return language.iso_code_639_1.name.lower(), language.name.replace("_", " ").title()


@cache
def _detector() -> Any:
    # here, not at the top: lingua's models (~100 MB) only when a text is to be refused by name
    try:
        from lingua import LanguageDetectorBuilder
    except ImportError:  # an install without the detector still refuses, without naming the language
        return None
    return LanguageDetectorBuilder.from_all_languages().with_low_accuracy_mode().build()
