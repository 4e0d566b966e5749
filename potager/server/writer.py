"""Group commit of moves (issue 13): the moves of every table waiting to be written go to the
store in one transaction, one commit and one flush to disk for all of them.

A move waits only while the previous group is being written: alone, it is written at once; under
load, the tables that moved meanwhile share the next commit. Durability is unchanged: each move's
table learns of it only once the transaction that holds it has committed (`Moves.commit`).

Where the group is written (``Settings.move_writer``): by default in a process of its own, with
its own connection to the database, so that SQLAlchemy's work for it no longer holds the server's
interpreter lock (a fifth of a busy server's time, issue 13); or in the server's database thread
(``thread``, and always for an in-memory SQLite database, which another process cannot open).
A writer process that dies fails the group it had (its moves are not stored, each mover is told
to send again; a group it had committed first is found by the version check, `StaleVersion`) and
the next group starts a new one.

Either way the group's outcome comes back to the event loop in one callback, which tells every
move of the group and sends the next group off at once: awaiting the executor's future from a
task instead cost two more turns of a busy event loop between a commit and its moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import TYPE_CHECKING

from potager.store import MoveWrite, StaleVersion, Store

from ..i18n import say
from .workers import follow

if TYPE_CHECKING:
    from .manager import TableManager

GROUP = 200
"""The most moves one transaction writes."""

Waiting = list[tuple[MoveWrite, asyncio.Future[bool]]]
Outcome = list[bool] | BaseException

_store: Store | None = None
"""The writer process's store."""


def _open(url: str, server: int) -> None:
    """The writer process starts: its own connection to the database, and it ends with its
    server (`workers.follow`)."""
    global _store
    _store = Store(url)
    follow(server)


def _append(moves: list[MoveWrite]) -> list[bool]:
    """In the writer process: `Store.append_moves`."""
    assert _store is not None
    return _store.append_moves(moves)


class MoveWriter:
    def __init__(self, tables: TableManager) -> None:
        self.tables = tables
        self._waiting: Waiting = []
        self._writing: asyncio.Future[None] | None = None
        """Done once no group is being written."""
        self._process: ProcessPoolExecutor | None = None

    def start(self) -> None:
        """Start the writer process, unless the moves are written in the database thread."""
        url = self.tables.store.url
        in_memory = url.startswith("sqlite") and (url.endswith(":memory:") or "/" not in url[9:])
        if self.tables.settings.move_writer == "process" and not in_memory:
            forks = multiprocessing.get_context("forkserver")
            # Forked with this module (and the store) already imported: a worker starts in
            # milliseconds instead of importing the server again (once the fork server runs,
            # the bots' workers included).
            forks.set_forkserver_preload([__name__])
            self._process = ProcessPoolExecutor(
                1, mp_context=forks, initializer=_open, initargs=(url, os.getpid())
            )
            self._process.submit(int)  # started now rather than at the first move

    async def write(self, move: MoveWrite) -> None:
        """Return once ``move`` is stored; raise `StaleVersion` if its table had moved on, or
        the store's error if the transaction failed (then nothing of it was written)."""
        loop = asyncio.get_running_loop()
        written = loop.create_future()
        self._waiting.append((move, written))
        if self._writing is None or self._writing.done():
            self._writing = loop.create_future()
            self._send(loop)
        if not await written:
            raise StaleVersion(
                say(
                    "table {table_id} is not at version {ply}", table_id=move.table_id, ply=move.ply
                )
            )

    def _send(self, loop: asyncio.AbstractEventLoop) -> None:
        """The next group to the writer process or the database thread."""
        group, self._waiting = self._waiting[:GROUP], self._waiting[GROUP:]
        try:
            if self._process is None:
                self.tables.in_db_thread(self._store, loop, group)
            else:
                moves = [move for move, _ in group]
                self._process.submit(_append, moves).add_done_callback(
                    partial(self._written, loop, group)
                )
        except (RuntimeError, BrokenProcessPool) as exc:  # stopped, or the process died
            self._stored(loop, group, exc)

    def _store(self, loop: asyncio.AbstractEventLoop, group: Waiting) -> None:
        """In the database thread: write ``group``, then give the loop its outcome."""
        outcome: Outcome
        try:
            outcome = self.tables.store.append_moves([move for move, _ in group])
        except Exception as exc:
            outcome = self.tables.unavailable(exc)
        self._report(loop, group, outcome)

    def _written(
        self, loop: asyncio.AbstractEventLoop, group: Waiting, done: Future[list[bool]]
    ) -> None:
        """The writer process has answered for ``group`` (in the executor's thread)."""
        exc = done.exception()
        outcome: Outcome
        if exc is None:
            outcome = done.result()
        else:
            outcome = self.tables.unavailable(exc) if isinstance(exc, Exception) else exc
        self._report(loop, group, outcome)

    def _report(self, loop: asyncio.AbstractEventLoop, group: Waiting, outcome: Outcome) -> None:
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
            loop.call_soon_threadsafe(self._stored, loop, group, outcome)

    def _stored(self, loop: asyncio.AbstractEventLoop, group: Waiting, outcome: Outcome) -> None:
        """In the event loop: tell each move of ``group``, then write the next group."""
        if isinstance(outcome, BaseException):
            if isinstance(outcome, BrokenProcessPool):
                self._renew()
            for _, written in group:
                if not written.done():
                    written.set_exception(outcome)
        else:
            for (_, written), stored in zip(group, outcome, strict=True):
                if not written.done():
                    written.set_result(stored)
        if self._waiting:
            self._send(loop)
        elif self._writing is not None and not self._writing.done():
            self._writing.set_result(None)

    def _renew(self) -> None:
        """The writer process died: the next group starts another."""
        if self._process is not None:
            self._process.shutdown(wait=False, cancel_futures=True)
            self._process = None
            self.start()

    async def stop(self) -> None:
        """Once the group being written is done, stop the writer process."""
        if self._writing is not None:
            with contextlib.suppress(Exception):
                await self._writing
        process, self._process = self._process, None
        if process is not None:
            await asyncio.get_running_loop().run_in_executor(None, process.shutdown)
