"""Several server processes behind one port, one database, one Redis (issue 13, scale-out).

Every process may hold any table in memory and serve its sockets, but one process at a time owns
a table (`potager.server.lease`): only the owner writes its moves and runs its bots, so its moves
stay serial without a lock shared between processes. The others keep a mirror: the owner tells
them each move it has stored (`potager.server.fanout`: the seat and the action only; every
process renders its own sockets' views, so nothing hidden travels in a rendered message), and
they play it on their copy and announce it to their sockets.

A table socket is handed to the process that owns its table before it is answered
(`potager.server.handoff`), where that process runs on the same machine: then a table's sockets
are all its owner's, and no other process mirrors it for them. Where one cannot be handed, the
process that accepted it serves it through a mirror, as follows.

A move sent to a process that does not own the table is forwarded to the owner, which checks it
again (the seat's token, the version seen, legality) and stores it. We forward rather than move
the lease because a table's players are spread over the processes by the kernel, connection by
connection: a lease that followed each move would change hands at nearly every turn, each time
reloading the table from the store and stopping its bots, while a forward costs one round trip
through Redis. The lease moves only when its owner stops answering: a forward that times out, or
the periodic sweep that finds a table whose owner has no heartbeat, takes the table over,
reloads it from the store and starts its bots.

Nothing is visible before it is stored, across processes too: the owner publishes a move only
after the store has it, and a mirror shows a move only when the owner's message arrives. A mirror
that sees a gap in the versions (a message lost while Redis reconnected) reloads from the store,
and so does one still behind the store at the next sweep (the lost message was the last one).
Seat changes are written by whichever process is asked, with the store's conditions (one seat,
one grant); the others are told to read the seats again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from datetime import datetime
from typing import TYPE_CHECKING, Any

from redis.asyncio import BlockingConnectionPool, Redis

from potager.store import ChatLine

from ..i18n import say
from .fanout import Fanout
from .forever import cancelling, go_on, stopped
from .handoff import Handoff
from .lease import Leases, space_of
from .live import LiveTable
from .outcomes import Unavailable
from .schemas import ErrorMessage

if TYPE_CHECKING:
    from .actor import TableActor
    from .manager import TableManager

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
(issue 13: a load bench's sockets then died with the error)."""
REDIS_WAIT = 5.0


