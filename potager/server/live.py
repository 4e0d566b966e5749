"""A table in play: its state, its connections and who may act on what version."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets
import types
from collections import deque
from collections.abc import Coroutine, Generator, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fastapi import WebSocket

from potager import games
from potager.engine import GameRecord, Seat, SeatHolder, State, signed
from potager.store import TableInfo

from ..i18n import translate
from .schemas import ErrorMessage

if TYPE_CHECKING:
    from .speeds import TableClock

BACKLOG = 1000
"""Messages a connection may have waiting before the server gives up on that client."""
QUEUED_BYTES = 8 * 2**20
"""Bytes of output a connection may have waiting (whatever their count) before it is let go:
a client that floods ``sync`` and never reads cannot pin the server's memory."""
REVOKED_CLOSE = 2.0
"""Seconds a revoked socket's close frame may take (its send buffer may be full)."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def holds(info: TableInfo, seat: Seat, token: str) -> bool:
    """Does ``token`` open ``seat`` of ``info``? (Constant-time; bots and free seats open to
    nobody.)"""
    if not 0 <= seat < len(info.seats):
        return False
    expected = info.seats[seat].token_hash
    return expected is not None and hmac.compare_digest(expected, token_hash(token))


@dataclass(frozen=True)
class Opened:
    """How a token opened a seat (`potager.server.seating.Seating.opening`): ``digest``, the hash
    of the seat's token then, and ``player``, the id of the player whose token it was (None: it
    was the seat's own token). It speaks for the seat while both still hold."""

    digest: str
    player: str | None


@types.coroutine
def _resume(sending: Coroutine[Any, Any, None], waiting: Any) -> Generator[Any, None, None]:
    """Go on with ``sending``, a coroutine run outside any task until it yielded ``waiting``,
    as the task awaiting this does with its own coroutine: the same future handed to the task,
    then the coroutine resumed once it is done, until it returns."""
    try:
        while True:
            yield waiting
            waiting = sending.send(None)
    except StopIteration:
        return
    finally:
        sending.close()


class Connection:
    """One WebSocket at a table, for a seat or a spectator (``seat`` None).

    Messages arrive in order and a slow client never holds up the others. A message is written
    at once when nothing is waiting before it and the socket takes it without waiting (its send
    buffer has room: nearly always); otherwise it waits in a queue that one task drains, in
    order. Starting the send right away rather than waking a task for it spares the event loop a
    turn for every message, three a move at a table of three; the queue is a plain deque, not an
    `asyncio.Queue`, whose bookkeeping weighed on a busy loop.
    """

    def __init__(
        self, websocket: WebSocket, seat: Seat | None, opened: Opened | None = None
    ) -> None:
        self.websocket = websocket
        self.seat = seat
        self.token_digest = None if opened is None else opened.digest
        """The hash of the seat's token when this connection's hello opened it: once the seat's
        token changes (given up, taken by another), the connection speaks for nobody."""
        self.player = None if opened is None else opened.player
        """The player whose token opened the seat (signed in on another device), None
        for the seat's own token: once another player holds the seat, it speaks for nobody."""
        self.revoked = False
        self.lang = "en"
        """The language its person reads (`i18n.language`, set on its hello)."""
        self.events_sent = 0
        """How many of the state's events this connection has been offered."""
        self._queue: deque[str | None] = deque()
        self._queued_bytes = 0
        self._closing, self._close_code = False, 1000
        self._sender: asyncio.Task[None] | None = None
        """The task sending what waits, while anything does (None: nothing waits)."""

    def send(self, text: str) -> None:
        """Send or queue ``text``; a client that has let too much pile up is disconnected
        instead."""
        if self._closing:
            return
        if self._sender is None:
            self._send_now(text)
            return
        if len(self._queue) >= BACKLOG or self._queued_bytes + len(text) > QUEUED_BYTES:
            self._queue.clear()
            self._queued_bytes = 0
            self.close(1008)
            return
        self._queued_bytes += len(text)
        self._queue.append(text)

    def _send_now(self, text: str) -> None:
        """Run the socket's send up to where it would wait (for room in its send buffer): the
        rest, and whatever is sent meanwhile, goes to the sending task."""
        sending = self.websocket.send_text(text)
        try:
            waiting = sending.send(None)
        except StopIteration:
            return  # written
        except Exception:
            return  # the socket is closed: its receiving side ends the connection
        self._sender = asyncio.create_task(self._drain(sending, waiting))

    def said(self, error: ErrorMessage) -> str:
        """``error`` as this socket reads it: its message in the socket's language (it stays
        English in the server's own use: logs, other processes)."""
        said = error.model_copy(update={"message": translate(error.message, self.lang)})
        return said.model_dump_json()

    def refuse(self, error: ErrorMessage) -> None:
        """Send ``error`` in this socket's language."""
        self.send(self.said(error))

    def revoke(self, final: str, code: int) -> None:
        """The seat changed hands: from now on nothing this connection sends is heard, what is
        queued for it is dropped, and it gets ``final`` and the close frame, if its buffer lets
        them through within `REVOKED_CLOSE` seconds."""
        self.revoked = self._closing = True
        if self._sender is not None:
            self._sender.cancel()
        self._queue.clear()
        self._queued_bytes = 0
        self._sender = asyncio.create_task(self._last_words(final, code))

    async def _last_words(self, final: str, code: int) -> None:
        with contextlib.suppress(Exception):
            async with asyncio.timeout(REVOKED_CLOSE):
                await self.websocket.send_text(final)
                await self.websocket.close(code)

    def close(self, code: int = 1000) -> None:
        """Send what is queued, then close the socket with ``code``."""
        if not self._closing:
            self._closing, self._close_code = True, code
            self._queue.append(None)
            if self._sender is None:
                self._sender = asyncio.create_task(self._drain())

    async def _drain(self, sending: Any = None, waiting: Any = None) -> None:
        """Finish the send under way (``sending``, a coroutine waiting on ``waiting``), then
        send what was queued meanwhile, in order; the task ends once nothing waits."""
        queue = self._queue
        try:
            with contextlib.suppress(Exception):
                if sending is not None:
                    await _resume(sending, waiting)
                while queue:
                    text = queue.popleft()
                    if text is None:
                        await self.websocket.close(self._close_code)
                        break
                    self._queued_bytes -= len(text)
                    await self.websocket.send_text(text)
        finally:
            if self._sender is asyncio.current_task():
                self._sender = None

    async def stop(self) -> None:
        """Stop sending (a revoked connection first has its last words, within their time)."""
        sender = self._sender
        if sender is None:
            return
        if not self.revoked:
            sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


