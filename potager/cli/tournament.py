"""``potager tournament``: every bot at every seat and opponent mix, n-player ratings, kept in the
store so that an interrupted tournament carries on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from potager.arena import html, plots, ratings
from potager.arena.tournament import Board, Plan, make_plan, run, seatings, standings
from potager.provenance import provenance
from potager.skill import model_text

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
    split_levels,
    stop,
)
from .running import DaskLocal, Scheduler, Workers, backend, progress_bar


def tournament_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="e.g. kraut-und-rueben")],
    bots: Annotated[str, typer.Option(help="the bot levels, comma-separated (two at least)")],
    players: Annotated[
        str | None,
        typer.Option("--players", "-p", help="player counts, comma-separated (the minimum)"),
    ] = None,
    games_count: Annotated[
        int, typer.Option("--games", "-n", min=1, help="games per player count")
    ] = 120,
    seed: Annotated[int, typer.Option(help="seed: the same seed resumes the same tournament")] = 1,
    variant: Variant = None,
    param: Params = None,
    database: Annotated[
        str | None,
        typer.Option(help="database URL (POTAGER_DATABASE_URL or sqlite:///potager.db)"),
    ] = None,
    bootstrap: Annotated[
        int, typer.Option(min=1, help="bootstrap samples of the rating intervals")
    ] = ratings.BOOTSTRAP,
    as_json: Annotated[bool, typer.Option("--json", help="print the standings as JSON")] = False,
    html_out: Annotated[
        Path | None, typer.Option("--html", help="write a one-file HTML report here")
    ] = None,
    workers: Workers = None,
    scheduler: Scheduler = None,
    dask_local: DaskLocal = None,
) -> None:
    """Play a round robin of bots over seats, opponent mixes and player counts, then rate them
    (openskill Plackett–Luce: μ, σ, ordinal μ−3σ with bootstrap 95% intervals) and print the
    head-to-head matrix.

    Finished games are stored as they finish: run the same command again after an interruption
    and it plays only the games missing (a larger --games extends the tournament).
    """
    game = load_game(game_name)
    counts = [game.min_players] if players is None else player_counts(game, players)
    levels = split_levels(bots)
    if len(levels) < 2:
        fail(f"a tournament needs two bot levels at least, not {bots!r}", "--bots")
    try:
        plan = make_plan(
            game.name,
            levels,
            counts,
            games_count,
            seed,
            parse_variant(game, variant),
            parse_params(game, param),
        )
    except ValueError as exc:
        fail(str(exc))
    # The database is imported here, not with every command of the command line.
    from potager.store import Store, database_url
    from potager.store.tournaments import Tournaments

    store = Store(database or database_url())
    store.upgrade()
    kept = Tournaments(store)
    console = Console(stderr=as_json)
    with backend(workers, scheduler, dask_local) as runner, progress_bar(console) as bar:
        task = bar.add_task(f"{game.name} tournament", total=games_count * len(plan.players))
        try:
            played = run(
                plan,
                kept,
                runner,
                lambda done, total: bar.update(task, completed=done, refresh=True),
            )
        except KeyboardInterrupt:
            stop("interrupted: the finished games are kept; run again to carry on", 130)
    boards = standings(plan, kept, bootstrap)
    if html_out is not None:
        html_out.write_text(report_page(plan, boards))
    if as_json:
        data = {"format": 1, **provenance(), **plan.config(), "model": model_text()}
        data.update(games=plan.games, played_now=played, key=plan.key)
        data["boards"] = [b.to_dict() for b in boards]
        typer.echo(json.dumps(data, indent=1))
        return
    console.print(_context(plan, played))
    for found in boards:
        console.print(leaderboard_table(found))
        console.print(head_to_head_table(found))


def _context(plan: Plan, played: int | None = None) -> str:
    """What the tournament is; with ``played``, how many of its games this run played."""
    variant = ", ".join(f"{k}={spelling(v)}" for k, v in plan.variant.items()) or "none"
    covered = ", ".join(
        f"{n} players: {len(seatings(plan.bots, n))} seatings" for n in plan.players
    )
    run = "" if played is None else f" {played} played now, the others from the store."
    tuned = f" rule parameters {params_text(plan.params)};" if plan.params else ""
    return (
        f"{plan.game} tournament {plan.key[:8]}: bots {', '.join(plan.bots)}; {plan.games} games "
        f"per player count ({covered}); seed {plan.seed}; variant {variant};"
        f"{tuned}{run} Places: "
        "winners first, then by score; ties shared."
    )


def leaderboard_table(found: Board) -> Table:
    table = Table(
        title=f"{found.label}: {found.games} games",
        title_justify="left",
        box=box.SIMPLE_HEAD,  # no column rules, one space apart: a row reads on 80 columns
        padding=(0, 1),
        collapse_padding=True,
    )
    for name in ("rank", "bot", "μ", "σ", "ordinal μ−3σ", "95% CI", "wins per seat", "games"):
        table.add_column(
            name, justify="left" if name == "bot" else "right", no_wrap=name == "95% CI"
        )
    for rank, r in enumerate(found.leaderboard, 1):
        table.add_row(
            str(rank),
            r.bot,
            f"{r.mu:.2f}",
            f"{r.sigma:.2f}",
            f"{r.ordinal:.2f}",
            _interval(found, r.bot),
            f"{100 * found.win_share[r.bot]:.1f}%",
            str(r.games),
        )
    table.caption = "\n".join(_notes(found)) or None
    return table


ALIKE = (
    "*: no width: every bootstrap resample rated alike (every game ended the same way), which "
    "says nothing of the uncertainty; the win share's Wilson interval (--html, --json) does not "
    "vanish"
)


def _interval(found: Board, bot: str) -> str:
    """The bootstrap interval of ``bot``'s ordinal, marked ``*`` when it has no width."""
    low, high = found.intervals[bot]
    return f"{low:.1f} – {high:.1f}" + ("*" if found.alike(bot) else "")


