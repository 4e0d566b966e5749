"""Two server processes on one PostgreSQL database and one Redis (scale-out).

Both run ``potager serve`` in a subprocess on their own port; the table is opened on the first
(its owner), one player plays through each process and a spectator watches through the second.
Every socket must hear every stored version, see exactly its seat's view at each, and the record
must hold every move, whether the second process hands its sockets to the owner
(`potager.server.handoff`, the default) or serves them through a mirror; a socket handed over
outlives the process that accepted it; when the owner is killed, the other process takes the
table over.
Redis is ``POTAGER_TEST_REDIS_URL`` (``make test`` exports it) or the private server of
`potager.store.localredis`, started here: never skipped.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from redis.exceptions import ConnectionError as RedisConnectionError
from websockets.sync.client import ClientConnection, connect

from potager import games
from potager.engine import GameRecord
from potager.server.cluster import Cluster
from potager.server.config import UNLIMITED
from potager.server.schemas import ErrorMessage
from potager.server.spawn import spawn, stop
from potager.store import localpg, localredis
from tests import ROOT
from tests.server.driver import at_port
from tests.server.driver import create as create_table
from tests.web.conftest import free_port

GAME = "heuschrecken-poker"


@pytest.fixture(scope="module")
def redis_url() -> str:
    url = os.environ.get("POTAGER_TEST_REDIS_URL")
    if url:
        return url
    return localredis.start(ROOT / ".redisdata")


@contextmanager
def servers(
    database: str, redis: str, count: int, handoff: bool = True
) -> Iterator[list[tuple[int, Any]]]:
    """``count`` server processes sharing ``database`` and ``redis``: (port, process) each;
    ``handoff``: whether they hand table sockets to the table's owner."""
    env = {
        "POTAGER_REDIS_URL": redis,
        "POTAGER_HANDOFF": "1" if handoff else "0",
        "POTAGER_BOT_DELAY": "0",
        "POTAGER_BOT_POOL": "thread",
        "POTAGER_BOT_WORKERS": "1",
        **UNLIMITED,  # the test's clients all come from 127.0.0.1 and act at once
    }
    with ExitStack() as stack:
        started = []
        for _ in range(count):
            port = free_port()
            process = spawn(database, port, env)
            stack.callback(stop, process)
            started.append((port, process))
        yield started


class Socket:
    """One WebSocket at the table, reading in a thread: every state it is sent, in order."""

    def __init__(
        self, stack: ExitStack, port: int, table_id: str, seat: int | None, token: str | None
    ) -> None:
        self.seat = seat
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
        self.socket: ClientConnection = stack.enter_context(connect(url))
        self.socket.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
        self.states: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []

    def play(self, rng: random.Random, until: int | None = None) -> None:
        """Act at random whenever this seat may (a spectator only listens) until the game is
        over, or until the table passes version ``until``."""
        acted = -1
        while True:
            message = json.loads(self.socket.recv(timeout=30))
            if message["type"] == "error":
                self.errors.append(message)
                continue
            if message["type"] != "state":
                continue
            self.states.append(message)
            version = message["version"]
            if message["status"] == "finished" or (until is not None and version >= until):
                return
            if message["legal"] and message["status"] == "playing" and acted < version:
                acted = version
                action = rng.choice(message["legal"])["action"]
                self.socket.send(json.dumps({"type": "act", "version": version, "action": action}))


def create(port: int) -> tuple[str, list[tuple[int, str]]]:
    """A table of two people and a bot on the server at ``port``: its id and (seat, token)s."""
    created = create_table(at_port(port), GAME, ["human", "human", "random"])
    grants = [created["you"], *created["invites"]]
    return created["table"]["id"], [(g["seat"], g["token"]) for g in grants]


def run(sockets: list[Socket], seeds: list[int], until: int | None = None) -> None:
    """Every socket plays in its own thread until it is done; one that stopped on an exception
    (no message for 30 s: a seat left waiting) fails the test with what it saw last."""
    failures: list[str] = []

    def play(socket: Socket, seed: int) -> None:
        try:
            socket.play(random.Random(seed), until)
        except Exception as exc:
            last = socket.states[-1] if socket.states else {}
            failures.append(
                f"seat {socket.seat}: {exc!r} after version {last.get('version')} "
                f"(to move {last.get('to_move')}, legal {bool(last.get('legal'))}), "
                f"errors {socket.errors}"
            )

    threads = [
        threading.Thread(target=play, args=(s, seed))
        for s, seed in zip(sockets, seeds, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not failures, failures


def check_heard(sockets: list[Socket], record: GameRecord, since: int = 0) -> None:
    """Each socket heard every version from ``since``, or from the first it was sent (a socket
    whose hello came after moves starts at the table's version then), to the end, each with its
    seat's view."""
    final = len(record.moves)
    for socket in sockets:
        heard = {s["version"] for s in socket.states}
        first = max(since, socket.states[0]["version"])
        assert set(range(first, final + 1)) <= heard, (socket.seat, sorted(heard))
        assert [e["code"] for e in socket.errors if e["code"] != "stale"] == []
        for state in socket.states:
            engine = games.replay(record.first(state["version"]))
            assert state["view"] == json.loads(json.dumps(engine.view(socket.seat)))


def finished_record(port: int, table_id: str) -> GameRecord:
    response = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}/record")
    assert response.status_code == 200, response.text
    return GameRecord.from_dict(response.json())


@pytest.mark.parametrize("handoff", [True, False], ids=["handed", "mirrored"])
def test_two_processes_play_one_table(postgres_server: str, redis_url: str, handoff: bool) -> None:
    database = localpg.fresh_database(postgres_server)
    with (
        servers(database, redis_url, 2, handoff) as [(first, _), (second, _)],
        ExitStack() as stack,
    ):
        table_id, [mine, theirs] = create(first)
        sockets = [
            Socket(stack, first, table_id, *mine),
            Socket(stack, second, table_id, *theirs),
            Socket(stack, second, table_id, None, None),
        ]
        run(sockets, [1, 2, 3])
        record = finished_record(second, table_id)
        assert sockets[0].states[-1]["status"] == "finished"
        check_heard(sockets, record)
        movers = {seat for seat, _ in record.moves}
        assert {mine[0], theirs[0], 2} <= movers  # both processes' players and the bot moved
        for port in (first, second):
            summary = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}").json()
            assert summary["version"] == len(record.moves)


