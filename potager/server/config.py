"""The server's settings, from ``POTAGER_*`` environment variables."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from potager.store import database_url

from . import collector


def _cpu_workers() -> int:
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class Rate:
    """At most ``count`` in any ``seconds`` (a token bucket of ``count`` tokens refilled over
    ``seconds``); written ``COUNT/SECONDS``, or ``off``."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate | None:
        if text.strip().lower() == "off":
            return None
        count, _, seconds = text.partition("/")
        rate = cls(int(count), float(seconds or 1))
        if rate.count < 1 or rate.seconds <= 0:
            raise ValueError(f"a rate is COUNT/SECONDS with both above 0, not {text!r}")
        return rate


@dataclass
class Limits:
    """What one client may ask of the server (nobody exhausts it for the others).
    Each is read from ``POTAGER_`` and its name in capitals (``POTAGER_MAX_BODY``); a count of
    0 and a rate of ``off`` mean no limit. Counts per client are per client address and per
    server process.

    Requests: ``max_body`` bytes of a request's body (413 past it, before it is parsed);
    ``max_header`` bytes of its head; ``request_timeout`` seconds to receive a request, head
    and body (a slowloris connection is closed then); ``keep_alive`` seconds an idle HTTP
    connection is kept; ``max_connections`` connections in all (503 past it);
    ``client_connections`` HTTP connections of one client at once. ``create_rate``: tables one
    client may open, ``seat_rate``: its other requests that change something (join, leave,
    rematch, hint, analysis), both 429 past the rate; ``turns_rate``: its looks at the "your
    turn" list (``POST /api/turns``, which the lobby polls), 429 past it too.

    WebSockets: ``max_message`` bytes of a message; ``message_rate`` messages one socket may
    send; ``client_sockets`` sockets of one client at once; ``table_sockets`` sockets at one
    table (seats and spectators); ``hello_timeout`` seconds to say hello; ``idle_timeout``
    seconds a socket may stay silent while its table does not change. ``allowed_origins``
    (comma-separated): the pages besides the server's own that may open a socket (a browser
    says which page opens it; other clients say none and are let in).

    ``trusted_proxies`` (comma-separated addresses or networks): the reverse proxies whose
    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` name the client; none by default, so a client
    is its connection's address and a forged header changes nothing (behind a proxy, name it
    here, and have it overwrite those headers rather than append to them).

    Chat: ``chat_length`` characters a line; ``chat_rate`` lines one seat may say
    (besides the socket's ``message_rate``); ``chat_lines`` lines a table keeps, past which its
    chat is full."""

    max_body: int = 64 * 1024
    max_header: int = 16 * 1024
    request_timeout: float = 10.0
    keep_alive: int = 5
    max_connections: int = 2000
    client_connections: int = 64
    create_rate: Rate | None = Rate(10, 60)
    seat_rate: Rate | None = Rate(30, 60)
    turns_rate: Rate | None = Rate(30, 60)
    signin_rate: Rate | None = Rate(5, 60)
    """Sign-in attempts (and password changes) per client and per player name:
    a wrong password's guesses are slowed down wherever they come from; 429 past it."""
    max_message: int = 16 * 1024
    message_rate: Rate | None = Rate(60, 10)
    chat_length: int = 500
    chat_rate: Rate | None = Rate(10, 30)
    chat_lines: int = 1000
    client_sockets: int = 32
    table_sockets: int = 500
    hello_timeout: float = 30.0
    idle_timeout: float = 600.0
    allowed_origins: tuple[str, ...] = ()
    trusted_proxies: tuple[str, ...] = ()

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Limits:
        """The defaults, each replaced by its ``POTAGER_`` variable where ``environ`` sets it."""
        given: dict[str, Any] = {}
        for spec in fields(cls):
            text = environ.get(f"POTAGER_{spec.name.upper()}")
            if text is None:
                continue
            if spec.name in ("allowed_origins", "trusted_proxies"):
                given[spec.name] = tuple(
                    o.strip().rstrip("/") for o in text.split(",") if o.strip()
                )
            elif spec.name.endswith("_rate"):
                given[spec.name] = Rate.parse(text)
            else:
                given[spec.name] = float(text) if spec.type == "float" else int(text)
        return cls(**given)


UNLIMITED = {
    "POTAGER_CREATE_RATE": "off",
    "POTAGER_SEAT_RATE": "off",
    "POTAGER_TURNS_RATE": "off",
    "POTAGER_SIGNIN_RATE": "off",
    "POTAGER_MESSAGE_RATE": "off",
    "POTAGER_CLIENT_CONNECTIONS": "0",
    "POTAGER_CLIENT_SOCKETS": "0",
    "POTAGER_TABLE_SOCKETS": "0",
    "POTAGER_MAX_CONNECTIONS": "0",
}
"""The environment that lifts the limits per client and on connections, for a load test whose
thousands of clients all come from one address (the size and time limits stay)."""


