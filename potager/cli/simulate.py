"""``potager simulate``: many bot games on every core, win rates with 95% intervals."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from potager.arena.rows import FORMATS, write_rows
from potager.arena.simulate import Line, Summary, simulate

from .options import (
    Params,
    Variant,
    check_players,
    fail,
    load_game,
    params_text,
    parse_bots,
    parse_params,
    parse_variant,
    spelling,
    stop,
)
from .running import DaskLocal, Scheduler, Workers, backend, progress_bar


def simulate_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="e.g. heuschrecken-poker")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of seats")] = None,
    games_count: Annotated[int, typer.Option("--games", "-n", min=1, help="games to play")] = 1000,
    bots: Annotated[
        str | None, typer.Option(help="one bot level per seat, comma-separated (or one for all)")
    ] = None,
    workers: Workers = None,
    seed: Annotated[
        int | None, typer.Option(help="seed of the simulation (random by default)")
    ] = None,
    variant: Variant = None,
    param: Params = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the totals as JSON")] = False,
    records: Annotated[
        Path | None,
        typer.Option(help="save every game's record into this directory (created if needed)"),
    ] = None,
    rotate: Annotated[bool, typer.Option(help="play every seat order of the bots in turn")] = False,
    games_out: Annotated[
        Path | None,
        typer.Option(help="write one row per game to this .csv or .parquet file"),
    ] = None,
    scheduler: Scheduler = None,
    dask_local: DaskLocal = None,
) -> None:
    """Play many games between bots and print win rates (Wilson 95%), scores and game lengths.

    A game with k winners counts 1/k win for each. The same seed gives the same totals whatever
    the number of workers, on the local pool or on a Dask cluster.
    """
    game = load_game(game_name)
    players = check_players(game, players)
    options = parse_variant(game, variant)
    params = parse_params(game, param)
    levels = parse_bots(game, bots, players)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot write records into {records}: {exc.strerror}", "--records")
    if games_out is not None and games_out.suffix not in FORMATS:
        fail(f"writes {' or '.join(FORMATS)} files, not {games_out.name!r}", "--games-out")
    console = Console(stderr=as_json)
    with backend(workers, scheduler, dask_local) as runner, progress_bar(console) as bar:
        task = bar.add_task(f"{game.name}", total=games_count)
        try:
            summary = simulate(
                game.name,
                levels,
                games_count,
                seed,
                options,
                runner,
                lambda done, total: bar.update(task, completed=done, refresh=True),
                None if records is None else str(records),
                rotate=rotate,
                measure=games_out is not None,
                params=params,
            )
        except KeyboardInterrupt:
            stop("interrupted", 130)
    if games_out is not None:
        try:
            write_rows(summary.rows, games_out)
        except OSError as exc:
            stop(f"cannot write {games_out}: {exc.strerror}", 1)
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
            f"variant {variant}{', seats rotated' if job.rotate else ''}"
            f"{'; rule parameters ' + params_text(job.params) if job.params else ''}; "
            f"{summary.seconds:.1f} s on {summary.workers} worker(s), "
            f"{summary.games_per_second:,.0f} games/s"
        )
    )
    grid.add_row(lines_table("per seat", summary.seat_lines(), "seat"))
    if job.rotate or 1 < len(summary.bot_lines()) < job.players:
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
