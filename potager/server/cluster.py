"""Several server processes behind one port, one database, one Redis: what one process tells
the others and asks of them.

One process at a time owns a table (`potager.server.lease`): only the owner writes its moves and
runs its bots. The others keep a mirror: the owner tells them each move it has stored (the seat
and the action only: each process renders its own sockets' views), and they show it. A table
socket is normally handed to the owner (`potager.server.handoff`); a move that still reaches
another process is forwarded to the owner (`Cluster.to_owner`), which checks it again and stores
it, and a dead owner's table is taken over. What this process hears goes to its `Listener`
(`potager.server.peers`). The why (forward rather than move the lease, gaps, catching up):
docs/server.md.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Protocol

from redis.asyncio import BlockingConnectionPool, Redis

from potager.store import ChatLine

from ..i18n import say
from .fanout import Fanout
from .forever import stopped
from .handoff import Handoff
from .lease import Leases, space_of
from .live import LiveTable
from .outcomes import Refused, Unavailable
from .schemas import ErrorMessage

log = logging.getLogger("potager.server")

FORWARD_TIMEOUT = 2.0
"""Seconds a forwarded move waits for the owner's answer before the owner is asked again (or,
once its lease has lapsed, the table taken over)."""
FORWARD_PATIENCE = 8.0
"""Seconds a forwarded move keeps looking for its table's owner before it is refused as
unavailable: time for a dead owner's heartbeat to lapse (`lease.TTL`) and its table to be taken
over, by this process or another."""
MOVED_WAIT = 0.25
"""Seconds a forwarded move waits before asking again where its table has no owner that holds
it yet (another process is taking it over, or reading it)."""
SWEEP = 0.5
"""Seconds between looks for tables whose owner died (one Redis round trip or two)."""
FULL_SWEEP = 10
"""Every this many sweeps, the store is read too: its unfinished tables without an owner are
claimed, and the mirrors behind it read again (`catch_up`)."""
REDIS_CONNECTIONS = 32
"""The most connections a process opens to Redis; a command waits for a free one (up to
`REDIS_WAIT` seconds). redis-py's own pool refuses the 101st command under way at once
(``MaxConnectionsError``), and a busy process forwarding moves had more than that under way
(a load bench's sockets then died with the error)."""
REDIS_WAIT = 5.0


class Listener(Protocol):
    """What hears the other processes (`potager.server.peers.Peers`)."""

    def heard(self, table_id: str, message: dict[str, Any]) -> None:
        """Another process says ``message`` about a table."""

    def asked(self, message: dict[str, Any]) -> None:
        """Another process asks this one, as the table's owner, to act (answer through
        `Cluster.answer`)."""

    def lapsed(self) -> None:
        """This process's heartbeat lapsed: another may have claimed its tables."""

    def owns(self, table_id: str) -> bool:
        """Does this process own the table (its sockets are handed here)?"""


class Cluster:
    """One process's link to the others: the leases, the table messages and requests through
    Redis (`Fanout`), and the hand-off of sockets; what it hears goes to its `Listener`."""

    def __init__(self, url: str, database_url: str, handoff: bool = True) -> None:
        pool = BlockingConnectionPool.from_url(
            url, max_connections=REDIS_CONNECTIONS, timeout=REDIS_WAIT
        )
        self.redis = Redis(connection_pool=pool)
        space = space_of(database_url)
        self.listener: Listener | None = None
        self.leases = Leases(self.redis, space, self._lapsed)
        self.me = self.leases.me
        self.fanout = Fanout(self.redis, space, self.me, self._heard, self._asked)
        self.handoff = Handoff(space, self.me, self._owns, self.leases.owner) if handoff else None
        """Hands a table socket's connection to the table's owner (None: each process serves
        those it accepts)."""
        self._tasks: set[asyncio.Task[Any]] = set()

    def listen(self, listener: Listener) -> None:
        """Send what the other processes say to ``listener`` (before `start`)."""
        self.listener = listener

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> None:
        """Join the others (a Redis that does not answer fails the start, loudly)."""
        await self.redis.ping()
        await self.leases.start()
        await self.fanout.start()
        if self.handoff is not None:
            self.handoff.start()

    async def stop(self) -> None:
        """Let go of every table at once: the other processes take them over at their next sweep."""
        if self.handoff is not None:
            self.handoff.stop()
        await stopped(self._tasks)
        await self.fanout.stop()
        await self.leases.stop()
        await self.redis.aclose()

    def _heard(self, table_id: str, message: dict[str, Any]) -> None:
        if self.listener is not None:
            self.listener.heard(table_id, message)

    def _asked(self, _channel: str, message: dict[str, Any]) -> None:
        if self.listener is not None:
            self.listener.asked(message)

    def _lapsed(self) -> None:
        if self.listener is not None:
            self.listener.lapsed()

    def _owns(self, table_id: str) -> bool:
        return self.listener is not None and self.listener.owns(table_id)

    # -- hearing them ------------------------------------------------------------------------------
    def follow(self, table_id: str) -> None:
        """Hear what the other processes say of ``table_id``, held here from now on."""
        self.fanout.follow(table_id)

    async def followed(self, table_id: str) -> None:
        """Once what the others say of ``table_id`` reaches this process (`follow`)."""
        await self.fanout.followed(table_id)

    def unfollow(self, table_id: str) -> None:
        """``table_id`` is no longer held here."""
        self.fanout.unfollow(table_id)

    # -- telling the others ------------------------------------------------------------------------
    def stored(self, live: LiveTable, ply: int, seat: int, action: int, stand_in: bool) -> None:
        """The owner stored move ``ply`` (its seat's stand-in bot's: ``stand_in``): the mirrors
        may show it."""
        move = {"kind": "move", "ply": ply, "seat": seat, "action": action, "stand_in": stand_in}
        self.fanout.table(live.info.id, move)
        if live.info.status == "finished":
            self.spawn(self.leases.release(live.info.id))

    def undone(self, live: LiveTable, ply: int) -> None:
        """The owner took move ``ply`` back (`undo`): the mirrors do too."""
        self.fanout.table(live.info.id, {"kind": "undo", "ply": ply})

    def ended(self, live: LiveTable) -> None:
        """The owner ended ``live`` with no result: it owns it no more."""
        self.spawn(self.leases.release(live.info.id))

    def said(self, live: LiveTable, line: ChatLine) -> None:
        """A chat line is stored: the other processes' connections hear it."""
        self.fanout.table(
            live.info.id,
            {
                "kind": "chat",
                "id": line.id,
                "seat": line.seat,
                "ply": line.ply,
                "text": line.text,
                "at": line.at.isoformat(),
            },
        )

    def seats_changed(self, live: LiveTable) -> None:
        """``live``'s seats, start or rematch changed: the other processes read them again."""
        self.fanout.table(live.info.id, {"kind": "seats"})

    def clocks_written(self, table_id: str) -> None:
        """The owner wrote the table's clocks: the other processes read them again."""
        self.fanout.table(table_id, {"kind": "clocks"})

    def presence(self, live: LiveTable) -> None:
        """Who is connected to ``live`` through this process."""
        seats = sorted({c.seat for c in live.connections if c.seat is not None})
        spectators = sum(c.seat is None for c in live.connections)
        self.fanout.table(
            live.info.id, {"kind": "presence", "seats": seats, "spectators": spectators}
        )

    def answer(self, message: dict[str, Any], answer: dict[str, Any]) -> None:
        """Answer a request `Listener.asked` heard."""
        self.fanout.answer(message["reply_to"], message["req"], answer)

    # -- asking the owner --------------------------------------------------------------------------
    async def to_owner(
        self,
        live: LiveTable,
        request: dict[str, Any],
        take_over: Callable[[], Awaitable[bool]],
        here: Callable[[], Awaitable[ErrorMessage | None]],
    ) -> ErrorMessage | None:
        """Send ``request`` (a seat's move or undo) to the table's owner and return its refusal,
        if any; where the table has no living owner, ``take_over`` it and serve it ``here``. The
        move's state arrives like every other, as the owner tells it."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + FORWARD_PATIENCE
        while loop.time() < give_up:
            try:
                owner = await self.leases.owner(live.info.id)
                if owner is None or owner == self.me:
                    if await take_over():
                        return await here()
                    await asyncio.sleep(MOVED_WAIT)  # another process was first
                    continue
            except Unavailable:
                break
            try:
                reply = await self.fanout.request(owner, request, FORWARD_TIMEOUT)
            except TimeoutError:
                log.warning("process %s did not answer for table %s", owner, live.info.id)
                continue
            error = reply["error"]
            if error is None:
                return None
            if error["code"] != "moved":
                return ErrorMessage(code=error["code"], message=error["message"])
            await asyncio.sleep(MOVED_WAIT)  # its new owner is reading it: ask again soon
        return ErrorMessage(
            code="unavailable",
            message=say(
                "the server holding this table did not answer; your move may not have been "
                "stored: watch for the next state before sending it again"
            ),
        )

    async def end_elsewhere(self, live: LiveTable, seat: int, digest: str) -> None:
        """Ask the owning process to end ``live`` for ``seat``'s holder (it holds the clocks);
        its refusal, if any, raised."""
        gone = Refused(503, say("the server holding this table did not answer; try again"))
        owner = await self.leases.owner(live.info.id)
        if owner is None:
            raise gone
        request = {"kind": "end", "table": live.info.id, "seat": seat, "digest": digest}
        try:
            reply = await self.fanout.request(owner, request, FORWARD_TIMEOUT)
        except TimeoutError:
            raise gone from None
        if reply.get("error") is not None:
            raise Refused(reply["status"], reply["error"])
