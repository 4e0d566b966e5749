"""Who is online: the players seen lately, whichever server process saw them.

A player is seen when a request carries its token (`identity.signed_in`: the lobby asks every
few seconds) and while a table socket of a seat it holds is open. The marks gather in memory
and are written every `FLUSH` seconds, with the players of this process's open seat sockets, to
two sorted sets in Redis that the processes share (scored by when each player was seen; the
second holds those at a table); a process alone keeps them itself. A player seen in the last
`RECENT` seconds is online. Ids only: the edge names them from the store.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

from redis.asyncio import Redis

from .lease import answered
from .live import LiveTable

RECENT = 30.0
"""Seconds a player stays online after it was last seen."""
FLUSH = 5.0
"""Seconds between writes of the marks (a player's own request shows it at once)."""
FRESH = 1.0
"""Seconds a read of the shared sets is kept: every lobby asks, one read serves them all."""


@dataclass(frozen=True)
class Seen:
    """A player online: at a table (a seat socket open) or not."""

    player: str
    at_table: bool


def seated(tables: Iterable[LiveTable]) -> set[str]:
    """The players of the seats that have a socket open at ``tables``."""
    return {
        player
        for live in tables
        for connection in live.connections
        if connection.seat is not None
        and (player := live.info.seats[connection.seat].player_id) is not None
    }


class Online:
    """The players online, kept in ``redis`` (shared by the processes of ``space``) or, with
    None, in this process; ``now`` is the time in seconds (every process's clock)."""

    def __init__(self, redis: Redis | None, space: str, now: Callable[[], float]) -> None:
        self.redis, self.now = redis, now
        self._all, self._at_tables = f"{space}:online", f"{space}:online:seated"
        self._marks: set[str] = set()
        """Seen here since the last flush."""
        self._last: dict[str, float] = {}
        self._last_at_table: dict[str, float] = {}
        """Alone: when each player was last seen, and last seen at a table."""
        self._read: tuple[float, list[Seen]] | None = None

    def seen(self, player: str) -> None:
        """``player`` asked something: online from now."""
        self._marks.add(player)

    async def flush(self, at_tables: Collection[str]) -> None:
        """Write the marks since the last flush and ``at_tables`` (the players of this
        process's open seat sockets: `seated`), and forget whoever was last seen `RECENT`
        seconds ago. Marks that Redis did not take are written at the next flush."""
        now, marks = self.now(), self._marks | set(at_tables)
        self._marks = set()
        if self.redis is None:
            self._last = _since(self._last | dict.fromkeys(marks, now), now - RECENT)
            self._last_at_table = _since(
                self._last_at_table | dict.fromkeys(at_tables, now), now - RECENT
            )
            return
        try:
            with answered():
                async with self.redis.pipeline(transaction=False) as pipe:
                    if marks:
                        pipe.zadd(self._all, dict.fromkeys(marks, now))
                    if at_tables:
                        pipe.zadd(self._at_tables, dict.fromkeys(at_tables, now))
                    for key in (self._all, self._at_tables):
                        pipe.zremrangebyscore(key, "-inf", now - RECENT)
                    await pipe.execute()
        except BaseException:
            self._marks |= marks
            raise

    async def players(self) -> list[Seen]:
        """Everybody online now, by id (`Unavailable` if Redis does not answer)."""
        now = self.now()
        if self._read is not None and now - self._read[0] < FRESH:
            found = self._read[1]
        else:
            found = await self._players(now - RECENT)
            self._read = (now, found)
        known = {s.player for s in found}
        return found + [Seen(p, False) for p in sorted(self._marks - known)]

    async def _players(self, since: float) -> list[Seen]:
        if self.redis is None:
            sitting = _since(self._last_at_table, since)
            return [Seen(p, p in sitting) for p in _since(self._last, since)]
        with answered():
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zrangebyscore(self._all, since, "+inf")
                pipe.zrangebyscore(self._at_tables, since, "+inf")
                everyone, sitting = await pipe.execute()
        at_table = {_text(p) for p in sitting}
        return [Seen(_text(p), _text(p) in at_table) for p in everyone]


def _since(seen: dict[str, float], since: float) -> dict[str, float]:
    return {player: at for player, at in seen.items() if at > since}


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
