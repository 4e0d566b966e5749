"""``potager simulate``: many bot games on every core, win rates with 95% intervals."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from potager.arena.simulate import Line, Summary, local_backend, simulate

from .options import check_players, fail, load_game, parse_bots, parse_variant, spelling


def simulate_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="e.g. heuschrecken-poker")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of seats")] = None,
    games_count: Annotated[int, typer.Option("--games", "-n", min=1, help="games to play")] = 1000,
    bots: Annotated[
        str | None, typer.Option(help="one bot level per seat, comma-separated (or one for all)")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(min=1, help="processes (all cores by default)")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="seed of the simulation (random by default)")
    ] = None,
    variant: Annotated[
        list[str] | None, typer.Option("--variant", "-v", help="option=value, repeatable")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the totals as JSON")] = False,
    records: Annotated[
        Path | None,
        typer.Option(help="save every game's record into this directory (created if needed)"),
    ] = None,
) -> None:
    """Play many games between bots and print win rates (Wilson 95%), scores and game lengths.

    A game with k winners counts 1/k win for each. The same seed gives the same totals whatever
    the number of workers.
    """
    game = load_game(game_name)
    players = check_players(game, players)
    options = parse_variant(game, variant)
    levels = parse_bots(game, bots, players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot write records into {records}: {exc.strerror}")
    backend = local_backend(workers or os.cpu_count())
    console = Console(stderr=as_json)
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    # No refresh thread: the pool's workers are forked while the bar is on screen.
    with Progress(*columns, console=console, auto_refresh=False, transient=True) as bar:
        task = bar.add_task(f"{game.name}", total=games_count)
        try:
            summary = simulate(
                game.name,
                levels,
                games_count,
                seed,
                options,
                backend,
                lambda done, total: bar.update(task, completed=done, refresh=True),
                None if records is None else str(records),
            )
        except KeyboardInterrupt:
            fail("interrupted", code=130)
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), indent=1))
    else:
        console.print(summary_tables(summary))


def summary_tables(summary: Summary) -> Table:
    """Per seat, per bot level, and the game lengths, in one table grid."""
    job = summary.job
    variant = ", ".join(f"{k}={spelling(v)}" for k, v in job.variant.items()) or "none"
    grid = Table.grid(padding=(1, 0))
    grid.add_row(
        escape(
            f"{job.game}: {summary.tally.games} games, {job.players} players, seed {job.seed}, "
            f"variant {variant}; {summary.seconds:.1f} s on {summary.workers} worker(s), "
            f"{summary.games_per_second:,.0f} games/s"
        )
    )
    grid.add_row(lines_table("per seat", summary.seat_lines(), "seat"))
    if 1 < len(summary.bot_lines()) < job.players:
        grid.add_row(
            lines_table("per bot level (over the seats it held)", summary.bot_lines(), "seats")
        )
    grid.add_row(
        f"game length (decisions): mean {summary.mean_length:.1f}, "
        f"min {summary.tally.shortest}, max {summary.tally.longest}"
    )
    grid.add_row("[dim]ties: a game with k winners counts 1/k win for each[/]")
    return grid


def lines_table(title: str, lines: list[Line], seats: str) -> Table:
    table = Table(title=title, title_justify="left")
    for name in (seats, "bot", "wins", "win rate", "95% CI", "mean score"):
        table.add_column(name, justify="left" if name in (seats, "bot") else "right")
    for line in lines:
        table.add_row(
            ",".join(map(str, line.seats)),
            line.bot,
            f"{round(line.wins, 2):g}",
            _percent(line.win_rate),
            _interval(line.ci95),
            f"{line.mean_score:.2f}",
        )
    return table


def _percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _interval(ci: tuple[float, float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"
