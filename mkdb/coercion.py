"""Typer's option values converted without Pydantic when the answer is plain (issue 27).

Why: typer 0.2x converts every parameter's value through a Pydantic TypeAdapter built for it, so
any verb with options paid for importing Pydantic and building a schema per parameter (0.1–0.2 s
CPU of a 0.3 s `mkdb cards`). The types mkdb's verbs declare (str, bool, int and float with their
min/max, Path, an Enum's members, lists and tuples of these) are converted here by the same rules,
with typer's own helpers for choices and paths. Whenever that conversion is not certain (an unusual
type, a value out of range, a string that is not a plain number, any error) the value goes to
typer's own Pydantic conversion, so an accepted value is the same and every error message is
typer's (tests/cli/test_coercion.py compares both on every parameter of every verb).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

from typer import _coercion, core
from typer._param_types import coerce_cli_choice, coerce_cli_path

_INT = re.compile(r"-?[0-9]+")
_FLOAT = re.compile(r"-?[0-9]+(\.[0-9]+)?")
_ORIGINAL = _coercion.build_runtime_param


class _Unsure(Exception):
    """The plain conversion does not know the answer: typer's own decides."""


def _number(value: Any, annotation: type, info: Any) -> Any:
    if getattr(info, "clamp", False) or getattr(info, "parser", None) is not None:
        raise _Unsure
    if isinstance(value, str) and (_INT if annotation is int else _FLOAT).fullmatch(value):
        number = annotation(value)
    elif type(value) is annotation or (annotation is float and type(value) is int):
        number = annotation(value)
    else:
        raise _Unsure
    if (info.min is not None and number < info.min) or (info.max is not None and number > info.max):
        raise _Unsure
    return number


def _leaf(value: Any, annotation: Any, info: Any, ctx: Any, param: Any) -> Any:
    """One value of a plain type, as typer's adapter returns it; _Unsure otherwise."""
    if info.parser is not None:
        raise _Unsure
    if annotation is str:
        if isinstance(value, str):
            return value
        raise _Unsure
    if annotation is bool:
        if isinstance(value, bool):
            return value
        raise _Unsure
    if annotation in (int, float):
        return _number(value, annotation, info)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return coerce_cli_choice(value, choices=list(annotation), case_sensitive=info.case_sensitive, ctx=ctx)
    if annotation is Path and info.path_type in (None, Path):
        if isinstance(value, str) and value and "\0" not in value:
            value = Path(value)
        if not isinstance(value, Path):
            raise _Unsure
        return coerce_cli_path(value, info, path_type=Path, param=param, ctx=ctx)
    raise _Unsure


@dataclass(frozen=True)
class PlainRuntimeParam(_coercion.RuntimeParam):
    """A parameter converted here when plain, by typer's own runtime parameter otherwise."""

    descriptor: Any = None
    _fallback: list[Any] = field(default_factory=list, compare=False)

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        try:
            return self._plain(value, param, ctx)
        except Exception:  # noqa: BLE001 - any doubt: typer's conversion answers, errors included
            if not self._fallback:
                self._fallback.append(_ORIGINAL(self.descriptor))
            return self._fallback[0]._coerce_value(value, param=param, ctx=ctx)

    def _plain(self, value: Any, param: Any, ctx: Any) -> Any:
        annotation, info = self.annotation, self.parameter_info
        origin = get_origin(annotation)
        if origin is list:
            (item,) = get_args(annotation)
            items = value if isinstance(value, (list, tuple)) else [value]
            return [_leaf(v, item, info, ctx, param) for v in items]
        if origin is tuple:
            types = get_args(annotation)
            if not isinstance(value, (list, tuple)) or len(value) != len(types) or Ellipsis in types:
                raise _Unsure
            return tuple(_leaf(v, t, info, ctx, param) for v, t in zip(value, types, strict=True))
        if origin is not None:
            raise _Unsure
        return _leaf(value, annotation, info, ctx, param)


def build_runtime_param(descriptor: Any) -> Any:
    """typer's own for a file parameter; a PlainRuntimeParam for everything else."""
    if descriptor.file_annotation is not None:
        return _ORIGINAL(descriptor)
    return PlainRuntimeParam(parameter_info=descriptor.parameter_info, annotation=descriptor.annotation,
                             descriptor=descriptor)


def install() -> None:
    """Route typer's parameters through build_runtime_param (once)."""
    core.build_runtime_param = build_runtime_param
