"""Bots sit server-side: each decision runs in a worker pool (processes by default) from the
bot's own view alone, with a time budget, so the event loop never waits for a bot. The pool's
workers are shared fairly: jobs wait their turn round-robin by owner (the client that opened the
table), so one client's thirty all-bot tables cannot starve everybody else's bots."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

from potager import agents, games
from potager.engine import Action, Agent, Seat, View

from .workers import follow

log = logging.getLogger("potager.server")
T = TypeVar("T")

_agents: dict[tuple[str, str, tuple[tuple[str, Any], ...]], Agent] = {}


def choose(
    game_name: str,
    level: str,
    view: View,
    seat: Seat,
    legal: list[Action],
    seed: int,
    params: Mapping[str, Any] | None = None,
) -> int:
    """One bot decision (runs in a worker): ``agents.make(level, game)`` acting on ``view``,
    the game played by ``params`` (a custom table's rule parameters)."""
    game = games.get(game_name).tuned(params)
    key = (game_name, level, tuple(sorted(game.tuning.items())))
    agent = _agents.get(key)
    if agent is None:
        agent = _agents[key] = agents.make(level, game)
    return agent.act(game, view, seat, legal, random.Random(seed))


class FairGate:
    """At most ``slots`` jobs at once; the others wait, and are let in one owner at a time in
    turn (an owner with ten waiting jobs gets one slot, then every other waiting owner gets
    one, and so on)."""

    def __init__(self, slots: int) -> None:
        self.free = slots
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    async def run(self, owner: str, job: Callable[[], Any]) -> Any:
        await self._enter(owner)
        try:
            return await job()
        finally:
            self._leave()

    async def _enter(self, owner: str) -> None:
        if self.free and not self._waiting:
            self.free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(owner, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._leave()  # let in, then cancelled: pass the slot on
            else:
                queue = self._waiting.get(owner)
                if queue is not None and turn in queue:
                    queue.remove(turn)
                    if not queue:
                        del self._waiting[owner]
            raise

    def _leave(self) -> None:
        while self._waiting:
            owner, queue = next(iter(self._waiting.items()))
            turn = queue.popleft()
            if queue:
                self._waiting.move_to_end(owner)
            else:
                del self._waiting[owner]
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1


class BotPool:
    """The workers the bots think in, shared fairly between owners (`FairGate`)."""

    def __init__(self, kind: str, workers: int, budget: float) -> None:
        self.budget = budget
        self.gate = FairGate(workers)
        self._executor: Executor
        if kind == "process":
            self._executor = ProcessPoolExecutor(
                workers,
                mp_context=multiprocessing.get_context("forkserver"),
                initializer=follow,
                initargs=(os.getpid(),),
            )
        else:
            self._executor = ThreadPoolExecutor(workers, thread_name_prefix="potager-bot")

    async def decide(
        self,
        owner: str,
        game_name: str,
        level: str,
        view: View,
        seat: Seat,
        legal: list[Action],
        seed: int,
        params: Mapping[str, Any] | None = None,
    ) -> Action:
        """The bot's action; a random legal one if it fails or runs past the budget (counted
        from the moment a worker takes it)."""
        loop = asyncio.get_running_loop()

        def job() -> Any:
            found = loop.run_in_executor(
                self._executor, choose, game_name, level, view, seat, legal, seed, params
            )
            return asyncio.wait_for(found, self.budget)

        try:
            action = await self.gate.run(owner, job)
        except TimeoutError:
            log.warning("%s bot of seat %s ran out of time; playing at random", level, seat)
        except Exception:
            log.exception("%s bot of seat %s failed; playing at random", level, seat)
        else:
            if action in legal:
                return int(action)
            log.error("%s bot of seat %s chose illegal %r; playing at random", level, seat, action)
        return random.Random(seed).choice(legal)

    async def run(self, owner: str, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` in a worker (analyses and hints think there too, beside the bots)."""
        loop = asyncio.get_running_loop()
        found: T = await self.gate.run(
            owner, lambda: loop.run_in_executor(self._executor, fn, *args)
        )
        return found

    def close(self) -> None:
        """Stop at once, even while bots think: queued jobs are cancelled and worker processes
        in the middle of a search are terminated (a thread cannot be, but its budget ends it)."""
        # Python 3.14 has ProcessPoolExecutor.terminate_workers(); before it, its processes.
        processes = list((getattr(self._executor, "_processes", None) or {}).values())
        self._executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
