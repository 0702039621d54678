"""Write carddb/sqlite_schema.py from carddb/models.py (run after changing the models), or with
--check say whether it is current (exit 1 when not).

    .venv/bin/python scripts/sqlite_schema.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from carddb.schema import sqlite_schema_source  # noqa: E402

TARGET = ROOT / "carddb" / "sqlite_schema.py"


def main() -> int:
    text = sqlite_schema_source()
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
    if "--check" in sys.argv[1:]:
        if current != text:
            print(f"{TARGET.relative_to(ROOT)} is stale: run .venv/bin/python scripts/sqlite_schema.py", file=sys.stderr)
            return 1
        return 0
    if current != text:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
