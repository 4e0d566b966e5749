"""The table's WebSocket: ``/ws/tables/{table_id}``, messages in `schemas` (`ClientMessage`,
`ServerMessage`). The first message is a `Hello`; a wrong token is refused and the socket closed
before anything of the table is sent."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from .manager import TableManager
from .messages import Shared
from .schemas import Act, ClientMessage, ErrorMessage, Hello, Ping, Pong, Sync

router = APIRouter()

HELLO_TIMEOUT = 30.0


async def _receive(websocket: WebSocket) -> str | None:
    """The next text frame (a binary frame reads as invalid text); ``None`` when closed."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return text if text is not None else "\0binary"


def _parse(text: str) -> Hello | Act | Sync | Ping | ErrorMessage:
    try:
        return ClientMessage.model_validate_json(text).root
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'message'}: {e['msg']}" for e in exc.errors()
        )
        return ErrorMessage(code="malformed", message=problems[:500])


async def _refuse(websocket: WebSocket, error: ErrorMessage, code: int) -> None:
    await websocket.send_text(error.model_dump_json())
    await websocket.close(code)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    tables: TableManager = websocket.app.state.manager
    await websocket.accept()
    live = await tables.table(table_id)
    if live is None:
        await _refuse(
            websocket, ErrorMessage(code="not_found", message=f"no table {table_id}"), 4404
        )
        return
    try:
        text = await asyncio.wait_for(_receive(websocket), HELLO_TIMEOUT)
    except (TimeoutError, WebSocketDisconnect):
        await websocket.close(4408)
        return
    if text is None:
        return
    hello = _parse(text)
    if not isinstance(hello, Hello):
        error = (
            hello
            if isinstance(hello, ErrorMessage)
            else ErrorMessage(code="malformed", message="the first message must be a hello")
        )
        await _refuse(websocket, error, 4400)
        return
    connection = await tables.connect(live, websocket, hello.seat, hello.token, hello.name)
    if connection is None:
        await _refuse(websocket, ErrorMessage(code="forbidden", message="wrong seat token"), 4403)
        return
    try:
        while (text := await _receive(websocket)) is not None and not connection.revoked:
            message = _parse(text)
            if isinstance(message, ErrorMessage):
                connection.send(message.model_dump_json())
            elif isinstance(message, Act):
                await tables.moves.act(live, connection, message)
            elif isinstance(message, Sync):
                connection.send(Shared(live).state_message(connection, reset=True))
            elif isinstance(message, Ping):
                connection.send(Pong().model_dump_json())
            else:
                connection.send(
                    ErrorMessage(code="malformed", message="already seated").model_dump_json()
                )
    except WebSocketDisconnect:
        pass
    finally:
        await tables.disconnect(live, connection)
