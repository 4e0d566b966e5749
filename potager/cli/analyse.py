"""``potager analyse``: every decision of a game record judged by the search, like lichess.

For each decision of the chosen seat (every seat by default) the search evaluates each legal
action from that seat's view at that moment, in rounds until the best and the runner-up are
told apart (or ``--rounds`` have run), and the action played is labelled against the best
(`potager.analysis.labels`). Prints a table (with a progress bar while it thinks), and writes
JSON for tools and a win-chance chart per seat when asked. A move the table's stand-in bot made
for a timed-out person is labelled as the stand-in's and kept out of the person's counts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from potager import games
from potager.analysis import LABELS, ROUNDS, Analysis, MoveReview, analyse, chart, evaluator
from potager.engine import Seat

from .options import fail, stop
from .replay import load_record

ITERATIONS = 1000
"""The search's iterations per decision when neither ``--seconds`` nor ``--iterations`` is given
(an iteration budget makes the analysis reproducible)."""

STYLES = {
    "best": "green",
    "good": "green3",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}


def analyse_command(
    path: Annotated[Path, typer.Argument(metavar="RECORD", help="a game record (JSON)")],
    seat: Annotated[int | None, typer.Option(help="analyse this seat only")] = None,
    seconds: Annotated[
        float | None, typer.Option(min=0.01, help="search time per decision")
    ] = None,
    iterations: Annotated[
        int | None,
        typer.Option(min=1, help=f"search iterations per decision ({ITERATIONS} by default)"),
    ] = None,
    rounds: Annotated[
        int,
        typer.Option(
            min=1,
            help="search a decision again, up to this many times in all, until its best move "
            "and the runner-up are told apart",
        ),
    ] = ROUNDS,
    seed: Annotated[int, typer.Option(help="seed of the search")] = 0,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="write the analysis as JSON here ('-': stdout)")
    ] = None,
    chart_path: Annotated[
        Path | None, typer.Option("--chart", help="draw the win-chance chart per seat (PNG)")
    ] = None,
) -> None:
    """Evaluate every decision of a game with the search and label each move played."""
    record = load_record(path)
    if seat is not None and not 0 <= seat < record.players:
        fail(
            f"must be a seat of this {record.players}-player game, 0…{record.players - 1}", "--seat"
        )
    if seconds is not None and iterations is not None:
        fail("give --seconds or --iterations, not both", "--seconds")
    level = (
        f"ismcts:seconds={seconds:g}"
        if seconds is not None
        else (f"ismcts:iterations={iterations or ITERATIONS}")
    )
    game = games.get(record.game).tuned(record.params)  # a record's rule parameters
    try:
        search = evaluator(level, game)
    except ValueError as exc:
        fail(str(exc), "--seconds" if seconds is not None else "--iterations")
    console = Console(stderr=json_path == Path("-"))
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(f"analysing ({level})", total=None)
        try:
            analysis = analyse(
                record,
                search,
                level,
                None if seat is None else [seat],
                seed,
                lambda done, total: bar.update(task, completed=done, total=total),
                rounds,
            )
        except KeyboardInterrupt:
            stop("interrupted", 130)
    console.print(report(analysis))
    if json_path is not None:
        text = json.dumps(analysis.to_dict(), indent=1)
        if json_path == Path("-"):
            typer.echo(text)
        else:
            write(json_path, text + "\n")
            console.print(f"Analysis written to {json_path}.")
    if chart_path is not None:
        try:
            chart.draw(analysis.to_dict(), chart_path, f"{game.title} · {level} · seed {seed}")
        except OSError as exc:
            stop(f"cannot write {chart_path}: {exc.strerror}", 1)
        console.print(f"Chart drawn in {chart_path}.")


def write(path: Path, text: str) -> None:
    try:
        path.write_text(text)
    except OSError as exc:
        stop(f"cannot write {path}: {exc.strerror}", 1)


def report(analysis: Analysis) -> RenderableType:
    """A table of each seat's moves (one table when one seat is analysed), then each seat's count
    of labels and mean loss. On 80 columns a long move (a Garden Rush harvest) wraps within its
    column; the figures and labels are never cut."""
    holders = analysis.record.seats

    def who(seat: Seat) -> str:
        return str(seat) + (f" {escape(holders[seat].label)}" if holders is not None else "")

    title = f"{analysis.record.game}: {analysis.evaluator}"
    tables: list[RenderableType] = []
    for seat in analysis.seats():
        moves = Table(
            title=f"{title} · seat {who(seat)}",
            title_justify="left",
            box=box.SIMPLE_HEAD,  # no column rules, one space apart: it reads on 80 columns
            padding=(0, 1),
            collapse_padding=True,
        )
        for name in ("move", "played", "win %", "best", "best win %", "loss", "label"):
            moves.add_column(
                name,
                justify="right" if "win" in name or name == "loss" else "left",
                no_wrap=name not in ("played", "best"),
                overflow="fold" if name in ("played", "best") else "ellipsis",
            )
        for r in analysis.reviews:
            d, played, best = r.decision, r.played, r.best
            if d.seat != seat:
                continue
            moves.add_row(
                str(d.ply + 1),
                escape(d.names[d.played]),
                _win(played.win, played.win_low, played.win_high),
                escape(d.names[best.action]) + ("" if r.apart else " ≈"),
                _win(best.win, best.win_low, best.win_high),
                _loss(r),
                f"[{STYLES[r.label]}]{r.label}[/]" + ("*" if d.stand_in else ""),
            )
        mine = [r for r in analysis.reviews if r.decision.seat == seat]
        notes = [
            note
            for note, shown in (
                ("≈: not told apart from the runner-up when the rounds ran out", "≈"),
                ("score: the game was decided, so the loss is the score lost", "score"),
                ("*: made by the table's stand-in bot when the person's time ran out", "*"),
            )
            if any(shown in _marks(r) for r in mine)
        ]
        moves.caption = "\n".join(notes) or None
        tables.append(moves)
    summary = Table(
        title="per seat (loss: win-chance points lost per decision)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        collapse_padding=True,
    )
    summary.add_column("seat", overflow="fold")  # a long level wraps; the counts stay whole
    for name in ("decisions", *LABELS, "mean loss"):
        style = STYLES.get(name)
        header = f"[{style}]{name}[/]" if style else name
        summary.add_column(header, justify="right", no_wrap=True, min_width=len(name))
    summaries = [analysis.summary(seat) for seat in analysis.seats()]
    stood_in = ", ".join(f"seat {s.seat}: {s.stand_in}" for s in summaries if s.stand_in)
    if stood_in:
        summary.caption = f"not counted: the stand-in bot's decisions ({stood_in})"
    for s in summaries:
        summary.add_row(
            who(s.seat),
            str(s.decisions),
            *(str(s.labels[name]) for name in LABELS),
            f"{100 * s.mean_loss:.1f}",
        )
    return Group(*tables, summary)


def _loss(review: MoveReview) -> str:
    """The loss column: win-chance points, or the score lost once the game was decided."""
    if review.decided:
        return f"{review.score_loss:.1f} score"
    return f"{100 * review.loss:.1f}"


def _marks(review: MoveReview) -> set[str]:
    """The marks of the review's row that its table's caption explains."""
    found = {"≈"} if not review.apart else set()
    if review.decided:
        found.add("score")
    if review.decision.stand_in:
        found.add("*")
    return found


def _win(win: float, low: float, high: float) -> str:
    return f"{100 * win:.0f} ({100 * low:.0f}–{100 * high:.0f})"
