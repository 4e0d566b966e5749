"""The ``potager`` console script: one sub-command per module of `potager.cli`."""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from .analyse import analyse_command
from .catalog import list_games
from .play import play
from .replay import replay
from .report import report_command
from .serve import serve
from .simulate import simulate_command
from .tournament import tournament_command


def flags_without_values(params: Any) -> Any:
    """The parameters with no value shown beside a flag in the help: Typer prints each option's
    type, ``--hints <bool>`` and ``--help <bool>`` too, where a flag takes no value (issue 16)."""
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
    help="Four garden-themed tabletop games: play, replay, analyse, simulate, tournament, report,"
    " serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # a docstring's lines joined into paragraphs, as written
    cls=Commands,
)
app.command("games", cls=Command)(list_games)
app.command("play", cls=Command)(play)
app.command("replay", cls=Command)(replay)
app.command("analyse", cls=Command)(analyse_command)
app.command("simulate", cls=Command)(simulate_command)
app.command("tournament", cls=Command)(tournament_command)
app.command("report", cls=Command)(report_command)
app.command("serve", cls=Command)(serve)

if __name__ == "__main__":
    app()
