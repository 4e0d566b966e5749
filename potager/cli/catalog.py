"""``potager games``: the games that can be played now, with player counts, variants, bots."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from potager import agents

from .options import bot_levels, scan_games, spelling


def list_games() -> None:
    """List the games: player counts, variant options (values, default, doc) and bot levels."""
    found, missing = scan_games()
    console = Console()
    table = Table(title="Potager games", title_justify="left", show_lines=True)
    table.add_column("game")
    table.add_column("players", justify="center")
    table.add_column("variants (--variant option=value)")
    table.add_column("bots (--bots)")
    for game in found:
        variants = "\n".join(
            f"[bold]{escape(key)}[/]: {escape(' | '.join(spelling(v) for v in values))} "
            f"(default {escape(spelling(default))}) — {escape(doc)}"
            for key, (values, default, doc) in game.variants.items()
        )
        table.add_row(
            f"[bold]{escape(game.name)}[/]\n{escape(game.title)}",
            f"{game.min_players}–{game.max_players}",
            variants or "[dim]none[/]",
            "\n".join(
                f"[bold]{escape(level)}[/]: {escape(agents.describe(level))}"
                for level in bot_levels(game)
            ),
        )
    if found:
        console.print(table)
        console.print(
            "[dim]Search levels take parameters for study: "
            "ismcts:iterations=2000 (reproducible with a seed), ismcts:seconds=3, "
            "ismcts-strong:workers=4[/]"
        )
    else:
        console.print("No game can be played yet.")
    for name, reason in missing.items():
        console.print(f"[dim]{escape(name)}: not available yet ({escape(reason)})[/]")
