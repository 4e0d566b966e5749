"""``potager games --params GAME``: a game's rule parameters, in English as the study commands
speak (docs/design.md)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from potager.engine import Game


def print_params(console: Console, game: Game) -> None:
    """``game``'s rule parameters: name, default (as ``--param`` takes it), type and range,
    and meaning."""
    if not game.parameters:
        console.print(f"{game.name} has no rule parameters.")
        return
    table = Table(title=f"{game.title}: rule parameters (--param NAME=VALUE)", title_justify="left")
    for column in ("parameter", "default", "type and range", "meaning"):
        table.add_column(column)
    for name, parameter in game.parameters.items():
        table.add_row(
            f"[bold]{escape(name)}[/]",
            escape(parameter.text(parameter.default)),
            escape(parameter.describe()),
            escape(parameter.doc),
        )
    console.print(table)
    console.print(
        "[dim]The defaults are the rulebook's values. A game with other values is never "
        "rated; its records keep them (format 3).[/]"
    )
