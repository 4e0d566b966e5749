"""The table's WebSocket: ``/ws/tables/{table_id}``, messages in `schemas` (`ClientMessage`,
`ServerMessage`). The first message is a `Hello`; a wrong token is refused and the socket closed
before anything of the table is sent.

Each socket keeps to `config.Limits`: a page of another origin is refused at the handshake, a
client has at most ``client_sockets`` sockets and a table ``table_sockets`` (spectators are
turned away past it, seat holders never), a message longer than ``max_message`` characters or
past the socket's ``message_rate`` is refused unread, and a socket that says nothing while its
table does not change for ``idle_timeout`` seconds is closed.

The socket is served by `TableSockets`, the outermost of the application's own middleware (inside
only Starlette's error handler and FastAPI's telemetry and body limit), not by a route behind the
other middleware and the router: none of those acts on a WebSocket, yet each of their frames was
resumed for every message a socket awaited, and the route's exception wrapper wrapped every
message it sent, three a move at a table of three.
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from starlette.routing import Match, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send

from ..i18n import say, translate
from .i18n import language
from .limits import Bucket, Guard, client_of
from .live import LiveTable
from .manager import TableManager
from .messages import Shared
from .outcomes import Unavailable
from .refusals import summary
from .schemas import (
    Act,
    ClientMessage,
    Close,
    ErrorMessage,
    Hello,
    Ping,
    Pong,
    Say,
    Sync,
    TakeBack,
)

PATH = "/ws/tables/{table_id}"
BINARY = "\0binary"
"""What a binary frame reads as: text that is no message."""


async def _receive(websocket: WebSocket) -> str | None:
    """The next text frame (a binary frame reads as invalid text); ``None`` when closed."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return text if text is not None else BINARY


class IdleWatch:
    """Closes a socket silent for ``idle`` seconds while its table did not change (the socket
    then reads as closed: `_receive` returns ``None``).

    One timer a socket, moved on only when it fires: each message notes the time and the
    table's version (`heard`). An `asyncio.timeout` around each receive, as before, scheduled
    and cancelled a timer a message, a cost a busy server's event loop felt."""

    def __init__(self, websocket: WebSocket, live: LiveTable, idle: float) -> None:
        self.websocket, self.live, self.idle = websocket, live, idle
        self.loop = asyncio.get_running_loop()
        self.heard()
        self.deadline = self.since + idle
        self._timer = self.loop.call_at(self.deadline, self._check)
        self._closing: asyncio.Task[None] | None = None

    def heard(self) -> None:
        """The socket said something: silence counts from now, against the version now."""
        self.since, self.seen = self.loop.time(), self.live.version

    def _check(self) -> None:
        if self.live.version != self.seen:
            self.heard()  # the table changed: a new wait from now
        deadline = self.since + self.idle
        if deadline > self.deadline:
            self.deadline = deadline
            self._timer = self.loop.call_at(deadline, self._check)
        else:
            self._closing = asyncio.create_task(self._close())

    async def _close(self) -> None:
        with contextlib.suppress(Exception):  # closed meanwhile
            await self.websocket.close(Close.IDLE)

    def stop(self) -> None:
        self._timer.cancel()


def _parse(
    text: str, longest: int, lang: str
) -> Hello | Act | Say | TakeBack | Sync | Ping | ErrorMessage:
    """The client's message, or why it is refused (a validation error's words in ``lang``)."""
    if longest and len(text) > longest:
        return ErrorMessage(
            code="malformed",
            message=say("a message has at most {longest} characters", longest=longest),
        )
    try:
        return ClientMessage.model_validate_json(text).root
    except ValidationError as exc:
        return ErrorMessage(code="malformed", message=summary(exc, lang))


async def _refuse(websocket: WebSocket, error: ErrorMessage, code: int) -> None:
    said = translate(error.message, language(websocket))
    await websocket.send_text(error.model_copy(update={"message": said}).model_dump_json())
    await websocket.close(code)


