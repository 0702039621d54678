"""Write every output a structural change must keep, into one folder, so two checkouts can be
compared byte for byte (`diff -r before/ after/`): the seeds' facts and mentions from a fresh
ingest, `mkdb diff -f json` and `mkdb export` of the shipped database, each book's RuleSet, and a
hash of full game records over several readings, player counts and policies (both engines).

    .venv/bin/python scripts/outputs_snapshot.py OUTDIR
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MKDB = str(Path(sys.executable).parent / "mkdb")


def run(args: list[str], out: Path, env: dict[str, str] | None = None) -> None:
    res = subprocess.run([MKDB, *args], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "SOURCE_DATE_EPOCH": "1", **(env or {})})
    # a fresh database's own build times are the only thing that may differ between two runs
    stdout = "\n".join(line for line in res.stdout.splitlines()
                       if not line.lstrip().startswith(('"created_at"', '"last_ingest"')))
    text = f"exit {res.returncode}\n{stdout}\n--- stderr\n{res.stderr}"
    out.write_text(text.replace(str(out.parent), "OUTDIR"))


def games(out: Path, db: str) -> None:
    from engine import new_game
    from engine.facts_source import rulebook_facts
    from engine.policies import make_policy
    from engine.rules import RuleSet

    books = json.loads(subprocess.run([MKDB, "rulebooks", "-f", "json", "--db", db], capture_output=True,
                                      text=True, check=True).stdout)["rulebooks"]
    readings: list[tuple[str, RuleSet, tuple[str, ...] | None]] = []
    for ed in ("mk1", "mk2"):
        readings.append((f"canonical-{ed}", RuleSet.canonical(ed), None))
    readings.append(("canonical-mk1-all", RuleSet.canonical("mk1"), ("base", "harbor", "millionaires_row")))
    for b in sorted(books, key=lambda b: b["id"]):
        ed, facts, _sets = rulebook_facts(db, b["id"])
        readings.append((b["id"], RuleSet.from_facts(ed, facts, source=b["id"]), None))
    lines = []
    for label, rules, sets in readings:
        h = hashlib.sha256()
        for players in (2, 3, 4):
            for pol in ("random", "greedy"):
                for seed in range(8):
                    g = new_game(rules.edition, players, rules=rules, seed=seed, sets=sets)
                    p = make_policy(pol, seed)
                    while not g.is_over():
                        g.apply(p(g))
                    h.update(json.dumps(g.to_json(), sort_keys=True, default=str).encode())
        lines.append(f"{label} {h.hexdigest()}")
    (out / "games.txt").write_text("\n".join(lines) + "\n")


def main(outdir: str) -> None:
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    run(["diff", "-f", "json"], out / "diff.json")
    for fmt in ("jsonl", "csv"):
        run(["export", str(out / f"export.{fmt}"), "-f", fmt], out / f"export-{fmt}.txt")
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "seeds.sqlite")
        books = sorted(str(p) for p in (ROOT / "rules_sources" / "rulebooks").glob("*.txt"))
        run(["ingest", *books, "--db", db], out / "ingest.txt")
        ids = json.loads(subprocess.run([MKDB, "rulebooks", "-f", "json", "--db", db], capture_output=True,
                                        text=True, check=True).stdout)["rulebooks"]
        for b in sorted(ids, key=lambda b: b["id"]):
            run(["facts", b["id"], "-f", "json", "--db", db], out / f"facts-{b['id']}.json")
            run(["mentions", b["id"], "-f", "json", "--db", db], out / f"mentions-{b['id']}.json")
            run(["rules", b["edition"], "--rulebook", b["id"], "-f", "json", "--db", db],
                out / f"rules-{b['id']}.json")
            run(["show", b["id"], "-f", "json", "--db", db], out / f"show-{b['id']}.json")
        run(["diff", "-f", "json", "--db", db], out / "diff-fresh.json")
        games(out, db)
    for ed in ("mk1", "mk2"):
        for pol in ("random", "greedy"):
            run(["simulate", ed, "--games", "300", "--policy", pol, "-f", "json"], out / f"simulate-{ed}-{pol}.json")
    run(["simulate", "mk1", "--games", "300", "--sets", "base,harbor,millionaires_row", "-f", "json"],
        out / "simulate-mk1-all.json")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", help="folder to write the outputs into (created if missing)")
    main(parser.parse_args().outdir)
