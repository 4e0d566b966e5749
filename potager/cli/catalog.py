"""``potager games``: the games that can be played now, with player counts, variants, bots, in
the player's language (``--lang``, else the environment's); ``--params GAME``, a game's rule
parameters for study (in English, as the study commands speak)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from potager import agents, games
from potager.engine import Game

from .language import speaking, t
from .options import Lang, bot_levels, language, load_game, spelling, title
from .parameters import print_params


def player_count(game: Game) -> str:
    """``2–4``, or ``2`` for a game of one player count."""
    if game.min_players == game.max_players:
        return str(game.min_players)
    return f"{game.min_players}–{game.max_players}"


def list_games(
    lang: Lang = None,
    params: Annotated[
        str | None,
        typer.Option(
            "--params",
            metavar="GAME",
            help="list GAME's rule parameters (--param NAME=VALUE): default, range, meaning",
        ),
    ] = None,
) -> None:
    """List the games: player counts, variant options (values, default, doc) and bot levels by
    their names for players, each level's sentence once below the table. With ``--params
    GAME``, that game's rule parameters instead."""
    if params is not None:
        print_params(Console(), load_game(params))
        return
    with speaking(language(lang)):
        print_games(Console())


def data(text: str) -> str:
    """A variant's doc or a bot level's sentence for players, in the player's language: data the
    pages translate too (``tests/web/test_i18n.py`` checks them from the Python side)."""
    return t(text)  # i18n: checked elsewhere


def print_games(console: Console) -> None:
    """`list_games` once its language is chosen. Names, options, values and levels stay as they
    are typed."""
    found = [games.get(name) for name in games.names()]
    table = Table(title=t("Potager games"), title_justify="left", show_lines=True)
    table.add_column(t("Game"))
    table.add_column(t("players"), justify="center")
    table.add_column(t("variants (--variant option=value)"))
    table.add_column(t("bots (--bots)"))
    described: list[str] = []
    for game in found:
        variants = "\n".join(
            f"[bold]{escape(key)}[/]: {escape(' | '.join(spelling(v) for v in values))} "
            + escape(t("(default {value})", value=spelling(default)))
            + f" — {escape(data(doc))}"
            for key, (values, default, doc) in game.variants.items()
        )
        levels = bot_levels(game)
        described += [level for level in levels if level not in described]
        table.add_row(
            f"[bold]{escape(game.name)}[/]\n{escape(game.title)}",
            player_count(game),
            variants or f"[dim]{t('none')}[/]",
            escape(", ".join(title(level) for level in levels)),
        )
    console.print(table)
    levels_table = Table.grid(padding=(0, 2))
    for level in described:
        levels_table.add_row(
            f"[bold]{escape(title(level))}[/]",
            f"[dim]{escape(level)}[/]",
            escape(data(agents.sentence(level))),
        )
    console.print(t("Bot levels (--bots, by name or level):"), levels_table)
    search = t(
        "Search levels take parameters for study: {iterations} (reproducible with a seed), "
        "{seconds}, {workers}",
        iterations="ismcts:iterations=2000",
        seconds="ismcts:seconds=3",
        workers="ismcts-strong:workers=4",
    )
    console.print(f"[dim]{escape(search)}[/]")
