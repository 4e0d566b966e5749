"""`RemotePlayer`: every seat a player holds on a server, each played by its own `RemoteSeat`.

The player is a bot's (it is marked so). Every few seconds the seats the player holds at the
tables not finished are looked up (``POST /api/turns``, as the lobby's "your turn" list does);
each new one is played to its end by a `RemoteSeat` with an agent of its own, so that a program
plays every table it is seated at, as a lichess bot plays every game its event stream starts.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from potager.engine import Agent

from .links import ClientError, SeatLink, bot_player, client_for, request
from .seat import MARGIN, PATIENCE, Outcome, RemoteSeat

log = logging.getLogger("potager.client")

POLL = 5.0
"""Seconds between two looks at the player's seats (the server allows 30 a minute)."""


def parse_server(url: str) -> str:
    """A server's address (``https://host:port`` and any root path); `ClientError` otherwise."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.fragment:
        raise ClientError(f"not a server's address (http://host:port): {url.split('#', 1)[0]}")
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


class RemotePlayer:
    """The seats the player of ``player`` (its token) holds on ``server``, each played by an
    agent ``agent()`` makes (an `Agent`, or a bot level's name), now and as the player is seated
    at more tables; with ``until_idle``, `play` returns once the player holds no seat.
    ``ended`` is told each game's `Outcome` as it ends."""

    def __init__(
        self,
        server: str,
        agent: Callable[[], Agent | str],
        *,
        player: str,
        margin: float = MARGIN,
        patience: float = PATIENCE,
        until_idle: bool = False,
        poll: float = POLL,
        ended: Callable[[Outcome], None] | None = None,
    ) -> None:
        self.server, self.agent, self.player = parse_server(server), agent, player
        self.margin, self.patience = margin, patience
        self.until_idle, self.poll, self.ended = until_idle, poll, ended
        self.outcomes: list[Outcome] = []

    def run(self) -> list[Outcome]:
        """`play` in an event loop of its own."""
        return asyncio.run(self.play())

    async def play(self) -> list[Outcome]:
        """Play the player's seats; the outcome of each game played, in the order they ended."""
        playing: dict[tuple[str, int], asyncio.Task[Outcome]] = {}
        ended: set[tuple[str, int]] = set()
        async with client_for(self.server) as http:
            await bot_player(http, self.player)
            try:
                while True:
                    for seat in await self._held(http):
                        if seat not in playing and seat not in ended:
                            playing[seat] = asyncio.create_task(self._seat(*seat).play())
                    for seat, task in [(s, t) for s, t in playing.items() if t.done()]:
                        del playing[seat]
                        ended.add(seat)
                        self._ended(seat, task)
                    if self.until_idle and not playing:
                        return self.outcomes
                    await asyncio.sleep(self.poll)
            finally:
                for task in playing.values():
                    task.cancel()

    async def _held(self, http: Any) -> list[tuple[str, int]]:
        answer = await request(http, "POST", "/api/turns", self.player, seats=[])
        return [(held["table_id"], held["seat"]) for held in answer["yours"]]

    def _seat(self, table_id: str, seat: int) -> RemoteSeat:
        link = SeatLink(self.server, table_id, seat, self.player)
        return RemoteSeat(link, self.agent(), margin=self.margin, patience=self.patience)

    def _ended(self, seat: tuple[str, int], task: asyncio.Task[Outcome]) -> None:
        """A seat's game is over (or its seat stopped: said, and the others play on)."""
        error = task.exception()
        if error is None:
            self.outcomes.append(task.result())
            if self.ended is not None:
                self.ended(task.result())
        elif isinstance(error, ClientError):
            log.error("table %s, seat %s: %s", seat[0], seat[1], error)
        else:
            log.error("table %s, seat %s failed", seat[0], seat[1], exc_info=error)
