"""Server load: N concurrent tables played over WebSockets on loopback.

``python -m bench.server_load`` starts ``potager serve`` in a subprocess (temporary SQLite
database; ``--database`` for PostgreSQL, ``--url`` for a server already running), then for each N
(10, 100, 500 by default) opens N tables whose every seat is a client of this load generator
playing random legal actions once every table is open, and measures for ``--seconds``: actions/s,
and the latency from an action being sent to every seat of the table having received the state
with that move (p50, p99).
A finished game is replaced by a new table. Output: a table, or ``--json``.

By default a seat acts the moment it may, so the server is always saturated and the latency is
mostly queueing (Little's law: the actions in flight are the throughput times the latency).
``--think MS`` paces the seats as players and bots pace themselves: a seat that may act waits a
random think time first, exponential with mean MS milliseconds, then plays a random legal action
of the latest state it was sent. The rate the tables then offer falls as the think time grows
(about tables × 1 to 1.6 / think in Heuschrecken Poker, whose three seats bid at once); the
latency is measured from the action being sent, without the think time. Every table starts at
once, its seats all thinking from the same moment: ``--warmup S`` plays S seconds before the
measuring starts, so that the row sees the tables' steady pace rather than their first burst.

Each row also says what an action cost in CPU: the started server's (every process of its
session, read from ``/proc``; not with ``--url``) and the load generators', in milliseconds per
action, with the machine's load average: on a shared machine the CPU per action says more than
the throughput does, and the two together tell whether the server or the clients were the bound.
Its last column is the machine's speed just before the row, as `make bench` measures its
anchor (OpenSpiel's goofspiel, decisions a CPU second; with the ``bench`` extra): the same code
cost the server up to a quarter more CPU an action in some hours of this shared machine than in
others (0.28-0.35 ms, docs/server-load.md, seventh round), the anchor moving less (642-720k).

``--processes P`` starts P server processes sharing the port (a fresh
database on the private PostgreSQL of `potager.store.localpg` unless ``--database`` is given, and
the private Redis of `potager.store.localredis` unless ``--redis`` is); ``--generators G`` splits
the tables over G load-generator processes, which start measuring together.

Every table starts at once, so their first games end together too (8-15 s in, for Heuschrecken
Poker at 500 tables) and a wave of new tables follows: ``--warmup 40`` measures the steady state,
where games end and tables open spread over time. They spread only so far: 40 s in, two to ten
games still end in some tenths of a second, and the server's tail is those moments
(docs/server-load.md, sixth round). ``--stagger S`` starts each table's first game at a random
moment in the first S seconds instead (seeded by the table's number), as the games of a server
that has been busy a while begin: a row then measures that steady state. ``--set-ups N``
measures the tables' set-up alone first: N tables set up without a move, the server's CPU a
table.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import httpx
import orjson
from websockets.client import ClientProtocol
from websockets.exceptions import InvalidHandshake
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

from potager.server import collector
from potager.server.config import UNLIMITED
from potager.server.spawn import spawn, stop
from potager.store import localpg, localredis

from . import openspiel
from .measure import until_spent

STOP_WAIT = 30.0
"""Seconds a generator waits for its tables to stop once the row is measured."""
KEEP_ALIVE = 2.0
"""Seconds the load's HTTP client keeps an idle connection for its next request: less than the
server's keep-alive (5 s), so that it never sends a request on a connection the server is
closing. At httpx's default, the server's own 5 s, a table's creation now and then met the
server's close and failed (`ReadError`, counted as an error: 8 in 12 rows of two processes)."""


@dataclass
class Totals:
    actions: int = 0
    errors: int = 0
    games: int = 0
    latencies: list[float] = field(default_factory=list)
    measuring: bool = False
    seconds: float = 0.0
    cpu: float = 0.0
    """CPU seconds this load generator spent while measuring."""


