"""Soak and faults: the server killed, its database or Redis stopped, its disk full or read-only,
while people and bots play. ``python -m bench.soak`` (``make soak``; bounded by ``--minutes``).

Each phase runs real ``potager serve`` processes and load clients: tables of two people (clients
here, acting at random, reconnecting to any process when their socket drops) and a random bot.
Every state a client is sent is noted (its table, seat, version and a digest of its view), and so
is every move it saw acknowledged (the state after it, with its seat as the last mover). At the
end the store's record is read and replayed: an acknowledged move missing from it is a lost move,
and a state seen whose view the record does not give at that version is a move seen that the
restart lost. Both must be 0.

- ``kills``: two server processes on PostgreSQL and Redis; ``--kills`` times, after a random
  0.3-2.5 s, ``kill -9`` of one of them or both (each with its whole process group), restarted
  at once on its port.
- ``workers``: ``potager serve --processes 2`` on PostgreSQL and Redis, Garden Rush played by
  people and bots; ``--kills`` times, every 3-6 s, ``kill -9`` of one worker (uvicorn starts
  another): each takeover timed, from the kill until other processes hold the dead one's tables.
- ``postgres``, ``redis``: that server stopped for 10 s under load, then started: the errors the
  clients and a table creation a second got meanwhile, then the seconds until a move is
  acknowledged again.
- ``disk``: one process on SQLite in a small tmpfs (root only: it mounts one) filled to the last
  byte, then emptied; then a process on that database opened read-only: the errors, the
  recovery, and SQLite's integrity check.

The PostgreSQL and Redis are private ones (ports 54339 and 63809, data in
``$TMPDIR/potager-soak/``), so that stopping them disturbs nobody else's tests.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from potager import games
from potager.server.config import UNLIMITED
from potager.server.spawn import spawn, stop
from potager.store import Store, localpg, localredis

from .server_load import free_port

GAME = "heuschrecken-poker"
DATA = Path(tempfile.gettempdir()) / "potager-soak"
PG_PORT, REDIS_PORT = 54339, 63809


def digest(view: Any) -> str:
    return hashlib.sha1(json.dumps(view, sort_keys=True).encode()).hexdigest()


@dataclass
class Ledger:
    """What the clients saw and were told."""

    tables: list[str] = field(default_factory=list)
    grants: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    acknowledged: list[tuple[str, int, int, int]] = field(default_factory=list)
    """(table, seat, action, ply) of every move seen stored."""
    seen: dict[tuple[str, int, int], str] = field(default_factory=dict)
    """(table, seat, version) -> the view's digest."""
    changed: int = 0
    others: int = 0
    """States that stored another move of the seat than the one it waits for (sent on an
    earlier socket, its answer lost with it): not acknowledgements."""
    """States seen at a version already seen with another view (a move seen, then lost)."""
    errors: Counter[str] = field(default_factory=Counter)
    http: Counter[int] = field(default_factory=Counter)
    reconnects: int = 0
    games: int = 0
    last_ack: float = 0.0
    acks: dict[str, list[float]] = field(default_factory=dict)
    """Per table, when each of its moves was seen acknowledged (monotonic seconds)."""

    def see(self, table: str, seat: int, state: dict[str, Any]) -> None:
        key, view = (table, seat, state["version"]), digest(state["view"])
        if self.seen.setdefault(key, view) != view:
            self.changed += 1


def three_seats(_index: int) -> dict[str, Any]:
    """The kill and outage phases' table: two people and a random bot at Heuschrecken Poker."""
    return {
        "game": GAME,
        "players": 3,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}],
    }


