"""`Thinker`: an agent's decisions for one seat, one at a time, each within a time budget.

The agent thinks in a daemon thread, so that an agent that never answers holds neither the
event loop nor the program's exit. A decision it is too slow for, or fails at, is a random legal
action, and the log says so; while the agent is still on a decision it was too slow for, the
next one waits for it within its own time, and any further one is played at random at once: the
agent is never asked two decisions at the same time. `load_agent` finds an agent by its name.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import random
import threading
from collections.abc import Callable
from functools import partial

from potager.engine import Action, Agent, Game, View

from .links import ClientError

log = logging.getLogger("potager.client")


def load_agent(spec: str) -> Agent:
    """The agent ``module:Class`` names (the class called with no argument; an agent object
    there is used as it is): `ClientError` if it cannot be imported or is not an `Agent`."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ClientError(f"an agent is named module:Class, not {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ClientError(f"cannot import {module_name!r} for the agent {spec!r}: {exc}") from None
    found = getattr(module, attribute, None)
    if found is None:
        raise ClientError(f"{module_name!r} has no {attribute!r}")
    agent = found() if isinstance(found, type) else found
    if not isinstance(agent, Agent):
        raise ClientError(f"{spec!r} is not an agent: it has no act(game, view, seat, legal, rng)")
    return agent


class Thinker:
    """``agent``'s decisions for ``seat``, its generator seeded by ``seed``; ``late`` and
    ``failed`` count the decisions played at random for it."""

    def __init__(self, agent: Agent, seat: int, seed: int | None = None) -> None:
        self.agent, self.seat = agent, seat
        self.rng = random.Random(seed)
        self.fallback = random.Random(self.rng.getrandbits(64))
        self.late = self.failed = 0
        self._lock = threading.Lock()
        """Held while the agent thinks: one decision at a time, a late one holding the next."""
        self._queued = 0
        """Decisions waiting for the agent to finish one it was too slow for (at most one)."""

    async def choose(
        self, game: Game, view: View, legal: list[Action], budget: float | None
    ) -> Action:
        """One of ``legal``: the agent's, from ``view`` within ``budget`` seconds (``None``: no
        limit), else a random one."""
        if self._queued:  # a decision already waits for the agent's late one: do not pile up
            self.late += 1
            log.warning(
                "seat %s: the agent is still on a decision it was too slow for; "
                "playing a random legal action",
                self.seat,
            )
            return self.fallback.choice(legal)
        rng, seat = self.rng, self.seat
        thought = self._thought(lambda: self.agent.act(game, view, seat, list(legal), rng))
        try:
            chosen = await asyncio.wait_for(thought, budget)
        except TimeoutError:
            self.late += 1
            log.warning(
                "seat %s: the agent had not chosen within the %.1f s its clock left; "
                "playing a random legal action",
                seat,
                budget,
            )
        except Exception:
            self.failed += 1
            log.exception("seat %s: the agent failed; playing a random legal action", seat)
        else:
            if chosen in legal:
                return chosen
            self.failed += 1
            log.error(
                "seat %s: the agent chose %r, not a legal action; playing a random legal action",
                seat,
                chosen,
            )
        return self.fallback.choice(legal)

    def _thought(self, decide: Callable[[], Action]) -> asyncio.Future[Action]:
        """``decide()`` in a daemon thread of its own, after the agent's previous decision."""
        loop = asyncio.get_running_loop()
        found: asyncio.Future[Action] = loop.create_future()

        def think() -> None:
            self._queued += 1
            with self._lock:
                self._queued -= 1
                try:
                    deliver = partial(_give, found, decide())
                except Exception as exc:
                    deliver = partial(_fail, found, exc)
            with contextlib.suppress(RuntimeError):  # the event loop has ended meanwhile
                loop.call_soon_threadsafe(deliver)

        threading.Thread(target=think, name="potager-agent", daemon=True).start()
        return found


def _give(found: asyncio.Future[Action], action: Action) -> None:
    if not found.done():  # else given up on: too late
        found.set_result(action)


def _fail(found: asyncio.Future[Action], error: Exception) -> None:
    if not found.done():
        found.set_exception(error)
