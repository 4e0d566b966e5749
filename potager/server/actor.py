"""A live table's actor: what reaches one table is handled here, one input at a time, and here
only does a stored change become visible.

The inputs: a seat's move (`play`, `serve`), a bot's decision (`wake_bots`), an undo
(`take_back`), a seat's change (`join`, `leave`, `claim`, `rename`), a chat line (`say`), a look
of the clocks (`look`) and an end (`end`), what another process says (`hear`), a takeover
(`take_over`) and a lapsed lease (`recheck`). Each is handled under the table's lock, in the order
it came. The services below decide and return (`moves`, `undo`, `Seating`, `Clocks`, `Chat`); the
actor stores, and once the store has it shows it (`_show`, `_rewind`, `_seated`): state and
version, clocks, every connection's message, the other processes, the bots. So "stored, then
visible" holds in every process and across a takeover. Moves are pipelined
(`potager.server.writer`): each is checked against the table as it will be once the moves sent
before it are stored (`moves.ahead`), and their answers come back in order (`_settle`). See
docs/server.md.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from potager.engine import Action, IllegalAction, Seat
from potager.store import ChatLine, StaleVersion, Store

from ..i18n import say
from .announce import Announcer
from .bots import BotPool
from .chat import Chat
from .clocks import Clocks, bot_for
from .cluster import Cluster
from .config import Settings
from .forever import stopped
from .live import Connection, LiveTable, Opened
from .messages import Shared
from .moves import Queued, Standing, ahead, check, followed, planned, refusal, written_error
from .outcomes import Refused
from .schemas import Act, ErrorMessage, JoinRequest, Say, SeatAuth, SeatGrant, SeatName, TakeBack
from .seating import Seated, Seating
from .undo import rewound, undo_refusal
from .writer import MoveWriter, NotStored

log = logging.getLogger("potager.server")

BOT_RETRY = 1.0
"""Seconds a bot waits before trying again after its move could not be stored."""


@dataclass(frozen=True)
class Reach:
    """What every table's actor of one process works with, given once by the server: the store
    and its writer, the announcer, the services, the bots' pool and, with several processes,
    the cluster; ``retire`` moves a table that just finished among the finished ones."""

    settings: Settings
    store: Store
    writer: MoveWriter
    db: Callable[..., Awaitable[Any]]
    announce: Announcer
    seating: Seating
    chat: Chat
    clocks: Clocks
    bots: BotPool
    retire: Callable[[LiveTable], None]
    cluster: Cluster | None


class Settled:
    """`TableActor.settled`'s context (a class: mypyc compiles no async generator)."""

    def __init__(self, actor: TableActor) -> None:
        self.actor = actor

    async def __aenter__(self) -> None:
        actor = self.actor
        await actor.lock.acquire()
        try:
            while actor.queued:
                # Each move is settled by a callback on its write added before this one.
                await asyncio.wait([actor.queued[-1].written])
        except BaseException:
            actor.lock.release()
            raise

    async def __aexit__(self, *_: object) -> None:
        self.actor.lock.release()