@dataclass(frozen=True)
class Kind:
    """The tables to play: the game, its players, what else their creation asks for
    (``{"undo": False}``), the seats' mean think time in seconds (0: each acts the moment
    it may), and the seconds over which the tables' first games start (0: all at once)."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    think: float = 0.0
    stagger: float = 0.0


@dataclass
class Start:
    """Whether the tables may play yet, and the seats' first actions held until they may:
    tables playing while hundreds of others were opened made the opening take minutes."""

    on: bool = False
    held: list[tuple[Callable[[], None], float]] = field(default_factory=list)

    def when(self, act: Callable[[], None], delay: float = 0.0) -> None:
        """``act`` now if the tables play, else ``delay`` seconds after they may."""
        if self.on:
            act()
        else:
            self.held.append((act, delay))

    def set(self) -> None:
        self.on = True
        held, self.held = self.held, []
        loop = asyncio.get_running_loop()
        for act, delay in held:
            if delay:
                loop.call_later(delay, act)
            else:
                act()


class SeatSocket(asyncio.Protocol):
    """One seat's WebSocket: websockets' sans-I/O client protocol under a plain asyncio protocol,
    so that each message is read, timed and answered in the callback that receives its bytes.
    websockets' asyncio client woke a task for every message (a turn of the generator's loop
    between a message's arrival and its reading, counted in the latency) and cost the load
    clients 0.21-0.22 ms of CPU an action beside the server's 0.30; this, 0.15-0.19 ms (
    500 tables, ``--think 200``, steady state).

    It says hello with its seat's token, keeps the latest state it was sent, and acts when it
    may (``play``): at once, or after a think time, exponential with the table's mean; a random
    legal action of the latest state. It closes once the game is over (or, without ``play``,
    once it has been sent a first state)."""

    def __init__(self, table: LoadTable, seat: int, token: str, play: bool = True) -> None:
        self.table, self.seat, self.token, self.play = table, seat, token, play
        self.protocol = ClientProtocol(table.uri, max_size=None)
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        """Done once its hello is sent (the handshake is through)."""
        self.ended: asyncio.Future[bool] = loop.create_future()
        """True once the game is over, False if the socket closed before."""
        self.transport: asyncio.Transport | None = None
        self.latest: dict[str, Any] | None = None
        self.sent_at: tuple[int, float] | None = None
        """The version it acted on and when, while its action is in flight."""
        self.thinking = False
        self.timer: asyncio.TimerHandle | None = None
        self.fragments: list[bytes] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)
        self.protocol.send_request(self.protocol.connect())
        self.flush()

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            if isinstance(event, Response):
                if self.protocol.handshake_exc is not None:
                    self.opened.set_exception(self.protocol.handshake_exc)
                    return
                hello = {"type": "hello", "seat": self.seat, "token": self.token}
                self.protocol.send_text(orjson.dumps(hello))
                self.opened.set_result(None)
            elif isinstance(event, Frame) and event.opcode in (Opcode.TEXT, Opcode.CONT):
                self.fragments.append(bytes(event.data))
                if event.fin:
                    text, self.fragments = b"".join(self.fragments), []
                    self.received(orjson.loads(text), now)
        self.flush()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))
        if not self.ended.done():
            self.ended.set_result(False)

    def flush(self) -> None:
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        for data in self.protocol.data_to_send():
            if data:
                transport.write(data)
            else:  # the protocol's end of its side: the connection is over
                transport.close()
                return

    def received(self, message: dict[str, Any], now: float) -> None:
        table = self.table
        if message["type"] == "error":
            table.totals.errors += 1
            self.sent_at = None
        elif message["type"] == "state":
            self.latest = message
            version = message["version"]
            table.arrived(self.seat, version, now)
            sent_at = self.sent_at
            mine = message["last_mover"] == self.seat and not message["last_stand_in"]
            if sent_at is not None and version > sent_at[0] and mine:
                table.pending.append((version, sent_at[1]))
                table.arrived(self.seat, version, now)
                self.sent_at = None
            if message["status"] == "finished" or not self.play:
                self.close(message["status"] == "finished")
                return
        else:
            return
        if self.may_act() and not self.thinking:
            self.thinking = True
            table.start.when(self.think, table.delay)

    def may_act(self) -> bool:
        """Has the seat legal actions and no action in flight?"""
        latest = self.latest
        return (
            latest is not None
            and bool(latest["legal"])
            and latest["status"] == "playing"
            and self.sent_at is None
        )

    def think(self) -> None:
        think = self.table.kind.think
        if think:
            delay = self.table.rng.expovariate(1 / think)
            self.timer = asyncio.get_running_loop().call_later(delay, self.act)
        else:
            self.act()

    def act(self) -> None:
        """A random legal action of the latest state the seat was sent, if it may still act."""
        self.thinking, self.timer = False, None
        message = self.latest
        if message is None or not self.may_act() or self.ended.done():
            return
        table = self.table
        action = table.rng.choice(message["legal"])["action"]
        self.sent_at = (message["version"], time.perf_counter())
        act = {"type": "act", "version": message["version"], "action": action}
        self.protocol.send_text(orjson.dumps(act))
        self.flush()
        if table.totals.measuring:
            table.totals.actions += 1

    def close(self, over: bool = False) -> None:
        """Close the socket (``over``: the game is)."""
        if not self.opened.done():
            self.opened.cancel()  # given up while opening: nobody is left to hear why
        if not self.ended.done():
            self.ended.set_result(over)
        if self.timer is not None:
            self.timer.cancel()
        if self.transport is not None and not self.transport.is_closing():
            self.protocol.send_close()
            self.flush()
            self.transport.close()


class LoadTable:
    """One table: a `SeatSocket` per seat, each acting at random when it may, at once or after a
    think time."""

    def __init__(self, base: str, kind: Kind, totals: Totals, seed: int, start: Start) -> None:
        self.base, self.kind, self.players, self.totals = base, kind, kind.players, totals
        self.start = start
        self.rng = random.Random(seed)
        self.delay = self.rng.uniform(0, kind.stagger) if kind.stagger else 0.0
        """When, after the tables may play, this table's first game starts (``--stagger``)."""
        self.arrivals: dict[int, dict[int, float]] = {}
        self.pending: list[tuple[int, float]] = []

    async def create(self, http: httpx.AsyncClient) -> list[tuple[int, str]]:
        response = await http.post(
            "/api/tables",
            json={
                "game": self.kind.game,
                "players": self.players,
                "seats": [{"kind": "human"}] * self.players,
                **self.kind.options,
            },
        )
        response.raise_for_status()
        created = response.json()
        grants = [created["you"], *created["invites"]]
        self.table_id = created["table"]["id"]
        self.uri = parse_uri(self.base.replace("http", "ws", 1) + f"/ws/tables/{self.table_id}")
        self.arrivals, self.pending = {}, []
        return [(g["seat"], g["token"]) for g in grants]

    def arrived(self, seat: int, version: int, now: float) -> None:
        self.arrivals.setdefault(version, {})[seat] = now
        still = []
        for wanted, sent in self.pending:
            got = self.arrivals.get(wanted, {})
            if len(got) == self.players:
                if self.totals.measuring:
                    self.totals.latencies.append(max(got.values()) - sent)
                self.arrivals.pop(wanted)
            else:
                still.append((wanted, sent))
        self.pending = still

    async def open(self, seats: list[tuple[int, str]], play: bool = True) -> list[SeatSocket]:
        """A socket per seat, each past its hello; `OSError` or `TimeoutError` if one did not
        open (then none is left open)."""
        uri = self.uri
        loop = asyncio.get_running_loop()
        sockets = [SeatSocket(self, seat, token, play) for seat, token in seats]

        async def connect(seat: SeatSocket) -> None:
            await loop.create_connection(lambda: seat, uri.host, uri.port)
            await seat.opened

        try:
            # Opening hundreds of sockets at once on a busy machine takes more than 10 s.
            async with asyncio.timeout(60):
                await asyncio.gather(*(connect(seat) for seat in sockets))
        except BaseException:
            for seat in sockets:
                seat.close()
            raise
        return sockets

    async def run(
        self, http: httpx.AsyncClient, stop: asyncio.Event, started: asyncio.Event
    ) -> None:
        first = True
        while not stop.is_set():
            try:
                sockets = await self.open(await self.create(http))
            except (httpx.HTTPError, OSError, TimeoutError, InvalidHandshake):
                # Refused or timed out on a busy server: counted, and asked again.
                self.totals.errors += 1
                await asyncio.sleep(1)
                continue
            if first:
                started.set()
                first = False
            # Until the game is over at every seat, a socket closes before, or the load stops.
            stopper = asyncio.ensure_future(stop.wait())
            waiting: set[asyncio.Future[Any]] = {seat.ended for seat in sockets}
            while waiting and not stop.is_set():
                done, _ = await asyncio.wait([stopper, *waiting], return_when="FIRST_COMPLETED")
                waiting -= done
                if any(future is not stopper and not future.result() for future in done):
                    break
            stopper.cancel()
            for seat in sockets:
                seat.close()
            if stop.is_set():
                return
            if self.totals.measuring and not waiting:
                self.totals.games += 1