class Players:
    """``tables`` tables played at once through ``ports``, each replaced when its game ends;
    ``table(i)`` is the creation body of the ``i``-th table's games."""

    def __init__(
        self,
        ports: Callable[[], list[int]],
        tables: int,
        ledger: Ledger,
        table: Callable[[int], dict[str, Any]] = three_seats,
    ) -> None:
        self.ports, self.count, self.ledger, self.table = ports, tables, ledger, table
        self.stopping = asyncio.Event()
        self.rng = random.Random(13)

    async def run(self) -> None:
        await asyncio.gather(*(self._table(i) for i in range(self.count)))

    async def _create(self, index: int) -> tuple[str, list[tuple[int, str]]]:
        body = self.table(index)
        while True:
            port = self.rng.choice(self.ports())
            try:
                async with httpx.AsyncClient(timeout=10) as http:
                    response = await http.post(f"http://127.0.0.1:{port}/api/tables", json=body)
                self.ledger.http[response.status_code] += 1
                if response.status_code == 201:
                    created = response.json()
                    grants = [created["you"], *created["invites"]]
                    return created["table"]["id"], [(g["seat"], g["token"]) for g in grants]
            except httpx.HTTPError:
                self.ledger.reconnects += 1
            await asyncio.sleep(0.5)

    async def _table(self, index: int) -> None:
        while not self.stopping.is_set():
            table_id, grants = await self._create(index)
            self.ledger.tables.append(table_id)
            self.ledger.grants[table_id] = grants
            over = await asyncio.gather(
                *(self._seat(table_id, seat, token, index) for seat, token in grants)
            )
            if all(over):
                self.ledger.games += 1

    async def _seat(self, table_id: str, seat: int, token: str, index: int) -> bool:
        """Play ``seat`` to the end (True) or until stopped, reconnecting whenever it drops."""
        rng, ledger = random.Random(index * 1000 + seat), self.ledger
        while not self.stopping.is_set():
            port = rng.choice(self.ports())
            pending: tuple[int, int] | None = None
            try:
                url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
                async with websockets.connect(url, open_timeout=5, max_size=None) as ws:
                    await ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
                    while not self.stopping.is_set():
                        try:
                            message = json.loads(await asyncio.wait_for(ws.recv(), 1))
                        except TimeoutError:
                            continue
                        if message["type"] == "error":
                            ledger.errors[message["code"]] += 1
                            pending = None
                            await asyncio.sleep(0.3)
                            await ws.send(json.dumps({"type": "sync"}))
                            continue
                        if message["type"] != "state":
                            continue
                        version = message["version"]
                        ledger.see(table_id, seat, message)
                        mine = message["last_mover"] == seat and not message["last_stand_in"]
                        if pending and version > pending[0] and mine:
                            if message["last_action"] != pending[1]:
                                # A move this seat sent on a socket that dropped: not this one.
                                ledger.others += 1
                                continue
                            ledger.acknowledged.append((table_id, seat, pending[1], version - 1))
                            ledger.last_ack = time.monotonic()
                            ledger.acks.setdefault(table_id, []).append(ledger.last_ack)
                            pending = None
                        if message["status"] == "finished":
                            return True
                        if message["legal"] and message["status"] == "playing" and not pending:
                            action = rng.choice(message["legal"])["action"]
                            pending = (version, action)
                            act = {"type": "act", "version": version, "action": action}
                            await ws.send(json.dumps(act))
            except (OSError, TimeoutError, websockets.WebSocketException):
                ledger.reconnects += 1
                await asyncio.sleep(0.2)
        return False


