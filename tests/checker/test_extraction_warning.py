from checker import extraction_warning as xw

from .conftest import PageIn, book, ctx_of


def test_lost_icons_and_doubled_conjunction():
    assert xw.lost_icons("по 1 монете за каждую карту типа и . Учитываются")
    assert xw.lost_icons("Each of your and and establishments earn + oin.")
    assert xw.lost_icons("Každý hráč umístí své dva startovní podniky a pekařství.") == []
    assert xw.lost_icons("Tipos\n\n: efecto inmediato que deberás aplicar una sola vez.")
    assert xw.lost_icons("Nota: si tienes varias copias.\n!!: Negajno.") == []


def test_garbled_and_interleaved_and_foreign():
    assert xw.garbled_lines("‘ rrhalte 3 Miinzen aus Einkommens- iﬁl::reunn:e:;:;:jgd:ist I Auswirkung")
    assert xw.garbled_lines("Die Kosten für den Bau eines Großprojekts sind abhängig von der Anzahl.") == []
    assert xw.interleaved_runs("Y You ou ma may ay r roll oll or ice.")
    assert xw.interleaved_runs("Hráč A hází kostkou a dostane dvě mince.") == []
    frag = xw.foreign_fragments("Vlastník dostane příjem z banku. You may roll or ice. Hráč hází kostkou.", "cs", "LATIN")
    assert frag == ["You may roll or ice."]


def test_one_finding_per_book_and_detector_with_pages():
    pages = [PageIn(5, "за каждую карту типа и . Учитываются также"), PageIn(6, "для ваших карт типа или . Торговый центр")]
    found = xw.check(ctx_of(book("ru", "ru", "mk1", pages=pages), edition="mk1"))
    assert len(found) == 1
    d = found[0]
    assert d.kind == "extraction_warning" and d.severity == "info" and d.topic == "text.lost_icons"
    assert [e.page for e in d.evidence] == [5, 6] and "5, 6" in d.summary


def test_ingest_warnings_are_reported():
    found = xw.check(ctx_of(book("de", "de", pages=[PageIn(2, "Text.", warnings=["ocr_low_confidence: 61%"])])))
    assert len(found) == 1 and "ocr_low_confidence" in found[0].summary


def test_clean_text_has_no_warning():
    text = "Під час цього кроку ви кидаєте кубики один раз. Ви самі вирішуєте, кидати один чи два кубики."
    assert xw.check(ctx_of(book("uk", "uk", pages=[PageIn(1, text)]))) == []


def test_typographic_symbols_are_not_garbage():
    assert xw.garbled_lines("© 2014 IDW Games™ — all rights reserved ® • see → page 4") == []
    assert xw.garbled_lines("Wenn du ⚡ baust, ♾ gilt immer.") == []
