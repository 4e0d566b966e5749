"""Who owns which table when several server processes share one database (scale-out).

Each process has a name and a heartbeat key in Redis (``potager:<space>:alive:<name>``, holding
its process id) that expires `TTL` seconds after its last renewal; a table's owner is one field of
the hash ``potager:<space>:owners``. The space is named after the database (`space_of`), so that
servers of different databases can share one Redis without seeing each other. A process owns a
table while the hash names it and its heartbeat lives: a process killed with ``kill -9``
stops renewing, and `TTL` seconds later any other process may take its tables over (`claim`).
One heartbeat per process, not one lease per table, so that renewing costs one command however
many tables a process holds.

A lease only keeps writers apart in the usual case; it is not what makes the record safe. A
process that stalls past its lease and wakes up still believing it owns a table is stopped by the
store: a move is written only if the table is still at the version it was computed on
(`Store.append_move`), so of two writers one gets `StaleVersion` and reloads.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import secrets
from collections.abc import Callable, Iterator

from redis.asyncio import Redis
from redis.exceptions import RedisError

from .forever import cancelling, go_on, stopped
from .outcomes import unavailable

log = logging.getLogger("potager.server")

TTL = 2.5
"""Seconds a process's heartbeat lives without renewal: how long its tables wait after a crash."""
RENEW = 0.5
"""Seconds between renewals (a busy event loop may be late by a few of them before it matters)."""

# The table goes to the caller unless a living process other than the caller holds it; answers the
# owner after the call.
CLAIM = """
local owner = redis.call('HGET', KEYS[1], ARGV[1])
if owner and owner ~= ARGV[2] and redis.call('EXISTS', ARGV[3] .. owner) == 1 then
  return owner
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return ARGV[2]
"""
# The table's owner if it is the caller or a living process (one round trip, not two: a move sent to
# a process that does not own its table asks this first).
OWNER = """
local owner = redis.call('HGET', KEYS[1], ARGV[1])
if owner and (owner == ARGV[2] or redis.call('EXISTS', ARGV[3] .. owner) == 1) then
  return owner
end
return nil
"""
RELEASE = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
"""


def space_of(database_url: str) -> str:
    """The Redis key prefix of the processes sharing the database at ``database_url``."""
    return "potager:" + hashlib.sha256(database_url.encode()).hexdigest()[:12]


class Leases:
    """This process's heartbeat and its claims on tables."""

    def __init__(self, redis: Redis, space: str, on_lapse: Callable[[], None]) -> None:
        self.redis = redis
        self.me = secrets.token_hex(6)
        """This process's name (a new one at every start: a restarted process owns nothing)."""
        self._owners, self._alive = f"{space}:owners", f"{space}:alive:"
        self._on_lapse = on_lapse
        self._claim = redis.register_script(CLAIM)
        self._release = redis.register_script(RELEASE)
        self._owner = redis.register_script(OWNER)
        self._beat: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self.redis.set(self._alive + self.me, os.getpid(), px=int(TTL * 1000))
        self._beat = asyncio.create_task(self._renew())

    async def _renew(self) -> None:
        """Renew the heartbeat; if it had lapsed (the loop stalled past `TTL`), others may have
        taken tables over: ``on_lapse`` has the caller check which are still its own."""
        while go_on():
            await asyncio.sleep(RENEW)
            try:
                if not await self.redis.set(
                    self._alive + self.me, os.getpid(), px=int(TTL * 1000), xx=True
                ):
                    log.warning("process %s: heartbeat lapsed; checking its tables", self.me)
                    await self.redis.set(self._alive + self.me, os.getpid(), px=int(TTL * 1000))
                    self._on_lapse()
            except Exception:
                if cancelling():
                    raise
                log.exception("process %s: heartbeat not renewed", self.me)

    async def stop(self) -> None:
        """Stop beating and let go of every table at once (a clean stop need not wait `TTL`)."""
        if self._beat is not None:
            await stopped([self._beat])
        with contextlib.suppress(Exception):
            mine = [t for t, p in (await self.owners()).items() if p == self.me]
            if mine:
                await self.redis.hdel(self._owners, *mine)
            await self.redis.delete(self._alive + self.me)

    # Each of these raises `Unavailable` when Redis does not answer: nothing changed.
    async def claim(self, table_id: str) -> bool:
        """Take ``table_id`` unless another living process holds it; whether it is ours now."""
        with answered():
            owner = await self._claim(keys=[self._owners], args=[table_id, self.me, self._alive])
        return bool(_text(owner) == self.me)

    async def release(self, table_id: str) -> None:
        """Let go of a finished table (only if it is ours)."""
        with answered():
            await self._release(keys=[self._owners], args=[table_id, self.me, self._alive])

    async def owner(self, table_id: str) -> str | None:
        """The living process that owns ``table_id``, or ``None``."""
        with answered():
            owner = await self._owner(keys=[self._owners], args=[table_id, self.me, self._alive])
        return _text(owner)

    async def owners(self) -> dict[str, str]:
        """Every owned table and its owner, living or not."""
        with answered():
            found = await self.redis.hgetall(self._owners)
        return {_text(k) or "": _text(v) or "" for k, v in found.items()}

    async def living(self, processes: set[str]) -> set[str]:
        """Which of ``processes`` have a heartbeat."""
        ordered = sorted(processes)
        with answered():
            async with self.redis.pipeline(transaction=False) as pipe:
                for process in ordered:
                    pipe.exists(self._alive + process)
                found = await pipe.execute()
        return {p for p, alive in zip(ordered, found, strict=True) if alive}


@contextlib.contextmanager
def answered() -> Iterator[None]:
    """Redis's failure inside is `Unavailable` (`outcomes.unavailable`)."""
    try:
        yield
    except RedisError as exc:
        raise unavailable(exc) from exc


def _text(value: bytes | str | None) -> str | None:
    return value.decode() if isinstance(value, bytes) else value
