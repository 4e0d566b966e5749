"""What the long-running sub-commands (simulate, tournament, report) share: where the games are
played (``--workers``, ``--scheduler``, ``--dask-local``) and the progress bar."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)

from potager.arena.simulate import Backend, local_backend

from .options import fail

Workers = Annotated[int | None, typer.Option(min=1, help="processes (all cores by default)")]
Scheduler = Annotated[
    str | None,
    typer.Option(help="run on the Dask distributed cluster at this address (tcp://HOST:PORT)"),
]
DaskLocal = Annotated[
    int | None,
    typer.Option("--dask-local", min=1, help="run on a local Dask cluster of N worker processes"),
]


@contextmanager
def backend(
    workers: int | None, scheduler: str | None, dask_local: int | None
) -> Iterator[Backend]:
    """A Dask cluster (``--scheduler`` or ``--dask-local``) or the local process pool."""
    if scheduler is not None and dask_local is not None:
        fail("--scheduler and --dask-local are two clusters: give one", "--scheduler")
    if scheduler is None and dask_local is None:
        yield local_backend(workers or os.cpu_count())
        return
    from potager.arena.cluster import cluster_backend

    try:
        with cluster_backend(scheduler, dask_local) as found:
            yield found
    except OSError as exc:
        fail(f"cannot reach the Dask scheduler {scheduler}: {exc}", "--scheduler")


class GameRate(TextColumn):
    """Games per second since the task started."""

    def __init__(self) -> None:
        super().__init__("")

    def render(self, task):  # type: ignore[no-untyped-def]
        speed = task.finished_speed or task.speed
        self.text_format = "" if speed is None else f"{speed:,.1f} games/s"
        return super().render(task)


def progress_bar(console: Console) -> Progress:
    """A bar with games done, games/s and the time left. No refresh thread: a process pool's
    workers are forked while the bar is on screen, so callers refresh on each update."""
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        GameRate(),
        TimeRemainingColumn(),
        console=console,
        auto_refresh=False,
        transient=True,
    )
