"""``potager report``: a balance report of one game (HTML, PNG plots, rows as CSV and Parquet)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from potager.arena import report

from .options import (
    Params,
    Variant,
    fail,
    load_game,
    params_text,
    parse_params,
    parse_variant,
    player_counts,
    spelling,
    stop,
)
from .running import DaskLocal, Scheduler, Workers, backend, progress_bar


def report_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="e.g. garden-rush")],
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="player counts, comma-separated (all by default)"),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="one level for every seat, or several seated in turn "
            "(default: the strongest level that fits --budget)"
        ),
    ] = None,
    games_count: Annotated[
        int, typer.Option("--games", "-n", min=1, help="games per configuration")
    ] = 400,
    out: Annotated[Path, typer.Option(help="directory of the report")] = Path("report"),
    seed: Annotated[int, typer.Option(help="seed: the same seed gives the same report")] = 1,
    variant: Variant = None,
    param: Params = None,
    budget: Annotated[
        float, typer.Option(min=1, help="seconds the default bots may take, estimated")
    ] = report.BUDGET,
    workers: Workers = None,
    scheduler: Scheduler = None,
    dask_local: DaskLocal = None,
) -> None:
    """Play many bot games and write DIR/index.html: the seat advantage per player count and at
    each bot strength, score margins, length in decisions, turns and rounds, lead changes and
    comebacks, skill against luck, the variant options crossed, what matters in the game and
    what a thing taken is worth by when (measures that never vary are named and left out);
    every game's row in DIR/games.csv and DIR/games.parquet. Runs already played with the same
    configuration come from DIR/cache.
    """
    import pandas  # noqa: F401  (the study extra's, for the tables: missing, stop before playing)
    import pyarrow  # noqa: F401  (pandas' Parquet writer)

    game = load_game(game_name)
    counts = (
        list(range(game.min_players, game.max_players + 1))
        if players is None
        else player_counts(game, players)
    )
    options = parse_variant(game, variant)
    params = parse_params(game, param)
    console = Console()
    with backend(workers, scheduler, dask_local) as runner:
        chosen = "bots given"
        if bots is None:
            runs = len(counts) + report.variant_runs(game.name)
            level, estimates = report.strongest_level(
                game.name, counts, games_count * runs, runner.workers, budget
            )
            levels = [level]
            chosen = "the strongest level within the budget of {:g} s (estimates: {})".format(
                budget, ", ".join(f"{k} {v:,.0f} s" for k, v in estimates.items())
            )
        else:
            levels = [b.strip() for b in bots.split(",")]
        try:
            plan = report.make_plan(game.name, counts, levels, games_count, seed, options, params)
        except ValueError as exc:
            fail(str(exc))
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(f"cannot write the report into {out}: {exc.strerror}", "--out")
        with progress_bar(console) as bar:
            task = bar.add_task(f"{game.name} report", total=games_count * len(plan.runs()))
            try:
                played = report.play(
                    plan,
                    out,
                    runner,
                    lambda done, total: bar.update(task, completed=done, refresh=True),
                )
            except KeyboardInterrupt:
                stop("interrupted: the runs finished are cached; run again to carry on", 130)
    variant_text = ", ".join(f"{k}={spelling(v)}" for k, v in plan.variant.items()) or "none"
    tuned = "".join(f" --param {pair}" for pair in params_text(plan.params).split(", "))
    context = (
        f"{plan.games} games per configuration, players {', '.join(map(str, plan.players))}, "
        f"variant {variant_text}, rule parameters {params_text(plan.params)}, seed "
        f"{plan.seed}; bots: {plan.mix()} ({chosen}). "
        f"Reproduce: potager report {game.name} -p {','.join(map(str, plan.players))} "
        f"--bots {','.join(plan.bots)} -n {plan.games} --seed {plan.seed}"
        f"{tuned if plan.params else ''}."
    )
    page = report.write(plan, played, out, context)
    console.print(f"report: {page} ({os.path.getsize(page):,} bytes, plots beside it)")
