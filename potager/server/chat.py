"""Chat at a table: seated players talk, spectators read, the lines stay with the
table's record.

A line (`Say` over the table's socket) is refused, changing nothing, when the table's creator
turned chat off, when a spectator or a seat given up sends it, when it is longer than
``POTAGER_CHAT_LENGTH`` characters once trimmed, when its seat says more than
``POTAGER_CHAT_RATE`` allows (besides the socket's own message rate), or once the table holds
``POTAGER_CHAT_LINES`` lines. Its characters are checked like a name's (`schemas.Say`: no
control, line-separator or bidi-override character); pages show it as text, never as HTML.

A line is stored before anybody hears of it, like a move: any server process may store one (the
store's ids order them); the table's actor then tells its own connections and the other
processes, which tell theirs (`TableActor.say`). Each process keeps the lines of the tables it
holds once it has read them, for the connections that say hello. ``GET /api/tables/{id}/chat``
gives them to anyone (the replay page shows them beside the moves).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any
from weakref import WeakKeyDictionary

from potager.engine import Seat
from potager.store import ChatLine, Store

from ..i18n import say
from .config import Limits
from .limits import Bucket
from .live import Connection, LiveTable
from .outcomes import Refused
from .schemas import ChatLineModel, ChatMessage, ErrorMessage

OFF = say("chat is off at this table")


def line_model(line: ChatLine) -> ChatLineModel:
    return ChatLineModel(id=line.id, seat=line.seat, ply=line.ply, text=line.text, at=line.at)


def chat_message(lines: list[ChatLine], reset: bool) -> str:
    return ChatMessage(lines=[line_model(x) for x in lines], reset=reset).model_dump_json()


class Chat:
    def __init__(self, limits: Limits, store: Store, db: Callable[..., Awaitable[Any]]) -> None:
        self.limits, self.store, self.db = limits, store, db
        self.rate = Bucket(self.limits.chat_rate)
        """One bucket per seat of a table (``table:seat``): a seat's sockets share it."""
        self._held: WeakKeyDictionary[LiveTable, dict[int, ChatLine]] = WeakKeyDictionary()
        """Per table in memory, its lines by id once read (and those heard while reading)."""
        self._reading: WeakKeyDictionary[LiveTable, asyncio.Lock] = WeakKeyDictionary()

    def opened(self, live: LiveTable) -> None:
        """``live`` was just created here: nothing said yet, nothing to read from the store
        (a read per new table, in the database thread that writes the moves)."""
        self._held[live] = {}

    async def lines(self, live: LiveTable) -> list[ChatLine]:
        """The table's lines in the order they were said (read from the store the first time;
        sockets saying hello at once wait for that one read)."""
        lock = self._reading.setdefault(live, asyncio.Lock())
        async with lock:
            held = self._held.get(live)
            if held is None:
                held = self._held[live] = {}  # lines heard meanwhile go here
                try:
                    stored = await self.db(self.store.chat, live.info.id)
                except BaseException:
                    del self._held[live]
                    raise
                held.update((line.id, line) for line in stored)
        return sorted(held.values(), key=lambda line: line.id)

    async def greet(self, live: LiveTable, connection: Connection) -> None:
        """Send ``connection`` the whole chat (after its hello, or on ``sync``), if anything
        was said."""
        if live.info.chat:
            lines = await self.lines(live)
            if lines:
                connection.send(chat_message(lines, reset=True))

    async def keep(self, live: LiveTable, seat: Seat, text: str) -> ChatLine | ErrorMessage:
        """Store ``seat``'s line (the caller tells everybody, `heard`); the refusal if the chat
        is full or the store failed."""
        cap = self.limits.chat_lines
        if cap and len(await self.lines(live)) >= cap:
            return ErrorMessage(code="too_many", message=say("the chat of this table is full"))
        try:
            return await self.db(self.store.add_chat, live.info.id, seat, live.version, text)
        except Refused as exc:
            return ErrorMessage(code="unavailable", message=str(exc))

    def refusal(self, live: LiveTable, connection: Connection, text: str) -> ErrorMessage | None:
        """Why ``connection`` may not say ``text`` now, if it may not."""
        if not live.info.chat:
            return ErrorMessage(code="forbidden", message=OFF)
        if connection.seat is None:
            return ErrorMessage(
                code="forbidden", message=say("spectators read the chat; only players write")
            )
        if not live.speaks_for(connection):
            return ErrorMessage(code="forbidden", message=say("this seat was given up"))
        longest = self.limits.chat_length
        if longest and len(text) > longest:
            return ErrorMessage(
                code="malformed",
                message=say("a chat line has at most {longest} characters", longest=longest),
            )
        wait = self.rate.take(f"{live.info.id}:{connection.seat}")
        if wait:
            return ErrorMessage(
                code="rate_limited",
                message=say(
                    "you are chatting too fast: wait {seconds} s", seconds=max(1, round(wait))
                ),
            )
        return None

    def heard(self, live: LiveTable, line: ChatLine) -> None:
        """``line`` is stored (here or by another process): every connection hears it."""
        held = self._held.get(live)
        if held is not None:
            if line.id in held:
                return
            held[line.id] = line
        text = chat_message([line], reset=False)
        for connection in live.connections:
            connection.send(text)
