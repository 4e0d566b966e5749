"""Group commit of moves: the moves of every table waiting to be written go to the
store in one transaction, one commit and one flush to disk for all of them.

A move waits only while the previous group is being written: alone, it is written at once; under
load, the tables that moved meanwhile share the next commit. Durability is unchanged: each move's
table learns of it only once the transaction that holds it has committed (`Moves._settle`).
Several moves of one table may wait at once (seats bidding at once, `potager.server.moves`):
they are written in the order sent, each played on the one before.

The database thread hands a group's outcome back to the event loop in one callback, which tells
every move of the group and sends the next group off at once: awaiting the executor's future
from a task instead cost two more turns of a busy event loop between a commit and its moves.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence

from potager.store import MoveWrite, Store

from .outcomes import unavailable

GROUP = 200
"""The most moves one transaction writes."""

Waiting = list[tuple[MoveWrite, asyncio.Future[bool]]]
Outcome = list[bool] | BaseException
Answer = bool | BaseException
"""What the store said of one move: written or not, or the group's error."""


class NotStored(RuntimeError):
    """The store could not write the move: nothing changed, it may be sent again. (Here, not in
    `moves`, which mypyc compiles: a compiled class cannot derive from an exception.)"""


def _answer(written: asyncio.Future[bool], answer: Answer) -> None:
    """Tell a move's waiter ``answer`` (unless it was told already)."""
    if written.done():
        return
    if isinstance(answer, BaseException):
        written.set_exception(answer)
    else:
        written.set_result(answer)


class MoveWriter:
    """Writes through ``store`` in the database thread(s), where ``submit`` runs a call without
    waiting for it."""

    def __init__(self, store: Store, submit: Callable[..., object]) -> None:
        self.store, self.submit = store, submit
        self._waiting: Waiting = []
        self._writing: asyncio.Future[None] | None = None
        """Done once no group is being written."""

    def queue(self, move: MoveWrite) -> asyncio.Future[bool]:
        """Send ``move`` to the store; the future says whether it was written (False: its table
        was not at its version) or raises the store's error (the transaction failed: nothing of
        it was written). A table's moves are answered in the order sent, and once one is not
        written, every later one of its table that waits is answered the same way at once: it
        was played on the move that failed."""
        loop = asyncio.get_running_loop()
        written: asyncio.Future[bool] = loop.create_future()
        self._waiting.append((move, written))
        if self._writing is None or self._writing.done():
            self._writing = loop.create_future()
            self._send(loop)
        return written

    def _send(self, loop: asyncio.AbstractEventLoop) -> None:
        """The next group to the database thread."""
        group, self._waiting = self._waiting[:GROUP], self._waiting[GROUP:]
        try:
            self.submit(self._store, loop, group)
        except RuntimeError as exc:  # the database thread has stopped (the server stops)
            self._stored(loop, group, exc)

    def _store(self, loop: asyncio.AbstractEventLoop, group: Waiting) -> None:
        """In the database thread: write ``group``, then give the loop its outcome."""
        outcome: Outcome
        try:
            outcome = self.store.append_moves([move for move, _ in group])
        except Exception as exc:
            outcome = unavailable(exc)
        with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits
            loop.call_soon_threadsafe(self._stored, loop, group, outcome)

    def _stored(self, loop: asyncio.AbstractEventLoop, group: Waiting, outcome: Outcome) -> None:
        """In the event loop: tell each move of ``group``, then write the next group."""
        answers: Sequence[Answer] = (
            [outcome] * len(group) if isinstance(outcome, BaseException) else outcome
        )
        failed: dict[str, Answer] = {}
        for (move, written), stored in zip(group, answers, strict=True):
            if stored is not True:
                failed.setdefault(move.table_id, stored)
            _answer(written, stored)
        if failed:
            self._waiting = self._drop(failed)
        if self._waiting:
            self._send(loop)
        elif self._writing is not None and not self._writing.done():
            self._writing.set_result(None)

    def _drop(self, failed: dict[str, Answer]) -> Waiting:
        """The moves still waiting but those of the tables whose move ``failed`` (not written,
        or the error), which are answered as it was."""
        keep: Waiting = []
        for move, written in self._waiting:
            if move.table_id in failed:
                _answer(written, failed[move.table_id])
            else:
                keep.append((move, written))
        return keep

    async def stop(self) -> None:
        if self._writing is not None:
            with contextlib.suppress(Exception):
                await self._writing
