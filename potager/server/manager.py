"""`TableManager`: creates, seats, plays and restores tables; the server's only writer.

Every move is written to the store BEFORE anyone hears of it (the acting seat's acknowledgement
is the state message that follows the write). The server never knows a game's rules: it asks the
engine what is legal and what each seat may see.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from fastapi import WebSocket

from potager import agents, games
from potager.engine import Action, Game, IllegalAction, NotationError, Seat, View
from potager.store import SeatInfo, StaleVersion, Store, TableInfo

from .bots import BotPool
from .config import Settings
from .live import Connection, LiveTable, new_table_id, new_token, token_hash
from .schemas import (
    Act,
    CreatedTable,
    CreateTable,
    ErrorMessage,
    JoinRequest,
    LegalAction,
    PresenceMessage,
    ResultModel,
    SeatAuth,
    SeatGrant,
    SeatPublic,
    SeatSpec,
    StateMessage,
    TableSummary,
)

log = logging.getLogger("potager.server")
T = TypeVar("T")


class Refused(ValueError):
    """A request the lobby refuses: ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def available_games() -> list[Game]:
    """Every registered game whose package can be imported now."""
    found = []
    for name in games.names():
        try:
            found.append(games.get(name))
        except ModuleNotFoundError:
            continue
    return found


def invite_url(table_id: str, seat: Seat, token: str) -> str:
    # The token rides in the fragment: browsers never send it to a server or into its logs.
    return f"/table/{table_id}#seat={seat}&token={token}"


@dataclass
class Shared:
    """What every connection's state message has in common, computed once per update."""

    seats: list[SeatPublic]
    result: ResultModel | None
    seen: dict[Seat | None, tuple[View, list[LegalAction]]] = field(default_factory=dict)
    """Per seat (``None``: spectators), its view and legal actions."""


