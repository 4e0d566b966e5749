"""The ``potager`` console script: one sub-command per module of `potager.cli`."""

from __future__ import annotations

import typer

from .analyse import analyse_command
from .catalog import list_games
from .play import play
from .replay import replay
from .report import report_command
from .serve import serve
from .simulate import simulate_command
from .tournament import tournament_command

app = typer.Typer(
    name="potager",
    help="Four garden-themed tabletop games: play, replay, analyse, simulate, tournament, report,"
    " serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("games")(list_games)
app.command("play")(play)
app.command("replay")(replay)
app.command("analyse")(analyse_command)
app.command("simulate")(simulate_command)
app.command("tournament")(tournament_command)
app.command("report")(report_command)
app.command("serve")(serve)

if __name__ == "__main__":
    app()
