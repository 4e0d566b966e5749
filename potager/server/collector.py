"""Python's cyclic garbage collector, set for a serving process (issue 13).

A server holds hundreds of tables, each with its states, sockets and tasks: some 350,000 tracked
objects at 300 busy tables. With the interpreter's thresholds (a young collection every 700
container allocations, the whole heap traversed every hundred of those once it has grown a
quarter) the collector took a fifth of the event loop's time under `bench.server_load`, each
full collection a pause of a few hundred milliseconds, for almost nothing to collect (500 objects
in 5 full collections): a move's messages, rows and dicts are freed by their reference counts.
So while serving, the young generation collects every `YOUNG` allocations and the older ones
`OLDER` times more rarely, and what the process holds once started (modules, models, the
lobby's tables) is frozen out of the collections (`gc.freeze`). Cycles are still collected,
only less often. Measured A/B interleaved at 300 tables (`--no-undo`, load 8.3-9.6): server CPU
0.400 and 0.376 ms an action before, 0.335 and 0.329 after, p99 1.7-2.3 s before, 1.0-1.1 s after.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG = 50_000
"""Container objects allocated (less those freed) between two collections of the youngest
generation (the interpreter's default: 700)."""
OLDER = 20
"""Collections of a generation between two of the next older one (default: 10)."""


@contextmanager
def serving() -> Iterator[None]:
    """The collector set for serving, then as it was (a test process starts many servers)."""
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(YOUNG, OLDER, OLDER)
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