class TableManager:
    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.bots = BotPool(settings.bot_pool, settings.bot_workers, settings.bot_budget)
        self.live: dict[str, LiveTable] = {}
        self._db = ThreadPoolExecutor(1 if store.is_sqlite else 4, thread_name_prefix="potager-db")
        self._tasks: set[asyncio.Task[None]] = set()

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store call in the database thread(s)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db, lambda: fn(*args, **kwargs))

    # -- start and stop ------------------------------------------------------------------------
    async def start(self) -> None:
        """Upgrade the database, then rebuild every unfinished table by replay."""
        await self.db(self.store.upgrade)
        for info in await self.db(self.store.tables, ("waiting", "playing"), 100_000):
            try:
                live = LiveTable.from_record(info, await self.db(self.store.moves, info.id))
            except (ValueError, ModuleNotFoundError):
                log.exception("table %s cannot be rebuilt; it stays closed", info.id)
                continue
            self.live[info.id] = live
            self.schedule_bots(live)
        log.info("rebuilt %d unfinished tables", len(self.live))

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for live in self.live.values():
            for connection in live.connections:
                await connection.stop()
        self.bots.close()
        self._db.shutdown(wait=True)
        self.store.close()

    # -- tables --------------------------------------------------------------------------------
    async def table(self, table_id: str) -> LiveTable | None:
        """The live table (a finished one is rebuilt on first demand), or ``None``."""
        live = self.live.get(table_id)
        if live is None:
            info = await self.db(self.store.table, table_id)
            if info is None:
                return None
            moves = await self.db(self.store.moves, table_id)
            if table_id in self.live:
                return self.live[table_id]
            try:
                live = self.live[table_id] = LiveTable.from_record(info, moves)
            except (ValueError, ModuleNotFoundError):
                log.exception("table %s cannot be rebuilt", table_id)
                return None
        return live

    async def create(self, request: CreateTable) -> CreatedTable:
        try:
            game = games.get(request.game)
            players = request.players
            game.check_players(players)
            variant = game.resolve_variant(request.variant)
        except ModuleNotFoundError:
            raise Refused(404, f"{request.game} is not installed on this server") from None
        except ValueError as exc:
            raise Refused(422, str(exc)) from None
        if len(request.seats) != players:
            raise Refused(422, f"{players} players need {players} seats, not {len(request.seats)}")
        levels = agents.levels(game)
        for spec in request.seats:
            if spec.kind != "bot" or spec.level is None:
                continue
            if spec.level.startswith(agents.POLICY):
                try:
                    agents.make(spec.level, game)
                except ValueError as exc:
                    raise Refused(422, str(exc)) from None
            elif spec.level not in levels:
                raise Refused(422, f"unknown bot level {spec.level!r}; levels: {', '.join(levels)}")
        humans = [i for i, spec in enumerate(request.seats) if spec.kind == "human"]
        mine = request.seat if request.seat is not None else (humans[0] if humans else None)
        if mine is not None and mine not in humans:
            raise Refused(422, f"seat {mine} is not a human seat")
        return await self._open(game, players, variant, request, mine, rematch_of=None)

    async def _open(
        self,
        game: Game,
        players: int,
        variant: dict[str, Any],
        request: CreateTable,
        mine: Seat | None,
        rematch_of: str | None,
    ) -> CreatedTable:
        tokens: dict[Seat, str] = {}
        seats = []
        for i, spec in enumerate(request.seats):
            if spec.kind == "human":
                tokens[i] = new_token()
                seats.append(
                    SeatInfo(
                        i,
                        "human",
                        None,
                        request.name if i == mine else "",
                        token_hash(tokens[i]),
                        taken=i == mine,
                    )
                )
            else:
                seats.append(SeatInfo(i, "bot", spec.level, f"{spec.level} bot"))
        state = game.new_game(players, None, variant)
        info = TableInfo(
            new_table_id(),
            game.name,
            players,
            variant,
            state.seed,
            None,
            "waiting",
            seats=seats,
            rematch_of=rematch_of,
            hints=request.hints,
        )
        if all(s.kind == "bot" or s.taken for s in seats):
            info.status = "playing"
        await self.db(self.store.create_table, info)
        live = self.live[info.id] = LiveTable(info, state)
        self.schedule_bots(live)
        grants = {
            s: SeatGrant(table_id=info.id, seat=s, token=t, url=invite_url(info.id, s, t))
            for s, t in tokens.items()
        }
        return CreatedTable(
            table=self.summary(live),
            you=grants.get(mine) if mine is not None else None,
            invites=[g for s, g in grants.items() if s != mine],
        )

    async def join(self, table_id: str, request: JoinRequest) -> SeatGrant:
        """Take an open human seat: a new token, so any older invite link to it stops working."""
        live = await self._unfinished(table_id)
        open_seats = self.open_seats(live)
        if not open_seats:
            raise Refused(409, "no open seat")
        seat = request.seat if request.seat is not None else open_seats[0]
        if seat not in open_seats:
            raise Refused(409, f"seat {seat} is not open")
        token = new_token()
        await self._set_seat(live, seat, token_hash(token), True, request.name)
        return SeatGrant(
            table_id=table_id, seat=seat, token=token, url=invite_url(table_id, seat, token)
        )

    async def leave(self, table_id: str, auth: SeatAuth) -> TableSummary:
        """Give a seat up: it opens for anybody to join; its token stops working at once."""
        live = await self._unfinished(table_id)
        self._check(live, auth)
        await self._set_seat(live, auth.seat, None, False, "")
        return self.summary(live)

    async def rematch(self, table_id: str, auth: SeatAuth) -> SeatGrant:
        """The same game, players, variant and seats at a new table, reshuffled; each player of
        the finished table who asks gets their same seat there."""
        live = await self.table(table_id)
        if live is None:
            raise Refused(404, f"no table {table_id}")
        self._check(live, auth)
        if live.info.status != "finished":
            raise Refused(409, "the game is not over yet")
        async with live.lock:
            if live.info.rematch_id is None:
                info = live.info
                request = CreateTable(
                    game=info.game,
                    players=info.players,
                    variant=info.variant,
                    seats=[SeatSpec(kind=s.kind, level=s.level) for s in info.seats],
                    hints=info.hints,
                )
                created = await self._open(
                    games.get(info.game), info.players, info.variant, request, None, info.id
                )
                info.rematch_id = await self.db(self.store.set_rematch, info.id, created.table.id)
                self.broadcast_state(live)
        return await self.join(
            live.info.rematch_id or "",
            JoinRequest(seat=auth.seat, name=live.info.seats[auth.seat].name),
        )

    async def _unfinished(self, table_id: str) -> LiveTable:
        live = await self.table(table_id)
        if live is None:
            raise Refused(404, f"no table {table_id}")
        if live.info.status == "finished":
            raise Refused(409, "the game is over")
        return live

    def _check(self, live: LiveTable, auth: SeatAuth) -> None:
        if not live.verify(auth.seat, auth.token):
            raise Refused(403, "wrong seat token")

    async def _set_seat(
        self, live: LiveTable, seat: Seat, digest: str | None, taken: bool, name: str
    ) -> None:
        info = live.info.seats[seat]
        await self.db(
            self.store.update_seat, live.info.id, seat, token_hash=digest, taken=taken, name=name
        )
        info.token_hash, info.taken, info.name = digest, taken, name
        for connection in [c for c in live.connections if c.seat == seat]:
            connection.send(
                ErrorMessage(code="forbidden", message="this seat was given up").model_dump_json()
            )
            connection.close(4403)
            live.connections.remove(connection)
        await self._start_when_seated(live)
        self.broadcast_presence(live)

    async def claim(self, live: LiveTable, seat: Seat, name: str | None) -> None:
        """A seat holder arrives by its invite link: the seat is taken from now on."""
        info = live.info.seats[seat]
        if not info.taken or (name and name != info.name):
            info.taken, info.name = True, name or info.name
            await self.db(
                self.store.update_seat,
                live.info.id,
                seat,
                token_hash=info.token_hash,
                taken=True,
                name=info.name,
            )
            await self._start_when_seated(live)

    async def _start_when_seated(self, live: LiveTable) -> None:
        if live.info.status == "waiting" and not self.open_seats(live):
            live.info.status = "playing"
            await self.db(self.store.set_status, live.info.id, "playing")
            self.broadcast_state(live)
            self.schedule_bots(live)

    # -- views -----------------------------------------------------------------------------------
    @staticmethod
    def open_seats(live: LiveTable) -> list[Seat]:
        return [s.seat for s in live.info.seats if s.kind == "human" and not s.taken]

    @staticmethod
    def seats_public(live: LiveTable) -> list[SeatPublic]:
        return [
            SeatPublic(
                seat=s.seat,
                kind=s.kind,
                level=s.level,
                name=s.name,
                taken=s.taken,
                connected=s.kind == "bot" or live.connected(s.seat),
            )
            for s in live.info.seats
        ]

    def _result(self, live: LiveTable) -> ResultModel | None:
        if not live.state.is_over:
            return None
        return ResultModel(**live.state.result().to_dict())

    def summary(self, live: LiveTable) -> TableSummary:
        info = live.info
        return TableSummary(
            id=info.id,
            game=info.game,
            title=live.state.game.title,
            players=info.players,
            variant=info.variant,
            status=info.status,
            version=live.version,
            to_move=list(live.state.to_move),
            seats=self.seats_public(live),
            open_seats=self.open_seats(live),
            spectators=live.spectators,
            result=self._result(live),
            rematch_of=info.rematch_of,
            rematch_id=info.rematch_id,
            created_at=info.created_at,
            updated_at=info.updated_at,
            hints=info.hints,
        )

    async def summaries(self, statuses: tuple[str, ...], limit: int) -> list[TableSummary]:
        found = []
        for info in await self.db(self.store.tables, statuses, limit):
            live = self.live.get(info.id)
            if live is None and info.status == "finished":
                live = await self.table(info.id)
            if live is not None:
                found.append(self.summary(live))
        return found

    def state_message(
        self, live: LiveTable, connection: Connection, reset: bool, shared: Shared | None = None
    ) -> str:
        """The table as ``connection``'s seat sees it; ``shared`` holds what a broadcast
        computes once for every connection."""
        shared = shared or Shared(self.seats_public(live), self._result(live))
        state, seat = live.state, connection.seat
        if seat not in shared.seen:
            legal: list[LegalAction] = []
            if seat is not None and live.info.status == "playing":
                legal = [
                    LegalAction(
                        action=a, notation=state.action_to_str(a), label=state.action_label(a)
                    )
                    for a in state.legal_actions(seat)
                ]
            shared.seen[seat] = (state.view(seat), legal)
        view, legal = shared.seen[seat]
        start = 0 if reset else connection.events_sent
        connection.events_sent = len(state.events)
        return StateMessage(
            table_id=live.info.id,
            game=live.info.game,
            seat=seat,
            version=live.version,
            last_mover=state.moves[-1][0] if state.moves else None,
            status=live.info.status,
            to_move=list(state.to_move),
            view=view,
            legal=legal,
            events=state.events_for(seat, start),
            log_reset=reset,
            seats=shared.seats,
            spectators=live.spectators,
            result=shared.result,
            rematch_id=live.info.rematch_id,
        ).model_dump_json()

    def broadcast_state(self, live: LiveTable) -> None:
        shared = Shared(self.seats_public(live), self._result(live))
        for connection in live.connections:
            connection.send(self.state_message(live, connection, reset=False, shared=shared))

    def broadcast_presence(self, live: LiveTable) -> None:
        text = PresenceMessage(seats=self.seats_public(live), spectators=live.spectators)
        for connection in live.connections:
            connection.send(text.model_dump_json())

    # -- connections -----------------------------------------------------------------------------
    async def connect(
        self, live: LiveTable, websocket: WebSocket, seat: Seat | None, name: str | None
    ) -> Connection:
        if seat is not None:
            await self.claim(live, seat, name)
        connection = Connection(websocket, seat)
        live.connections.append(connection)
        connection.send(self.state_message(live, connection, reset=True))
        self.broadcast_presence(live)
        return connection

    async def disconnect(self, live: LiveTable, connection: Connection) -> None:
        if connection in live.connections:
            live.connections.remove(connection)
            self.broadcast_presence(live)
        await connection.stop()

    # -- play ------------------------------------------------------------------------------------
    async def act(self, live: LiveTable, connection: Connection, message: Act) -> None:
        """A seat's action, checked against the version it saw; refusals change nothing."""
        async with live.lock:
            found = self._resolve(live, connection.seat, message)
            if isinstance(found, ErrorMessage):
                found.version = live.version
                connection.send(found.model_dump_json())
                return
            seat, action = found
            try:
                await self._play(live, seat, action)
            except StaleVersion as exc:
                error = ErrorMessage(code="stale", message=str(exc), version=live.version)
                connection.send(error.model_dump_json())

    def _resolve(
        self, live: LiveTable, seat: Seat | None, message: Act
    ) -> tuple[Seat, Action] | ErrorMessage:
        """The seat and action ``message`` asks for, or why it is refused."""
        if seat is None:
            return ErrorMessage(code="forbidden", message="spectators cannot act")
        refusal = self._refusal(live, seat, message)
        if refusal is not None:
            return refusal
        state = live.state
        if message.notation is not None:
            try:
                action = state.str_to_action(seat, message.notation)
            except NotationError as exc:
                return ErrorMessage(code="illegal", message=str(exc))
        else:
            action = message.action or 0
        n = state.game.num_actions(state.players, state.variant)
        if not (0 <= action < n and state.is_legal(seat, action)):
            return ErrorMessage(code="illegal", message=self._why(live, seat, action))
        return seat, action

    def _refusal(self, live: LiveTable, seat: Seat, message: Act) -> ErrorMessage | None:
        if live.info.status == "finished":
            return ErrorMessage(code="finished", message="the game is over")
        if live.info.status == "waiting":
            return ErrorMessage(code="waiting", message="waiting for every seat to be taken")
        if not live.legal_since[seat] <= message.version <= live.version:
            return ErrorMessage(
                code="stale",
                message=f"you acted on version {message.version}; the table is at "
                f"{live.version} and your options changed since {live.legal_since[seat]}",
            )
        return None

    @staticmethod
    def _why(live: LiveTable, seat: Seat, action: Action) -> str:
        state = live.state
        if seat not in state.to_move:
            return f"it is not seat {seat}'s turn"
        legal = ", ".join(state.action_to_str(a) for a in state.legal_actions(seat))
        return f"action {action} is not legal now; legal: {legal}"

    async def _play(self, live: LiveTable, seat: Seat, action: Action) -> None:
        """Apply, write, then tell everybody (the caller holds the table's lock)."""
        state = live.state
        ply = len(state.moves)
        before = [state.legal_actions(s) for s in range(state.players)]
        notation = state.action_to_str(action)
        state.apply(seat, action)
        status = "finished" if state.is_over else live.info.status
        result = state.result().to_dict() if state.is_over else None
        try:
            await self.db(
                self.store.append_move,
                live.info.id,
                ply,
                seat,
                action,
                notation,
                status=status,
                result=result,
            )
        except Exception:
            # Nobody has heard of the move: rebuild the table from what the store holds.
            info = await self.db(self.store.table, live.info.id)
            rebuilt = LiveTable.from_record(
                info or live.info, await self.db(self.store.moves, live.info.id)
            )
            live.state, live.info.status = rebuilt.state, rebuilt.info.status
            live.legal_since = rebuilt.legal_since
            self.broadcast_state(live)
            raise
        live.info.status = status
        version = ply + 1
        for s in range(state.players):
            if s == seat or state.legal_actions(s) != before[s]:
                live.legal_since[s] = version
        self.broadcast_state(live)
        self.schedule_bots(live)

    # -- bots ------------------------------------------------------------------------------------
    def schedule_bots(self, live: LiveTable) -> None:
        if live.info.status != "playing":
            return
        for seat in live.state.to_move:
            if live.info.seats[seat].kind == "bot" and seat not in live.thinking:
                live.thinking.add(seat)
                task = asyncio.create_task(self._bot_turn(live, seat))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _bot_turn(self, live: LiveTable, seat: Seat) -> None:
        """Think in the pool, then play if the bot's options are still the ones it saw."""
        again = True
        try:
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
            state, info = live.state, live.info
            if seat not in state.to_move or info.status != "playing":
                return
            seen = live.version
            seed = (info.seed * 1_000_003 + seen * 101 + seat) % 2**63
            action = await self.bots.decide(
                info.game,
                info.seats[seat].level or "random",
                state.view(seat),
                seat,
                state.legal_actions(seat),
                seed,
            )
            async with live.lock:
                if live.legal_since[seat] <= seen and live.state.is_legal(seat, action):
                    await self._play(live, seat, action)
        except (StaleVersion, IllegalAction):
            log.warning("bot of seat %s at table %s was overtaken", seat, live.info.id)
        except Exception:
            log.exception("bot of seat %s at table %s failed", seat, live.info.id)
            again = False
        finally:
            live.thinking.discard(seat)
        if again:
            self.schedule_bots(live)
