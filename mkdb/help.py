"""Help that reads like its neighbours' (git, ripgrep): `--db URL`, `PATH...`, flags without a type,
choices as `rule|minor|info`, and an Examples section under every command (mkdb/examples.yaml).

Typer 0.2x prints a type column (`<bool>`, `<list[str]>`, `{paths}...`); rather than repeating a
metavar on every option of every command module, the rendering of parameter names is adjusted once
here, for every command present and future."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import typer
from typer import core

from sources.yamlfile import read_plain

EXAMPLES = Path(__file__).resolve().parent / "examples.yaml"


@lru_cache(maxsize=1)
def examples() -> dict[str, list[str]]:
    data = read_plain(EXAMPLES) or {}  # from the compiled cache: PyYAML loads only when the file changed
    return {str(k): [str(x) for x in v or []] for k, v in data.items()}


def epilog(command: str) -> str | None:
    lines = examples().get(command)
    if not lines:
        return None
    # typer's rich help keeps lines apart only across blank lines
    return "[bold]Examples[/bold]\n\n" + "\n\n".join(f"  {ln}" for ln in lines)


def add_examples(app: typer.Typer) -> None:
    for info in app.registered_commands:
        name = info.name or (info.callback.__name__.replace("_", "-") if info.callback else "")
        if info.epilog is None:
            info.epilog = epilog(name)


def _name(param: core._TyperParameter) -> str:
    return (param.metavar or param.name or "value").upper().replace("-", "_").removesuffix("...")


def _option_type(self: core.TyperOption, ctx) -> str | None:  # noqa: ANN001 - click context
    if self.is_flag or self.count:
        return None
    if self.metavar is not None:
        return self.metavar
    desc = self.type_descriptor
    if desc.is_choice and desc.choices:
        return "|".join(str(getattr(c, "value", c)) for c in desc.choices)
    return _name(self)


def _argument_type(self: core.TyperArgument, ctx) -> str | None:  # noqa: ANN001
    return None


def _argument_rich_name(self: core.TyperArgument) -> str:
    return _name(self) + ("..." if self.nargs != 1 else "")


def _argument_usage(self: core.TyperArgument) -> str:
    name = _argument_rich_name(self)
    return name if self.required else f"[{name}]"


def install() -> None:
    """Adjust how typer names parameters in help and usage lines (idempotent)."""
    core.TyperOption.display_type_rich = _option_type  # type: ignore[method-assign]
    core.TyperArgument.display_type_rich = _argument_type  # type: ignore[method-assign]
    core.TyperArgument._rich_display_name = _argument_rich_name  # type: ignore[method-assign]
    core.TyperArgument._usage_display_name = _argument_usage  # type: ignore[method-assign]
    core.TyperArgument.display_name_raw = property(_name)  # type: ignore[assignment] - the Arguments panel
