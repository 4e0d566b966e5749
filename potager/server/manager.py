"""`TableManager`: the tables this server process holds, each with its actor (`actor.TableActor`:
moves, bots, undo, takeover), their connections, and the parts that act on them: `Seating` (who
sits where), `Announcer` (state and presence messages), `Chat` and `Clocks`.

The server never knows a game's rules: it asks the engine what is legal and what each seat may
see. Unfinished tables stay in memory; finished ones are kept while anybody is connected to them
and otherwise only the `finished_cache` most recently used (rebuilt from the store on demand).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, TypeVar

from fastapi import WebSocket
from sqlalchemy.exc import OperationalError

from potager import games
from potager.engine import Game, GameRecord, Seat
from potager.store import Store

from ..i18n import say
from .actor import Reach, TableActor
from .announce import Announcer
from .bots import BotPool
from .chat import Chat
from .clocks import Clocks
from .cluster import Cluster
from .config import Settings
from .live import Connection, LiveTable
from .messages import Shared, stored_summary, summary
from .outcomes import Refused, unavailable
from .schemas import TableSummary
from .seating import Seating
from .writer import MoveWriter

__all__ = ["TableManager", "available_games"]

log = logging.getLogger("potager.server")
T = TypeVar("T")


def available_games() -> list[Game]:
    """Every registered game whose package can be imported now."""
    found = []
    for name in games.names():
        try:
            found.append(games.get(name))
        except ModuleNotFoundError:
            continue
    return found


class TableManager:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.bots = BotPool(settings.bot_pool, settings.bot_workers, settings.bot_budget)
        self.live: dict[str, LiveTable] = {}
        """Unfinished tables."""
        self.finished: OrderedDict[str, LiveTable] = OrderedDict()
        """Finished tables in memory, least recently used first."""
        self.seating = Seating(self)
        self.announce = Announcer()
        self.chat = Chat(self)
        self.clocks = Clocks(self)
        self.writer = MoveWriter(store, self.in_db_thread)
        self.cluster = (
            Cluster(self, settings.redis_url, settings.handoff) if settings.redis_url else None
        )
        """Set when this process is one of several sharing the database (`cluster`)."""
        if self.cluster is not None:
            self.announce.share = self.cluster.presence
        self._db = ThreadPoolExecutor(1 if store.is_sqlite else 4, thread_name_prefix="potager-db")
        self.reach = Reach(
            settings,
            store,
            self.writer,
            self.db,
            self.announce,
            self.clocks,
            self.bots,
            self.retire,
            self.seating.reread,
            self.cluster,
        )
        self.actors: dict[str, TableActor] = {}
        """Each table's actor, while the table is held here."""

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call in the database thread(s). A database that cannot be reached or
        written (down, read-only, full) is `Unavailable`: a 503 that says so, nothing changed."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))
        except OperationalError as exc:
            raise unavailable(exc) from exc

    def in_db_thread(self, fn: Callable[..., object], *args: Any) -> None:
        """Run ``fn`` in the database thread(s), without waiting: it reports back itself
        (`writer.MoveWriter`)."""
        self._db.submit(fn, *args)

    # -- start and stop ------------------------------------------------------------------------
    async def start(self) -> None:
        """Upgrade the database, then rebuild every unfinished table by replay (one of several
        processes: join them; the tables nobody owns are claimed by the cluster's sweeps)."""
        await self.db(self.store.upgrade)
        await self.clocks.start()
        if self.cluster is not None:
            await self.cluster.start()
            return
        for info in await self.db(self.store.tables, ("waiting", "playing"), 100_000):
            try:
                live = LiveTable.from_record(info, *await self.db(self.store.played, info.id))
            except (ValueError, ModuleNotFoundError):
                log.exception("table %s cannot be rebuilt; it stays closed", info.id)
                continue
            self.add(live)
            self.actor(live).wake_bots()
        log.info("rebuilt %d unfinished tables", len(self.live))

    async def stop(self) -> None:
        """Stop at once, bots thinking or not: their turns are cancelled, their workers stopped,
        and every socket closed."""
        await self.clocks.stop()
        for actor in list(self.actors.values()):
            await actor.stop()
        await self.writer.stop()
        if self.cluster is not None:
            await self.cluster.stop()
        self.announce.stop()
        self.bots.close()
        for live in [*self.live.values(), *self.finished.values()]:
            for connection in live.connections:
                await connection.stop()
        self._db.shutdown(wait=True)
        self.store.close()

    # -- the tables held ---------------------------------------------------------------------------
    def actor(self, live: LiveTable) -> TableActor:
        """``live``'s actor: every input that changes the table goes through it."""
        actor = self.actors.get(live.info.id)
        if actor is None or actor.live is not live:
            actor = self.actors[live.info.id] = TableActor(live, self.reach)
        return actor

    def add(self, live: LiveTable) -> None:
        if live.info.status == "finished":
            self.finished[live.info.id] = live
            self._evict()
        else:
            self.live[live.info.id] = live

    def retire(self, live: LiveTable) -> None:
        """``live`` has just finished: it joins the finished tables (its seats' ratings, if
        rated, are read again)."""
        self.live.pop(live.info.id, None)
        self.add(live)
        self.seating.ended(live)

    def _evict(self) -> None:
        """Past `finished_cache`, drop the least recently used finished tables nobody watches:
        read from the oldest and only as far as the excess (a busy server retires tables
        several times a second, and scanning the whole cache each time was a percent of its
        loop, issue 13)."""
        excess = len(self.finished) - self.settings.finished_cache
        if excess > 0:
            idle = (k for k, t in self.finished.items() if not t.connections)
            for table_id in list(itertools.islice(idle, excess)):
                del self.finished[table_id]
                self.actors.pop(table_id, None)

    async def table(self, table_id: str) -> LiveTable | None:
        """The table (a finished one is rebuilt from the store on demand), or ``None``."""
        live = self.live.get(table_id) or self.finished.get(table_id)
        if live is not None:
            if table_id in self.finished:
                self.finished.move_to_end(table_id)
            return live
        cluster = self.cluster
        if cluster is not None:  # what the others say about it while it is read
            cluster.loading.setdefault(table_id, [])
        try:
            info = await self.db(self.store.table, table_id)
            played = await self.db(self.store.played, table_id) if info is not None else ([], [])
        finally:
            heard = cluster.loading.pop(table_id, []) if cluster is not None else []
        if info is None:
            return None
        live = self.live.get(table_id) or self.finished.get(table_id)
        if live is not None:  # another request rebuilt it meanwhile
            return live
        try:
            live = LiveTable.from_record(info, *played)
        except (ValueError, ModuleNotFoundError):
            log.exception("table %s cannot be rebuilt", table_id)
            return None
        self.add(live)
        if cluster is not None:
            live.owned = False
            for message in heard:
                cluster.follow(live, message)
            await cluster.adopt(live)
        return live

    async def unfinished(self, table_id: str) -> LiveTable:
        live = await self.table(table_id)
        if live is None:
            raise Refused(404, say("no such table"))
        if live.info.status == "finished":
            raise Refused(409, say("the game is over"))
        return live

    def seats_changed(self, live: LiveTable) -> None:
        """``live``'s seats, start or rematch changed: the other processes read them again."""
        if self.cluster is not None:
            self.cluster.seats_changed(live)

    async def record(self, live: LiveTable) -> GameRecord:
        """``live``'s record (`LiveTable.record`) with the moves its stand-in bot made for a
        timed-out person, as the store has them (whichever process stored them)."""
        plies = await self.db(self.store.stand_in_moves, live.info.id)
        return replace(live.record, stand_in_moves=plies)

    async def summaries(self, statuses: tuple[str, ...], limit: int) -> list[TableSummary]:
        """The lobby's list: a table held here as it is now, any other from its stored row
        (`stored_summary`: listing does not load a table into this process). Alone, this
        process holds every unfinished table it could rebuild, and lists only those."""
        found = []
        for info in await self.db(self.store.tables, statuses, limit):
            live = self.live.get(info.id) or self.finished.get(info.id)
            if live is not None:
                found.append(summary(live))
            elif info.status == "finished" or self.cluster is not None:
                try:
                    found.append(stored_summary(info))
                except (ValueError, ModuleNotFoundError):  # a game this server cannot seat
                    continue
        return found

    # -- connections -----------------------------------------------------------------------------
    async def connect(
        self,
        live: LiveTable,
        websocket: WebSocket,
        seat: Seat | None,
        token: str | None,
        name: str | None,
    ) -> Connection | None:
        """Seat ``websocket`` (``seat`` None: a spectator) and send it the table; ``None`` if
        ``token`` does not open ``seat``."""
        opened = None
        if seat is not None:
            opened = await self.seating.claim(live, seat, token or "", name)
            if opened is None:
                return None
        connection = Connection(websocket, seat, opened)
        live.connections.append(connection)
        if seat is not None:
            self.clocks.back(live, seat)  # the player is here: the seat is theirs again
        connection.send(Shared(live).state_message(connection, reset=True))
        try:
            await self.chat.greet(live, connection)
        except BaseException:  # cancelled (the socket closed) while the chat was read
            await asyncio.shield(self.disconnect(live, connection))
            raise
        self.announce.presence(live)
        return connection

    async def disconnect(self, live: LiveTable, connection: Connection) -> None:
        if connection in live.connections:
            live.connections.remove(connection)
            self.announce.presence(live)
            self.clocks.left(live, connection.seat)
        await connection.stop()
        if live.info.status == "finished" and not live.connections:
            self._evict()
        elif not live.owned and not live.connections:
            self.live.pop(live.info.id, None)  # a mirror nobody here watches any more
            self.actors.pop(live.info.id, None)
