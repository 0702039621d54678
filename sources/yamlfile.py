"""Reading one YAML data file: plain (fast) or with line marks (for validation messages).

Either way a syntax error or an unreadable file is a SourceError naming the file and the line.
PyYAML is imported only to parse a file the compiled cache does not hold (sources.cache): a command
whose data files were parsed before starts without it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from functools import cache
from pathlib import Path
from typing import Any

from sources import SourceError
from sources.cache import compiled

PLAIN, LINES = "CSafeLoader", "_LineLoader"  # the two loaders, by the name the cache salt carries


def _pyyaml_stamp() -> str:
    """PyYAML's installed version, without importing it: its package file's size and modification time."""
    spec = importlib.util.find_spec("yaml")
    if spec is None or spec.origin is None:
        return "no yaml"
    st = Path(spec.origin).stat()
    return f"{spec.origin}:{st.st_size}:{st.st_mtime_ns}"


# what a parse depends on besides the file: PyYAML (its files) and this module's own code (its loaders)
_CACHE_SALT = f"{_pyyaml_stamp()} {hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]}"


class _LineDict(dict):
    """A mapping that remembers its line and the line of each key (1-based)."""

    line: int = 0
    key_lines: dict[Any, int]


class _LineList(list):
    """A sequence that remembers its line and the line of each item (1-based)."""

    line: int = 0
    item_lines: list[int]


def _construct_map(loader: Any, node: Any):  # noqa: ANN202 - generator constructor
    data = _LineDict()
    data.line = node.start_mark.line + 1
    data.key_lines = {}
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        data.key_lines[key] = key_node.start_mark.line + 1
        data[key] = loader.construct_object(value_node, deep=True)


def _construct_seq(loader: Any, node: Any):  # noqa: ANN202 - generator constructor
    data = _LineList()
    data.line = node.start_mark.line + 1
    data.item_lines = [item.start_mark.line + 1 for item in node.value]
    yield data
    data.extend(loader.construct_object(item, deep=True) for item in node.value)


@cache
def loader(kind: str) -> type:
    """PLAIN: libyaml's safe loader when PyYAML was built with it (about 8x faster than the pure-Python
    one); LINES: that loader whose mappings and sequences keep where they were written."""
    import yaml

    plain = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if kind == PLAIN:
        return plain
    lines = type("_LineLoader", (plain,), {"__doc__": "SafeLoader whose mappings and sequences keep their lines."})
    lines.add_constructor("tag:yaml.org,2002:map", _construct_map)
    lines.add_constructor("tag:yaml.org,2002:seq", _construct_seq)
    return lines


def display_path(path: Path) -> str:
    """The path as a person would type it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _parse(raw: bytes, kind: str) -> Any:
    import yaml

    return yaml.load(_text(raw), Loader=loader(kind))  # noqa: S506 - a safe loader (CSafeLoader or SafeLoader)


def _load(path: Path, kind: str) -> Any:
    """The file parsed: from the compiled cache when these very bytes were parsed before (sources.cache;
    a pickle loads ~10x faster than libyaml parses), else parsed and remembered."""
    try:
        raw = path.read_bytes()
        return compiled("yaml", raw, lambda: _parse(raw, kind), salt=f"{kind} {_CACHE_SALT}")
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(f"{display_path(path)}:0: cannot read: {exc}") from None
    except Exception as exc:
        yaml = sys.modules.get("yaml")  # a parse error comes from PyYAML, so it is imported by then
        if yaml is None or not isinstance(exc, yaml.YAMLError):
            raise
        if isinstance(exc, yaml.MarkedYAMLError):
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark else 0
            raise SourceError(f"{display_path(path)}:{line}: invalid YAML: {exc.problem or exc}") from None
        raise SourceError(f"{display_path(path)}:0: invalid YAML: {exc}") from None


def _text(raw: bytes) -> str:
    """The bytes as text, as a file opened in text mode reads them (universal newlines)."""
    return raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def read_yaml(path: Path) -> Any:
    """One YAML file keeping line marks (`line_of`), for data validated with line numbers."""
    return _load(path, LINES)


def read_plain(path: Path) -> Any:
    """One YAML file as plain dicts and lists (the fast parser)."""
    return _load(path, PLAIN)


def read_mapping(path: Path) -> dict[str, Any]:
    """One YAML file that must hold a mapping (an empty file is an empty one)."""
    data = read_plain(path)
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise SourceError(f"{display_path(path)}:1: expected a mapping, got {type(data).__name__}")
    return data


def plain(value: Any) -> Any:
    """Line-marked containers as plain dicts and lists (what callers get)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def line_of(container: Any, key: Any = None) -> int:
    """Line of a key (mapping), an index (sequence), or the container itself."""
    if key is not None and isinstance(container, _LineDict) and key in container.key_lines:
        return container.key_lines[key]
    if key is not None and isinstance(container, _LineList) and isinstance(key, int) and key < len(container):
        return container.item_lines[key]
    return getattr(container, "line", 0)
