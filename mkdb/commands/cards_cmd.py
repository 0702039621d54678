"""Card verbs: `mkdb cards`, `mkdb card`, `mkdb export`, `mkdb serve`.

Imports of the catalog happen inside the verbs so `mkdb` starts fast (`mkdb cards NAME` from a
cold start is measured by benchmarks/cards.py).
Stages are imported inside each verb: see mkdb/commands/__init__.py for the measured start-up cost."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from mkdb.options import DbOption, FormatOption
from mkdb.output import Format, emit, error, to_json, visible

CARDS_SCHEMA = "mkdb.cards/1"
CARD_SCHEMA = "mkdb.card/1"
COVERAGE_SCHEMA = "mkdb.coverage/1"
TABLE_COLUMNS = ["id", "name", "set", "color", "icon", "activation", "cost"]
CSV_COLUMNS = [
    "id", "edition", "set", "kind", "color", "icon", "activation", "cost", "copies", "extra_copies",
    "names", "effect", "text",
]  # fmt: skip


class ExportFormat(StrEnum):
    jsonl = "jsonl"
    csv = "csv"
    sqlite = "sqlite"


def _open(db: str | None) -> Any:
    from carddb import Catalog, CatalogError

    try:
        return Catalog.open(db)
    except CatalogError as exc:
        error(str(exc))
        raise typer.Exit(2) from None  # a database error
    except Exception as exc:
        from carddb.db import DatabaseUnavailable

        if isinstance(exc, DatabaseUnavailable):  # bad URL, server down, wrong credentials: before any work
            error(str(exc))
            raise typer.Exit(2) from None
        raise


def _display_name(card: dict[str, Any], lang: str | None) -> str:
    names = card.get("names") or {}
    for key in (lang, "en"):
        if key and names.get(key):
            return names[key][0]
    return card.get("name") or next((v[0] for v in names.values() if v), "")


def _table_row(card: dict[str, Any], lang: str | None) -> dict[str, Any]:
    row = {**card, "name": _display_name(card, lang)}
    if "match" in card:
        m = card["match"]
        row["match"] = f"{m['name']} ({m['lang']}, {m['score']:g}{', as in the other edition' if m.get('inferred') else ''})"
    return row


def _csv_row(card: dict[str, Any]) -> dict[str, Any]:
    row = {col: card.get(col) for col in CSV_COLUMNS}
    for col in ("names", "effect", "extra_copies"):
        row[col] = json.dumps(card.get(col), ensure_ascii=False)
    return row


def cards(
    query: Annotated[str | None, typer.Argument(help="a card name in any language; typos and OCR damage are fine")] = None,
    edition: Annotated[str | None, typer.Option(help="mk1 or mk2")] = None,
    set_: Annotated[str | None, typer.Option("--set", help="base, harbor, millionaires_row, promo")] = None,
    color: Annotated[str | None, typer.Option(help="blue, green, red, purple, landmark")] = None,
    icon: Annotated[str | None, typer.Option(help="wheat, cow, bread, cup, gear, ...")] = None,
    roll: Annotated[int | None, typer.Option(help="cards activated by this roll")] = None,
    cost: Annotated[str | None, typer.Option(help="N or MIN-MAX (any of a landmark's prices)")] = None,
    lang: Annotated[str | None, typer.Option(help="match and show names of this language only")] = None,
    limit: Annotated[int, typer.Option(help="at most this many matches for a QUERY")] = 10,
    coverage: Annotated[bool, typer.Option("--coverage", help="instead: cards x languages with a name")] = False,
    fmt: FormatOption = Format.table,
    db: DbOption = None,
) -> None:
    """List cards, filtered; with QUERY, the cards whose name matches best."""
    from carddb import CatalogError

    catalog = _open(db)
    if coverage:
        rows = catalog.coverage()
        emit(fmt, COVERAGE_SCHEMA, "coverage", rows, title="cards with a name, per language")
        return
    try:
        found = catalog.cards(query, edition=edition, set=set_, color=color, icon=icon, roll=roll, cost=cost, lang=lang, limit=limit)
    except CatalogError as exc:
        error(str(exc))
        raise typer.Exit(2) from None  # a bad filter value: usage
    if fmt == Format.json:
        emit(fmt, CARDS_SCHEMA, "cards", found)
    elif fmt == Format.csv:
        emit(fmt, CARDS_SCHEMA, "cards", [_csv_row(c) for c in found], columns=CSV_COLUMNS)
    else:
        columns = TABLE_COLUMNS + (["match"] if query else [])
        title = f"{len(found)} card(s)" + (f" matching {query!r}" if query else "")
        emit(fmt, CARDS_SCHEMA, "cards", [_table_row(c, lang) for c in found], columns=columns, title=title)


def card(
    card_id: Annotated[str, typer.Argument(metavar="ID", help="card id, e.g. mk2/cafe")],
    fmt: FormatOption = Format.table,
    db: DbOption = None,
) -> None:
    """Show one card with all its names."""
    from carddb import CardNotFound

    catalog = _open(db)
    try:
        found = catalog.card(card_id)
    except CardNotFound as exc:
        error(str(exc))
        raise typer.Exit(1) from None
    if fmt == Format.json:
        typer.echo(to_json({"schema": CARD_SCHEMA, "card": found}))
        return
    if fmt == Format.csv:
        emit(fmt, CARD_SCHEMA, "card", [_csv_row(found)], columns=CSV_COLUMNS)
        return
    rows = [{"field": k, "value": v} for k, v in found.items() if k != "names"]
    rows += [{"field": f"name ({lang})", "value": names} for lang, names in sorted(found["names"].items())]
    emit(fmt, CARD_SCHEMA, "card", rows, columns=["field", "value"], title=found["id"])


def export_cmd(
    out: Annotated[Path, typer.Argument(metavar="OUT", help="file to write (replaced)")],
    fmt: Annotated[ExportFormat, typer.Option("--format", "-f", help="jsonl, csv, or sqlite (a snapshot of the whole database)")] = ExportFormat.jsonl,
    db: DbOption = None,
) -> None:
    """Export every card with all its names, after a `meta` record (version, build date, source hashes);
    `--format sqlite`: a snapshot of the whole database (cards, rulebooks, facts) as one SQLite file."""
    from carddb.export import export
    from carddb.writing import WriteError
    from mkdb.failures import output_problem

    if problem := output_problem(out):  # before any work: a FIFO, a device, a link, a missing folder
        error(problem)
        raise typer.Exit(2)
    if fmt == ExportFormat.sqlite:
        _snapshot(db, out)
        return
    catalog = _open(db)
    try:
        meta = export(catalog, out, fmt.value)
    except WriteError as exc:
        error(str(exc))
        raise typer.Exit(2) from None
    except OSError as exc:
        error(f"{out}: cannot write: {exc.strerror or exc}")
        raise typer.Exit(2) from None
    typer.echo(visible(f"{out}: {meta['cards']} cards, {meta['names']} names, catalog {meta['version']}"), err=True)


def _snapshot(db: str | None, out: Path) -> None:
    """Every table of the database (SQLite or PostgreSQL) into the SQLite file `out`, replaced when complete."""
    from carddb.db import display_url, resolve_url
    from carddb.snapshot import snapshot_sqlite
    from mkdb.books import open_or_exit

    if Path(out).resolve().as_posix() == resolve_url(db).removeprefix("sqlite:///"):
        error(f"{out}: is the database being exported; choose another file")
        raise typer.Exit(2)
    engine = open_or_exit(db, create=False)
    try:
        rows = snapshot_sqlite(engine, out)
    except OSError as exc:
        error(f"{out}: cannot write: {exc.strerror or exc}")
        raise typer.Exit(1) from None
    finally:
        engine.dispose()
    typer.echo(visible(f"{out}: a SQLite snapshot of {display_url(resolve_url(db))}, {rows} rows"), err=True)


def _port_free(host: str, port: int) -> None:
    """A port another program holds (or an address not of this machine) is one line and exit 2 (README:
    exit codes), before Datasette starts and would end with its own message and exit 3."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        error(f"{host}: cannot listen there ({exc.strerror or exc})")
        raise typer.Exit(2) from None
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            error(f"{host}:{port}: cannot listen ({exc.strerror or exc}; another program may hold the port: try --port)")
            raise typer.Exit(2) from None


def serve_cmd(
    host: Annotated[str, typer.Option(help="interface to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port")] = 8001,
    db: DbOption = None,
) -> None:
    """Serve cards.sqlite read-only as an HTTP JSON API (Datasette, immutable mode)."""
    from carddb import _sqlite_path
    from carddb.paths import resolve_url

    path = _sqlite_path(resolve_url(db))
    if path is None:
        from carddb.db import display_url

        error(f"{display_url(resolve_url(db))}: `mkdb serve` runs Datasette, which serves SQLite files only; "
              f"take a snapshot with `mkdb export --format sqlite cards-snapshot.sqlite` (same --db) "
              f"and serve it with `mkdb serve --db cards-snapshot.sqlite`")
        raise typer.Exit(2)
    _open(db)  # a clear error now rather than a broken server later
    _port_free(host, port)
    from carddb.serve import checkpoint, serve

    checkpoint(Path(path))

    serve(Path(path), host=host, port=port)


def register(app: typer.Typer) -> None:
    app.command("cards")(cards)
    app.command("card")(card)
    app.command("export")(export_cmd)
    app.command("serve")(serve_cmd)