def verify(database: str, ledger: Ledger) -> dict[str, Any]:
    """Replay every table from the store: acknowledged moves lost (and of those, how many the
    record says the seat's stand-in bot made at that ply instead), states seen that it lost."""
    store = Store(database)
    records = {}
    for table_id in set(ledger.tables):
        info = store.table(table_id)
        if info is not None:
            records[table_id] = store.record(info)
    store.close()
    lost = [
        (table, ply, seat, action)
        for table, seat, action, ply in ledger.acknowledged
        if table not in records
        or len(records[table].moves) <= ply
        or tuple(records[table].moves[ply]) != (seat, action)
    ]
    stand_in = sum(1 for t, ply, *_ in lost if t in records and ply in records[t].stand_in_moves)
    truth: dict[tuple[str, int, int], str] = {}
    for table_id, record in records.items():
        state = games.replay(record.first(0))
        for version in range(len(record.moves) + 1):
            for seat in range(record.players):
                truth[(table_id, seat, version)] = digest(json.loads(json.dumps(state.view(seat))))
            if version < len(record.moves):
                state.apply(*record.moves[version])
    unknown = sum(1 for key, view in ledger.seen.items() if truth.get(key) != view)
    return {
        "acknowledged": len(ledger.acknowledged),
        "another_sockets_move": ledger.others,
        "acknowledged_lost": len(lost),
        "lost_to_a_stand_in": stand_in,
        "lost": [
            {
                "table": t,
                "ply": ply,
                "seat": seat,
                "acknowledged": action,
                "stored": list(records[t].moves[ply]) if len(records[t].moves) > ply else None,
            }
            for t, ply, seat, action in lost[:20]
            if t in records
        ],
        "states_seen": len(ledger.seen),
        "seen_then_lost": unknown + ledger.changed,
        "tables": len(records),
        "moves_stored": sum(len(r.moves) for r in records.values()),
    }


ENV = {"POTAGER_BOT_DELAY": "0.05", "POTAGER_BOT_POOL": "thread", **UNLIMITED}
"""Bots think in threads: ``kill -9`` of a server then leaves no orphaned worker process."""


class Servers:
    """Server processes on fixed ports over one database (and Redis, when several)."""

    def __init__(self, database: str, count: int, redis: str | None = None) -> None:
        self.database, self.ports = database, [free_port() for _ in range(count)]
        self.env = {**ENV, **({"POTAGER_REDIS_URL": redis} if redis else {})}
        self.log = DATA / "servers.log"
        self.processes = [self._start(port) for port in self.ports]
        self.slow_starts = 0

    def _start(self, port: int) -> subprocess.Popen[bytes]:
        """Start a server on ``port``; a start slower than spawn's 30 s (a busy machine) is
        counted and tried again, twice."""
        for _ in range(2):
            try:
                return spawn(self.database, port, self.env, log=self.log)
            except RuntimeError:
                self.slow_starts += 1
        return spawn(self.database, port, self.env, log=self.log)

    def kill(self, which: list[int]) -> None:
        """``kill -9`` the servers ``which`` (each its whole process group), then restart them."""
        for i in which:
            stop(self.processes[i], signal.SIGKILL)
        for i in which:
            self.processes[i] = self._start(self.ports[i])

    def close(self) -> None:
        for process in self.processes:
            stop(process, signal.SIGTERM)


@contextlib.contextmanager
def playing(
    ports: Callable[[], list[int]],
    tables: int,
    ledger: Ledger,
    table: Callable[[int], dict[str, Any]] = three_seats,
) -> Iterator[Players]:
    """Clients playing in a thread of their own while the caller breaks things."""
    import threading

    players: Players | None = None
    ready = threading.Event()

    def main() -> None:
        nonlocal players

        async def go() -> None:
            nonlocal players
            players = Players(ports, tables, ledger, table)
            ready.set()
            await players.run()

        asyncio.run(go())

    thread = threading.Thread(target=main)
    thread.start()
    ready.wait()
    assert players is not None
    loop_players = players
    try:
        yield loop_players
    finally:
        loop_players.stopping.set()
        thread.join(60)


def create_status(port: int) -> tuple[int, str]:
    """What a table creation gets now: its status and the start of its answer."""
    try:
        response = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2},
            timeout=15,
        )
        return response.status_code, response.text[:160]
    except httpx.HTTPError as exc:
        return 0, type(exc).__name__


def act_once(port: int, ledger: Ledger) -> str:
    """Act at an unfinished table of ``ledger`` for the seat to move: the error code, or
    ``stored`` when the move was acknowledged."""
    from websockets.sync.client import connect

    for table_id, grants in ledger.grants.items():
        for seat, token in grants:
            with connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}") as ws:
                ws.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
                state = json.loads(ws.recv(timeout=10))
                if state["type"] != "state" or not state["legal"] or state["status"] != "playing":
                    continue
                action = state["legal"][0]["action"]
                ws.send(json.dumps({"type": "act", "version": state["version"], "action": action}))
                while True:
                    answer = json.loads(ws.recv(timeout=30))
                    if answer["type"] == "error":
                        ledger.grants.pop(table_id)
                        return str(answer["code"])
                    if answer["type"] == "state" and answer["version"] > state["version"]:
                        ledger.grants.pop(table_id)
                        return "stored"
    return "no table to move at"


