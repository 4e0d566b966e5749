"""The move pipeline: check, store, then apply and announce. Nothing is visible before it is
stored: the live state takes a move only once the store holds it, so GET, ``sync``, a new socket
or a restart never show a move the database lost, and a failed write changes nothing. With
several server processes, the one owning the table stores (`serve`) and the others take the move
when told it is stored (`follow`).

A table's moves are checked and sent to the store one at a time, under the table's lock, but
they need not wait for each other's write (issue 13): each is checked against and played on the
table as it will be once the moves sent before it are stored (`ahead`), and waits unlocked for
its own. Seats bidding at once then share a group commit (`writer`) instead of queueing behind
each other's, while the table still shows them, in order, only once each is stored
(`Moves._settle`). Anything else done under the lock wants the table as stored:
`LiveTable.settled`.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import TYPE_CHECKING, Final

from potager.engine import Action, NotationError, Seat, State
from potager.store import MoveWrite, StaleVersion, TableStatus
from potager.store.models import utcnow

from ..i18n import say
from .live import Connection, LiveTable
from .schemas import Act, ErrorMessage
from .turns import waiting_after
from .writer import NotStored

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("potager.server")


class Standing:
    """Where a table stands, as shown (`shown`) or once the moves sent to the store are stored
    (`ahead`): its state, status, whom it waits on since when, and each seat's
    `LiveTable.legal_since`. Read-only. (A plain class, not a frozen dataclass: mypyc compiles
    its ``__init__``, where a dataclass's stays interpreted, a few per move.)"""

    def __init__(
        self, state: State, status: TableStatus, waiting: dict[Seat, datetime], since: list[int]
    ) -> None:
        self.state: Final = state
        self.status: Final = status
        self.waiting: Final = waiting
        self.since: Final = since


class Queued:
    """A move sent to the store and not settled yet: ``ahead``, the table once it is stored;
    ``written``, the store's answer (`MoveWriter.queue`); ``outcome``, the move's, once the
    table took it (None) or not (the error). Read-only, a plain class as `Standing` is."""

    def __init__(
        self,
        ply: int,
        seat: Seat,
        action: Action,
        ahead: Standing,
        written: asyncio.Future[bool],
        outcome: asyncio.Future[Exception | None],
    ) -> None:
        self.ply: Final = ply
        self.seat: Final = seat
        self.action: Final = action
        self.ahead: Final = ahead
        self.written: Final = written
        self.outcome: Final = outcome


def shown(live: LiveTable) -> Standing:
    """``live`` as it shows: every move it took is stored."""
    return Standing(live.state, live.info.status, live.info.waiting, live.legal_since)


def ahead(live: LiveTable) -> Standing:
    """``live`` once every move it sent to the store is stored."""
    return live.queued[-1].ahead if live.queued else shown(live)


def legal_since(before: State, after: State, seat: Seat, since: list[int]) -> list[int]:
    """`LiveTable.legal_since` once ``seat``'s move took ``before`` to ``after``: the mover's and
    every seat's whose legal actions changed start again at the new version."""
    now = len(after.moves)
    return [
        now if s == seat or after.legal_actions(s) != before.legal_actions(s) else was
        for s, was in enumerate(since)
    ]


class Moves:
    def __init__(self, tables: TableManager) -> None:
        self.tables = tables

    async def act(self, live: LiveTable, connection: Connection, message: Act) -> None:
        """A seat's action, checked against the version it saw; refusals change nothing. The
        process that owns the table stores it; any other forwards it there (`cluster`)."""
        found = self.check(live, connection, message)
        if isinstance(found, ErrorMessage):
            error: ErrorMessage | None = found
        else:
            seat, action = found
            digest, cluster = connection.token_digest or "", self.tables.cluster
            if live.owned or cluster is None:
                error = await self.serve(live, seat, digest, message.version, action)
            else:
                error = await cluster.forward(live, seat, digest, message.version, action)
        if error is not None:
            error.version = live.version
            connection.refuse(error)

    def check(
        self, live: LiveTable, connection: Connection, message: Act
    ) -> tuple[Seat, Action] | ErrorMessage:
        """The seat and action ``message`` asks for, or why it is refused (against the table
        as shown: `serve` checks again against the table ahead)."""
        seat = connection.seat
        if seat is None:
            return ErrorMessage(code="forbidden", message=say("spectators cannot act"))
        if not live.speaks_for(connection):
            return ErrorMessage(code="forbidden", message=say("this seat was given up"))
        refusal = self._refusal(shown(live), live.version, seat, message.version)
        if refusal is not None:
            return refusal
        state = live.state
        if message.notation is not None:
            try:
                action = state.str_to_action(seat, message.notation)
            except NotationError:  # its message quotes the text: a refusal never echoes
                legal = ", ".join(state.action_to_str(a) for a in state.legal_actions(seat))
                why = say("that is not a move of this game; legal now: {legal}", legal=legal)
                return ErrorMessage(code="illegal", message=why)
        else:
            action = message.action or 0
        return self._illegal(state, seat, action) or (seat, action)

    async def serve(
        self, live: LiveTable, seat: Seat, digest: str, version: int, action: Action
    ) -> ErrorMessage | None:
        """Store ``seat``'s ``action`` sent having seen ``version`` by the holder of the token
        hashed ``digest``: checked again under the table's lock (the message may have waited
        for it, or come from another process), against the table ahead; the refusal, if any."""
        async with live.lock:
            seats = live.info.seats
            if not 0 <= seat < len(seats):
                return ErrorMessage(code="forbidden", message=say("no seat {seat}", seat=seat))
            if seats[seat].token_hash != digest or live.info.status == "waiting":
                # Another process may have changed the seats: the store has the last word.
                await self.tables.seating.reread(live)
            if seats[seat].token_hash != digest:
                return ErrorMessage(code="forbidden", message=say("this seat was given up"))
            table = ahead(live)
            refusal = self._refusal(table, live.version, seat, version)
            refusal = refusal or self._illegal(table.state, seat, action)
            if refusal is not None:
                return refusal
            self.tables.clocks.back(live, seat)  # the player's own move: the seat is theirs
            queued = self.queue(live, seat, action)
        try:
            await self.settle(live, queued)
        except StaleVersion as exc:
            return ErrorMessage(code="stale", message=str(exc))
        except NotStored as exc:
            return ErrorMessage(code="unavailable", message=str(exc))
        return None

    @staticmethod
    def _refusal(table: Standing, now: int, seat: Seat, version: int) -> ErrorMessage | None:
        """Why ``seat`` may not act at ``table`` having seen ``version`` when the table shows
        version ``now``, if it may not."""
        if table.status == "finished":
            return ErrorMessage(code="finished", message=say("the game is over"))
        if table.status == "waiting":
            return ErrorMessage(code="waiting", message=say("waiting for every seat to be taken"))
        if not table.since[seat] <= version <= now:
            return ErrorMessage(
                code="stale",
                message=say(
                    "you acted on version {version}; the table is at {now} and your options "
                    "changed since {since}",
                    version=version,
                    now=now,
                    since=table.since[seat],
                ),
            )
        return None

    @staticmethod
    def _illegal(state: State, seat: Seat, action: Action) -> ErrorMessage | None:
        # The engine's definition of legal, which needs no range check first (a game's own
        # is_legal may index by action; resolving the variant to bound it cost 4% of a move).
        if seat in state.to_move and action in state.legal_actions(seat):
            return None
        if seat not in state.to_move:
            return ErrorMessage(
                code="illegal", message=say("it is not seat {seat}'s turn", seat=seat)
            )
        legal = ", ".join(state.action_to_str(a) for a in state.legal_actions(seat))
        return ErrorMessage(
            code="illegal",
            message=say(
                "action {action} is not legal now; legal: {legal}", action=action, legal=legal
            ),
        )

    def queue(self, live: LiveTable, seat: Seat, action: Action, stand_in: bool = False) -> Queued:
        """Send ``seat``'s ``action``, legal at the table ahead, to the store (the caller holds
        the table's lock); `settle` waits for it. ``stand_in``: the table's stand-in bot made it
        for the seat's timed-out person, and the store keeps that mark (`MoveWrite.stand_in`).

        The move is played on a copy of the table ahead, which it becomes; the table shown takes
        it once it is stored (`_settle`)."""
        before = ahead(live)
        state = before.state
        ply = len(state.moves)
        after = state.clone()
        after.apply(seat, action)
        status = "finished" if after.is_over else before.status
        waiting = waiting_after(before.waiting, after.to_move, seat, utcnow())
        written = self.tables.writer.queue(
            MoveWrite(
                live.info.id,
                ply,
                seat,
                action,
                state.action_to_str(action),
                status,
                after.result().to_dict() if after.is_over else None,
                waiting,
                stand_in,
            )
        )
        table = Standing(after, status, waiting, legal_since(state, after, seat, before.since))
        queued = Queued(ply, seat, action, table, written, written.get_loop().create_future())
        live.queued.append(queued)
        written.add_done_callback(lambda _: self._settle(live))
        return queued

    async def settle(self, live: LiveTable, queued: Queued) -> None:
        """Wait until ``queued`` is the table's. Raises `NotStored` if the store failed (the
        table is as before) and `StaleVersion` if another writer stored its version first (the
        table is read again from the store)."""
        error = await queued.outcome
        if isinstance(error, StaleVersion):
            async with live.settled():
                await self.tables.reload(live)
        if error is not None:
            raise error

    def _settle(self, live: LiveTable) -> None:
        """The table's moves the store has answered for, in order: a stored one becomes the
        table's (`_take`); one not stored changes nothing, nor do the moves sent after it, which
        were played on it (the writer answers for them at once, `MoveWriter.queue`)."""
        queued, cluster = live.queued, self.tables.cluster
        while queued and queued[0].written.done():
            move = queued.popleft()
            error = self._error(live, move)
            try:
                if error is None:
                    self._take(live, move.seat, move.ahead)
                    if cluster is not None:
                        cluster.stored(live, move.ply, move.seat, move.action)
            finally:  # the mover hears, whatever failed here (the loop logs it)
                if not move.outcome.done():  # the mover may have gone (its task cancelled)
                    move.outcome.set_result(error)

    @staticmethod
    def _error(live: LiveTable, move: Queued) -> Exception | None:
        """Why ``move``, answered for, was not stored, if it was not."""
        failure = move.written.exception()
        if failure is None:
            if move.written.result():
                return None
            return StaleVersion(
                say("table {table_id} is not at version {ply}", table_id=live.info.id, ply=move.ply)
            )
        log.error("move %s of table %s was not stored", move.ply, live.info.id, exc_info=failure)
        return NotStored(
            say(
                "your move was not stored ({error}); nothing changed: send it again",
                error=type(failure).__name__,
            )
        )

    def follow(self, live: LiveTable, ply: int, seat: Seat, action: Action) -> bool:
        """Another process stored move ``ply``: take it. False if it does not follow from the
        state held (a message was missed): the caller reads the table again."""
        if ply < live.version:
            return True
        if ply > live.version:
            return False
        before = live.state
        after = before.clone()
        try:
            after.apply(seat, action)
        except Exception:
            log.exception("move %s of table %s does not follow", ply, live.info.id)
            return False
        status: TableStatus = "finished" if after.is_over else "playing"
        waiting = waiting_after(live.info.waiting, after.to_move, seat, utcnow())
        since = legal_since(before, after, seat, live.legal_since)
        self._take(live, seat, Standing(after, status, waiting, since))
        return True

    def _take(self, live: LiveTable, seat: Seat, table: Standing) -> None:
        """A stored move of ``seat`` becomes the table's: its state, status, whom it waits on
        since when (`turns`) and the seats' versions, the announcement, the bots."""
        tables, before = self.tables, live.state
        live.state, live.info.status, live.info.waiting = table.state, table.status, table.waiting
        live.legal_since = table.since
        live.earlier = (*live.earlier[-1:], before)
        tables.clocks.moved(live, seat)
        tables.announce.state(live)
        if table.status == "finished":
            tables.retire(live)
        tables.bot_turns.schedule(live)
