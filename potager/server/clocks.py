"""Clocks and abandoned tables (issue 16), as game sites do it (Board Game Arena's real-time and
turn-based speeds, lichess's correspondence days per move).

**Speeds.** A table chooses one at creation (`SPEEDS`, ``CreateTable.speed``):

- ``none`` (the default): no clock; a player may think as long as they like.
- ``real_time``: each decision has 2 minutes, plus the seat's *bank*: a reserve of 60 s at the
  start that a decision draws on once its 2 minutes are spent, and that earns 5 s after each of
  the seat's own moves (at most 3 minutes saved). A quick move thus saves nothing beyond the 5 s,
  and a long think now and then is paid for from the bank.
- ``slow``: 24 hours a decision and no bank: come back later (a correspondence game).

A seat's clock runs while it is to move, so in a simultaneous decision (Heuschrecken Poker's
bids, Pas de Haricots's plays) every seat still to choose has its clock running, each stopped by
its own move. Deadlines are absolute times (Unix seconds) kept in the store (`potager.store
.clocks`): a restarted server, or the process that takes a table over (`cluster`), times every
seat from where it was; a deadline that passed meanwhile runs out at once.

**Time-out.** A seat's time is up at its deadline itself (``now >= deadline``). The clocks are
looked at every `Settings.clock_tick` seconds (1 s) by the process that owns the table, under the
table's lock: a move the server took before that look is the player's, even if it came a moment
past the deadline; one that comes after it finds the decision handed to the bot. Then the bot
level chosen at creation (``stand_in``, ``heuristic`` where the game has it) makes that decision
for the seat, which is shown as played by the bot meanwhile; the seat's bank is spent, and its
next decision has its own time again. The bot's moves are stored as the stand-in's
(`potager.store.models.MoveRow.stand_in`), so the record (``stand_in_moves``), the replay and the
analysis say the bot made them, and never count them against the person.

**Absent.** A player stays away when their seat's clock ran out `ABSENT_TIMEOUTS` (3) times in
a row, or when nobody has been connected at the seat for longer than the speed allows
(`Speed.away`: 30 minutes without a clock, 10 minutes in real time; never in slow play, where
players come and go). The seat is then marked absent, and at a timed table its bot plays every
one of its decisions at once. **The player takes the seat back by connecting to the table** (a
hello with the seat's token: opening or refreshing the page, the page's "Take my seat back"
button, or the socket reconnecting) **or by a move of their own that the server accepts** (they
are offered their legal actions all along): the seat is theirs again, neither absent nor played
by the bot, its time-outs forgotten and its clock running if it is to move. Any other seated
player may end the table while a seat is absent (``POST /api/tables/{id}/end`` with their
seat's token): it finishes with no result, its ``ending`` records who ended it, who was absent
and when, and it leaves the lobby's list of games in play (status ``finished``, result ``None``,
so records from before this load as they were). A table all of whose people are absent, none of
them connected, is ended so by the server itself: nobody is left to ask.

**Tables waiting for players.** A table waits until every human seat is taken; an invite link
sent to a friend should work for a while, so a waiting table is never ended for an absence
alone. But the lobby's "Open tables" list is for tables someone waits at: a waiting table at
which none of its seated people has been connected for the away time (`Speed.away`, 30 minutes
for the speeds without one: ``slow``) leaves that list (`Clocks.deserted`); it is still opened
by its invite links, and back in the list as soon as one of its people connects again. A table
still waiting `WAITING_LIMIT` (24 hours) after this process opened it or took it up, none of its
people connected, is ended with no result (``ending.reason`` ``"unstarted"``), as ``POST
/api/tables/{id}/end`` ends a table, and leaves the lobby for the finished games. Like the away
time, both are counted by the process that owns the table, from when it opened or took it up
(a restart counts from then); with several server processes, a process lists the waiting tables
that another owns from the store, deserted or not.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from potager.engine import Seat
from potager.store.clocks import SeatClock, end_table, load_clocks, save_clocks

from ..i18n import say
from .cluster import FORWARD_TIMEOUT
from .forever import cancelling, go_on, stopped
from .live import LiveTable
from .outcomes import Refused

if TYPE_CHECKING:
    from .manager import TableManager
    from .schemas import SeatAuth

log = logging.getLogger("potager.server")

ABSENT_TIMEOUTS = 3
"""Time-outs in a row after which a seat's player is absent."""
WAITING_LIMIT = 24 * 3600.0
"""Seconds a table may wait for its players, none of them connected, before it is ended
unstarted (times `Settings.clock_scale`)."""


