"""The server's settings, from ``POTAGER_*`` environment variables."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from potager.store import database_url


def _cpu_workers() -> int:
    return max(1, (os.cpu_count() or 2) - 1)


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
    database (`potager.server.cluster`); unset (the default), it is the only one."""

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
    analysis_iterations: int = field(
        default_factory=lambda: int(os.environ.get("POTAGER_ANALYSIS_ITERATIONS", "500"))
    )

    def __post_init__(self) -> None:
        if self.bot_pool not in ("process", "thread"):
            raise ValueError(f"bot_pool must be 'process' or 'thread', not {self.bot_pool!r}")
