"""``potager games``: the games that can be played now, with player counts, variants, bots."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from potager import agents
from potager.engine import Game

from .options import bot_levels, scan_games, spelling


def player_count(game: Game) -> str:
    """``2–4``, or ``2`` for a game of one player count (issue 16: it read "2–2")."""
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}–{game.max_players}"


def list_games() -> None:
    """List the games: player counts, variant options (values, default, doc) and bot levels,
    each level described once below the table."""
    found, missing = scan_games()
    console = Console()
    table = Table(title="Potager games", title_justify="left", show_lines=True)
    table.add_column("game")
    table.add_column("players", justify="center")
    table.add_column("variants (--variant option=value)")
    table.add_column("bots (--bots)")
    described: dict[str, str] = {}
    for game in found:
        variants = "\n".join(
            f"[bold]{escape(key)}[/]: {escape(' | '.join(spelling(v) for v in values))} "
            f"(default {escape(spelling(default))}) — {escape(doc)}"
            for key, (values, default, doc) in game.variants.items()
        )
        levels = bot_levels(game)
        described.update((level, agents.describe(level)) for level in levels)
        table.add_row(
            f"[bold]{escape(game.name)}[/]\n{escape(game.title)}",
            player_count(game),
            variants or "[dim]none[/]",
            escape(", ".join(levels)),
        )
    if found:
        console.print(table)
        levels_table = Table.grid(padding=(0, 2))
        for level, text in described.items():
            levels_table.add_row(f"[bold]{escape(level)}[/]", escape(text))
        console.print("Bot levels:", levels_table)
        console.print(
            "[dim]Search levels take parameters for study: "
            "ismcts:iterations=2000 (reproducible with a seed), ismcts:seconds=3, "
            "ismcts-strong:workers=4[/]"
        )
    else:
        console.print("No game can be played yet.")
    for name, reason in missing.items():
        console.print(f"[dim]{escape(name)}: not available yet ({escape(reason)})[/]")
