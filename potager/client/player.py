"""`RemotePlayer`: every seat a player holds on a server, each played by its own `RemoteSeat`.

The player is a bot's (it is marked so). Every few seconds the seats the player holds at the
tables not finished are looked up (``POST /api/turns``, as the lobby's "your turn" list does);
each new one is played to its end by a `RemoteSeat` with an agent of its own, so that a program
plays every table it is seated at, as a lichess bot plays every game its event stream starts.
With a `Seek`, a player with no game in play waits for a quick match among bot players
(``/api/quickmatch``), as a lichess bot seeks its next game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from potager.engine import Agent

from .links import ClientError, SeatLink, bot_player, client_for, request
from .seat import MARGIN, PATIENCE, Outcome, RemoteSeat

log = logging.getLogger("potager.client")

POLL = 5.0
"""Seconds between two looks at the player's seats (the server allows 30 a minute)."""


@dataclass(frozen=True)
class Seek:
    """A quick match to wait for: ``game`` for ``players`` on the clock ``speed``, with other
    bot players; after ``fill_after`` seconds the server's bots take the seats nobody came for
    (``None``: never; a table with one of them is not rated)."""

    game: str
    players: int
    speed: str = "none"
    fill_after: float | None = None


def parse_seek(text: str) -> Seek:
    """``game:players`` as a `Seek` (``heuschrecken-poker:2``); `ClientError` otherwise."""
    game, _, players = text.partition(":")
    if not game or not players.isdigit():
        raise ClientError(f"a quick match is game:players (heuschrecken-poker:2), not {text!r}")
    return Seek(game, int(players))


def parse_server(url: str) -> str:
    """A server's address (``https://host:port`` and any root path); `ClientError` otherwise."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.fragment:
        raise ClientError(f"not a server's address (http://host:port): {url.split('#', 1)[0]}")
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


class RemotePlayer:
    """The seats the player of ``player`` (its token) holds on ``server``, each played by an
    agent ``agent()`` makes (an `Agent`, or a bot level's name), now and as the player is seated
    at more tables, and with ``seek`` at the quick matches it waits for whenever it has no game
    in play. `play` returns after ``games`` games, or with ``until_idle`` (and no ``seek``) once
    the player holds no seat. ``ended`` is told each game's `Outcome` as it ends."""

    def __init__(
        self,
        server: str,
        agent: Callable[[], Agent | str],
        *,
        player: str,
        margin: float = MARGIN,
        patience: float = PATIENCE,
        until_idle: bool = False,
        seek: Seek | None = None,
        games: int | None = None,
        poll: float = POLL,
        ended: Callable[[Outcome], None] | None = None,
    ) -> None:
        self.server, self.agent, self.player = parse_server(server), agent, player
        self.margin, self.patience = margin, patience
        self.until_idle, self.seek, self.games = until_idle, seek, games
        self.poll, self.ended = poll, ended
        self.outcomes: list[Outcome] = []
        self._playing: dict[tuple[str, int], asyncio.Task[Outcome]] = {}
        self._over: set[tuple[str, int]] = set()
        """The seats whose game ended here (or whose seat stopped)."""

    def run(self) -> list[Outcome]:
        """`play` in an event loop of its own."""
        return asyncio.run(self.play())

    async def play(self) -> list[Outcome]:
        """Play the player's seats; the outcome of each game played, in the order they ended."""
        async with client_for(self.server) as http:
            await bot_player(http, self.player)
            try:
                while True:
                    for seat in await self._held(http):
                        self._start(seat)
                    for seat, task in [(s, t) for s, t in self._playing.items() if t.done()]:
                        del self._playing[seat]
                        self._over.add(seat)
                        self._ended(seat, task)
                    if self._done():
                        return self.outcomes
                    if self.seek is not None and not self._playing:
                        found = await self._sought(http, self.seek)
                        if found is not None:
                            self._start(found)
                    await asyncio.sleep(self.poll)
            finally:
                for task in self._playing.values():
                    task.cancel()
                if self.seek is not None:  # a wait left behind would seat nobody's bot
                    with contextlib.suppress(ClientError):
                        await request(http, "DELETE", "/api/quickmatch", self.player)

    def _start(self, seat: tuple[str, int]) -> None:
        if seat not in self._playing and seat not in self._over:
            self._playing[seat] = asyncio.create_task(self._seat(*seat).play())

    def _done(self) -> bool:
        """Whether the player has played what it was to play."""
        if self._playing:
            return False
        if self.games is not None:
            return len(self._over) >= self.games
        return self.until_idle and self.seek is None

    async def _sought(self, http: Any, seek: Seek) -> tuple[str, int] | None:
        """The seat of the quick match the player waits for, once found; a new wait once the
        last one's game is over (``None`` meanwhile)."""
        found = await request(http, "GET", "/api/quickmatch", self.player, missing=True)
        if found is not None and found["status"] == "waiting":
            return None
        seat = None if found is None else (found["table_id"], found["seat"])
        if seat is None or seat in self._over:
            found = await request(
                http,
                "POST",
                "/api/quickmatch",
                self.player,
                game=seek.game,
                players=seek.players,
                speed=seek.speed,
                fill_after=seek.fill_after,
            )
            seat = (found["table_id"], found["seat"]) if found["status"] == "seated" else None
        return seat

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