class LiveTable:
    """A table's state rebuilt from its record, and the people and bots around it."""

    def __init__(self, info: TableInfo, state: State, stand_ins: Iterable[int] = ()) -> None:
        self.info = info
        self.state = state
        self.connections: list[Connection] = []
        self.replays: dict[Seat | None, asyncio.Future[bytes]] = {}
        """Once finished, each seat's replay frames as JSON (`replays.replay_json`)."""
        self.owner = info.id
        """Whose bots these are, for sharing the bot workers fairly: the client that opened
        the table (a table rebuilt after a restart is its own owner)."""
        self.legal_since = [len(state.moves)] * state.players
        """Per seat, the version since which its legal actions are unchanged and it has not
        acted: an action sent having seen an older version is stale."""
        self.owned = True
        """This process stores the table's moves and runs its bots (always, when it is the only
        process; otherwise while it holds the table's lease, `potager.server.cluster`)."""
        self.elsewhere: dict[str, tuple[frozenset[Seat], int]] = {}
        """Per other server process, the seats connected and the spectators watching there."""
        self.pending: list[dict[str, Any]] | None = None
        """While the table is read again from the store, the other processes' messages about it,
        played once it is done."""
        self.earlier: tuple[State, ...] = ()
        """The states before its last two moves, as they were (`takeback.back`): asking whether
        a move may go back, or taking it back, then replays nothing."""
        self.stand_ins: set[int] = set(stand_ins)
        """The plies its seats' stand-in bots played for their timed-out people."""
        self.undos = 0
        """Moves taken back so far (`undo`): a version number comes back after an undo, so a bot
        that saw one checks this too before it plays."""
        self.clock: TableClock | None = None
        """The seats' clocks, once `potager.server.clocks` has read them (every playing table,
        timed or not: who is away, who is absent)."""

    @classmethod
    def from_record(
        cls, info: TableInfo, moves: list[tuple[int, int]], stand_ins: Iterable[int] = ()
    ) -> LiveTable:
        record = GameRecord(
            info.game, info.players, info.variant, info.seed, info.deck, moves, params=info.params
        )
        state = games.replay(record)
        if info.status == "playing" and not info.waiting and info.updated_at is not None:
            # Stored before the store kept whom a table waits on: since its last change.
            info.waiting = {seat: info.updated_at for seat in state.to_move}
        return cls(info, state, stand_ins)

    @property
    def record(self) -> GameRecord:
        """The game record with who sat where (a person by the name shown at the table, a bot
        by its level) and, once over, the result."""
        holders = [
            SeatHolder.bot(s.level or "random") if s.kind == "bot" else SeatHolder.person(s.name)
            for s in self.info.seats
        ]
        return signed(self.state, holders)

    @property
    def version(self) -> int:
        return len(self.state.moves)

    def verify(self, seat: Seat, token: str) -> bool:
        """Does ``token`` open ``seat``? (`holds`)"""
        return holds(self.info, seat, token)

    def speaks_for(self, connection: Connection) -> bool:
        """Is ``connection`` still its seat's (the token it opened with is the seat's current
        one, and it was not revoked)? Spectators speak for nobody and are never current."""
        if connection.revoked or connection not in self.connections:
            return False
        return self.holder(connection)

    def holder(self, connection: Connection) -> bool:
        """Does ``connection`` hold its seat now: the seat's token is still the one it opened
        with, and the player it opened for, if any, still holds the seat?"""
        seat = connection.seat
        if seat is None:
            return False
        held = self.info.seats[seat]
        digest = held.token_hash
        if connection.player is not None and connection.player != held.player_id:
            return False
        return digest is not None and digest == connection.token_digest

    def connected(self, seat: Seat) -> bool:
        """Is somebody at ``seat`` connected, here or through another server process?"""
        return any(c.seat == seat for c in self.connections) or any(
            seat in seats for seats, _ in self.elsewhere.values()
        )

    def connected_seats(self) -> set[Seat | None]:
        """The seats somebody is connected at, here or through another server process (and
        ``None`` if a spectator watches here): `connected` for every seat at once, as each
        state message asks, in one pass over the connections instead of one a seat."""
        here: set[Seat | None] = {c.seat for c in self.connections}
        for seats, _ in self.elsewhere.values():
            here |= seats
        return here

    @property
    def spectators(self) -> int:
        here = sum(c.seat is None for c in self.connections)
        return here + sum(n for _, n in self.elsewhere.values())
