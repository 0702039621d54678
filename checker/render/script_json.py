"""JSON for an inline <script> element: data that no quote from a book can break out of.

Why: the HTML parser reads a script element's text before JSON does. "</script>" ends it, and
"<!--<script>" switches the parser to a state where the real "</script>" no longer ends it, so the
rest of the page is swallowed and its scripts never run. Escaping "<", ">" and "&" as \\u003c,
\\u003e, \\u0026 leaves no markup in the text at all; U+2028/2029 are escaped too, as older
JavaScript parsers end a line there. JSON.parse returns exactly the original strings.
"""

from __future__ import annotations

import json
from typing import Any

_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_TABLE = str.maketrans(_ESCAPES)


def json_for_script(data: Any) -> str:
    """`data` as JSON safe inside <script type="application/json"> (or a JS expression)."""
    # these characters occur in JSON text only inside strings, where \\uXXXX means the same
    return json.dumps(data, ensure_ascii=False).translate(_TABLE)


script_json = json_for_script  # the name the Jinja2 report (checker/render/html_report.py) imports
