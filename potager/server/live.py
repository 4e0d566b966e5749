"""A table in play: its state, its connections and who may act on what version."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import secrets

from fastapi import WebSocket

from potager import games
from potager.engine import GameRecord, Seat, SeatHolder, State, signed
from potager.store import TableInfo

BACKLOG = 1000
"""Messages a connection may have waiting before the server gives up on that client."""


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


class Connection:
    """One WebSocket at a table, for a seat or a spectator (``seat`` None).

    Messages go through a queue drained by one task, so they arrive in order and a slow client
    never holds up the others.
    """

    def __init__(self, websocket: WebSocket, seat: Seat | None) -> None:
        self.websocket = websocket
        self.seat = seat
        self.events_sent = 0
        """How many of the state's events this connection has been offered."""
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._closing, self._close_code = False, 1000
        self._sender = asyncio.create_task(self._drain())

    def send(self, text: str) -> None:
        """Queue ``text``; a client that has let too much pile up is disconnected instead."""
        if self._closing:
            return
        if self._queue.qsize() >= BACKLOG:
            while not self._queue.empty():
                self._queue.get_nowait()
            self.close(1008)
            return
        self._queue.put_nowait(text)

    def close(self, code: int = 1000) -> None:
        """Send what is queued, then close the socket with ``code``."""
        if not self._closing:
            self._closing, self._close_code = True, code
            self._queue.put_nowait(None)

    async def _drain(self) -> None:
        with contextlib.suppress(Exception):
            while (text := await self._queue.get()) is not None:
                await self.websocket.send_text(text)
            await self.websocket.close(self._close_code)

    async def stop(self) -> None:
        self._sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._sender


class LiveTable:
    """A table's state rebuilt from its record, and the people and bots around it."""

    def __init__(self, info: TableInfo, state: State) -> None:
        self.info = info
        self.state = state
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.thinking: set[Seat] = set()
        self.legal_since = [len(state.moves)] * state.players
        """Per seat, the version since which its legal actions are unchanged and it has not
        acted: an action sent having seen an older version is stale."""

    @classmethod
    def from_record(cls, info: TableInfo, moves: list[tuple[int, int]]) -> LiveTable:
        record = GameRecord(info.game, info.players, info.variant, info.seed, info.deck, moves)
        return cls(info, games.replay(record))

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
        """Does ``token`` open ``seat``? (Constant-time; bots and free seats open to nobody.)"""
        if not 0 <= seat < len(self.info.seats):
            return False
        expected = self.info.seats[seat].token_hash
        return expected is not None and hmac.compare_digest(expected, token_hash(token))

    def connected(self, seat: Seat) -> bool:
        return any(c.seat == seat for c in self.connections)

    @property
    def spectators(self) -> int:
        return sum(c.seat is None for c in self.connections)
