"""`RemoteSeat`: an `Agent` plays one seat of a table on a Potager server, over the table's
WebSocket (the protocol: docs/protocol.md).

The agent decides from what the server sends the seat and nothing else: the seat's view, its
legal actions, its clock. It thinks for at most the time the seat's clock leaves it less
``margin`` (`Thinker`); past that the seat plays a random legal action and says the agent was
too slow, so that the server's stand-in never has to. A dropped socket is opened again after a
growing wait; the server then sends the table as it is, and the seat goes on from there (a
decision made meanwhile is sent if the seat's options are still the ones it was made for: the
version it carries lets the server refuse it otherwise). The game's end closes the socket and
`RemoteSeat.play` returns the `Outcome`; what stops the seat for good (a wrong token, a seat
given up, a server that stays away) raises `ClientError`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from potager import agents, games
from potager.engine import Action, Agent, Game

from .links import (
    ClientError,
    SeatLink,
    bot_player,
    client_for,
    parse_link,
    request,
    take_seat,
)
from .thinking import Thinker

log = logging.getLogger("potager.client")

MARGIN = 2.0
"""Seconds of its clock a seat keeps for its move to reach the server."""
PATIENCE = 600.0
"""Seconds without a connection after which a seat gives up."""
KEEPALIVE = 120.0
"""Seconds of silence after which the seat pings the table: the server closes a socket silent
for long while its table does not change."""
BACKOFF = (0.5, 30.0)
"""The first and the longest wait before a socket is opened again (doubling in between)."""
RETRY = 1.0
"""Seconds before a move the server could not store (``unavailable``) is offered again."""
MAX_MESSAGE = 2**24
"""Bytes of the longest message the seat reads (a state with a long log)."""
STATUS = {"waiting": "waiting for its players", "playing": "in play", "finished": "over"}
"""A table's status, as the seat's log says it."""
FATAL = {"forbidden", "not_found"}
"""The refusals that end the seat: its token does not open it, or the table is gone."""


@dataclass
class Outcome:
    """How a seat's game went: the table's result (``None`` if it ended without one, then
    ``ending`` says how), the seat's moves in the game's record (its own, and ``stand_in``: the
    server's stand-in's for it), the decisions the agent was too slow for (``late``) or failed
    at (``failed``), played at random, and the sockets opened again after a drop."""

    table_id: str
    seat: int
    result: dict[str, Any] | None = None
    ending: dict[str, Any] | None = None
    moves: int = 0
    stand_in: int = 0
    late: int = 0
    failed: int = 0
    reconnects: int = 0

    def told(self) -> str:
        """The end in a few words: the scores and winners, or how it ended without them."""
        if self.result is None:
            return f"ended without a result ({(self.ending or {}).get('reason', 'unknown')})"
        scores = ", ".join(f"{score:g}" for score in self.result["scores"])
        winners = ", ".join(str(winner) for winner in self.result["winners"])
        return f"scores {scores}; winners {winners}"


@dataclass(frozen=True)
class Decision:
    """The agent's choice (in the server's numbering) for the seat's options ``legal`` as the
    table stood at ``version``."""

    version: int
    legal: tuple[int, ...]
    action: Action


@dataclass
class _Table:
    """What the seat knows of its table: the game, the notation of its actions, the latest
    state message and when it came (the event loop's time)."""

    game: Game
    names: tuple[str, ...]
    state: dict[str, Any] = field(default_factory=dict)
    received: float = 0.0
    index: dict[str, Action] = field(init=False)

    def __post_init__(self) -> None:
        self.index = {name: i for i, name in enumerate(self.names)}

    def local(self, legal: list[dict[str, Any]]) -> dict[Action, Action]:
        """Each legal action (the state's ``legal``) in this Potager's numbering, with its number
        on the server: the same where both number the game alike, else matched by notation.
        `ClientError` for an action this Potager does not know."""
        back: dict[Action, Action] = {}
        for entry in legal:
            mine = self.index.get(entry["notation"])
            if mine is None:
                raise ClientError(
                    f"this program's Potager does not know the action {entry['notation']!r} "
                    f"of {self.game.name}: it is older than the server's"
                )
            back[mine] = entry["action"]
        return back


class RemoteSeat:
    """``agent`` (an `Agent`, or a bot level's name: ``heuristic``) at the seat ``link`` names:
    an invite link, or with ``player`` (a player's token) a table's address, where the seat is
    the one that player holds there (``seat`` if given), else an open one taken for it under
    ``name`` (the player's name by default; the player is marked a bot). An invite link's seat
    is taken under ``name`` too, if it is free at the table. ``seed`` seeds the agent's
    generator."""

    def __init__(
        self,
        link: str | SeatLink,
        agent: Agent | str,
        *,
        player: str | None = None,
        seat: int | None = None,
        name: str = "",
        margin: float = MARGIN,
        patience: float = PATIENCE,
        seed: int | None = None,
    ) -> None:
        self.link = parse_link(link) if isinstance(link, str) else link
        self.agent = agent
        self.player, self.seat, self.name = player, seat, name
        self.margin, self.patience = margin, patience
        self.seed = seed
        self._socket: ClientConnection | None = None
        self._decided: Decision | None = None
        self._sent: Decision | None = None
        self._thinking: asyncio.Task[None] | None = None
        self._thinker: Thinker | None = None
        self._table: _Table | None = None
        self._arrived = False
        self._wait = BACKOFF[0]
        """Seconds (about) before the socket is opened again: doubled after each failure."""
        self._heard = 0.0
        """When the server last answered (the event loop's time)."""
        self.outcome: Outcome | None = None

    # -- the seat's game, from the first look to the end ------------------------------------------
    def run(self) -> Outcome:
        """`play` in an event loop of its own."""
        return asyncio.run(self.play())

    async def play(self) -> Outcome:
        """Play the seat's game to its end."""
        try:
            async with client_for(self.link.server) as http:
                link = await self._find_seat(http)
                summary = await request(http, "GET", f"/api/tables/{link.table_id}")
            self.link = link
            assert link.seat is not None
            self.outcome = Outcome(link.table_id, link.seat)
            self._table = self._prepare(summary)
            return await self._counted(await self._connected(self.outcome))
        finally:
            if self._thinking is not None:
                self._thinking.cancel()

    async def _find_seat(self, http: Any) -> SeatLink:
        """The seat to sit at, and the token that opens it."""
        link = self.link
        if self.player is not None:
            player = await bot_player(http, self.player)
            self.name = self.name or player["name"] or ""
            return await take_seat(http, link, self.player, self.seat, self.name)
        if link.seat is None:
            raise ClientError(
                "a table's address names no seat: give an invite link, or a player token"
            )
        if self.seat is not None and self.seat != link.seat:
            raise ClientError(f"the invite link is seat {link.seat}'s, not seat {self.seat}'s")
        return link

    def _prepare(self, summary: dict[str, Any]) -> _Table:
        """The table's game as this program's Potager knows it, and the agent for it."""
        try:
            game = games.get(summary["game"])
        except (ValueError, ModuleNotFoundError):
            raise ClientError(
                f"this program's Potager does not have the game {summary['game']!r}"
            ) from None
        agent = self.agent
        if isinstance(agent, str):
            try:
                agent = agents.make(agent, game)
            except ValueError as exc:
                raise ClientError(str(exc)) from None
        assert self.link.seat is not None
        self._thinker = Thinker(agent, self.link.seat, self.seed)
        variant = game.resolve_variant(summary["variant"])
        return _Table(game, game.action_names(summary["players"], variant))

    async def _counted(self, outcome: Outcome) -> Outcome:
        """``outcome`` with the decisions played at random, and the seat's moves as the game's
        record has them (else as the server acknowledged them: a reconnection may miss one)."""
        if self._thinker is not None:
            outcome.late, outcome.failed = self._thinker.late, self._thinker.failed
        path = f"/api/tables/{outcome.table_id}/record"
        try:
            async with client_for(self.link.server) as http:
                record = await request(http, "GET", path)
        except ClientError as exc:
            log.warning("seat %s: the game's record is not to be had: %s", outcome.seat, exc)
            return outcome
        stand_ins = set(record.get("stand_in_moves") or ())
        mine = [i for i, (seat, _) in enumerate(record["moves"]) if seat == outcome.seat]
        outcome.moves = sum(1 for i in mine if i not in stand_ins)
        outcome.stand_in = len(mine) - outcome.moves
        return outcome

    async def _connected(self, outcome: Outcome) -> Outcome:
        """Open the table's socket until the game ends, again after each drop."""
        loop = asyncio.get_running_loop()
        self._heard = loop.time()
        while True:
            try:
                async with connect(self.link.socket, max_size=MAX_MESSAGE) as socket:
                    if self._sent is not None:  # not known to be stored: offered again
                        self._decided, self._sent = self._sent, None
                    self._arrived = False
                    await self._hello(socket)
                    if await self._listen(socket):
                        return outcome
            except InvalidStatus as exc:
                status = exc.response.status_code
                if status in (403, 404):
                    why = f"the server refused the table's socket: HTTP {status}"
                    raise ClientError(why) from None
                why = f"HTTP {status}"
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as exc:
                why = str(exc) or type(exc).__name__
            finally:
                self._socket = None
            if loop.time() - self._heard > self.patience:
                raise ClientError(
                    f"no connection to {self.link.server} for {self.patience:g} s ({why})"
                )
            delay = self._wait * random.uniform(0.5, 1.5)
            log.warning(
                "seat %s: the socket dropped (%s); again in %.1f s", outcome.seat, why, delay
            )
            await asyncio.sleep(delay)
            self._wait = min(self._wait * 2, BACKOFF[1])
            outcome.reconnects += 1

    async def _hello(self, socket: ClientConnection) -> None:
        link = self.link
        hello: dict[str, Any] = {"type": "hello", "seat": link.seat, "token": link.token}
        if self.name:
            hello["name"] = self.name
        await socket.send(json.dumps(hello))

    async def _listen(self, socket: ClientConnection) -> bool:
        """Read the table's messages until the game ends (True) or the socket closes (False)."""
        while True:
            try:
                text = await asyncio.wait_for(socket.recv(), KEEPALIVE)
            except TimeoutError:
                await socket.send('{"type": "ping"}')
                continue
            self._heard = asyncio.get_running_loop().time()
            message = json.loads(text)
            kind = message.get("type")
            if kind == "state":
                self._socket = socket  # the seat's: moves may go out on it
                if self._stated(message):
                    return True
            elif kind == "error":
                await self._refused(socket, message)

    # -- what the server says ---------------------------------------------------------------------
    def _stated(self, state: dict[str, Any]) -> bool:
        """Take a state message in; True once the game is over."""
        table, outcome = self._table, self.outcome
        assert table is not None and outcome is not None
        if not self._arrived:  # the answer to the socket's hello: connected again
            self._arrived, self._wait = True, BACKOFF[0]
            log.info(
                "seat %s at %s: %s at version %s",
                outcome.seat,
                self.link.table,
                STATUS.get(state["status"], state["status"]),
                state["version"],
            )
        table.state, table.received = state, asyncio.get_running_loop().time()
        sent = self._sent
        if (
            sent is not None
            and state["version"] > sent.version
            and state["last_mover"] == outcome.seat
        ):
            self._sent = None  # stored, or the stand-in's move stored instead
            outcome.moves += 0 if state["last_stand_in"] else 1
        table.local(state["legal"])  # every action known here, before any is decided on
        if state["status"] == "finished":
            outcome.result, outcome.ending = state["result"], state["ending"]
            log.info("seat %s: the game is over: %s", outcome.seat, outcome.told())
            return True
        self._next()
        return False

    async def _refused(self, socket: ClientConnection, error: dict[str, Any]) -> None:
        """An ``error``: the seat's last move (if any) was not played; see again, or stop."""
        code, said = error.get("code"), error.get("message", "")
        seen = self._table is not None and bool(self._table.state)
        if code in FATAL or (not seen and code == "malformed"):
            raise ClientError(f"the server refused the seat ({code}): {said}")
        log.warning("seat %s: the server refused (%s): %s", self.link.seat, code, said)
        if not seen:  # too many sockets, or the store unavailable: the socket closes
            return
        self._sent = None
        if code in ("unavailable", "rate_limited"):
            await asyncio.sleep(RETRY)
        await socket.send('{"type": "sync"}')  # the whole state again: decide on what it is

    # -- deciding and acting ----------------------------------------------------------------------
    def _options(self) -> tuple[int, ...] | None:
        """The seat's legal actions now, in the server's numbering (``None``: not its turn)."""
        assert self._table is not None
        state = self._table.state
        if state.get("status") != "playing" or not state.get("legal"):
            return None
        return tuple(entry["action"] for entry in state["legal"])

    def _next(self) -> None:
        """Send the decision made for the seat's options now, or start one if none is."""
        legal = self._options()
        decided, socket = self._decided, self._socket
        if legal is None or self._sent is not None:
            return
        if decided is not None and decided.legal == legal:
            if socket is not None:  # else kept for the next socket
                self._decided, self._sent = None, decided
                self._spawn(self._act(socket, decided))
        elif self._thinking is None:
            self._decided = None
            self._thinking = self._spawn(self._think(legal))

    def _spawn(self, work: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        task.add_done_callback(_raised)
        return task

    async def _act(self, socket: ClientConnection, decision: Decision) -> None:
        table = self._table
        assert table is not None
        notation = table.names[decision.action] if decision.action < len(table.names) else None
        move: dict[str, Any] = {"type": "act", "version": decision.version}
        server = {entry["action"]: entry["notation"] for entry in table.state["legal"]}
        if server.get(decision.action) == notation:
            move["action"] = decision.action
        else:  # this Potager numbers the game's actions otherwise: the server's name for it
            move["notation"] = server[decision.action]
        log.debug("seat %s: %s", self.link.seat, move)
        try:
            await socket.send(json.dumps(move))
        except ConnectionClosed:
            self._sent, self._decided = None, decision  # sent again on the next socket

    async def _think(self, legal: tuple[int, ...]) -> None:
        """The agent's decision for the seat's state now, within its clock."""
        table, outcome = self._table, self.outcome
        assert table is not None and outcome is not None
        state = table.state
        try:
            action = await self._choice(table, state)
        finally:
            self._thinking = None
        self._decided = Decision(state["version"], legal, action)
        self._next()

    async def _choice(self, table: _Table, state: dict[str, Any]) -> Action:
        """The agent's action (`Thinker.choose`), in the server's numbering."""
        assert self._thinker is not None and self.outcome is not None
        back = table.local(state["legal"])
        budget = self._budget(table, state, self.outcome.seat)
        chosen = await self._thinker.choose(table.game, state["view"], list(back), budget)
        return back[chosen]

    def _budget(self, table: _Table, state: dict[str, Any], seat: int) -> float | None:
        """Seconds the agent may think: what the seat's clock leaves, by the server's time when
        it sent the state, less the time since and ``margin`` (``None``: no clock)."""
        deadline = state["seats"][seat].get("deadline")
        if deadline is None:
            return None
        elapsed = asyncio.get_running_loop().time() - table.received
        return max(0.0, deadline - state["now"] - elapsed - self.margin)


def _raised(task: asyncio.Task[None]) -> None:
    """A seat's task that failed, logged: its decision is made again on the next state."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a seat's task failed", exc_info=task.exception())


def play(link: str | SeatLink, agent: Agent | str, **options: Any) -> Outcome:
    """`RemoteSeat` ``(link, agent, **options)`` played to the end, in an event loop of its own."""
    return RemoteSeat(link, agent, **options).run()