async def generate(
    base: str,
    kind: Kind,
    tables: int,
    seconds: float,
    warmup: float,
    ready: Callable[[], object],
    mark: Callable[[], object] = lambda: None,
) -> Totals:
    """Play ``tables`` tables once every table has begun and ``ready`` (blocking: the other
    generators are ready too) has returned; measure for ``seconds`` after ``warmup`` seconds of
    play, calling ``mark`` as the measuring starts and as it stops. The garbage collector is
    set as a server's (`collector`, off while they play): its pauses, of cycles the clients do
    make, were counted in the latency they measure."""
    totals = Totals()
    stop, start = asyncio.Event(), Start()
    limits = httpx.Limits(max_connections=50, keepalive_expiry=KEEP_ALIVE)
    with collector.serving():
        async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
            starts = [asyncio.Event() for _ in range(tables)]
            runners = [
                asyncio.create_task(LoadTable(base, kind, totals, i, start).run(http, stop, s))
                for i, s in enumerate(starts)
            ]
            await asyncio.gather(*(s.wait() for s in starts))
            await asyncio.get_running_loop().run_in_executor(None, ready)
            start.set()
            await asyncio.sleep(warmup)
            mark()
            totals.measuring = True
            began, cpu = time.perf_counter(), time.process_time()
            await asyncio.sleep(seconds)
            totals.measuring = False
            mark()
            totals.seconds = time.perf_counter() - began
            totals.cpu = time.process_time() - cpu
            stop.set()
            # The row is measured: a table still opening or closing (seen with two server
            # processes at 500 tables) is not waited for past STOP_WAIT.
            _, late = await asyncio.wait(runners, timeout=STOP_WAIT)
            for runner in late:
                runner.cancel()
            await asyncio.wait(runners, timeout=STOP_WAIT)
    return totals


