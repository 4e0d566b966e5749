"""Group commit of moves (issue 13): the moves of every table waiting to be written go to the
store in one transaction, one commit and one flush to disk for all of them.

A move waits only while the previous group is being written: alone, it is written at once; under
load, the tables that moved meanwhile share the next commit. Durability is unchanged: each move's
table learns of it only once the transaction that holds it has committed (`Moves.commit`).
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


class MoveWriter:
    def __init__(self, tables: TableManager) -> None:
        self.tables = tables
        self._waiting: list[tuple[MoveWrite, asyncio.Future[bool]]] = []
        self._writing: asyncio.Task[None] | None = None

    async def write(self, move: MoveWrite) -> None:
        """Return once ``move`` is stored; raise `StaleVersion` if its table had moved on, or
        the store's error if the transaction failed (then nothing of it was written)."""
        written = asyncio.get_running_loop().create_future()
        self._waiting.append((move, written))
        if self._writing is None or self._writing.done():
            self._writing = asyncio.create_task(self._write_groups())
        if not await written:
            raise StaleVersion(
                say(
                    "table {table_id} is not at version {ply}", table_id=move.table_id, ply=move.ply
                )
            )

    async def _write_groups(self) -> None:
        while self._waiting:
            group, self._waiting = self._waiting[:GROUP], self._waiting[GROUP:]
            tables = self.tables
            try:
                done = await tables.db(tables.store.append_moves, [move for move, _ in group])
                for (_, written), stored in zip(group, done, strict=True):
                    if not written.done():
                        written.set_result(stored)
            except Exception as exc:
                for _, written in group:
                    if not written.done():
                        written.set_exception(exc)

    async def stop(self) -> None:
        if self._writing is not None:
            with contextlib.suppress(Exception):
                await self._writing
