"""Reading one YAML data file: plain (fast) or with line marks (for validation messages).

Either way a syntax error or an unreadable file is a SourceError naming the file and the line.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import yaml

from sources import SourceError
from sources.cache import compiled

# what a parse depends on besides the file: PyYAML's version and this module's own code (its loaders)
_CACHE_SALT = f"{yaml.__version__} {hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]}"

# libyaml's parser when PyYAML was built with it: about 8x faster than the pure-Python one
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineDict(dict):
    """A mapping that remembers its line and the line of each key (1-based)."""

    line: int = 0
    key_lines: dict[Any, int]


class _LineList(list):
    """A sequence that remembers its line and the line of each item (1-based)."""

    line: int = 0
    item_lines: list[int]


class _LineLoader(YAML_LOADER):  # type: ignore[misc,valid-type]
    """SafeLoader whose mappings and sequences keep where they were written."""


def _construct_map(loader: _LineLoader, node: yaml.MappingNode):  # noqa: ANN202 - generator constructor
    data = _LineDict()
    data.line = node.start_mark.line + 1
    data.key_lines = {}
    yield data
    loader.flatten_mapping(node)
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        data.key_lines[key] = key_node.start_mark.line + 1
        data[key] = loader.construct_object(value_node, deep=True)


def _construct_seq(loader: _LineLoader, node: yaml.SequenceNode):  # noqa: ANN202 - generator constructor
    data = _LineList()
    data.line = node.start_mark.line + 1
    data.item_lines = [item.start_mark.line + 1 for item in node.value]
    yield data
    data.extend(loader.construct_object(item, deep=True) for item in node.value)


_LineLoader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)


def display_path(path: Path) -> str:
    """The path as a person would type it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _load(path: Path, loader: type) -> Any:
    """The file parsed: from the compiled cache when these very bytes were parsed before (sources.cache;
    a pickle loads ~10x faster than libyaml parses), else parsed and remembered."""
    try:
        raw = path.read_bytes()
        return compiled("yaml", raw, lambda: yaml.load(_text(raw), Loader=loader),
                        salt=f"{loader.__name__} {_CACHE_SALT}")
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise SourceError(f"{display_path(path)}:{line}: invalid YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:
        raise SourceError(f"{display_path(path)}:0: invalid YAML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SourceError(f"{display_path(path)}:0: cannot read: {exc}") from None


def _text(raw: bytes) -> str:
    """The bytes as text, as a file opened in text mode reads them (universal newlines)."""
    return raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def read_yaml(path: Path) -> Any:
    """One YAML file keeping line marks (`line_of`), for data validated with line numbers."""
    return _load(path, _LineLoader)


def read_plain(path: Path) -> Any:
    """One YAML file as plain dicts and lists (the fast parser)."""
    return _load(path, YAML_LOADER)


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