def _generator(
    base: str, kind: Kind, tables: int, window: tuple[float, float], barrier: Any, out: Any
) -> None:
    """One generator process: its tables' totals, once all generators have measured
    (``window``: the warm-up and the measured seconds)."""
    warmup, seconds = window
    totals = asyncio.run(generate(base, kind, tables, seconds, warmup, barrier.wait))
    out.put(totals)


def session_cpu(leader: int) -> float:
    """CPU seconds used so far by the live processes of ``leader``'s session (a server started
    by `spawn` and its workers), from ``/proc``."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
        except OSError:
            continue  # ended meanwhile
        if int(fields[3]) == leader:  # the session id: fields count from the state, 3rd
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


def measure(
    base: str,
    kind: Kind,
    tables: int,
    seconds: float,
    generators: int = 1,
    server: int | None = None,
    warmup: float = 0.0,
) -> dict[str, Any]:
    """One row: ``tables`` tables over ``generators`` processes (1: this one), measured for
    ``seconds`` after ``warmup`` seconds of play; ``server``: the session whose CPU time is the
    server's."""
    server_cpu: list[float] = []

    def read_server() -> None:
        if server is not None:
            server_cpu.append(session_cpu(server))

    if generators == 1:
        parts = [
            asyncio.run(generate(base, kind, tables, seconds, warmup, lambda: None, read_server))
        ]
    else:
        context = multiprocessing.get_context("spawn")
        # This process waits at the barrier too, and reads the server's CPU over the window.
        barrier, out = context.Barrier(generators + 1), context.Queue()
        shares = [tables // generators + (i < tables % generators) for i in range(generators)]
        workers = [
            context.Process(
                target=_generator, args=(base, kind, n, (warmup, seconds), barrier, out)
            )
            for n in shares
        ]
        for worker in workers:
            worker.start()
        barrier.wait()
        time.sleep(warmup)
        read_server()
        time.sleep(seconds)
        read_server()
        parts = [out.get() for _ in workers]
        for worker in workers:
            worker.join()
    totals = Totals(
        actions=sum(p.actions for p in parts),
        errors=sum(p.errors for p in parts),
        games=sum(p.games for p in parts),
        latencies=[x for p in parts for x in p.latencies],
        seconds=max(p.seconds for p in parts),
        cpu=sum(p.cpu for p in parts),
    )
    elapsed = totals.seconds
    lat = sorted(totals.latencies)

    def per_action(cpu: float | None) -> float | None:
        return round(1000 * cpu / totals.actions, 3) if cpu is not None and totals.actions else None

    def pct(p: float) -> float | None:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 2) if lat else None

    return {
        "tables": tables,
        "connections": tables * kind.players,
        "think_ms": round(1000 * kind.think, 1),
        "seconds": round(elapsed, 1),
        "actions": totals.actions,
        "actions_per_s": round(totals.actions / elapsed, 1),
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "games": totals.games,
        "errors": totals.errors,
        "server_cpu_ms": per_action(server_cpu[1] - server_cpu[0] if server_cpu else None),
        "client_cpu_ms": per_action(totals.cpu),
        "load": round(os.getloadavg()[0], 1),
    }