def test_a_socket_handed_to_the_owner_outlives_the_process_that_accepted_it(
    postgres_server: str, redis_url: str
) -> None:
    """Every socket of the table is opened through the second process, which hands each to the
    first, the table's owner, before answering it: the second killed, the game goes on to its
    end on them all. (Served by the second through a mirror, as without the hand-off, they
    would close with it.)"""
    database = localpg.fresh_database(postgres_server)
    with (
        servers(database, redis_url, 2) as [(first, _), (second, accepter)],
        ExitStack() as stack,
    ):
        table_id, grants = create(first)
        sockets = [Socket(stack, second, table_id, seat, token) for seat, token in grants]
        sockets.append(Socket(stack, second, table_id, None, None))
        stop(accepter, signal.SIGKILL)
        run(sockets, [8, 9, 10])
        record = finished_record(first, table_id)
        check_heard(sockets, record)
        for socket in sockets:
            assert socket.states[-1]["status"] == "finished"


def test_the_owner_killed_the_other_takes_over(postgres_server: str, redis_url: str) -> None:
    database = localpg.fresh_database(postgres_server)
    with servers(database, redis_url, 2) as [(first, owner), (second, _)], ExitStack() as stack:
        table_id, grants = create(first)
        sockets = [Socket(stack, second, table_id, seat, token) for seat, token in grants]
        run(sockets, [4, 5], until=6)
        seen = max(s["version"] for s in sockets[0].states)
        stop(owner, signal.SIGKILL)
        again = [Socket(stack, second, table_id, seat, token) for seat, token in grants]
        run(again, [6, 7])
        record = finished_record(second, table_id)
        assert len(record.moves) >= seen
        check_heard(again, record, since=max(s.states[0]["version"] for s in again))
        for socket in again:
            assert socket.states[-1]["status"] == "finished"


def test_several_processes_need_redis(tmp_path: Path) -> None:
    serve = [sys.executable, "-m", "potager.cli.main", "serve", "--port", str(free_port())]
    done = subprocess.run(
        [*serve, "--processes", "2", "--database", f"sqlite:///{tmp_path}/p.db"],
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "POTAGER_REDIS_URL"},
        timeout=60,
    )
    assert done.returncode != 0 and "several processes need Redis" in done.stderr


def _cluster(redis: str) -> Cluster:
    """A process's link to the others, for a table manager of a store nobody else uses."""
    return Cluster(redis, f"sqlite:///{uuid.uuid4().hex}")


def test_a_busy_process_waits_for_a_redis_connection_rather_than_failing(redis_url: str) -> None:
    """300 forwarded moves asking their table's owner at once: redis-py's own pool refused every
    command past its 100th under way (``MaxConnectionsError``, and the mover's socket died with
    it under a load bench); the process's pool has them wait for one of its connections."""

    async def scenario() -> list[str | None]:
        cluster = _cluster(redis_url)
        try:
            return await asyncio.gather(*(cluster.leases.owner(f"t{i}") for i in range(300)))
        finally:
            await cluster.redis.aclose()

    assert asyncio.run(scenario()) == [None] * 300


def test_a_move_forwarded_while_redis_fails_is_refused_as_unavailable(
    redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Redis failing under a forwarded move is a clear error to the mover, as a database that
    fails is, not a socket closed on an exception."""

    async def failing(**_: object) -> str | None:
        raise RedisConnectionError("Connection refused.")

    async def scenario() -> ErrorMessage | None:
        cluster = _cluster(redis_url)
        monkeypatch.setattr(cluster.leases, "_owner", failing)  # the script the lookup runs
        live = SimpleNamespace(info=SimpleNamespace(id="t"))
        request = {"kind": "act", "table": "t", "seat": 0, "digest": "d", "version": 3}

        async def never() -> ErrorMessage | None:
            raise AssertionError("served here")

        async def taken() -> bool:
            raise AssertionError("taken over")

        try:
            return await cluster.to_owner(live, request, taken, never)  # type: ignore[arg-type]
        finally:
            await cluster.redis.aclose()

    refused = asyncio.run(scenario())
    assert refused is not None and refused.code == "unavailable"
