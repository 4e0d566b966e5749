"""With several processes, a process hears what happens only at the tables it holds.

Each process used to subscribe to every table's channel, so every stored move reached every
process, which read and dropped it where it did not hold the table: with each table's sockets
handed to its owner, that was most of what a second process cost a move. A process now follows
the channels of the tables it holds (`Fanout.follow`): a table it opens or reads from the store,
until it lets the table go; and it follows one before it reads it, so that a move stored between
the read and the subscription cannot slip by. Two apps on one SQLite database and one Redis
play the two processes here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import replace
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from anyio.from_thread import BlockingPortal
from fastapi.testclient import TestClient
from redis import Redis

from potager.server import create_app
from potager.server.fanout import Fanout
from potager.server.lease import space_of
from tests.server.conftest import settings
from tests.server.driver import create
from tests.server.test_scaleout import redis_url
from tests.toy import GAME as TOY_GAME

__all__ = ["redis_url"]  # the fixture


@pytest.fixture
def two(tmp_path: Path, redis_url: str) -> Iterator[tuple[TestClient, TestClient, str]]:
    """Two processes of one database and one Redis, and the prefix of its table channels."""
    url = f"sqlite:///{tmp_path / 'potager.db'}"
    with ExitStack() as stack:
        first, second = (
            stack.enter_context(TestClient(create_app(replace(settings(url), redis_url=redis_url))))
            for _ in range(2)
        )
        yield first, second, f"{space_of(url)}:t:"


def listeners(redis_url: str, channel: str) -> int:
    with Redis.from_url(redis_url) as redis:
        return int(redis.pubsub_numsub(channel)[0][1])


def until(wanted: int, redis_url: str, channel: str) -> int:
    deadline = time.monotonic() + 5
    while (found := listeners(redis_url, channel)) != wanted and time.monotonic() < deadline:
        time.sleep(0.02)
    return found


class Opened(NamedTuple):
    """A table the first process opened (and hears), seen from the other process."""

    manager: Any
    portal: BlockingPortal
    table_id: str
    channel: str


@pytest.fixture
def opened(two: tuple[TestClient, TestClient, str], redis_url: str) -> Opened:
    opener, other, tables = two
    table_id = create(opener, TOY_GAME.name, ["human", "human"], name="Ada")["table"]["id"]
    assert until(1, redis_url, tables + table_id) == 1  # the opener's
    assert other.portal is not None
    manager = other.app.state.manager  # type: ignore[attr-defined]
    return Opened(manager, other.portal, table_id, tables + table_id)


def test_a_process_hears_only_the_tables_it_holds(opened: Opened, redis_url: str) -> None:
    manager, portal, table_id, channel = opened
    assert manager.tables.held(table_id) is None
    assert listeners(redis_url, channel) == 1

    mirror = portal.call(manager.table, table_id)
    assert mirror is not None and not mirror.owned
    assert listeners(redis_url, channel) == 2  # read, so followed
    portal.call(manager.tables.forget, mirror)  # nobody here watches it any more
    assert until(1, redis_url, channel) == 1


def test_a_table_is_followed_before_it_is_read(opened: Opened, redis_url: str) -> None:
    manager, portal, table_id, channel = opened
    heard: list[int] = []
    read = manager.store.table

    def table(table_id: str) -> Any:  # in the database thread
        heard.append(listeners(redis_url, channel))
        return read(table_id)

    manager.store.table = table
    assert portal.call(manager.table, table_id) is not None
    assert heard == [2]  # this process's subscription was in Redis when it read the table


def test_a_table_that_is_not_there_is_not_followed(
    two: tuple[TestClient, TestClient, str], redis_url: str
) -> None:
    _, other, tables = two
    manager, portal = other.app.state.manager, other.portal  # type: ignore[attr-defined]
    assert portal is not None
    assert portal.call(manager.table, "no-such-table") is None
    assert until(0, redis_url, tables + "no-such-table") == 0


class PubSub:
    """What `Fanout._reconcile` reads and sends of redis-py's pub/sub."""

    def __init__(self, channels: list[str]) -> None:
        self.channels = dict.fromkeys(channels)
        self.sent: list[tuple[str, set[str]]] = []

    async def subscribe(self, *channels: str) -> None:
        self.sent.append(("SUBSCRIBE", set(channels)))

    async def unsubscribe(self, *channels: str) -> None:
        self.sent.append(("UNSUBSCRIBE", set(channels)))


def test_subscriptions_lost_while_redis_was_away_are_sent_again() -> None:
    """A SUBSCRIBE that failed (Redis away) is not in redis-py's list, which it sends again on
    reconnecting; an UNSUBSCRIBE that failed leaves its channel there. Once the listener reads
    again, the followed channels are made what Redis has."""

    async def scenario() -> list[tuple[str, set[str]]]:
        fanout = Fanout(None, "space", "me", lambda *_: None, lambda *_: None)  # type: ignore[arg-type]
        for table_id in ("kept", "lost"):
            fanout.follow(table_id)
        pubsub = PubSub(["space:p:me", "space:t:kept", "space:t:left"])
        await fanout._reconcile(pubsub)
        return pubsub.sent

    assert asyncio.run(scenario()) == [
        ("SUBSCRIBE", {"space:t:lost"}),
        ("UNSUBSCRIBE", {"space:t:left"}),
    ]
