"""A table's clock in memory: its speed, each human seat's time and bank, and how a decision
starts, stops and runs out (the rules: docs/clocks.md; what acts on them: `potager.server.clocks`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from potager.engine import Seat
from potager.store.clocks import SeatClock

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
