"""Command lines made from settings dataclasses (`potager.rl.train`, `potager.rl.sb3_example`):
one option per field, its help text in the field's metadata, its default shown by ``--help``,
and the same options as a Markdown table for docs/rl.md (`markdown`)."""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any


def option(default: Any, help: str, **argparse_keywords: Any) -> Any:
    """A setting with its default, and the ``--help`` text and argparse keywords of its option."""
    return dataclasses.field(default=default, metadata={"help": help, **argparse_keywords})


def json_object(text: str) -> dict[str, Any]:
    """An option's value that is a JSON object (a game's variant)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise argparse.ArgumentTypeError(f"not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise argparse.ArgumentTypeError(f"a JSON object is needed, not {text!r}")
    return value


class _HelpFormatter(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Each option's default after its help, and the description as it is written."""


def defaults(settings: type) -> dict[str, Any]:
    """Each field's default (a default factory called)."""
    found = {}
    for setting in dataclasses.fields(settings):
        if setting.default_factory is not dataclasses.MISSING:
            found[setting.name] = setting.default_factory()
        else:
            found[setting.name] = setting.default
    return found


def parser(settings: type, prog: str, description: str | None) -> argparse.ArgumentParser:
    """The command line of ``settings``: ``--some-field VALUE`` for each field ``some_field``,
    parsed into the keyword arguments of ``settings``."""
    made = argparse.ArgumentParser(
        prog=prog, description=description, formatter_class=_HelpFormatter
    )
    values = defaults(settings)
    for setting in dataclasses.fields(settings):
        keywords = {"type": type(values[setting.name]), **setting.metadata}
        flag = f"--{setting.name.replace('_', '-')}"
        made.add_argument(
            flag, default=values[setting.name], metavar=setting.name.upper(), **keywords
        )
    return made


def markdown(settings: type) -> str:
    """The options of ``settings`` as a Markdown table: option, default, meaning."""
    rows = ["| option | default | meaning |", "|---|---|---|"]
    values = defaults(settings)
    for setting in dataclasses.fields(settings):
        meaning = str(setting.metadata["help"]).replace("|", "\\|")
        flag = setting.name.replace("_", "-")
        rows.append(f"| `--{flag}` | `{values[setting.name]}` | {meaning} |")
    return "\n".join(rows) + "\n"