def _notes(found: Board) -> list[str]:
    """What the leaderboard's caption says: the intervals of no width, whether ratings settled."""
    notes = [ALIKE] if any(found.alike(r.bot) for r in found.leaderboard) else []
    settling = found.settling()
    if settling:
        moving = [bot for bot, s in settling.items() if not s.settled]
        back = next(iter(settling.values())).games
        notes.append(
            f"not settled over the last {back} games (ordinal moved by more than σ): "
            + ", ".join(moving)
            if moving
            else f"settled: every ordinal moved by less than its σ over the last {back} games"
        )
    return notes


def head_to_head_cells(found: Board) -> tuple[list[str], list[list[float | None]]]:
    bots = [r.bot for r in found.leaderboard]
    share = found.head_to_head.share
    return bots, [[share[a].get(b) if a != b else None for b in bots] for a in bots]


def head_to_head_table(found: Board) -> Table:
    bots, cells = head_to_head_cells(found)
    table = Table(title="head to head (row placed before column)", title_justify="left")
    table.add_column("")
    for bot in bots:
        table.add_column(bot, justify="right")
    for bot, row in zip(bots, cells, strict=True):
        table.add_row(bot, *("—" if c is None else f"{100 * c:.0f}%" for c in row))
    return table


def report_page(plan: Plan, boards: list[Board]) -> str:
    """The one-file HTML report: the rating model and its parameters; per board its
    leaderboard (win shares with Wilson intervals, how much each ordinal moved lately), a plot of
    the ordinals with their intervals, their course over the games, and the head-to-head
    matrix."""
    sections = [
        html.Section(
            "Ratings",
            paragraphs=[
                f"Model: {model_text()}. Places: winners first, then by score, ties "
                "shared. Ordinal: μ − 3σ. Its 95% interval: the 2.5 and 97.5 percentiles over "
                "bootstrap resamples of the games; one of no width (every resample alike, as "
                "when every game ends the same way) is marked, since it says nothing of the "
                "uncertainty. Win share: wins (ties split) per seat held, with its Wilson 95% "
                "interval, which never has no width. Settled: the ordinal moved by less than "
                f"its σ over the last {round(100 * ratings.SETTLING)}% of the games (20 at "
                "least)."
            ],
        )
    ]
    for found in boards:
        note = f"{plan.game}; bots {', '.join(plan.bots)}; {found.label}, {found.games} games"
        names = [r.bot for r in found.leaderboard]
        lows = [found.intervals[b][0] for b in names]
        highs = [found.intervals[b][1] for b in names]
        ordinals = [r.ordinal for r in found.leaderboard]
        rating_plot = plots.intervals(
            f"Ratings, {found.label}",
            note,
            names,
            ordinals,
            lows,
            highs,
            "ordinal μ − 3σ (95% bootstrap)",
        )
        course = plots.lines(
            f"Ratings over the games, {found.label}",
            note,
            {bot: [after[bot].ordinal for after in found.trail] for bot in names},
            "games rated",
            "ordinal μ − 3σ",
        )
        bots, cells = head_to_head_cells(found)
        matrix_plot = plots.matrix(f"Head to head, {found.label}", note, bots, cells)
        settling = found.settling()
        rows = [
            [
                rank,
                r.bot,
                f"{r.mu:.2f}",
                f"{r.sigma:.2f}",
                f"{r.ordinal:.2f}",
                _interval(found, r.bot),
                f"{100 * found.win_share[r.bot]:.1f}% "
                f"({100 * found.win_interval[r.bot][0]:.1f}–"
                f"{100 * found.win_interval[r.bot][1]:.1f}%)",
                f"{settling[r.bot].change:+.2f} over {settling[r.bot].games} games: "
                + ("settled" if settling[r.bot].settled else "not settled")
                if settling
                else "—",
                r.games,
            ]
            for rank, r in enumerate(found.leaderboard, 1)
        ]
        header = [
            "rank",
            "bot",
            "μ",
            "σ",
            "ordinal",
            "95% CI",
            "wins per seat (95% Wilson)",
            "last change",
            "games",
        ]
        sections.append(
            html.Section(
                f"{found.label}: {found.games} games",
                paragraphs=_notes(found),
                tables=[(header, rows)],
                images=[
                    (html.embedded(plots.png(rating_plot)), f"ratings, {found.label}"),
                    (html.embedded(plots.png(course)), f"ratings over the games, {found.label}"),
                    (html.embedded(plots.png(matrix_plot)), f"head to head, {found.label}"),
                ],
            )
        )
    return html.page(f"{plan.game} tournament", _context(plan), sections)
