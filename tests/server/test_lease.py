"""Who owns a table (`potager.server.lease`): a forwarded move asks `Leases.owner` first, in one
round trip to Redis; the owner counts only while its heartbeat lives."""

from __future__ import annotations

import asyncio
import secrets

from redis.asyncio import Redis

from potager.server.lease import Leases
from tests.server.test_scaleout import redis_url

__all__ = ["redis_url"]  # the fixture


def test_the_owner_is_the_claimant_while_its_heartbeat_lives(redis_url: str) -> None:
    async def scenario() -> list[str | None]:
        redis = Redis.from_url(redis_url)
        space = "potager:test-lease-" + secrets.token_hex(4)
        one, other = Leases(redis, space, lambda: None), Leases(redis, space, lambda: None)
        await one.start()
        await other.start()
        try:
            seen = [await one.owner("t")]  # nobody's
            assert await other.claim("t")
            seen += [await one.owner("t"), await other.owner("t")]
            await redis.delete(f"{space}:alive:{other.me}")  # its heartbeat lapsed (killed)
            seen += [await one.owner("t"), await other.owner("t")]
            assert await one.claim("t")
            seen += [await one.owner("t")]
            return [
                {one.me: "one", other.me: "other"}.get(s, s) if s is not None else None
                for s in seen
            ]
        finally:
            await one.stop()
            await other.stop()
            await redis.aclose()

    assert asyncio.run(scenario()) == [None, "other", "other", None, "other", "one"]
