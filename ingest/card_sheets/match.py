"""Which catalog card a read title is, through the names of one language (sources.names: folded,
fuzzy). The sheet's language and edition are the ones most of its titles name; a title that names
no card of them well enough (MIN_SCORE) stays unmatched: nothing is guessed. A title that names a
card better in another language (a sheet of two languages' cards: English "Family Restaurant" is
a fair fuzzy match of a German name) is that language's card, and no evidence of the sheet's.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ingest.card_sheets.read import MIN_TITLE, UNSURE
from sources.catalog import catalog
from sources.names import NameIndex, NameMatch

if TYPE_CHECKING:
    from ingest.card_sheets.read import CardRead

Printed = tuple[list[int] | None, "int | list[int] | None", bool, bool]  # activation, cost, each confirmed
FRAGMENT = 0.5  # a title matches a name only with at least this share of its letters
MIN_SCORE = 80.0  # a fuzzy match below this is not taken (OCR of a short title: one letter off is ~85)


def sheet_language(titles: list[str], names: NameIndex, given: str | None = None,
                   numbers: list[Printed] | None = None) -> tuple[str | None, str | None, float]:
    """(language, edition, share of titles that voted for them) from the titles' best matches. Names
    shared by two editions (English "Bakery" of mk1 and mk2) tie: the edition whose cards carry the
    printed numbers (`numbers`: each title's activation and cost as read, printed_numbers) is
    taken, numbers a second reading confirmed first; when they do not tell, the edition is not
    known (None): a guess could match wrong cards."""
    votes: Counter[tuple[str, str]] = Counter()
    read = [t for t in titles if sum(c.isalpha() for c in t) >= MIN_TITLE]
    # the languages and editions any title names a card of; each title is then looked up in each
    # (the index gives one language per card: a name two languages share, Czech and English
    # "Sushi Bar", would vote for one of them only)
    keys = {(m.lang, m.card_id.split("/", 1)[0]) for title in read for m in names.lookup(title, lang=given, limit=20)
            if m.score >= MIN_SCORE}
    for title in read:
        best: dict[tuple[str, str], float] = {}
        for lang, edition in keys:
            found = names.lookup(title, lang=lang, edition=edition, limit=1)
            if found:
                best[(lang, edition)] = found[0].score
        top = max(best.values(), default=0.0)
        for key, score in best.items():
            if score >= MIN_SCORE and score == top:
                votes[key] += 1
    if not votes:
        return given, None, 0.0
    best = max(votes.values())
    tied = [key for key, n in votes.items() if n == best]
    if len(tied) > 1:  # names of two editions' cards: the one whose cards carry the printed numbers, else not known
        agreement = {key: _agreement(titles, numbers, names, *key) for key in tied}
        most = max(agreement.values())
        tied = [key for key in tied if agreement[key] == most]
        if len(tied) > 1:
            langs = {lang for lang, _ in tied}
            return (langs.pop() if len(langs) == 1 else given), None, best / max(1, len(read))
    lang, edition = tied[0]
    return lang, edition, best / max(1, len(read))


def printed_numbers(cards: list[CardRead]) -> list[Printed]:
    """Each card's activation and cost as read, and whether a second reading confirmed each
    (ingest.card_sheets.read: above UNSURE): what tells two editions' cards apart."""
    return [(c.activation, c.cost, c.activation_confidence > UNSURE, c.cost_confidence > UNSURE) for c in cards]


def _agreement(titles: list[str], numbers: list[Printed] | None, names: NameIndex, lang: str, edition: str) -> tuple[int, int]:
    """How many of the printed numbers a second reading confirmed, then of all, are those of the
    cards of this edition the titles name."""
    cards = catalog()[0]
    sure = agree = 0
    for title, (activation, cost, sure_activation, sure_cost) in zip(titles, numbers or [], strict=False):
        m = match_title(title, names, lang, edition)
        rec = cards.get(m.card_id) if m else None
        if rec:
            same_activation = activation is not None and sorted(rec.get("activation") or []) == activation
            same_cost = cost is not None and rec.get("cost") == cost
            sure += (same_activation and sure_activation) + (same_cost and sure_cost)
            agree += same_activation + same_cost
    return sure, agree


def match_title(title: str, names: NameIndex, lang: str, edition: str,
                printed: Printed | None = None) -> NameMatch | None:
    """The one card the title names in this language and edition, or None (too weak, or two cards
    named alike equally well). Two cards one name stands for (two sources naming two cards of one
    edition alike) are told apart by the card's printed numbers (`printed`: printed_numbers): the
    one card whose catalog numbers agree with every number read, one of them confirmed; else None."""
    if sum(c.isalpha() for c in title) < MIN_TITLE:
        return None
    letters = sum(c.isalpha() for c in title)
    near = [m for m in names.lookup(title, lang=lang, edition=edition, limit=10) if m.score >= MIN_SCORE]
    # a few letters read of a long name (a fragment found inside it) are no reading of it
    found = [m for m in near if letters >= FRAGMENT * sum(c.isalpha() for c in m.name)]
    if not found or elsewhere(title, names, lang, edition, found[0].score):
        return None
    # ... nor of a shorter name it lies in as well ("Boat" of Mackerel Boat is no Tuna Boat)
    if any(m not in found and m.score >= found[0].score for m in near):
        return None
    tied = [m for m in found if m.score == found[0].score]
    if len(tied) == 1:
        return found[0]
    told = [m for m in tied if printed is not None and _numbers_agree(m.card_id, printed)]
    return told[0] if len(told) == 1 else None


def elsewhere(title: str, names: NameIndex, lang: str, edition: str, score: float = 0.0) -> NameMatch | None:
    """The card the title names in another language, better than `score` (its best match in `lang`)
    and well enough (MIN_SCORE): a card of that language on the sheet (a sheet of two languages'
    cards), whose name is no evidence of `lang`'s names. A name two languages spell alike names
    its card in both equally: never elsewhere."""
    found = [m for m in names.lookup(title, edition=edition, limit=5) if m.lang != lang and m.score >= MIN_SCORE]
    return found[0] if found and found[0].score > score else None


def _numbers_agree(card_id: str, printed: Printed) -> bool:
    """Whether the card's catalog numbers are the ones printed: every number read agrees, and at
    least one of them a second reading confirmed (an unconfirmed misread never picks a card)."""
    rec = catalog()[0].get(card_id)
    activation, cost, sure_activation, sure_cost = printed
    if rec is None or (activation is None and cost is None):
        return False
    same_activation = activation is None or sorted(rec.get("activation") or []) == activation
    same_cost = cost is None or rec.get("cost") == cost
    confirmed = (activation is not None and sure_activation) or (cost is not None and sure_cost)
    return same_activation and same_cost and bool(confirmed)