async def _set_up(base: str, kind: Kind, http: httpx.AsyncClient) -> None:
    """One table's life without a move: created, every seat's hello answered with the state,
    every socket closed."""
    table = LoadTable(base, kind, Totals(), 0, Start())
    sockets = await table.open(await table.create(http), play=False)
    await asyncio.gather(*(seat.ended for seat in sockets))


async def set_ups(base: str, kind: Kind, n: int, server: int | None) -> dict[str, Any]:
    """``n`` tables set up ten at a time (`_set_up`): the server's CPU and the wall time a
    table. Games end and new tables open all the time at a busy server (about one table every
    110 actions in Heuschrecken Poker): this is their share of its work."""
    limits = httpx.Limits(keepalive_expiry=KEEP_ALIVE)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        await _set_up(base, kind, http)  # the first table loads what the others share
        cpu = session_cpu(server) if server is not None else None
        began = time.perf_counter()
        for start in range(0, n, 10):
            await asyncio.gather(*(_set_up(base, kind, http) for _ in range(min(10, n - start))))
        wall = time.perf_counter() - began
        used = session_cpu(server) - cpu if server is not None and cpu is not None else None
    return {
        "set_ups": n,
        "server_cpu_ms_a_table": None if used is None else round(1000 * used / n, 2),
        "wall_ms_a_table": round(1000 * wall / n, 2),
    }


ANCHOR = "goofspiel(num_cards=8,players=3)"
"""The machine's speed beside each row: this hour's figures compare with another hour's only
at the same speed (this 2-core machine's server CPU an action moved 0.28-0.35 ms from hour to
hour for the same code, docs/server-load.md)."""


