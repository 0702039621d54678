"""Shared test helpers live in tests/ (make_fixtures, scan_score, serving): importable from every folder."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
