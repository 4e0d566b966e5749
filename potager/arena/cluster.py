"""Simulation on a Dask distributed cluster: `DaskBackend` and `cluster_backend`.

The chunks of a job (`potager.arena.simulate.play_task`) are submitted to the cluster's
workers; their rows come back as they finish and are added in game order like the process
pool's, so the same seed gives the same totals on a cluster. Every worker needs Potager
installed (the same version), as the scheduler sends it only the job's description.

Start a cluster by hand (``dask scheduler`` on one machine, ``dask worker tcp://HOST:8786
--nthreads 1 --nworkers N`` on each) and pass ``--scheduler tcp://HOST:8786``; or let
``--dask-local N`` start a `distributed.LocalCluster` of N worker processes for the run.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .simulate import Chunk, Job, play_task


class DaskBackend:
    """Runs each chunk as one task on a `distributed.Client`'s cluster; ``workers`` is the
    number of worker threads it had when the run started."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.workers = max(1, sum(client.nthreads().values()))

    def run(self, job: Job, spans: Sequence[tuple[int, int]]) -> Iterator[Chunk]:
        from distributed import as_completed

        tasks = [(job, i, start, stop) for i, (start, stop) in enumerate(spans)]
        futures = self.client.map(play_task, tasks, pure=False)
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            self.client.cancel(futures)


@contextmanager
def cluster_backend(
    scheduler: str | None = None, local: int | None = None
) -> Iterator[DaskBackend]:
    """A `DaskBackend` on the scheduler at ``scheduler`` (``tcp://HOST:PORT``), or on a
    `LocalCluster` of ``local`` single-threaded worker processes started (and stopped) here."""
    from distributed import Client, LocalCluster

    if scheduler is not None:
        with Client(scheduler) as client:
            yield DaskBackend(client)
        return
    with (
        LocalCluster(
            n_workers=local or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield DaskBackend(client)