def recovery(ledger: Ledger, since: float, limit: float = 60) -> float | None:
    """Seconds from ``since`` until a move was acknowledged again (None: not within ``limit``)."""
    while time.monotonic() - since < limit:
        if ledger.last_ack > since:
            return round(ledger.last_ack - since, 2)
        time.sleep(0.1)
    return None


def phase_kills(kills: int, tables: int, deadline: float) -> dict[str, Any]:
    pg = localpg.start(DATA / "pg", PG_PORT)
    database = localpg.fresh_database(pg)
    redis = localredis.start(DATA / "redis", REDIS_PORT)
    servers, ledger, rng, done = Servers(database, 2, redis), Ledger(), random.Random(9), 0
    began = time.monotonic()
    try:
        with playing(lambda: servers.ports, tables, ledger):
            time.sleep(2)
            while done < kills and time.monotonic() < deadline:
                time.sleep(rng.uniform(0.3, 2.5))
                servers.kill(rng.choice([[0], [1], [0, 1]]))
                done += 1
            time.sleep(5)
    finally:
        servers.close()
    return {
        "phase": "kills",
        "kills": done,
        "slow_restarts": servers.slow_starts,
        "seconds": round(time.monotonic() - began),
        "games": ledger.games,
        "reconnects": ledger.reconnects,
        "errors": dict(ledger.errors),
        **verify(database, ledger),
    }


TIMED_SCALE = "0.02"
"""``--timed``: the real-time clock at this scale (2.4 s a decision, a bank of 1.2 s), so that a
move held up by a takeover may meet its seat's time-out and its stand-in bot."""


def garden_rush(index: int, timed: bool = False) -> dict[str, Any]:
    """The workers phase's tables: Garden Rush, two people or a person and a heuristic bot."""
    bot = {"kind": "bot", "level": "heuristic"}
    return {
        "game": "garden-rush",
        "players": 2,
        "seats": [{"kind": "human"}, *([{"kind": "human"}] if index % 2 == 0 else [bot])],
        **({"speed": "real_time"} if timed else {}),
    }


def workers_of(supervisor: int) -> list[int]:
    """The worker processes of ``potager serve --processes N`` running as ``supervisor``."""
    children = Path(f"/proc/{supervisor}/task/{supervisor}/children").read_text().split()
    found = []
    for pid in children:
        with contextlib.suppress(FileNotFoundError):
            if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(int(pid))
    return found


@dataclass
class Takeover:
    """The tables a killed worker owned, and when each had another owner (or none)."""

    killed: float
    tables: set[str]
    delays: dict[str, float] = field(default_factory=dict)


def watch_takeovers(redis: Any, owners_key: str, dead: str, kill: Takeover, stop: Any) -> None:
    """Until every table of ``kill`` left ``dead`` (or 30 s passed): note when each did."""
    while kill.tables - kill.delays.keys() and not stop.is_set():
        now = time.monotonic()
        if now - kill.killed > 30:
            return
        owners = redis.hmget(owners_key, sorted(kill.tables - kill.delays.keys()))
        for table, owner in zip(sorted(kill.tables - kill.delays.keys()), owners, strict=True):
            if owner != dead:
                kill.delays[table] = now - kill.killed
        time.sleep(0.05)