@dataclass
class Settings:
    """``database_url``: ``POTAGER_DATABASE_URL`` (SQLite ``potager.db`` by default).
    ``bot_pool``: ``process`` (default) or ``thread`` (``POTAGER_BOT_POOL``); ``bot_workers``
    (``POTAGER_BOT_WORKERS``); ``bot_budget``: seconds a bot may think before a random legal
    action is played for it (``POTAGER_BOT_BUDGET``); ``bot_delay``: seconds a bot waits before
    acting, so that people can follow the game (``POTAGER_BOT_DELAY``). ``analysis_iterations``:
    the search's iterations per decision when a finished game is analysed
    (``POTAGER_ANALYSIS_ITERATIONS``). ``finished_cache``: finished tables kept in memory when
    nobody is connected to them, the most recently used (``POTAGER_FINISHED_CACHE``).
    ``redis_url``: ``POTAGER_REDIS_URL``; set, this process is one of several sharing the
    database (`potager.server.cluster`); unset (the default), it is the only one. ``handoff``:
    whether such a process hands a table socket's connection to the process that owns the
    table, on the same machine (`potager.server.handoff`; ``POTAGER_HANDOFF``, on by default;
    ``0``: every process serves the sockets it accepts, through mirrors).
    ``limits``: what one client may ask (`Limits`). Clocks (`potager.server.clocks`):
    ``clock_scale`` multiplies every speed's durations (``POTAGER_CLOCK_SCALE``, 1; tests and
    demonstrations run real time in tenths of a second), ``clock_tick`` is how often, in seconds,
    the clocks are looked at (``POTAGER_CLOCK_TICK``, 1), ``clock_now`` the time (Unix seconds)
    they read: tests inject theirs. ``policies``: the trained policy files (``.npz``, `potager
    train`) this server seats as the bot level ``policy:PATH`` (``POTAGER_POLICIES``, paths
    separated by ``os.pathsep``; none by default): a client never names a file of its own
    (a path from a request would have the server read any file it can). ``collect_every``:
    seconds between the full collections of the cycles made while serving, the automatic
    collector being off (`collector`; ``POTAGER_COLLECT_EVERY``, 600)."""

    database_url: str = field(default_factory=database_url)
    bot_pool: str = field(default_factory=lambda: os.environ.get("POTAGER_BOT_POOL", "process"))
    bot_workers: int = field(
        default_factory=lambda: int(os.environ.get("POTAGER_BOT_WORKERS", _cpu_workers()))
    )
    bot_budget: float = field(
        default_factory=lambda: float(os.environ.get("POTAGER_BOT_BUDGET", "10"))
    )
    bot_delay: float = field(
        default_factory=lambda: float(os.environ.get("POTAGER_BOT_DELAY", "0.6"))
    )
    finished_cache: int = field(
        default_factory=lambda: int(os.environ.get("POTAGER_FINISHED_CACHE", "256"))
    )
    redis_url: str | None = field(
        default_factory=lambda: os.environ.get("POTAGER_REDIS_URL") or None
    )
    handoff: bool = field(
        default_factory=lambda: os.environ.get("POTAGER_HANDOFF", "1").strip() not in ("0", "")
    )
    analysis_iterations: int = field(
        default_factory=lambda: int(os.environ.get("POTAGER_ANALYSIS_ITERATIONS", "500"))
    )
    limits: Limits = field(default_factory=Limits.from_env)
    clock_scale: float = field(
        default_factory=lambda: float(os.environ.get("POTAGER_CLOCK_SCALE", "1"))
    )
    clock_tick: float = field(
        default_factory=lambda: float(os.environ.get("POTAGER_CLOCK_TICK", "1"))
    )
    clock_now: Callable[[], float] = time.time
    collect_every: float = field(
        default_factory=lambda: float(os.environ.get("POTAGER_COLLECT_EVERY", collector.EVERY))
    )
    policies: tuple[str, ...] = field(
        default_factory=lambda: tuple(
            p for p in os.environ.get("POTAGER_POLICIES", "").split(os.pathsep) if p
        )
    )

    def __post_init__(self) -> None:
        if self.bot_pool not in ("process", "thread"):
            raise ValueError(f"bot_pool must be 'process' or 'thread', not {self.bot_pool!r}")
        if not self.collect_every > 0:
            raise ValueError(f"collect_every must be positive seconds, not {self.collect_every}")
