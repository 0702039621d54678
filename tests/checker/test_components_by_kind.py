"""Component lists read per kind with their counts in every seed language, whatever the layout: one
part per line ("16 Landmarks", "86 Підприємств"), parts side by side with the count in
brackets ("Počáteční podniky (8) … 1 mince (42)"), or counts and names only ("46 Unternehmen 40
Unternehmen 20 Großprojekte": one kind named twice on a line lists its parts, which add up). Two counts
swapped in a copy of a seed are one finding against the original.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from diffing import diff_files as _diff

from ingest.pipeline import analyse

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "rules_sources" / "rulebooks"
EXPECTED = {  # what each seed prints in its box list (checked by eye against the seed texts)
    "002_527932f4ae20193c": {"starting_cards": 24, "starting_establishments": 8, "starting_landmarks": 16, "major_establishments": 12,
                             "establishments": 72, "coins": 78, "dice": 2, "coins_by_value": {"1": 42, "5": 24, "10": 12}},
    "004_8b4900e4d8ea7f28": {"establishments": 86, "landmarks": 20},
    # ru prints its 5-6 player extras beside each count ("8(+4)"): those lines are not read as one count
    "001_795f618b43229da8": {"establishments": 72, "coins": 78, "dice": 2},
    "003_4f402b05a3fc7f7c": {"establishments": 86, "landmarks": 20, "reference_cards": 5, "dice": 2, "coins": 80},
    "000_eae8f963696d0c6f": {"establishments": 86, "landmarks": 20, "reference_cards": 5, "dice": 2, "coins": 80},
}
SWAPS = {  # seed: (text, the same text with two counts swapped, the keys whose counts move)
    "002_527932f4ae20193c": ("Počáteční podniky (8) Počáteční významné stavby (16)", "Počáteční podniky (16) Počáteční významné stavby (8)",
                             {"starting_establishments", "starting_landmarks"}),
    "004_8b4900e4d8ea7f28": ("46 Unternehmen 40 Unternehmen 20 GroBprojekte", "46 Unternehmen 20 Unternehmen 40 GroBprojekte",
                             {"establishments", "landmarks"}),
}


@pytest.mark.parametrize("seed", sorted(EXPECTED))
def test_each_seed_box_list_is_read_per_kind(seed):
    book = analyse(SEEDS / f"{seed}.txt", "test")
    found = [f for f in book.facts if f.topic == "components.by_kind"]
    assert len(found) == 1 and found[0].value == EXPECTED[seed], [f.value for f in found]
    assert found[0].quote and found[0].page >= 1


@pytest.mark.parametrize("seed", sorted(SWAPS))
def test_swapped_counts_in_a_copy_are_one_finding_per_reading(tmp_path, seed):
    old, new, keys = SWAPS[seed]
    text = (SEEDS / f"{seed}.txt").read_text(encoding="utf-8")
    assert text.count(old) == 1
    copy = tmp_path / f"copy_{seed}.txt"
    copy.write_text(text.replace(old, new), encoding="utf-8")
    report, _ = _diff(tmp_path, [SEEDS / f"{seed}.txt", copy])
    found = [d for d in report.discrepancies if d.topic == "components.by_kind" and d.kind == "value_mismatch"]
    # two books, two readings and no reference: one finding per reading (checker.ids), about the same counts
    assert len(found) == 2 and len({d.book for d in found}) == 2, [d.summary for d in report.discrepancies]
    assert found[0].values == found[1].values
    a, b = found[0].values.values()
    assert {k for k in set(a) & set(b) if a[k] != b[k]} == keys
    assert not [d.summary for d in report.discrepancies if d.kind in ("value_mismatch", "missing") and d.topic != "components.by_kind"]