@dataclass(frozen=True)
class Speed:
    """A clock: ``per_move`` seconds a decision (0: no clock), a ``bank`` of seconds at the
    start that a decision draws on past its own time, ``extra`` seconds earned by each move, at
    most ``cap`` in the bank; ``away``: seconds nobody may be connected at a seat before its
    player is absent (``None``: never by that)."""

    name: str
    per_move: float
    bank: float = 0.0
    extra: float = 0.0
    cap: float = 0.0
    away: float | None = None

    @property
    def timed(self) -> bool:
        return self.per_move > 0

    def scaled(self, factor: float) -> Speed:
        """Every duration times ``factor`` (tests run real time in tenths of a second)."""
        away = None if self.away is None else self.away * factor
        return replace(
            self,
            per_move=self.per_move * factor,
            bank=self.bank * factor,
            extra=self.extra * factor,
            cap=self.cap * factor,
            away=away,
        )


SPEEDS = {
    "none": Speed("none", 0, away=30 * 60),
    "real_time": Speed("real_time", 120, bank=60, extra=5, cap=180, away=10 * 60),
    "slow": Speed("slow", 24 * 3600),
}


def bot_for(live: LiveTable, seat: Seat) -> str | None:
    """The bot level that plays ``seat`` now: a bot seat's own, a timed-out seat's stand-in;
    ``None`` while a person plays it."""
    info = live.info.seats[seat]
    if info.kind == "bot":
        return info.level or "random"
    clock = live.clock
    if clock is not None and seat in clock.seats and clock.seats[seat].stand_in:
        return live.info.stand_in or "random"
    return None


def start(clock: SeatClock, speed: Speed, now: float) -> None:
    """The seat is to move: its time runs until its own time and its bank are spent."""
    clock.deadline = now + speed.per_move + clock.bank


def stop(clock: SeatClock, speed: Speed, now: float) -> None:
    """The seat's player moved at ``now``: what the decision took past its own time comes off
    the bank, and the move earns ``extra`` (at most ``cap`` in the bank)."""
    if clock.deadline is not None:
        left = max(0.0, clock.deadline - now)
        clock.bank = min(speed.cap, min(clock.bank, left) + speed.extra)
    clock.deadline, clock.timeouts = None, 0


def run_out(clock: SeatClock) -> None:
    """The seat's time is up: its bot makes this decision for it, its bank is spent."""
    clock.deadline, clock.bank = None, 0.0
    clock.timeouts += 1
    clock.stand_in = True


@dataclass
class TableClock:
    """A table's clocks in memory: its speed (scaled as the settings say) and each human
    seat's clock; ``away_since``: when each seat's last connection went (this process's
    knowledge: a restart counts from then); ``owner``: read by the table's owner (a mirror's
    copy is read again once it owns the table)."""

    speed: Speed
    seats: dict[Seat, SeatClock]
    now: Callable[[], float]
    away_since: dict[Seat, float] = field(default_factory=dict)
    owner: bool = True
    opened: float = 0.0
    """When this process opened or took up the table (its clocks' time): a table waits for its
    players from then."""
    unattended_since: float | None = None
    """While the table waits for players: since when none of its seated people is connected
    (None: somebody is)."""

    def absent(self) -> list[Seat]:
        return sorted(s for s, c in self.seats.items() if c.absent)

    def public(self, seat: Seat) -> dict[str, Any]:
        """What everybody may know of ``seat``'s clock (`schemas.SeatPublic`'s fields)."""
        found = self.seats.get(seat)
        if found is None:
            return {}
        return {"deadline": found.deadline, "stand_in": found.stand_in, "absent": found.absent}


