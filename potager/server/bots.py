"""Bots sit server-side: each decision runs in a worker pool (processes by default) from the
bot's own view alone, with a time budget, so the event loop never waits for a bot."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from potager import agents, games
from potager.engine import Action, Agent, Seat, View

log = logging.getLogger("potager.server")
T = TypeVar("T")

_agents: dict[tuple[str, str], Agent] = {}


def choose(
    game_name: str, level: str, view: View, seat: Seat, legal: list[Action], seed: int
) -> int:
    """One bot decision (runs in a worker): ``agents.make(level, game)`` acting on ``view``."""
    game = games.get(game_name)
    agent = _agents.get((game_name, level))
    if agent is None:
        agent = _agents[game_name, level] = agents.make(level, game)
    return agent.act(game, view, seat, legal, random.Random(seed))


class BotPool:
    """The workers the bots think in."""

    def __init__(self, kind: str, workers: int, budget: float) -> None:
        self.budget = budget
        self._executor: Executor
        if kind == "process":
            self._executor = ProcessPoolExecutor(
                workers, mp_context=multiprocessing.get_context("forkserver")
            )
        else:
            self._executor = ThreadPoolExecutor(workers, thread_name_prefix="potager-bot")

    async def decide(
        self, game_name: str, level: str, view: View, seat: Seat, legal: list[Action], seed: int
    ) -> Action:
        """The bot's action; a random legal one if it fails or runs past the budget."""
        loop = asyncio.get_running_loop()
        job: Any = loop.run_in_executor(
            self._executor, choose, game_name, level, view, seat, legal, seed
        )
        try:
            action = await asyncio.wait_for(job, self.budget)
        except TimeoutError:
            log.warning("%s bot of seat %s ran out of time; playing at random", level, seat)
        except Exception:
            log.exception("%s bot of seat %s failed; playing at random", level, seat)
        else:
            if action in legal:
                return int(action)
            log.error("%s bot of seat %s chose illegal %r; playing at random", level, seat, action)
        return random.Random(seed).choice(legal)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` in a worker (analyses and hints think there too, beside the bots)."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
