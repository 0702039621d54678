"""The same file gives the same facts in every process: set iteration order (PYTHONHASHSEED) must
not decide which term wins a tie, or cards.sqlite would differ from one build to the next."""

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = """
import json, sys
from pathlib import Path
from ingest.pipeline import analyse
out = []
for name in sys.argv[1:]:
    b = analyse(Path(name), "t")
    out.append(sorted((f.topic, json.dumps(f.value, sort_keys=True, ensure_ascii=False), f.start) for f in b.facts))
print(json.dumps(out, ensure_ascii=False))
"""


def test_facts_do_not_depend_on_the_hash_seed():
    books = [str(p) for p in sorted((ROOT / "rules_sources" / "rulebooks").glob("00[12]_*.txt"))]
    runs = []
    for seed in ("0", "1"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", SCRIPT, *books], env=env, cwd=ROOT, capture_output=True,
                              text=True, timeout=300, check=True)
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
