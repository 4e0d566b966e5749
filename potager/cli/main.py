"""The ``potager`` console script: one sub-command per module of `potager.cli`.

A command that lacks a module one of Potager's extras brings says so in one line naming the extra
(`advice`, read from the installed package's own ``Requires-Dist``, so it says what
``pyproject.toml`` says) instead of a traceback.
"""

from __future__ import annotations

import re
import sys
from importlib.metadata import PackageNotFoundError, requires
from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from .analyse import analyse_command
from .bot import bot_command
from .catalog import list_games
from .design import design_command
from .learn import learn
from .play import play
from .replay import replay
from .report import report_command
from .serve import serve
from .simulate import simulate_command
from .tournament import tournament_command


def flags_without_values(params: Any) -> Any:
    """The parameters with no value shown beside a flag in the help: Typer prints each option's
    type, ``--hints <bool>`` and ``--help <bool>`` too, where a flag takes no value."""
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""
    return params


class Command(TyperCommand):
    """A sub-command whose help shows no value beside a flag."""

    def get_params(self, ctx: Any) -> Any:
        return flags_without_values(super().get_params(ctx))


class Commands(TyperGroup):
    """The ``potager`` group, whose help shows no value beside ``--help``."""

    def get_params(self, ctx: Any) -> Any:
        return flags_without_values(super().get_params(ctx))


app = typer.Typer(
    name="potager",
    help="Four garden-themed tabletop games: learn, play, replay, analyse, simulate, tournament,"
    " report, design, serve, bot.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # a docstring's lines joined into paragraphs, as written
    cls=Commands,
)
app.command("games", cls=Command)(list_games)
app.command("play", cls=Command)(play)
app.command("learn", cls=Command)(learn)
app.command("replay", cls=Command)(replay)
app.command("analyse", cls=Command)(analyse_command)
app.command("simulate", cls=Command)(simulate_command)
app.command("tournament", cls=Command)(tournament_command)
app.command("report", cls=Command)(report_command)
app.command("design", cls=Command)(design_command)
app.command("serve", cls=Command)(serve)
app.command("bot", cls=Command)(bot_command)


REQUIREMENT = re.compile(
    r"(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[(?P<own>[^\]]*)\])?[^;]*;.*"
    r"\bextra\s*==\s*[\"'](?P<extra>[^\"']+)[\"']"
)
"""A requirement of an extra: ``dask[distributed]>=2024.1; extra == "study"``."""


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


COMMAND_EXTRAS = {
    "serve": "server",
    "simulate": "study",
    "tournament": "study",
    "report": "study",
    "design": "study",
    "bot": "client",
}
"""The extra each command belongs to: the one named when several bring the missing module."""


def providing(module: str) -> list[str]:
    """Every extra whose requirements bring the top-level ``module``, in pyproject's order: one
    named as the module (``uvicorn``), or as the module and more (``markdown-it-py`` for
    ``markdown_it``), or naming it among its own extras (``dask[distributed]``)."""
    try:
        lines = requires("potager") or []
    except PackageNotFoundError:
        return []
    wanted = _normal(module.split(".")[0])
    found: list[str] = []
    for line in lines:
        requirement = REQUIREMENT.match(line)
        if requirement is None:
            continue
        name = _normal(requirement["name"])
        if name == "potager":  # an extra made of another (server holds rl's)
            continue
        own = {_normal(e) for e in (requirement["own"] or "").split(",") if e.strip()}
        brings = name == wanted or name.startswith(f"{wanted}-") or wanted in own
        if brings and requirement["extra"] not in found:
            found.append(requirement["extra"])
    return found


def advice(module: str, command: str) -> str | None:
    """The line that tells how to install what ``potager <command>`` lacks (``module``): the
    command's own extra where it brings the module, else the first that does; ``None`` when
    none does.

    >>> advice("json", "serve") is None
    True
    """
    found = providing(module)
    if not found:
        return None
    own = COMMAND_EXTRAS.get(command)
    extra = own if own in found else found[0]
    return (
        f"potager {command} needs the {extra} extra ({module} is missing): "
        f"pip install 'potager[{extra}]'"
    )


def main() -> None:
    """The console script: `app`, where a module that an extra brings is missing, one line on
    standard error naming that extra (`advice`) and exit status 1."""
    try:
        app()
    except ModuleNotFoundError as missing:
        command = next((a for a in sys.argv[1:] if not a.startswith("-")), "")
        line = advice((missing.name or "").split(".")[0], command)
        if line is None:
            raise
        print(line, file=sys.stderr)
        raise SystemExit(1) from None


if __name__ == "__main__":
    main()