def machine_speed(seconds: float = 1.0) -> float | None:
    """OpenSpiel's `ANCHOR` (C++, `bench.openspiel`) in decisions a CPU second, random games
    for ``seconds`` just before a row, as `make bench` measures its anchors; ``None`` without
    OpenSpiel (the ``bench`` extra)."""
    try:
        one_game = openspiel.games_of(ANCHOR)
    except ImportError:
        return None
    decisions, _, cpu = until_spent(seconds, one_game)
    return round(decisions / cpu)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    database: str | None, processes: int = 1, redis: str | None = None, log_level: str = "warning"
) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    # Every client of the load comes from this one address: no limits per client.
    env = {"POTAGER_BOT_DELAY": "0", "POTAGER_LOG_LEVEL": log_level, **UNLIMITED}
    if processes > 1:
        database = database or localpg.fresh_database(localpg.start())
        env["POTAGER_REDIS_URL"] = redis or localredis.start()
    folder = tempfile.mkdtemp(prefix="potager-load-")
    url = database or f"sqlite:///{folder}/load.db"
    return spawn(url, port, env, processes), f"http://127.0.0.1:{port}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    parser.add_argument("--seconds", type=float, default=10.0, help="measured time per N")
    parser.add_argument("--game", default="heuschrecken-poker")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--database", help="SQLAlchemy URL for the started server")
    parser.add_argument("--processes", type=int, default=1, help="server processes (needs Redis)")
    parser.add_argument("--redis", help="Redis URL for several processes (default: a private one)")
    parser.add_argument("--generators", type=int, default=1, help="load-generator processes")
    parser.add_argument(
        "--no-undo", action="store_true", help="tables without undo (its offer is tested each move)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="MS",
        help="each seat thinks before it acts, exponential with this mean in ms (0: acts at once)",
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=0.0,
        metavar="S",
        help="seconds of play before the measuring starts (the tables all start at once)",
    )
    parser.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        metavar="S",
        help="each table's first game starts at a random moment in the first S seconds, not "
        "all at once: the games of a server busy a while end and start spread over time",
    )
    parser.add_argument(
        "--set-ups",
        type=int,
        default=0,
        metavar="N",
        help="first set up N tables without a move (created, hello, closed): the server's CPU "
        "a table",
    )
    parser.add_argument(
        "--log-level",
        default="warning",
        choices=("debug", "info", "warning", "error"),
        help="the started server's (``potager serve --log-level``; info logs every request and "
        "socket, a fifth of a table's set-up)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON lines")
    args = parser.parse_args(argv)
    # Stopped (``timeout``, kill): stop the server too, which runs in a session of its own.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    process, base = (
        (None, args.url)
        if args.url
        else start_server(args.database, args.processes, args.redis, args.log_level)
    )
    try:
        leader = process.pid if process is not None else None
        if args.set_ups:
            options = {"undo": False} if args.no_undo else {}
            kind = Kind(args.game, args.players, options)
            cost = asyncio.run(set_ups(base, kind, args.set_ups, leader))
            print(
                json.dumps(cost)
                if args.json
                else f"{cost['set_ups']} tables set up: server CPU "
                f"{cost['server_cpu_ms_a_table']} ms a table, {cost['wall_ms_a_table']} ms wall",
                flush=True,
            )
        if not args.json:
            print(
                f"{'tables':>7} {'sockets':>8} {'think ms':>9} {'actions/s':>10} {'p50 ms':>8} "
                f"{'p99 ms':>8} "
                f"{'games':>6} {'errors':>6} {'server CPU ms/action':>21} "
                f"{'clients CPU ms/action':>22} {'load':>5} {'goofspiel/s':>12}"
            )
        for n in args.tables:
            options = {"undo": False} if args.no_undo else {}
            kind = Kind(args.game, args.players, options, args.think / 1000, args.stagger)
            speed = machine_speed()
            row = measure(base, kind, n, args.seconds, args.generators, leader, args.warmup)
            row["goofspiel_per_s"] = speed
            if args.json:
                print(json.dumps(row))
            else:
                print(
                    f"{row['tables']:>7} {row['connections']:>8} {row['think_ms']:>9} "
                    f"{row['actions_per_s']:>10} {row['p50_ms']!s:>8} {row['p99_ms']!s:>8} "
                    f"{row['games']:>6} "
                    f"{row['errors']:>6} {row['server_cpu_ms']!s:>21} "
                    f"{row['client_cpu_ms']!s:>22} {row['load']:>5} {row['goofspiel_per_s']!s:>12}",
                    flush=True,
                )
    finally:
        if process is not None:
            stop(process, signal.SIGTERM)
    return 0


if __name__ == "__main__":
    sys.exit(main())