class TableSockets:
    """ASGI middleware: a WebSocket to `PATH` goes straight to `table_socket`, with the server's
    own ``receive`` and ``send``; everything else goes on to ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.route = WebSocketRoute(PATH, table_socket)
        """Matches `PATH` as Starlette's router does (its root path, its parameters)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            match, child = self.route.matches(scope)
            if match is Match.FULL:
                scope.update(child)
                websocket = WebSocket(scope, receive, send)
                await table_socket(websocket, scope["path_params"]["table_id"])
                return
        await self.app(scope, receive, send)


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    guard: Guard = websocket.app.state.guard
    if not guard.origin_allowed(websocket.scope):
        await websocket.close(1008)  # before the handshake is accepted: HTTP 403
        return
    client = client_of(websocket.scope)
    await websocket.accept()
    if not guard.admit_socket(client):
        cap = guard.limits.client_sockets
        why = say("a client may hold {cap} sockets at once", cap=cap)
        error = ErrorMessage(code="too_many", message=why)
        await _refuse(websocket, error, Close.TOO_MANY)
        return
    try:
        await _seat(websocket, guard, table_id)
    finally:
        guard.release_socket(client)


async def _seat(websocket: WebSocket, guard: Guard, table_id: str) -> None:
    """Hello, then the socket's messages until it closes."""
    tables: TableManager = websocket.app.state.manager
    limits = guard.limits
    try:
        live = await tables.table(table_id)
    except Unavailable as exc:
        await _refuse(
            websocket, ErrorMessage(code="unavailable", message=str(exc)), Close.TRY_AGAIN
        )
        return
    if live is None:
        error = ErrorMessage(code="not_found", message=say("no such table"))
        await _refuse(websocket, error, Close.NOT_FOUND)
        return
    try:
        text = await asyncio.wait_for(_receive(websocket), limits.hello_timeout or None)
    except (TimeoutError, WebSocketDisconnect):
        await websocket.close(Close.IDLE)
        return
    if text is None:
        return
    hello = _parse(text, limits.max_message, language(websocket))
    if not isinstance(hello, Hello):
        error = (
            hello
            if isinstance(hello, ErrorMessage)
            else ErrorMessage(code="malformed", message=say("the first message must be a hello"))
        )
        await _refuse(websocket, error, Close.MALFORMED)
        return
    cap = limits.table_sockets
    if hello.seat is None and cap and len(live.connections) >= cap:
        error = ErrorMessage(
            code="too_many", message=say("this table has its {cap} watchers", cap=cap)
        )
        await _refuse(websocket, error, Close.TOO_MANY)
        return
    try:
        connection = await tables.connect(live, websocket, hello.seat, hello.token, hello.name)
    except Unavailable as exc:
        await _refuse(
            websocket, ErrorMessage(code="unavailable", message=str(exc)), Close.TRY_AGAIN
        )
        return
    if connection is None:
        await _refuse(
            websocket,
            ErrorMessage(code="forbidden", message=say("wrong seat token")),
            Close.FORBIDDEN,
        )
        return
    connection.lang = language(websocket)
    actor = tables.actor(live)
    bucket = guard.message_bucket()
    watch = IdleWatch(websocket, live, limits.idle_timeout) if limits.idle_timeout else None
    try:
        while (text := await _receive(websocket)) is not None and not connection.revoked:
            if watch is not None:
                watch.heard()
            answer = _answer(bucket, text, limits.max_message, connection.lang)
            if isinstance(answer, Act):
                await actor.play(connection, answer)
            elif isinstance(answer, Say):
                await actor.say(connection, answer)
            elif isinstance(answer, TakeBack):
                await actor.ask_back(connection, answer)
            elif isinstance(answer, Sync):
                connection.send(Shared(live).state_message(connection, reset=True))
                await tables.chat.greet(live, connection)
            elif isinstance(answer, ErrorMessage):
                connection.refuse(answer)
            else:
                connection.send(answer.model_dump_json())
    except WebSocketDisconnect:
        pass
    finally:
        if watch is not None:
            watch.stop()
        await tables.disconnect(live, connection)


def _answer(
    bucket: Bucket, text: str, longest: int, lang: str
) -> Act | Say | TakeBack | Sync | Pong | ErrorMessage:
    """What a seated socket's message asks for, or why it is refused (changing nothing)."""
    wait = bucket.take("")
    if wait:
        why = say("too many messages: wait {seconds} s; this one is dropped", seconds=f"{wait:.1f}")
        return ErrorMessage(code="rate_limited", message=why)
    message = _parse(text, longest, lang)
    if isinstance(message, Ping):
        return Pong()
    if isinstance(message, Hello):
        return ErrorMessage(code="malformed", message=say("already seated"))
    return message
