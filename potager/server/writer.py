"""Group commit of moves (issue 13): the moves of every table waiting to be written go to the
store in one transaction, one commit and one flush to disk for all of them.

A move waits only while the previous group is being written: alone, it is written at once; under
load, the tables that moved meanwhile share the next commit. Durability is unchanged: each move's
table learns of it only once the transaction that holds it has committed (`Moves.commit`).

The database thread hands a group's outcome back to the event loop in one callback, which tells
every move of the group and sends the next group off at once: awaiting the executor's future
from a task instead cost two more turns of a busy event loop between a commit and its moves,
each turn tens of milliseconds at 500 tables (issue 13's latency).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from potager.store import MoveWrite, StaleVersion

from ..i18n import say

if TYPE_CHECKING:
    from .manager import TableManager

GROUP = 200
"""The most moves one transaction writes."""

Waiting = list[tuple[MoveWrite, asyncio.Future[bool]]]
Outcome = list[bool] | BaseException


class MoveWriter:
    def __init__(self, tables: TableManager) -> None:
        self.tables = tables
        self._waiting: Waiting = []
        self._writing: asyncio.Future[None] | None = None
        """Done once no group is being written."""

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
        """The next group to the database thread."""
        group, self._waiting = self._waiting[:GROUP], self._waiting[GROUP:]
        try:
            self.tables.in_db_thread(self._store, loop, group)
        except RuntimeError as exc:  # the database thread has stopped (the server stops)
            self._stored(loop, group, exc)

    def _store(self, loop: asyncio.AbstractEventLoop, group: Waiting) -> None:
        """In the database thread: write ``group``, then give the loop its outcome."""
        outcome: Outcome
        try:
            outcome = self.tables.store.append_moves([move for move, _ in group])
        except Exception as exc:
            outcome = self.tables.unavailable(exc)
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
            loop.call_soon_threadsafe(self._stored, loop, group, outcome)

    def _stored(self, loop: asyncio.AbstractEventLoop, group: Waiting, outcome: Outcome) -> None:
        """In the event loop: tell each move of ``group``, then write the next group."""
        if isinstance(outcome, BaseException):
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

    async def stop(self) -> None:
        if self._writing is not None:
            with contextlib.suppress(Exception):
                await self._writing
