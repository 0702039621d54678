from checker.highlight import marks_for, quote_spans, value_atoms
from checker.model import DiffReport, Discrepancy, Evidence
from checker.render import html_report, text_formats
from checker.render.marks import quote_html
from checker.report import finish


def _report() -> DiffReport:
    d = Discrepancy(
        id="vm-000000000001", edition="mk2", topic="setup.starting_coins", kind="value_mismatch", severity="rule",
        summary="setup.starting_coins: de says 7, es, uk say 5 <script>alert(1)</script>",
        values={"de-mk2-1": 7, "es-mk2-1": 5},
        evidence=[Evidence("de-mk2-1", 2, "Alle Personen erhalten 7 Münzen. <b>x</b>"), Evidence("es-mk2-1", 1, "Entrega 5 Monedas")],
    )
    books = [{"id": "de-mk2-1", "lang": "de", "edition": "mk2", "source": "de.txt", "sha256": "a"},
             {"id": "es-mk2-1", "lang": "es", "edition": "mk2", "source": "es.txt", "sha256": "b"}]
    return finish(DiffReport(books, [d]))  # the checker marks the quotes; the renderers only show the marks


def test_html_escapes_and_marks_the_differing_numbers():
    html = html_report.render(_report())
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;" in html
    assert "<mark>7</mark>" in html and "<mark>5</mark>" in html and "&lt;b&gt;" in html
    assert "data-count='1'" in html and "p. 2" in html


def test_same_language_quotes_mark_the_changed_words():
    d = _report().discrepancies[0]
    d.evidence = [Evidence("es-mk2-1", 1, "Entrega 5 Monedas a cada participante"), Evidence("es-mk2-2", 1, "Entrega 7 Monedas a cada jugador")]
    marks = marks_for(d)
    assert marks[0] == {"5", "participante"} and marks[1] == {"7", "jugador"}
    assert quote_html(d.evidence[1].quote, quote_spans(d.evidence[1].quote, marks[1])) == "Entrega <mark>7</mark> Monedas a cada <mark>jugador</mark>"


def test_value_atoms_keep_simultaneous_steps_together():
    assert value_atoms([["red"], ["blue", "green"]]) == {"red", "blue+green"}
    assert value_atoms("establishment_or_landmark") == {"establishment", "landmark"}


def test_csv_and_table():
    csv_text = text_formats.to_csv_text(_report())
    assert csv_text.splitlines()[0].startswith("id,edition,topic,kind,severity,summary")
    assert "vm-000000000001" in csv_text and "de-mk2-1:2" in csv_text
    import io

    from rich.console import Console

    buf = io.StringIO()
    text_formats.print_table(_report(), Console(file=buf, width=140, color_system=None))
    assert "setup.starting_coins" in buf.getvalue() and "1 discrepancies: 1 rule" in buf.getvalue()