class Clocks:
    """Every table's clocks in this process: time-outs, absences and ends, looked at every
    ``tick`` seconds for the tables this process owns (`Settings.clock_tick`)."""

    def __init__(self, tables: TableManager) -> None:
        self.tables = tables
        settings = tables.settings
        self.now: Callable[[], float] = settings.clock_now
        self.tick = settings.clock_tick
        self.speeds = {name: s.scaled(settings.clock_scale) for name, s in SPEEDS.items()}
        self.waiting_limit = WAITING_LIMIT * settings.clock_scale
        self._dirty: set[str] = set()
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._sweep_forever()),
            asyncio.create_task(self._write_forever()),
        ]

    async def stop(self) -> None:
        """Stop looking, then write what is still to be written."""
        await stopped(self._tasks)
        with contextlib.suppress(Exception):
            await self._write()

    # -- attaching a table's clocks ------------------------------------------------------------
    def fresh(self, live: LiveTable) -> TableClock:
        """New clocks for ``live``'s human seats (a table just opened, or never timed)."""
        speed = self.speeds.get(live.info.speed, self.speeds["none"])
        seats = {
            s.seat: SeatClock(s.seat, bank=speed.bank) for s in live.info.seats if s.kind == "human"
        }
        return TableClock(speed, seats, self.now, owner=live.owned, opened=self.now())

    def open(self, live: LiveTable) -> None:
        """``live`` was just opened: its clocks, running for the seats to move if it is played."""
        live.clock = self.fresh(live)
        self.moved(live, None)

    async def attach(self, live: LiveTable) -> None:
        """Give ``live`` its clocks as the store has them, and start those of the seats to move
        (a table just started, rebuilt after a restart, or taken over)."""
        stored = await self.tables.db(load_clocks, self.tables.store, live.info.id)
        clock = self.fresh(live)
        for found in stored:
            if found.seat in clock.seats:
                clock.seats[found.seat] = found
        if live.clock is not None:  # read again (taken over): it has waited since it was opened
            clock.opened, clock.unattended_since = live.clock.opened, live.clock.unattended_since
        live.clock = clock
        if live.owned:
            self.moved(live, None)
            self.tables.actor(live).wake_bots()  # the seats its bots stood in for
        self.tables.announce.presence(live, share=False)

    async def reread(self, live: LiveTable) -> None:
        """The owner wrote ``live``'s clocks, or ended it (another process): read them again."""
        tables = self.tables
        await self.attach(live)
        info = await tables.db(tables.store.table, live.info.id)
        if info is not None and info.ending is not None and live.info.status != "finished":
            live.info.status, live.info.ending = "finished", info.ending
            tables.announce.state(live)
            tables.retire(live)

    # -- what moves and people do ----------------------------------------------------------------
    def moved(self, live: LiveTable, mover: Seat | None) -> bool:
        """``mover`` (``None``: nobody, the clocks are only checked) has moved: stop its clock,
        then run exactly the clocks of the seats to move that a person plays (the caller
        announces the state). Only the owner times a table; the others read its clocks.
        Whether a clock changed."""
        clock = live.clock
        if clock is None or not live.owned or not clock.speed.timed:
            return False
        now, speed = clock.now(), clock.speed
        before = [replace(c) for c in clock.seats.values()]
        to_move = set(live.state.to_move) if live.info.status == "playing" else set()
        for seat, seat_clock in clock.seats.items():
            if seat == mover and seat_clock.stand_in:
                seat_clock.stand_in = seat_clock.absent  # one decision, unless they are absent
            elif seat == mover:
                stop(seat_clock, speed, now)
            if seat in to_move and not seat_clock.stand_in:
                if seat_clock.deadline is None:
                    start(seat_clock, speed, now)
            else:
                seat_clock.deadline = None
        if before == list(clock.seats.values()):
            return False
        self._changed(live)
        return True

    def back(self, live: LiveTable, seat: Seat) -> None:
        """``seat``'s player is here (connected, or moved): the seat is theirs again, neither
        played by its bot nor absent, its time-outs forgotten and its clock running if it is
        to move. Only the owner's word counts: another process's mirror changes nothing, and
        the owner sees the player arrive through the presence the mirror shares."""
        clock = live.clock
        if clock is None or not live.owned or seat not in clock.seats:
            return
        clock.away_since.pop(seat, None)
        clock.unattended_since = None
        seat_clock = clock.seats[seat]
        if not (seat_clock.stand_in or seat_clock.absent or seat_clock.timeouts):
            return
        seat_clock.stand_in, seat_clock.absent, seat_clock.timeouts = False, False, 0
        if clock.speed.timed and live.info.status == "playing" and seat in live.state.to_move:
            start(seat_clock, clock.speed, clock.now())
        self._changed(live)
        self.tables.announce.presence(live)

    def left(self, live: LiveTable, seat: Seat | None) -> None:
        """A connection at ``seat`` went: if it was the seat's last, its player is away from
        now (the clocks' look notices it too, a tick later, for the other processes' sockets)."""
        clock = live.clock
        if clock is not None and seat in clock.seats and not live.connected(seat):
            clock.away_since.setdefault(seat, clock.now())

    # -- ending a table -----------------------------------------------------------------------
    async def end(self, table_id: str, auth: SeatAuth) -> LiveTable:
        """A seated player ends the table because another player stayed away: refused, with
        nothing changed, for a wrong token, a table not being played, or nobody absent."""
        live = await self.tables.table(table_id)
        if live is None:
            raise Refused(404, say("no such table"))
        opened = await self.tables.seating.check(live, auth)
        await self._end_by(live, auth.seat, opened.digest)
        return live

    async def _end_by(self, live: LiveTable, seat: Seat, digest: str) -> None:
        """End ``live`` for ``seat``'s holder (the hash of its token: ``digest``) where it is
        owned: here, or by the owning process, asked through the cluster (`_forward_end`)."""
        cluster = self.tables.cluster
        if cluster is not None and not live.owned:
            await self._forward_end(live, seat, digest)
            await self.reread(live)  # the owner ended it: answer with the ended table
            return
        async with self.tables.actor(live).settled():
            if live.info.seats[seat].token_hash != digest:
                raise Refused(403, say("wrong seat token"))  # changed hands meanwhile
            self._check_end(live, seat)
            self.back(live, seat)
            if not await self._end(live, seat):
                raise Refused(409, say("a move was made meanwhile; nothing changed"))

    def _check_end(self, live: LiveTable, seat: Seat) -> None:
        if live.info.status == "finished":
            raise Refused(409, say("the game is over"))
        if live.info.status == "waiting":
            raise Refused(409, say("the game has not started: nobody can be absent yet"))
        clock = live.clock
        if clock is None or not [s for s in clock.absent() if s != seat]:
            raise Refused(
                409,
                say("nobody is absent: a table is ended only when another player stayed away"),
            )

    async def _end(self, live: LiveTable, by: Seat | None, reason: str = "abandoned") -> bool:
        """Finish ``live`` with no result (the caller holds its lock); False if a move was
        stored, or the table started, meanwhile."""
        tables, clock = self.tables, live.clock
        ending: dict[str, Any] = {
            "reason": reason,
            "by": by,
            "absent": clock.absent() if clock is not None else [],
            "at": self.now(),
        }
        status = live.info.status
        if not await tables.db(end_table, tables.store, live.info.id, live.version, ending, status):
            return False
        live.info.status, live.info.ending = "finished", ending
        if clock is not None:
            for seat_clock in clock.seats.values():
                seat_clock.deadline = None
            self._changed(live)
        log.info("table %s ended as %s (by %s)", live.info.id, reason, by)
        tables.announce.state(live)
        tables.retire(live)
        if tables.cluster is not None:
            tables.cluster.spawn(tables.cluster.leases.release(live.info.id))
        return True

    async def _forward_end(self, live: LiveTable, seat: Seat, digest: str) -> None:
        """Ask the owning process to end ``live`` (it holds the clocks); its refusal, if any."""
        cluster = self.tables.cluster
        assert cluster is not None
        gone = Refused(503, say("the server holding this table did not answer; try again"))
        owner = await cluster.leases.owner(live.info.id)
        if owner is None:
            raise gone
        request = {"kind": "end", "table": live.info.id, "seat": seat, "digest": digest}
        try:
            reply = await cluster.fanout.request(owner, request, FORWARD_TIMEOUT)
        except TimeoutError:
            raise gone from None
        if reply.get("error") is not None:
            raise Refused(reply["status"], reply["error"])

    async def serve_end(self, message: dict[str, Any]) -> None:
        """Another process forwarded an end request (`_forward_end`): do it, and answer."""
        tables = self.tables
        cluster = tables.cluster
        assert cluster is not None
        answer: dict[str, Any] = {"error": None}
        try:
            live = await tables.table(message["table"])
            if live is None or not live.owned:
                raise Refused(503, say("the server holding this table did not answer; try again"))
            await self._end_by(live, message["seat"], message["digest"])
        except Refused as exc:
            answer = {"error": str(exc), "status": exc.status}
        cluster.fanout.answer(message["reply_to"], message["req"], answer)

    # -- the look every tick -------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        while go_on():
            await asyncio.sleep(self.tick)
            try:
                await self.sweep()
            except Exception:
                if cancelling():
                    raise
                log.exception("the clocks' look failed")

    async def sweep(self) -> None:
        """Attach the clocks of tables that have none yet, then, where this process owns the
        table: who is away, whose time is up, who is absent, and end the tables all of whose
        people are absent and gone (one who is connected may still take their seat back)."""
        for live in list(self.tables.live.values()):
            if live.info.status not in ("waiting", "playing"):
                continue
            clock = live.clock
            if clock is None or (live.owned and not clock.owner):
                await self.attach(live)
                clock = live.clock
            if clock is None or not live.owned or not clock.seats:
                continue
            if live.info.status == "waiting":
                await self._waiting(live, clock)
                continue
            if self.moved(live, None):
                # A seat to move whose clock did not run (the table started, or a move was
                # taken back, in another process): it runs from now.
                self.tables.announce.presence(live)
            now = clock.now()
            self._presence(live, clock, now)
            due = [
                s
                for s, c in clock.seats.items()
                if c.deadline is not None and now >= c.deadline and s in live.state.to_move
            ]
            if due:
                async with self.tables.actor(live).settled():
                    self._time_out(live, clock, due)
            self._absences(live, clock, now)
            if all(c.absent and not live.connected(s) for s, c in clock.seats.items()):
                async with self.tables.actor(live).settled():
                    if live.info.status == "playing":
                        await self._end(live, None)

    async def _waiting(self, live: LiveTable, clock: TableClock) -> None:
        """A table waiting for players: note since when none of its seated people is connected,
        and end it unstarted once it has waited `WAITING_LIMIT` so."""
        now = clock.now()
        people = [s.seat for s in live.info.seats if s.kind == "human" and s.taken]
        if any(live.connected(s) for s in people):
            clock.unattended_since = None
            return
        if clock.unattended_since is None:
            clock.unattended_since = now
        if now - clock.opened >= self.waiting_limit:
            async with self.tables.actor(live).settled():
                if live.info.status == "waiting" and clock.unattended_since is not None:
                    await self._end(live, None, "unstarted")

    def deserted(self, table_id: str) -> bool:
        """Is the table waiting for players with none of its people connected for the away
        time (it leaves the lobby's open tables)? Only the owner knows: False elsewhere."""
        live = self.tables.live.get(table_id)
        clock = live.clock if live is not None else None
        if live is None or clock is None or live.info.status != "waiting" or not live.owned:
            return False
        since = clock.unattended_since
        away = clock.speed.away or self.speeds["none"].away or 0.0
        return since is not None and clock.now() - since >= away

    def _presence(self, live: LiveTable, clock: TableClock, now: float) -> None:
        """Note when each seat's last connection went; a seat played by its bot whose player
        connects (here or through another process) is theirs again."""
        for seat in clock.seats:
            if live.connected(seat):
                if seat in clock.away_since:
                    self.back(live, seat)
                clock.away_since.pop(seat, None)
            else:
                clock.away_since.setdefault(seat, now)

    def _time_out(self, live: LiveTable, clock: TableClock, due: list[Seat]) -> None:
        """The seats of ``due`` ran out of time (checked again: a move may have come while the
        lock was awaited): their bot plays for them."""
        now, ran_out = clock.now(), False
        for seat in due:
            seat_clock = clock.seats[seat]
            deadline = seat_clock.deadline
            if deadline is None or now < deadline or seat not in live.state.to_move:
                continue
            if live.info.status != "playing":
                continue
            run_out(seat_clock)
            ran_out = True
            log.info("seat %s of table %s ran out of time", seat, live.info.id)
        if ran_out:
            self._changed(live)
            self.tables.announce.state(live)  # shown as the bot's before the bot moves
            self.tables.actor(live).wake_bots()

    def _absences(self, live: LiveTable, clock: TableClock, now: float) -> None:
        away = clock.speed.away
        changed = False
        for seat, seat_clock in clock.seats.items():
            gone = clock.away_since.get(seat)
            absent = seat_clock.timeouts >= ABSENT_TIMEOUTS or (
                away is not None and gone is not None and now - gone >= away
            )
            if absent and not seat_clock.absent:
                seat_clock.absent = changed = True
                if clock.speed.timed:
                    seat_clock.stand_in, seat_clock.deadline = True, None
        if changed:
            self._changed(live)
            self.tables.announce.state(live)
            self.tables.actor(live).wake_bots()

    # -- writing ---------------------------------------------------------------------------------
    def _changed(self, live: LiveTable) -> None:
        """``live``'s clocks changed: write them soon (the newest at each write, in order)."""
        self._dirty.add(live.info.id)
        self._wake.set()

    async def _write_forever(self) -> None:
        while go_on():
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._write()
            except Exception:
                if cancelling():
                    raise
                log.exception("clocks not written; trying again")
                await asyncio.sleep(self.tick)
                self._wake.set()

    async def _write(self) -> None:
        tables = self.tables
        while self._dirty:
            table_id = self._dirty.pop()
            live = tables.live.get(table_id) or tables.finished.get(table_id)
            clock = live.clock if live is not None else None
            if clock is None:
                continue
            snapshot = [replace(c) for c in clock.seats.values()]
            try:
                await tables.db(save_clocks, tables.store, table_id, snapshot)
            except Exception:
                self._dirty.add(table_id)
                raise
            if tables.cluster is not None:
                tables.cluster.fanout.table(table_id, {"kind": "clocks"})
