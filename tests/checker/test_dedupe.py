from checker.dedupe import merge_same_passage
from checker.model import Discrepancy, Evidence


def _d(topic: str, quote: str, kind: str = "card_name") -> Discrepancy:
    return Discrepancy(id=f"id-{topic}", edition="mk2", topic=topic, kind=kind, severity="minor", summary=topic,
                       values={"de": 1}, evidence=[Evidence("de", 5, quote), Evidence("uk", 1, "x")])


def test_one_passage_seen_from_several_topics_is_one_finding():
    out = merge_same_passage([_d("clarification.a", "same  words"), _d("clarification.b", "same words"),
                              _d("clarification.c", "other words")])
    assert [d.topic for d in out] == ["clarification.a", "clarification.c"]
    assert "clarification.b" in out[0].summary


def test_other_kinds_of_the_same_passage_stay_apart():
    out = merge_same_passage([_d("example.1", "q"), _d("example.1", "q", kind="example_error")])
    assert len(out) == 2
