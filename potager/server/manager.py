"""`TableManager`: one server process's tables and the parts that act on them, put together.

It builds the services (`Seating`, `Chat`, `Clocks`, the bots' pool, the move writer, and with
several processes the `Cluster` and its `Peers`), gives them to every table's actor (`Reach`),
holds the tables (`Tables`), and answers the edge (the lobby's REST calls and the table sockets)
by finding the table and handing the request to its actor. Nothing below it refers back to it.
The server never knows a game's rules: it asks the engine what is legal and what each seat may
see. See docs/server.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, TypeVar

from fastapi import WebSocket
from sqlalchemy.exc import OperationalError

from potager import games
from potager.engine import Game, GameRecord, Seat
from potager.store import Store, TableInfo
from potager.store.players import PlayerInfo
from potager.store.quickmatch import Taken, Waiting

from ..i18n import say
from .actor import Reach, TableActor
from .announce import Announcer
from .bots import BotPool
from .chat import Chat
from .clocks import Clocks
from .cluster import Cluster
from .config import Settings
from .forever import cancelling, go_on, stopped
from .lease import space_of
from .live import Connection, LiveTable
from .messages import Shared, stored_summary, summary
from .online import FLUSH, Online, seated
from .outcomes import Refused, unavailable
from .peers import Peers
from .quickmatch import Matchmaker, table_request
from .quickmatch import seated as quick_seated
from .schemas import (
    ONLINE_LISTED,
    CreatedTable,
    CreateTable,
    JoinRequest,
    OnlinePlayer,
    QuickMatch,
    QuickMatchRequest,
    QuickMatchTicket,
    SeatAuth,
    SeatGrant,
    SeatName,
    TableSummary,
    Turns,
    TurnsRequest,
)
from .schemas import Online as OnlineList
from .seating import Opening, Seating
from .tables import Tables
from .turns import turns
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
        self._db = ThreadPoolExecutor(1 if store.is_sqlite else 4, thread_name_prefix="potager-db")
        self.bots = BotPool(settings.bot_pool, settings.bot_workers, settings.bot_budget)
        self.announce = Announcer()
        self.writer = MoveWriter(store, self.in_db_thread)
        self.cluster = (
            Cluster(settings.redis_url, store.url, settings.handoff) if settings.redis_url else None
        )
        """Set when this process is one of several sharing the database (`cluster`)."""
        several = self.cluster is not None
        self.seating = Seating(settings, store, self.db, several)
        self.chat = Chat(settings.limits, store, self.db)
        self.quick = Matchmaker(settings, store, self.db)
        written = self.cluster.clocks_written if self.cluster is not None else None
        self.clocks = Clocks(settings, store, self.db, written)
        if self.cluster is not None:
            self.announce.share = self.cluster.presence
        redis = self.cluster.redis if self.cluster is not None else None
        self.online = Online(redis, space_of(store.url), settings.clock_now)
        """Who is online, in every process (`online`)."""
        self.tables = Tables(
            Reach(
                settings,
                store,
                self.writer,
                self.db,
                self.announce,
                self.seating,
                self.chat,
                self.clocks,
                self.bots,
                self._finished,
                self.cluster,
            )
        )
        self.peers = Peers(self.cluster, self.tables) if self.cluster is not None else None
        self._tasks: set[asyncio.Task[Any]] = set()

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

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- start and stop ------------------------------------------------------------------------
    async def start(self) -> None:
        """Upgrade the database, then rebuild every unfinished table by replay (one of several
        processes: join them; the tables nobody owns are claimed by the peers' sweeps)."""
        await self.db(self.store.upgrade)
        await self.clocks.start()
        self._spawn(self._look_forever())
        self._spawn(self._online_forever())
        if self.cluster is not None and self.peers is not None:
            await self.cluster.start()
            self.peers.start()
            return
        for info in await self.db(self.store.tables, ("waiting", "playing"), 100_000):
            try:
                live = LiveTable.from_record(info, *await self.db(self.store.played, info.id))
            except (ValueError, ModuleNotFoundError):
                log.exception("table %s cannot be rebuilt; it stays closed", info.id)
                continue
            self.tables.add(live)
            self.tables.actor(live).wake_bots()
        log.info("rebuilt %d unfinished tables", len(self.tables.live))

    async def stop(self) -> None:
        """Stop at once, bots thinking or not: their turns are cancelled, their workers stopped,
        and every socket closed."""
        await stopped(self._tasks)
        await self.clocks.stop()
        for actor in list(self.tables.actors.values()):
            await actor.stop()
        await self.writer.stop()
        if self.cluster is not None:
            await self.cluster.stop()
        self.announce.stop()
        self.bots.close()
        for live in self.tables.all():
            for connection in live.connections:
                await connection.stop()
        self._db.shutdown(wait=True)
        self.store.close()

    async def _look_forever(self) -> None:
        while go_on():
            await asyncio.sleep(self.clocks.tick)
            try:
                await self.look()
            except Exception:
                if cancelling():
                    raise
                log.exception("the clocks' look failed")

    async def _online_forever(self) -> None:
        while go_on():
            await asyncio.sleep(FLUSH)
            try:
                await self.online.flush(seated(self.tables.live.values()))
            except Exception:
                if cancelling():
                    raise
                log.warning("who is online was not written", exc_info=True)

    async def look(self) -> None:
        """Look at the clocks of every unfinished table held here (`TableActor.look`)."""
        for live in list(self.tables.live.values()):
            await self.tables.actor(live).look()

    def _finished(self, live: LiveTable) -> None:
        """``live`` has just finished: it joins the finished tables; if rated, its seats show
        their players' new ratings once read from the store."""
        self.tables.retire(live)
        if live.info.rated:
            self._spawn(self._new_ratings(live))

    async def _new_ratings(self, live: LiveTable) -> None:
        if await self.seating.new_ratings(live):
            self.announce.presence(live)

    # -- the tables ------------------------------------------------------------------------------
    def actor(self, live: LiveTable) -> TableActor:
        return self.tables.actor(live)

    async def table(self, table_id: str) -> LiveTable | None:
        """The table (a finished one is rebuilt from the store on demand), or ``None``."""
        return await self.tables.load(table_id)

    async def create(
        self, request: CreateTable, owner: str, player: str | None = None
    ) -> CreatedTable:
        """Open the table ``request`` asks for (`Seating.plan`), for ``owner``'s bots, the
        creator's seat for ``player`` if given."""
        return await self._open(await self.seating.plan(request, owner, player))

    async def _open(
        self, opening: Opening, write: Callable[[TableInfo], None] | None = None
    ) -> CreatedTable:
        """Store a planned table (by ``write``, by default as a new table) and hold it here, its
        clocks and bots running; nothing is held if ``write`` raises."""
        live, cluster = opening.live, self.cluster
        if cluster is not None:
            # Claimed before it is stored: another process's sweep claims every unfinished table
            # of the store that nobody owns, and one that ran between the two would take the new
            # table while this process believed it its own (two writers).
            await cluster.leases.claim(live.info.id)
        try:
            await self.db(write or self.store.create_table, live.info)
        except Exception:
            if cluster is not None:
                await cluster.leases.release(live.info.id)
            raise
        if opening.mine is not None:  # the opener's name names its player, if it has none
            held = live.info.seats[opening.mine]
            await self.seating.name_player(held.player_id, held.name)
        self.tables.add(live)
        self.chat.opened(live)
        self.clocks.open(live)
        self.tables.actor(live).wake_bots()
        return opening.created()

    async def join(self, table_id: str, request: JoinRequest, player: str | None) -> SeatGrant:
        live = await self.tables.unfinished(table_id)
        return await self.tables.actor(live).join(request, player)

    async def leave(self, table_id: str, auth: SeatAuth) -> TableSummary:
        live = await self.tables.unfinished(table_id)
        await self.tables.actor(live).leave(auth)
        return summary(live)

    async def rename(self, table_id: str, request: SeatName, player: str | None) -> TableSummary:
        live = await self.tables.unfinished(table_id)
        await self.tables.actor(live).rename(request, player)
        return summary(live)

    async def rematch(self, table_id: str, auth: SeatAuth, player: str | None) -> SeatGrant:
        """The same game, players, variant and seats at a new table, reshuffled; each player of
        the finished table who asks gets their same seat there (as ``player``, or as the player
        who held it)."""
        live = await self._existing(table_id)
        await self.seating.check(live, auth)
        if live.info.status != "finished":
            raise Refused(409, say("the game is not over yet"))
        actor = self.tables.actor(live)
        async with actor.settled():
            if live.info.rematch_id is None:
                created = await self._open(await self.seating.plan_rematch(live))
                stored = await self.db(self.store.set_rematch, live.info.id, created.table.id)
                actor.rematched(stored)
        held = live.info.seats[auth.seat]
        return await self.join(
            live.info.rematch_id or "",
            JoinRequest(seat=auth.seat, name=held.name),
            player or held.player_id,
        )

    async def end(self, table_id: str, auth: SeatAuth) -> LiveTable:
        """A seated player ends the table because another player stayed away
        (`TableActor.end`)."""
        live = await self._existing(table_id)
        opened = await self.seating.check(live, auth)
        await self.tables.actor(live).end(auth.seat, opened.digest)
        return live

    async def _existing(self, table_id: str) -> LiveTable:
        live = await self.tables.load(table_id)
        if live is None:
            raise Refused(404, say("no such table"))
        return live

    def deserted(self, table_id: str) -> bool:
        """Has the waiting table been without its people for the away time (`Clocks.deserted`)?"""
        return self.clocks.deserted(self.tables.live.get(table_id))

    async def turns(self, request: TurnsRequest, player: str | None, lang: str = "en") -> Turns:
        """Whose turn it is at the tables asked about (`turns.turns`), said in ``lang``."""
        return await turns(request, player, self.tables.live, self.store, self.db, lang)

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
            live = self.tables.live.get(info.id) or self.tables.finished.get(info.id)
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
            opened = await self.tables.actor(live).claim(seat, token or "", name)
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
            self.tables.evict()
        elif not live.owned and not live.connections:
            self.tables.forget(live)  # a mirror nobody here watches any more

    # -- who is online ---------------------------------------------------------------------------
    async def online_players(self, asker: str | None) -> OnlineList:
        """The named players online (`Online.players`), by name with ``asker`` first."""
        seen = await self.online.players()
        names = await self.db(self.seating.players.names, [s.player for s in seen])
        found = [
            OnlinePlayer(
                id=s.player,
                name=names[s.player][0],
                bot=names[s.player][1],
                at_table=s.at_table,
                you=s.player == asker,
            )
            for s in seen
            if s.player in names
        ]
        found.sort(key=lambda p: (not p.you, p.name.casefold(), p.id))
        return OnlineList(players=found[:ONLINE_LISTED], count=len(found))

    # -- quick match -----------------------------------------------------------------------------
    async def quick_enter(self, request: QuickMatchRequest, player: PlayerInfo) -> QuickMatchTicket:
        """``player`` waits for a quick match (`Matchmaker.check`, `enter`), seated at once if
        its queue has a match for it."""
        game, name, level = self.quick.check(request, player.name)
        await self.seating.name_if_unnamed(player.id, name)
        rating = await self.seating.rating(player.id, game.name)
        entry, token = await self.quick.enter(request, player, name, rating, level)
        answer = await self._quick_match(entry)
        return QuickMatchTicket(**answer.model_dump(), token=token)

    async def quick_look(self, player: str) -> QuickMatch:
        """Where ``player``'s quick match stands, once its queue has been looked at."""
        return await self._quick_match(await self.quick.look(player))

    async def quick_leave(self, player: str) -> None:
        await self.quick.leave(player)

    async def _quick_match(self, entry: Waiting) -> QuickMatch:
        """Seat the group ``entry``'s queue has now, if any (``entry`` among it or not); the
        store says whether this process was first (`Matchmaker.write`)."""
        if entry.table_id is not None:
            return self.quick.status(entry)
        found = await self.quick.find(entry)
        group, waiting = found.group, found.waiting
        if group is not None:
            request, seats = table_request(group, entry.game, entry.players, entry.speed)
            owner = f"player:{group.people[0].player_id}"
            opening = await self.seating.plan(request, owner, group.people[0].player_id)
            with contextlib.suppress(Taken):  # another process seated one of them first
                await self._open(quick_seated(opening, group, seats), self.quick.write(group))
            entry = await self.quick.entry(entry.player_id) or entry
            waiting -= len(group.people)
        return self.quick.status(entry, waiting)