class Cluster:
    def __init__(self, tables: TableManager, url: str, handoff: bool = True) -> None:
        self.tables = tables
        pool = BlockingConnectionPool.from_url(
            url, max_connections=REDIS_CONNECTIONS, timeout=REDIS_WAIT
        )
        self.redis = Redis(connection_pool=pool)
        space = space_of(tables.store.url)
        self.leases = Leases(self.redis, space, self._lapsed)
        self.me = self.leases.me
        self.fanout = Fanout(self.redis, space, self.me, self._table_message, self._request)
        self.handoff = Handoff(space, self.me, self._owns, self.leases.owner) if handoff else None
        """Hands a table socket's connection to the table's owner (None: each process serves
        those it accepts)."""
        self.loading: dict[str, list[dict[str, Any]]] = {}
        """Messages for tables being read from the store, played once they are in memory."""
        self._behind: dict[str, int] = {}
        """Mirrors behind the store at the last sweep, and the store's version then."""
        self._tasks: set[asyncio.Task[Any]] = set()

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
        self.spawn(self._sweep_forever())

    async def stop(self) -> None:
        """Let go of every table at once: the other processes take them over at their next sweep."""
        if self.handoff is not None:
            self.handoff.stop()
        await stopped(self._tasks)
        await self.fanout.stop()
        await self.leases.stop()
        await self.redis.aclose()

    # -- ownership ---------------------------------------------------------------------------------
    def _owns(self, table_id: str) -> bool:
        live = self.tables.live.get(table_id)
        return live is not None and live.owned

    async def adopt(self, live: LiveTable) -> None:
        """``live`` was just read from the store: it is ours if no living process owns it."""
        if live.info.status == "finished":
            live.owned = False
            await self.leases.release(live.info.id)
            return
        live.owned = await self.leases.claim(live.info.id)
        self.tables.actor(live).wake_bots()

    async def take_over(self, live: LiveTable) -> bool:
        """Own ``live`` if its owner is gone (`TableActor.take_over`); what the other processes
        say of it meanwhile is played once it is read again. Whether it is ours now."""
        take = self.tables.actor(live).take_over(self.leases.claim)
        if live.pending is not None:  # being read again already
            return await take
        live.pending = []
        try:
            return await take
        finally:
            pending, live.pending = live.pending, None
            for message in pending:
                self.follow(live, message)

    def _lapsed(self) -> None:
        """Our heartbeat lapsed: tables another process has claimed meanwhile are theirs now."""
        for live in list(self.tables.live.values()):
            if live.owned:
                self.spawn(self.tables.actor(live).recheck(self.leases.claim))

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
        self.fanout.table(live.info.id, {"kind": "seats"})

    def presence(self, live: LiveTable) -> None:
        """Who is connected to ``live`` through this process."""
        seats = sorted({c.seat for c in live.connections if c.seat is not None})
        spectators = sum(c.seat is None for c in live.connections)
        self.fanout.table(
            live.info.id, {"kind": "presence", "seats": seats, "spectators": spectators}
        )

    # -- hearing from the others -------------------------------------------------------------------
    def _table_message(self, table_id: str, message: dict[str, Any]) -> None:
        buffered = self.loading.get(table_id)
        if buffered is not None:
            buffered.append(message)
            return
        live = self.tables.live.get(table_id) or self.tables.finished.get(table_id)
        if live is not None:
            self.follow(live, message)

    def follow(self, live: LiveTable, message: dict[str, Any]) -> None:
        """Take in one message about ``live`` from another process."""
        kind = message["kind"]
        if kind == "move":
            if live.pending is not None:
                live.pending.append(message)
            elif live.owned:
                # Another process wrote our table: it took it over while we stalled.
                log.warning("table %s was written by process %s", live.info.id, message["from"])
                self.spawn(self._resync(live, recheck=True))
            elif not self.tables.actor(live).follow_move(
                message["ply"], message["seat"], message["action"], message.get("stand_in", False)
            ):
                self.spawn(self._resync(live))
        elif kind == "undo":
            if live.pending is not None:
                live.pending.append(message)
            elif live.owned or not self.tables.actor(live).follow_undo(message["ply"]):
                self.spawn(self._resync(live, recheck=live.owned))
        elif kind == "chat":
            line = ChatLine(
                message["id"],
                message["seat"],
                message["ply"],
                message["text"],
                datetime.fromisoformat(message["at"]),
            )
            self.tables.chat.heard(live, line)
        elif kind == "seats":
            self.spawn(self.tables.seating.refresh(live))
        elif kind == "clocks":
            self.spawn(self.tables.clocks.reread(live))
        elif kind == "presence":
            seats = frozenset(message["seats"])
            before, _ = live.elsewhere.get(message["from"], (frozenset(), 0))
            live.elsewhere[message["from"]] = (seats, message["spectators"])
            for seat in seats - before:
                # A player who connects through another process has their seat back now, as a
                # hello here gives it, not at the clocks' next look (the owner's word only).
                self.tables.clocks.back(live, seat)
            self.tables.announce.presence(live, share=False)

    async def _resync(self, live: LiveTable, recheck: bool = False) -> None:
        """Read ``live`` again from the store, then play the messages that came meanwhile."""
        if live.pending is not None:
            return
        live.pending = []
        try:
            async with self.tables.actor(live).settled():
                if recheck:
                    live.owned = await self.leases.claim(live.info.id)
                await self.tables.actor(live).reload()
        finally:
            pending, live.pending = live.pending, None
        for message in pending:
            self.follow(live, message)

    # -- moves sent to a process that does not own the table ---------------------------------------
    async def forward(
        self, actor: TableActor, seat: int, digest: str, version: int, action: int
    ) -> ErrorMessage | None:
        """Have the owner store ``seat``'s action (taking the table over if the owner is gone);
        the refusal, if any. The move's state arrives through `follow` like every other."""
        request = {
            "kind": "act",
            "table": actor.live.info.id,
            "seat": seat,
            "digest": digest,
            "version": version,
            "action": action,
        }
        return await self._to_owner(
            actor.live, request, lambda: actor.serve(seat, digest, version, action)
        )

    async def forward_undo(
        self, actor: TableActor, seat: int, digest: str, version: int
    ) -> ErrorMessage | None:
        """Have the owner take ``seat``'s last move back (`undo`), as `forward` has it store a
        move; the refusal, if any."""
        request = {
            "kind": "undo",
            "table": actor.live.info.id,
            "seat": seat,
            "digest": digest,
            "version": version,
        }
        return await self._to_owner(
            actor.live, request, lambda: actor.take_back(seat, digest, version)
        )

    async def _to_owner(
        self,
        live: LiveTable,
        request: dict[str, Any],
        here: Callable[[], Awaitable[ErrorMessage | None]],
    ) -> ErrorMessage | None:
        """Send ``request`` to the table's owner and return its refusal, if any; ``here`` serves
        it in this process once the table is taken over (its owner gone)."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + FORWARD_PATIENCE
        while loop.time() < give_up:
            try:
                owner = await self.leases.owner(live.info.id)
                if owner is None or owner == self.me:
                    if await self.take_over(live):
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

    def _request(self, _channel: str, message: dict[str, Any]) -> None:
        if message.get("kind") in ("act", "undo"):
            self.spawn(self._serve(message))
        elif message.get("kind") == "end":
            self.spawn(self.tables.clocks.serve_end(message))

    async def _serve(self, message: dict[str, Any]) -> None:
        """A forwarded move (or undo): check it again and store it if we own the table, else
        say so."""
        live = self.tables.live.get(message["table"])
        if live is None or not live.owned:
            error: dict[str, str] | None = {"code": "moved", "message": "not the owner"}
        else:
            seat, digest, version = message["seat"], message["digest"], message["version"]
            actor = self.tables.actor(live)
            refused = await (
                actor.serve(seat, digest, version, message["action"])
                if message["kind"] == "act"
                else actor.take_back(seat, digest, version)
            )
            error = None if refused is None else {"code": refused.code, "message": refused.message}
        self.fanout.answer(message["reply_to"], message["req"], {"error": error})

    async def catch_up(self) -> list[str]:
        """Read again the mirrors still behind what the store held at the last look (one query
        for all of them, each sweep): the owner's message about a move was lost (Redis
        reconnected, a publish failed) and, until the table's next move, nothing else would
        tell them. A mirror only a message behind catches up by itself before the next look.
        The ids of the tables read again."""
        tables = self.tables
        mirrors = {t.info.id: t for t in tables.live.values() if not t.owned and t.pending is None}
        stored = await tables.db(tables.store.versions, list(mirrors)) if mirrors else {}
        late = [
            table_id
            for table_id, version in self._behind.items()
            if table_id in mirrors and mirrors[table_id].version < version
        ]
        self._behind = {t: v for t, v in stored.items() if v > mirrors[t].version}
        for table_id in late:
            log.warning("table %s: a stored move was not heard of; reading it again", table_id)
            self.spawn(self._resync(mirrors[table_id]))
        return late

    # -- tables whose owner died -------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        rounds = 0
        while go_on():
            try:
                await self._sweep(full=rounds % FULL_SWEEP == 0)
            except Exception:
                if cancelling():
                    raise
                log.exception("the sweep for tables without an owner failed")
            rounds += 1
            await asyncio.sleep(SWEEP)

    async def _adopt_orphan(self, table_id: str) -> None:
        """Take ``table_id`` over, held here or not, unless another process is first."""
        held = self.tables.live.get(table_id)
        if held is not None:
            await self.take_over(held)
        elif await self.leases.claim(table_id):
            await self.tables.table(table_id)

    async def _sweep(self, full: bool) -> None:
        """Take over the tables whose owner has no heartbeat (and, on a full sweep, the store's
        unfinished tables nobody owns); forget who was connected through dead processes."""
        tables = self.tables
        owners = await self.leases.owners()
        processes = set(owners.values())
        for live in tables.live.values():
            processes.update(live.elsewhere)
        living = await self.leases.living(processes) | {self.me}
        orphans = [t for t, p in owners.items() if p not in living]
        if full:
            unfinished = await tables.db(tables.store.unfinished_ids)
            orphans += [t for t in unfinished if t not in owners]
        taken = await asyncio.gather(*map(self._adopt_orphan, orphans), return_exceptions=True)
        for table_id, failure in zip(orphans, taken, strict=True):
            if failure is not None:
                log.warning("table %s was not taken over: %r", table_id, failure)
        if full:
            await self.catch_up()
        for live in tables.live.values():
            gone = [p for p in live.elsewhere if p not in living]
            for process in gone:
                del live.elsewhere[process]
            if gone:
                tables.announce.presence(live, share=False)
