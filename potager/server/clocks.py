"""Clocks and abandoned tables: each seat's time, its bank, time-outs, absences, and the end of
a table nobody plays (rules and speeds: docs/clocks.md).

`Clocks` starts and stops a table's clocks as moves come (`moved`), gives a seat back to its
player (`back`), reads them from the store and writes them there, and says what a look of the
clocks finds: whose time is up (`due`, `time_out`), who is absent (`absences`), whether nobody
is left (`all_gone`) or a table waited too long (`unstarted`). It acts on no table itself: the
table's actor looks (`TableActor.look`), under the table's lock, and publishes what changed. Only
the process that owns a table times it; the others read its clocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from potager.engine import Seat
from potager.store import Store
from potager.store.clocks import SeatClock, end_table, load_clocks, save_clocks

from ..i18n import say
from .config import Settings
from .forever import cancelling, go_on, stopped
from .live import LiveTable
from .outcomes import Refused
from .speeds import ABSENT_TIMEOUTS, SPEEDS, WAITING_LIMIT, TableClock, run_out, start, stop

log = logging.getLogger("potager.server")


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


class Clocks:
    """Every table's clocks in this process; ``written`` tells the other processes that a
    table's clocks were written (with several processes)."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        db: Callable[..., Awaitable[Any]],
        written: Callable[[str], None] | None = None,
    ) -> None:
        self.store, self.db, self.written = store, db, written
        self.now: Callable[[], float] = settings.clock_now
        self.tick = settings.clock_tick
        self.speeds = {name: s.scaled(settings.clock_scale) for name, s in SPEEDS.items()}
        self.waiting_limit = WAITING_LIMIT * settings.clock_scale
        self._dirty: dict[str, LiveTable] = {}
        self._wake = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        self._tasks = [asyncio.create_task(self._write_forever())]

    async def stop(self) -> None:
        """Stop writing, then write what is still to be written."""
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
        stored = await self.db(load_clocks, self.store, live.info.id)
        clock = self.fresh(live)
        for found in stored:
            if found.seat in clock.seats:
                clock.seats[found.seat] = found
        if live.clock is not None:  # read again (taken over): it has waited since it was opened
            clock.opened, clock.unattended_since = live.clock.opened, live.clock.unattended_since
        live.clock = clock
        if live.owned:
            self.moved(live, None)

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

    def back(self, live: LiveTable, seat: Seat) -> bool:
        """``seat``'s player is here (connected, or moved): the seat is theirs again, neither
        played by its bot nor absent, its time-outs forgotten and its clock running if it is
        to move. Only the owner's word counts: another process's mirror changes nothing, and
        the owner sees the player arrive through the presence the mirror shares. Whether the
        seat's clock changed (the caller announces the presence)."""
        clock = live.clock
        if clock is None or not live.owned or seat not in clock.seats:
            return False
        clock.away_since.pop(seat, None)
        clock.unattended_since = None
        seat_clock = clock.seats[seat]
        if not (seat_clock.stand_in or seat_clock.absent or seat_clock.timeouts):
            return False
        seat_clock.stand_in, seat_clock.absent, seat_clock.timeouts = False, False, 0
        if clock.speed.timed and live.info.status == "playing" and seat in live.state.to_move:
            start(seat_clock, clock.speed, clock.now())
        self._changed(live)
        return True

    def left(self, live: LiveTable, seat: Seat | None) -> None:
        """A connection at ``seat`` went: if it was the seat's last, its player is away from
        now (the clocks' look notices it too, a tick later, for the other processes' sockets)."""
        clock = live.clock
        if clock is not None and seat in clock.seats and not live.connected(seat):
            clock.away_since.setdefault(seat, clock.now())

    # -- what a look finds -----------------------------------------------------------------------
    def unstarted(self, live: LiveTable, clock: TableClock) -> bool:
        """A table waiting for players: note since when none of its seated people is connected;
        whether it has waited `WAITING_LIMIT` so (it is to be ended unstarted)."""
        people = [s.seat for s in live.info.seats if s.kind == "human" and s.taken]
        if any(live.connected(s) for s in people):
            clock.unattended_since = None
            return False
        now = clock.now()
        if clock.unattended_since is None:
            clock.unattended_since = now
        return now - clock.opened >= self.waiting_limit

    def deserted(self, live: LiveTable | None) -> bool:
        """Is the table waiting for players with none of its people connected for the away
        time (it leaves the lobby's open tables)? Only the owner knows: False elsewhere."""
        clock = live.clock if live is not None else None
        if live is None or clock is None or live.info.status != "waiting" or not live.owned:
            return False
        since = clock.unattended_since
        away = clock.speed.away or self.speeds["none"].away or 0.0
        return since is not None and clock.now() - since >= away

    def presence(self, live: LiveTable, clock: TableClock, now: float) -> bool:
        """Note when each seat's last connection went; a seat played by its bot whose player
        connects (here or through another process) is theirs again. Whether a seat came back."""
        came_back = False
        for seat in clock.seats:
            if live.connected(seat):
                if seat in clock.away_since:
                    came_back = self.back(live, seat) or came_back
                clock.away_since.pop(seat, None)
            else:
                clock.away_since.setdefault(seat, now)
        return came_back

    @staticmethod
    def due(live: LiveTable, clock: TableClock, now: float) -> list[Seat]:
        """The seats to move whose time is up at ``now``."""
        return [
            s
            for s, c in clock.seats.items()
            if c.deadline is not None and now >= c.deadline and s in live.state.to_move
        ]

    def time_out(self, live: LiveTable, clock: TableClock, due: list[Seat]) -> bool:
        """The seats of ``due`` ran out of time (checked again: a move may have come while the
        lock was awaited): their bot plays for them. Whether any did."""
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
        return ran_out

    def absences(self, live: LiveTable, clock: TableClock, now: float) -> bool:
        """Mark absent the seats that timed out too often or stayed away too long (at a timed
        table their bot plays for them from now). Whether any became absent."""
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
        return changed

    @staticmethod
    def all_gone(live: LiveTable, clock: TableClock) -> bool:
        """Are all the table's people absent, none of them connected (nobody is left to ask)?"""
        return all(c.absent and not live.connected(s) for s, c in clock.seats.items())

    # -- ending a table -----------------------------------------------------------------------
    @staticmethod
    def check_end(live: LiveTable, seat: Seat) -> None:
        """Refuse ``seat``'s asking to end ``live`` unless another seat is absent."""
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

    async def end(self, live: LiveTable, by: Seat | None, reason: str) -> bool:
        """Store ``live`` as finished with no result, ended by ``by`` (``None``: the server)
        for ``reason``, and stop its clocks (the caller holds its lock, and announces it);
        False if a move was stored, or the table started, meanwhile."""
        clock = live.clock
        ending: dict[str, Any] = {
            "reason": reason,
            "by": by,
            "absent": clock.absent() if clock is not None else [],
            "at": self.now(),
        }
        status = live.info.status
        if not await self.db(end_table, self.store, live.info.id, live.version, ending, status):
            return False
        live.info.status, live.info.ending = "finished", ending
        if clock is not None:
            for seat_clock in clock.seats.values():
                seat_clock.deadline = None
            self._changed(live)
        log.info("table %s ended as %s (by %s)", live.info.id, reason, by)
        return True

    # -- writing ---------------------------------------------------------------------------------
    def _changed(self, live: LiveTable) -> None:
        """``live``'s clocks changed: write them soon (the newest at each write, in order)."""
        self._dirty[live.info.id] = live
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
        while self._dirty:
            table_id, live = self._dirty.popitem()
            clock = live.clock
            if clock is None:
                continue
            snapshot = [replace(c) for c in clock.seats.values()]
            try:
                await self.db(save_clocks, self.store, table_id, snapshot)
            except Exception:
                self._dirty.setdefault(table_id, live)
                raise
            if self.written is not None:
                self.written(table_id)