def phase_workers(kills: int, tables: int, deadline: float, timed: bool) -> dict[str, Any]:
    """``potager serve --processes 2`` on PostgreSQL and Redis: ``kill -9`` of one worker every
    3-6 s once both have joined (uvicorn starts another), Garden Rush played meanwhile by people
    and bots. Each
    takeover is timed from the kill until another process holds the dead worker's every table
    (Redis's word), and play's return until each of those tables has a move acknowledged."""
    import threading

    from redis import Redis

    from potager.server.lease import space_of

    pg = localpg.start(DATA / "pg", PG_PORT)
    database = localpg.fresh_database(pg)
    redis_url = localredis.start(DATA / "redis", REDIS_PORT)
    env = {**ENV, "POTAGER_REDIS_URL": redis_url}
    if timed:
        env["POTAGER_CLOCK_SCALE"] = TIMED_SCALE
    port, ledger, rng = free_port(), Ledger(), random.Random(11)
    redis, space = Redis.from_url(redis_url, decode_responses=True), space_of(database)
    server = spawn(database, port, env, processes=2, log=DATA / "servers.log")
    kills_done: list[Takeover] = []
    stop_watch, watchers = threading.Event(), []
    began = time.monotonic()

    try:
        with playing(lambda: [port], tables, ledger, lambda i: garden_rush(i, timed)):
            time.sleep(3)
            while len(kills_done) < kills and time.monotonic() < deadline:
                time.sleep(rng.uniform(3, 6))
                names = {
                    int(redis.get(key) or 0): str(key).rsplit(":", 1)[1]
                    for key in redis.scan_iter(f"{space}:alive:*")
                }
                living = [pid for pid in workers_of(server.pid) if pid in names]
                if len(living) < 2:  # one of two: the other has joined before the next kill
                    continue
                victim = rng.choice(living)
                dead = names[victim]
                owned = {str(t) for t, o in redis.hgetall(f"{space}:owners").items() if o == dead}
                os.kill(victim, signal.SIGKILL)
                kill = Takeover(time.monotonic(), owned)
                kills_done.append(kill)
                watcher = threading.Thread(
                    target=watch_takeovers,
                    args=(redis, f"{space}:owners", dead, kill, stop_watch),
                )
                watcher.start()
                watchers.append(watcher)
            time.sleep(8)
    finally:
        stop_watch.set()
        for watcher in watchers:
            watcher.join()
        stop(server, signal.SIGTERM)
    leases = [max(k.delays.values(), default=0.0) for k in kills_done]
    resumed = []
    for kill in kills_done:
        for table in kill.tables:
            later = [t for t in ledger.acks.get(table, []) if t > kill.killed]
            if later:
                resumed.append(min(later) - kill.killed)
    never = sum(len(k.tables - k.delays.keys()) for k in kills_done)
    return {
        "phase": "workers",
        "timed": timed,
        "handoff": os.environ.get("POTAGER_HANDOFF", "1") != "0",
        "kills": len(kills_done),
        "seconds": round(time.monotonic() - began),
        "games": ledger.games,
        "tables_orphaned": sum(len(k.tables) for k in kills_done),
        "takeover_max_s": round(max(leases, default=0.0), 2),
        "takeover_median_s": round(sorted(leases)[len(leases) // 2], 2) if leases else None,
        "never_taken_over": never,
        "play_back_max_s": round(max(resumed, default=0.0), 2),
        "play_back_median_s": round(sorted(resumed)[len(resumed) // 2], 2) if resumed else None,
        "reconnects": ledger.reconnects,
        "errors": dict(ledger.errors),
        **verify(database, ledger),
    }


OUTAGE = 10.0
"""Seconds PostgreSQL or Redis stays stopped in its outage phase."""


def phase_outage(service: str, tables: int) -> dict[str, Any]:
    """PostgreSQL or Redis (``service``) stopped for `OUTAGE` seconds under play on two server
    processes, then started again: what the clients and a table creation a second got meanwhile
    (503 and ``unavailable`` only), and the seconds until a move is acknowledged again."""
    pg = localpg.start(DATA / "pg", PG_PORT)
    database = localpg.fresh_database(pg)
    redis = localredis.start(DATA / "redis", REDIS_PORT)
    servers, ledger = Servers(database, 2, redis), Ledger()
    pg_data, redis_data = DATA / "pg", DATA / "redis"
    down, up = {
        "postgres": (lambda: localpg.stop(pg_data), lambda: localpg.start(pg_data, PG_PORT)),
        "redis": (
            lambda: localredis.stop(REDIS_PORT),
            lambda: localredis.start(redis_data, REDIS_PORT),
        ),
    }[service]
    try:
        with playing(lambda: servers.ports, tables, ledger):
            time.sleep(4)
            errors, http = Counter(ledger.errors), Counter(ledger.http)
            down()
            stopped_at, creates = time.monotonic(), Counter[int]()
            while time.monotonic() - stopped_at < OUTAGE:
                creates[create_status(servers.ports[sum(creates.values()) % 2])[0]] += 1
                time.sleep(1)
            up()
            restarted = time.monotonic()
            back = recovery(ledger, restarted)
            errors, http = Counter(ledger.errors) - errors, Counter(ledger.http) - http
            after = create_status(servers.ports[1])
            time.sleep(4)
    finally:
        servers.close()
    return {
        "phase": service,
        "outage_s": OUTAGE,
        "outage_errors": dict(errors),
        "outage_http": dict(http),
        "creates_during": dict(creates),
        "create_after": after[0],
        "recovered_s": back,
        "games": ledger.games,
        **verify(database, ledger),
    }


def phase_disk(tables: int) -> dict[str, Any]:
    mount = Path(tempfile.mkdtemp(prefix="potager-soak-disk-"))
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(mount)], check=True)
    path = mount / "potager.db"
    report: dict[str, Any] = {"phase": "disk"}
    ledger = Ledger()
    try:
        servers = Servers(f"sqlite:///{path}", 1)
        try:
            with playing(lambda: servers.ports, tables, ledger):
                time.sleep(4)
                before = Counter(ledger.errors)
                filler = mount / "filler"
                subprocess.run(
                    ["dd", "if=/dev/zero", f"of={filler}", "bs=64k"], capture_output=True
                )
                time.sleep(3)
                during = create_status(servers.ports[0])
                filler.unlink()
                healed = time.monotonic()
                report["full"] = {
                    "errors": dict(Counter(ledger.errors) - before),
                    "create_during": during,
                    "recovered_s": recovery(ledger, healed),
                }
                time.sleep(3)
        finally:
            servers.close()
        servers = Servers(f"sqlite:///file:{path}?mode=ro&uri=true", 1)
        try:
            report["read-only"] = {
                "moves": Counter(act_once(servers.ports[0], ledger) for _ in range(tables)),
                "create_during": create_status(servers.ports[0]),
            }
        finally:
            servers.close()
        connection = sqlite3.connect(path)
        report["integrity"] = connection.execute("PRAGMA integrity_check").fetchone()[0]
        connection.close()
        report.update(games=ledger.games, **verify(f"sqlite:///{path}", ledger))
    finally:
        subprocess.run(["umount", str(mount)], check=False)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--tables", type=int, default=8, help="tables played at once")
    parser.add_argument(
        "--timed", action="store_true", help="workers phase: real-time clocks, scaled down"
    )
    parser.add_argument("--minutes", type=float, default=12, help="the kill phase's time cap")
    parser.add_argument(
        "--phases",
        nargs="+",
        default=["kills", "workers", "postgres", "redis", "disk"],
        help="which to run",
    )
    args = parser.parse_args(argv)
    DATA.mkdir(parents=True, exist_ok=True)
    failed = False
    for phase in args.phases:
        if phase == "kills":
            row = phase_kills(args.kills, args.tables, time.monotonic() + 60 * args.minutes)
        elif phase == "workers":
            deadline = time.monotonic() + 60 * args.minutes
            row = phase_workers(args.kills, args.tables, deadline, args.timed)
        elif phase in ("postgres", "redis"):
            row = phase_outage(phase, args.tables)
        else:
            row = phase_disk(args.tables)
        print(json.dumps(row), flush=True)
        failed |= bool(row["acknowledged_lost"] or row["seen_then_lost"])
    localpg.stop(DATA / "pg")
    localredis.stop(REDIS_PORT)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
