"""``potager design``: search a game's rule parameters for the settings that meet goals."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from potager.arena import design, design_page

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


def design_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="e.g. kraut-und-rueben")],
    vary: Annotated[
        list[str],
        typer.Option(
            metavar="NAME=LOW..HIGH",
            help="a parameter to search: whole numbers LOW..HIGH, or choices A,B (or *); "
            "repeatable",
        ),
    ],
    goal: Annotated[
        list[str],
        typer.Option(
            metavar="MEASURE=VALUE",
            help="a measure at (=), at most (<=) or at least (>=) a value, e.g. win_0=0.5 or "
            "win_0<=52%; repeatable",
        ),
    ],
    budget: Annotated[
        int, typer.Option(min=1, help="trials the study holds at the end (resumed ones count)")
    ] = 20,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of seats")] = None,
    bots: Annotated[
        str | None, typer.Option(help="one bot level per seat, comma-separated (or one for all)")
    ] = None,
    games_count: Annotated[int, typer.Option("--games", "-n", min=1, help="games per trial")] = 100,
    seed: Annotated[int, typer.Option(help="seed of every trial's games and of the search")] = 1,
    variant: Variant = None,
    param: Params = None,
    out: Annotated[Path, typer.Option(help="directory of the study's page")] = Path("design"),
    study: Annotated[
        Path | None,
        typer.Option(help="the study's SQLite file, resumed if it exists (default OUT/study.db)"),
    ] = None,
    workers: Workers = None,
    scheduler: Scheduler = None,
    dask_local: DaskLocal = None,
) -> None:
    """Search rule parameters with Optuna: each trial plays a setting's games between bots and
    measures them (win_SEAT, score_SEAT, decisions and the game's own measures, as `potager
    report` does); the search looks for the settings whose measures miss the goals least.
    Writes OUT/index.html: the best settings, every trial with 95% intervals, and each measure
    against each parameter. A study is kept in its SQLite file: run the command again, with a
    larger --budget, to carry on.
    """
    import optuna  # noqa: F401  (the study extra's: missing, stop before playing)

    game = load_game(game_name)
    players = check_players(game, players)
    options = parse_variant(game, variant)
    params = parse_params(game, param)
    levels = parse_bots(game, bots, players)
    try:
        plan = design.make_plan(game.name, levels, games_count, seed, vary, goal, options, params)
    except ValueError as exc:
        fail(str(exc))
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"cannot write the study into {out}: {exc.strerror}", "--out")
    path = study or out / "study.db"
    try:
        stored = design.open_study(plan, path)
    except ValueError as exc:
        fail(str(exc), "--study")
    console = Console()
    with backend(workers, scheduler, dask_local) as runner, progress_bar(console) as bar:
        task = bar.add_task(f"{game.name} design", total=None)
        try:
            trials = design.run(
                plan,
                stored,
                budget,
                runner,
                lambda done, total: bar.update(task, completed=done, total=total, refresh=True),
            )
        except KeyboardInterrupt:
            stop("interrupted: the finished trials are kept; run again to carry on", 130)
    variant_text = ", ".join(f"{k}={spelling(v)}" for k, v in plan.variant.items()) or "none"
    again = [
        f"potager design {game.name} -p {plan.players} --bots "
        + (plan.bots[0] if len(set(plan.bots)) == 1 else ",".join(plan.bots)),
        f"-n {plan.games} --seed {plan.seed}",
        *(f"--variant {k}={spelling(v)}" for k, v in plan.variant.items()),
        *(f"--param {pair}" for pair in params_text(plan.params).split(", ") if plan.params),
        *(f"--vary '{v.text}'" for v in plan.vary),
        *(f"--goal '{g.text}'" for g in plan.goals),
        f"--budget N --study {path}",
    ]
    context = (
        f"{len(trials)} trials of {plan.games} games, {plan.players} players, bots "
        f"{', '.join(plan.bots)}, variant {variant_text}, fixed parameters "
        f"{params_text(plan.params)}, seed {plan.seed}; study {path}. Carry on (a larger N "
        f"plays more trials): {' '.join(again)}."
    )
    page = design_page.write(plan, trials, out, context)
    top = design.best(trials, 1)
    if top:
        found = top[0]
        shown = "; ".join(
            f"{g.text}: {design_page.shown(g.measure, found.stats)}" for g in plan.goals
        )
        console.print(
            f"best: {design_page.setting(found)} (trial {found.number}, {found.stats.games} "
            f"games, miss {found.miss:.4f}; {shown})"
        )
    console.print(f"study: {page} ({os.path.getsize(page):,} bytes, plots beside it)")