class TableActor:
    def __init__(self, live: LiveTable, reach: Reach) -> None:
        self.live = live
        self.reach = reach
        self.lock = asyncio.Lock()
        """The table's mailbox: held to check a move and send it to the store, or, through
        `settled`, to change the table otherwise."""
        self.queued: deque[Queued] = deque()
        """The moves sent to the store and not yet the table's, in order."""
        self._thinking: set[Seat] = set()
        self._tasks: set[asyncio.Task[Any]] = set()

    def settled(self) -> Settled:
        """``async with`` it to hold the table's lock once every move sent to the store is
        settled (stored and shown, or refused): what holds it sees and changes the table as
        stored."""
        return Settled(self)

    # -- a seat's move -------------------------------------------------------------------------
    async def play(self, connection: Connection, message: Act) -> None:
        """A seat's action, checked against the version it saw; a refusal changes nothing. The
        process that owns the table stores it; any other forwards it there (`cluster`)."""
        live, cluster = self.live, self.reach.cluster
        found = check(live, connection, message)
        if isinstance(found, ErrorMessage):
            error: ErrorMessage | None = found
        else:
            seat, action = found
            digest = connection.token_digest or ""
            if live.owned or cluster is None:
                error = await self.serve(seat, digest, message.version, action)
            else:
                request = {
                    "kind": "act",
                    "table": live.info.id,
                    "seat": seat,
                    "digest": digest,
                    "version": message.version,
                    "action": action,
                }
                error = await cluster.to_owner(
                    live,
                    request,
                    self.take_over,
                    lambda: self.serve(seat, digest, message.version, action),
                )
        if error is not None:
            error.version = live.version
            connection.refuse(error)

    async def serve(
        self, seat: Seat, digest: str, version: int, action: Action
    ) -> ErrorMessage | None:
        """Store ``seat``'s ``action`` sent having seen ``version`` by the holder of the token
        hashed ``digest``: checked again under the table's lock (the message may have waited
        for it, or come from another process), against the table ahead; the refusal, if any."""
        live = self.live
        async with self.lock:
            seats = live.info.seats
            if not 0 <= seat < len(seats):
                return ErrorMessage(code="forbidden", message=say("no seat {seat}", seat=seat))
            if seats[seat].token_hash != digest or live.info.status == "waiting":
                # Another process may have changed the seats: the store has the last word.
                await self._reread_seats()
            if seats[seat].token_hash != digest:
                return ErrorMessage(code="forbidden", message=say("this seat was given up"))
            table = ahead(live, self.queued)
            refused = refusal(table, live.version, seat, version, action)
            if refused is not None:
                return refused
            self._back(seat)  # the player's own move: the seat is theirs
            queued = self._send(seat, action)
        try:
            await self._settled(queued)
        except StaleVersion as exc:
            return ErrorMessage(code="stale", message=str(exc))
        except NotStored as exc:
            return ErrorMessage(code="unavailable", message=str(exc))
        return None

    def _send(self, seat: Seat, action: Action, stand_in: bool = False) -> Queued:
        """Send ``seat``'s ``action``, legal at the table ahead, to the store (the caller holds
        the table's lock); `_settled` waits for it."""
        live = self.live
        write, table = planned(live, self.queued, seat, action, stand_in)
        written = self.reach.writer.queue(write)
        outcome = written.get_loop().create_future()
        queued = Queued(write.ply, seat, action, stand_in, table, written, outcome)
        self.queued.append(queued)
        written.add_done_callback(lambda _: self._settle())
        return queued

    async def _settled(self, queued: Queued) -> None:
        """Wait until ``queued`` is the table's. Raises `NotStored` if the store failed (the
        table is as before) and `StaleVersion` if another writer stored its version first (the
        table is read again from the store)."""
        error = await queued.outcome
        if isinstance(error, StaleVersion):
            async with self.settled():
                await self.reload()
        if error is not None:
            raise error

    def _settle(self) -> None:
        """The table's moves the store has answered for, in order: a stored one is shown
        (`_show`) and told to the other processes; one not stored changes nothing, nor do the
        moves sent after it, which were played on it (the writer answers for them at once)."""
        live, cluster = self.live, self.reach.cluster
        queued = self.queued
        while queued and queued[0].written.done():
            move = queued.popleft()
            error = written_error(live, move)
            try:
                if error is None:
                    self._show(move.seat, move.ahead, move.stand_in)
                    if cluster is not None:
                        cluster.stored(live, move.ply, move.seat, move.action, move.stand_in)
            finally:  # the mover hears, whatever failed here (the loop logs it)
                if not move.outcome.done():  # the mover may have gone (its task cancelled)
                    move.outcome.set_result(error)

    def _show(self, seat: Seat, table: Standing, stand_in: bool) -> None:
        """A stored move of ``seat`` (its stand-in bot's: ``stand_in``) becomes the table's: its
        state, status, whom it waits on since when (`turns`) and the seats' versions; then the
        clocks, every connection's state, and the bots."""
        live, reach = self.live, self.reach
        before = live.state
        if stand_in:
            live.stand_ins.add(len(before.moves))
        live.state, live.info.status, live.info.waiting = table.state, table.status, table.waiting
        live.legal_since = table.since
        live.earlier = (*live.earlier[-1:], before)
        reach.clocks.moved(live, seat)
        reach.announce.state(live)
        if table.status == "finished":
            reach.retire(live)
        self.wake_bots()

    # -- bots ------------------------------------------------------------------------------------
    def wake_bots(self) -> None:
        """Start the turn of every bot to move, a bot seat's or one standing in for a timed-out
        seat (`clocks.bot_for`), only where this process owns the table."""
        live = self.live
        if live.info.status != "playing" or not live.owned:
            return
        for seat in live.state.to_move:
            if bot_for(live, seat) is not None and seat not in self._thinking:
                self._thinking.add(seat)
                self._spawn(self._bot_turn(seat))

    async def _bot_turn(self, seat: Seat) -> None:
        """Think in the pool (the bot's own view only, its table's owner queueing fairly with
        every other owner), then play if the bot's options are still the ones it saw."""
        live, reach = self.live, self.reach
        again, delay = True, 0.0
        try:
            if reach.settings.bot_delay:
                await asyncio.sleep(reach.settings.bot_delay)
            state, info = live.state, live.info
            level = bot_for(live, seat)
            if seat not in state.to_move or info.status != "playing" or level is None:
                return
            seen, undos = live.version, live.undos
            seed = (info.seed * 1_000_003 + seen * 101 + seat) % 2**63
            view, legal = state.view(seat), state.legal_actions(seat)
            action = await reach.bots.decide(
                live.owner, info.game, level, view, seat, legal, seed, info.params
            )
            queued = None
            async with self.lock:
                table = ahead(live, self.queued)
                if (
                    live.owned
                    and bot_for(live, seat) is not None  # not taken back meanwhile
                    and table.since[seat] <= seen
                    and live.undos == undos  # nothing taken back meanwhile
                    and table.state.is_legal(seat, action)
                ):
                    stand_in = info.seats[seat].kind == "human"  # a timed-out person's
                    queued = self._send(seat, action, stand_in)
            if queued is not None:
                await self._settled(queued)
        except (StaleVersion, IllegalAction):
            log.warning("bot of seat %s at table %s was overtaken", seat, live.info.id)
        except NotStored:
            delay = BOT_RETRY
        except Exception:
            log.exception("bot of seat %s at table %s failed", seat, live.info.id)
            again = False
        finally:
            self._thinking.discard(seat)
        if delay:
            await asyncio.sleep(delay)
        if again:
            self.wake_bots()

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def stop(self) -> None:
        """Cancel every bot's turn and what else runs for the table, and wait until they have
        all stopped."""
        await stopped(self._tasks)

    # -- undo --------------------------------------------------------------------------------------
    async def ask_back(self, connection: Connection, message: TakeBack) -> None:
        """A seat asks to take its last move back, having seen ``message.version``."""
        live, cluster = self.live, self.reach.cluster
        seat, error = connection.seat, None
        if seat is None:
            error = ErrorMessage(code="forbidden", message=say("spectators cannot undo"))
        elif not live.speaks_for(connection):
            error = ErrorMessage(code="forbidden", message=say("this seat was given up"))
        else:
            digest = connection.token_digest or ""
            if live.owned or cluster is None:
                error = await self.take_back(seat, digest, message.version)
            else:
                request = {
                    "kind": "undo",
                    "table": live.info.id,
                    "seat": seat,
                    "digest": digest,
                    "version": message.version,
                }
                error = await cluster.to_owner(
                    live,
                    request,
                    self.take_over,
                    lambda: self.take_back(seat, digest, message.version),
                )
        if error is not None:
            error.version = live.version
            connection.refuse(error)

    async def take_back(self, seat: Seat, digest: str, version: int) -> ErrorMessage | None:
        """Take ``seat``'s last move back if it may (checked under the table's lock); the
        refusal, if any."""
        live, reach = self.live, self.reach
        async with self.settled():
            seats = live.info.seats
            if not 0 <= seat < len(seats) or seats[seat].token_hash != digest:
                return ErrorMessage(code="forbidden", message=say("this seat was given up"))
            why = undo_refusal(live, seat, version)
            if why is not None:
                return why
            ply = version - 1
            back = rewound(live, ply)
            try:
                taken = await reach.db(reach.store.undo_move, live.info.id, ply, back[1])
            except Refused as exc:  # the database is unavailable: nothing changed
                return ErrorMessage(code="unavailable", message=str(exc))
            if not taken:
                await self.reload()
                return ErrorMessage(code="stale", message=say("another seat has acted since"))
            self._rewind(ply, back)
        if reach.cluster is not None:
            reach.cluster.undone(live, ply)
        return None

    def _rewind(self, ply: int, back: tuple[Any, Any] | None = None) -> None:
        """The store holds ``ply`` moves of the table now: replay them (unless ``back`` is that,
        `undo.rewound`), tell everybody (the whole log again) and let the bots to move think
        afresh."""
        live = self.live
        live.state, live.info.waiting = back or rewound(live, ply)
        live.earlier = tuple(s for s in live.earlier if len(s.moves) < ply)
        live.stand_ins = {p for p in live.stand_ins if p < ply}
        live.undos += 1
        live.legal_since = [ply] * live.state.players
        self.reach.clocks.moved(live, None)  # the clocks of the seats to move now run
        shared = Shared(live)
        for connection in live.connections:
            connection.send(shared.state_message(connection, reset=True))
        self.wake_bots()

    # -- what other processes did ------------------------------------------------------------------
    def follow_move(self, ply: int, seat: Seat, action: Action, stand_in: bool) -> bool:
        """Another process stored move ``ply`` (its seat's stand-in bot's: ``stand_in``): show
        it. False if it does not follow from the state held (a message was missed): the caller
        reads the table again."""
        live = self.live
        if ply < live.version:
            return True
        if ply > live.version:
            return False
        table = followed(live, seat, action)
        if table is None:
            return False
        self._show(seat, table, stand_in)
        return True

    def follow_undo(self, ply: int) -> bool:
        """Another process took move ``ply`` back: do the same. False if this copy is not at the
        version it was taken from (a message was missed): the caller reads the table again."""
        live = self.live
        if live.version == ply:
            return True
        if live.version != ply + 1:
            return False
        self._rewind(ply)
        return True

    async def reload(self) -> None:
        """Take the store's word for the table (another writer was first, or this process missed
        what another told) and tell everybody (the caller holds the table's lock)."""
        live, reach = self.live, self.reach
        info = await reach.db(reach.store.table, live.info.id)
        played = await reach.db(reach.store.played, live.info.id)
        rebuilt = LiveTable.from_record(info or live.info, *played)
        live.state, live.info.status = rebuilt.state, rebuilt.info.status
        live.stand_ins = rebuilt.stand_ins
        live.info.waiting = rebuilt.info.waiting
        live.legal_since = rebuilt.legal_since
        reach.announce.state(live)
        if live.info.status == "finished":
            reach.retire(live)

    # -- seats ------------------------------------------------------------------------------------
    async def join(self, request: JoinRequest, player: str | None) -> SeatGrant:
        """Seat a newcomer at an open seat (`Seating.join`)."""
        async with self.settled():
            grant, seated = await self.reach.seating.join(self.live, request, player)
            self._seated(seated)
        return grant

    async def leave(self, auth: SeatAuth) -> None:
        """Give a seat up (`Seating.leave`)."""
        async with self.settled():
            self._seated(await self.reach.seating.leave(self.live, auth))

    async def claim(self, seat: Seat, token: str, name: str | None) -> Opened | None:
        """A seat's holder arrives (`Seating.claim`); None: the token does not open the seat."""
        async with self.settled():
            opened, seated = await self.reach.seating.claim(self.live, seat, token, name)
            self._seated(seated)
        return opened

    async def rename(self, request: SeatName, player: str | None) -> None:
        """A seat's holder names it (`Seating.rename`)."""
        async with self.settled():
            self._seated(await self.reach.seating.rename(self.live, request, player))

    async def refresh_seats(self) -> None:
        """Another process changed the seats: read them again."""
        async with self.settled():
            await self._reread_seats()

    async def _reread_seats(self) -> None:
        """Take the store's word for the seats, start and rematch, and tell everybody (the
        caller holds the table's lock)."""
        live, announce = self.live, self.reach.announce
        seated = await self.reach.seating.reread(live)
        if seated.started:
            self.wake_bots()
        if seated.changed:
            announce.state(live)
        announce.presence(live)

    def _seated(self, seated: Seated) -> None:
        """A stored change of seats becomes visible: presence, the state if the game started
        (its clocks and bots too), and the other processes."""
        live, reach = self.live, self.reach
        if not seated.changed:
            return
        reach.announce.presence(live)
        if seated.started:
            reach.clocks.moved(live, None)  # every seat is taken: the clocks start
            reach.announce.state(live)
            self.wake_bots()
        if reach.cluster is not None:
            reach.cluster.seats_changed(live)

    def _back(self, seat: Seat) -> None:
        """``seat``'s player is here: the seat is theirs again (`Clocks.back`)."""
        if self.reach.clocks.back(self.live, seat):
            self.reach.announce.presence(self.live)

    def rematched(self, rematch_id: str) -> None:
        """The finished table's rematch is stored: everybody hears of it."""
        self.live.info.rematch_id = rematch_id
        self.reach.announce.state(self.live)
        if self.reach.cluster is not None:
            self.reach.cluster.seats_changed(self.live)

    # -- chat --------------------------------------------------------------------------------------
    async def say(self, connection: Connection, message: Say) -> None:
        """A seated player's line: stored, then heard by everybody; or refused, and why."""
        live, reach = self.live, self.reach
        text = message.text.strip()
        refused = reach.chat.refusal(live, connection, text)
        if refused is None and connection.seat is not None:
            kept = await reach.chat.keep(live, connection.seat, text)
            if isinstance(kept, ErrorMessage):
                refused = kept
            else:
                reach.chat.heard(live, kept)
                if reach.cluster is not None:
                    reach.cluster.said(live, kept)
        if refused is not None:
            refused.version = live.version
            connection.refuse(refused)

    # -- clocks (`potager.server.clocks`) ----------------------------------------------------------
    async def attach_clocks(self) -> None:
        """Read the table's clocks from the store; the bots standing in for timed-out seats
        play on."""
        live, reach = self.live, self.reach
        await reach.clocks.attach(live)
        if live.owned:
            self.wake_bots()
        reach.announce.presence(live, share=False)

    async def reread_clocks(self) -> None:
        """The owner wrote the table's clocks, or ended it (another process): read them again."""
        live, reach = self.live, self.reach
        await self.attach_clocks()
        info = await reach.db(reach.store.table, live.info.id)
        if info is not None and info.ending is not None and live.info.status != "finished":
            live.info.status, live.info.ending = "finished", info.ending
            reach.announce.state(live)
            reach.retire(live)

    async def look(self) -> None:
        """A look of the clocks (every `Settings.clock_tick` seconds): attach them if the table
        has none yet; then, where this process owns the table, who is away, whose time is up,
        who is absent, and end the table if all of its people are absent and gone (one who is
        connected may still take their seat back), or if it waited too long for them."""
        live, reach = self.live, self.reach
        clocks, announce = reach.clocks, reach.announce
        if live.info.status not in ("waiting", "playing"):
            return
        clock = live.clock
        if clock is None or (live.owned and not clock.owner):
            await self.attach_clocks()
            clock = live.clock
        if clock is None or not live.owned or not clock.seats:
            return
        if live.info.status == "waiting":
            if clocks.unstarted(live, clock):
                async with self.settled():
                    if live.info.status == "waiting" and clock.unattended_since is not None:
                        await self._end(None, "unstarted")
            return
        if clocks.moved(live, None):
            # A seat to move whose clock did not run (the table started, or a move was taken
            # back, in another process): it runs from now.
            announce.presence(live)
        now = clock.now()
        if clocks.presence(live, clock, now):
            announce.presence(live)
        due = clocks.due(live, clock, now)
        if due:
            async with self.settled():
                if clocks.time_out(live, clock, due):
                    announce.state(live)  # shown as the bot's before the bot moves
                    self.wake_bots()
        if clocks.absences(live, clock, now):
            announce.state(live)
            self.wake_bots()
        if clocks.all_gone(live, clock):
            async with self.settled():
                if live.info.status == "playing":
                    await self._end(None)

    async def end(self, seat: Seat, digest: str) -> None:
        """End the table for ``seat``'s holder (the hash of its token: ``digest``) because
        another player stayed away, where it is owned: here, or by the owning process; refused,
        with nothing changed, for a wrong token, a table not being played, or nobody absent."""
        live, reach = self.live, self.reach
        if reach.cluster is not None and not live.owned:
            await reach.cluster.end_elsewhere(live, seat, digest)
            await self.reread_clocks()  # the owner ended it: answer with the ended table
            return
        async with self.settled():
            if live.info.seats[seat].token_hash != digest:
                raise Refused(403, say("wrong seat token"))  # changed hands meanwhile
            reach.clocks.check_end(live, seat)
            self._back(seat)
            if not await self._end(seat):
                raise Refused(409, say("a move was made meanwhile; nothing changed"))

    async def _end(self, by: Seat | None, reason: str = "abandoned") -> bool:
        """Finish the table with no result (the caller holds its lock); False if a move was
        stored, or the table started, meanwhile."""
        live, reach = self.live, self.reach
        if not await reach.clocks.end(live, by, reason):
            return False
        reach.announce.state(live)
        reach.retire(live)
        if reach.cluster is not None:
            reach.cluster.ended(live)
        return True

    # -- what other processes say (`potager.server.peers`) -----------------------------------------
    def hear(self, message: dict[str, Any]) -> None:
        """Take in one message about the table from another process: a stored move or undo
        (while the table is read again, kept for after), a chat line, a change of seats or
        clocks, who is connected there."""
        live, reach = self.live, self.reach
        kind = message["kind"]
        if kind in ("move", "undo") and live.pending is not None:
            live.pending.append(message)
        elif kind == "move":
            if live.owned:
                # Another process wrote our table: it took it over while we stalled.
                log.warning("table %s was written by process %s", live.info.id, message["from"])
                self._spawn(self.resync(recheck=True))
            elif not self.follow_move(
                message["ply"], message["seat"], message["action"], message.get("stand_in", False)
            ):
                self._spawn(self.resync())
        elif kind == "undo":
            if live.owned or not self.follow_undo(message["ply"]):
                self._spawn(self.resync(recheck=live.owned))
        elif kind == "chat":
            line = ChatLine(
                message["id"],
                message["seat"],
                message["ply"],
                message["text"],
                datetime.fromisoformat(message["at"]),
            )
            reach.chat.heard(live, line)
        elif kind == "seats":
            self._spawn(self.refresh_seats())
        elif kind == "clocks":
            self._spawn(self.reread_clocks())
        elif kind == "presence":
            seats = frozenset(message["seats"])
            before, _ = live.elsewhere.get(message["from"], (frozenset(), 0))
            live.elsewhere[message["from"]] = (seats, message["spectators"])
            for seat in seats - before:
                # A player who connects through another process has their seat back now, as a
                # hello here gives it, not at the clocks' next look (the owner's word only).
                reach.clocks.back(live, seat)
            reach.announce.presence(live, share=False)

    def _heard_meanwhile(self) -> None:
        """The table is read again: what the other processes said meanwhile is taken in."""
        pending, self.live.pending = self.live.pending or [], None
        for message in pending:
            self.hear(message)

    async def resync(self, recheck: bool = False) -> None:
        """Read the table again from the store (``recheck``: and whether it is still ours),
        then take in what the other processes said meanwhile."""
        live = self.live
        if live.pending is not None:
            return
        live.pending = []
        try:
            async with self.settled():
                if recheck:
                    live.owned = await self._claim()
                await self.reload()
        finally:
            self._heard_meanwhile()

    # -- ownership (`potager.server.lease`, several processes) -------------------------------------
    async def _claim(self) -> bool:
        cluster = self.reach.cluster
        return cluster is None or await cluster.leases.claim(self.live.info.id)

    async def adopt(self) -> None:
        """The table was just read from the store: it is ours if no living process owns it."""
        live, cluster = self.live, self.reach.cluster
        if cluster is None:
            return
        if live.info.status == "finished":
            live.owned = False
            await cluster.leases.release(live.info.id)
            return
        live.owned = await self._claim()
        self.wake_bots()

    async def take_over(self) -> bool:
        """Own the table if its owner is gone: read it again from the store first (the owner
        may have stored moves nobody heard of), then run its bots; what the other processes say
        of it meanwhile is taken in once it is read. Whether it is ours now."""
        live = self.live
        if live.pending is not None:  # being read again already
            return await self._take_over()
        live.pending = []
        try:
            return await self._take_over()
        finally:
            self._heard_meanwhile()

    async def _take_over(self) -> bool:
        live = self.live
        async with self.settled():
            if not live.owned:
                if not await self._claim():
                    return False
                await self.reload()
                live.owned = True
                log.info("table %s taken over", live.info.id)
        self.wake_bots()
        return True

    async def recheck(self) -> None:
        """This process's lease lapsed: the table stays ours only if nobody claimed it
        meanwhile."""
        async with self.settled():
            self.live.owned = await self._claim()
