"""The FastAPI application: lobby REST API, table WebSockets, the static client."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import Depends, FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.middleware.body_limit import RequestBodyLimitMiddleware

from potager import __version__
from potager.store import Store

from . import (
    analysis,
    collector,
    identity,
    learn,
    lobby,
    meet,
    pages,
    play,
    player_pages,
    refusals,
    rules,
)
from .analysis import Analyst
from .config import Settings
from .forever import stopped
from .limits import Guard, SecurityHeaders, rate_limited
from .manager import TableManager
from .outcomes import Refused
from .schemas import ClientMessage, ServerMessage

WS_DOC = """Connect, then send a `Hello` (`{"type": "hello", "seat": 1, "token": "..."}`, or
`"seat": null` to watch) within `hello_timeout` seconds. The server answers with a `StateMessage`
(your view, your legal actions, the log you may read), then one after every move, and
`PresenceMessage`s when people come and go.
Send `Act` (`{"type": "act", "version": 12, "action": 3}` or `"notation": "corn"`) with the
version you saw: a stale, illegal or malformed message gets an `ErrorMessage` and changes nothing.
A seat sends `Say` (`{"type": "chat", "text": "hello"}`) to chat (every socket of the table gets a
`ChatMessage`) and `TakeBack` (`{"type": "undo", "version": 13}`) to take its last move back.
A wrong token gets `ErrorMessage(code="forbidden")` and the socket is closed (code 4403).
A message past the socket's rate gets `ErrorMessage(code="rate_limited")` and is dropped; a
client with too many sockets, or a full table, gets `ErrorMessage(code="too_many")` and the
socket is closed (code 4429); a socket silent while its table does not change for
`idle_timeout` seconds is closed (code 4408). A page of another origin is refused (HTTP 403).
The protocol in full, for a program that plays a seat: docs/protocol.md."""


API_DOCS = ("fastapi_offline", "static")
"""The package and folder of Swagger UI's and ReDoc's files (the server extra's fastapi-offline),
served under ``/static/api-docs/`` to the API pages: they work without the internet."""


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        manager = TableManager(Store(settings.database_url), settings)
        await manager.start()
        app.state.manager = manager
        app.state.analyst = Analyst(manager, settings.analysis_iterations)
        app.state.identity = identity.Identity(manager)
        collecting = asyncio.create_task(collector.collecting(settings.collect_every))
        try:
            with collector.serving():
                yield
        finally:
            await stopped([collecting])
            await app.state.analyst.stop()
            await manager.stop()

    app = FastAPI(
        title="Potager",
        summary="Four garden-themed tabletop games: lobby, tables and WebSocket play.",
        version=__version__,
        lifespan=lifespan,
        docs_url=None,  # pages.api_docs and pages.api_reference serve them without a CDN
        redoc_url=None,
    )
    app.state.guard = Guard(settings.limits)
    if settings.limits.max_body:
        app.add_middleware(RequestBodyLimitMiddleware, max_body_size=settings.limits.max_body)
    app.add_middleware(SecurityHeaders)  # it wraps the others: every HTTP answer has them
    app.add_middleware(play.TableSockets)  # outermost: the table sockets skip the rest
    app.add_exception_handler(Refused, refusals.refused)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, refusals.http_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, refusals.invalid_request)  # type: ignore[arg-type]
    limited = [Depends(rate_limited)]
    app.include_router(lobby.router, dependencies=limited)
    app.include_router(identity.router, dependencies=limited)
    app.include_router(meet.router, dependencies=limited)
    app.include_router(player_pages.router, dependencies=limited)  # after /api/players/me
    app.include_router(analysis.router, dependencies=limited)
    app.include_router(learn.router)  # it changes nothing: a POST there costs what a GET does
    app.include_router(pages.router)
    app.include_router(rules.router)
    app.include_router(learn.page)
    app.include_router(player_pages.page)
    app.mount("/static/api-docs", StaticFiles(packages=[API_DOCS]), name="api-docs")
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]
    return app


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's schema plus the WebSocket protocol: its two message unions and their models."""
    if app.openapi_schema:
        return app.openapi_schema
    from fastapi.openapi.utils import get_openapi

    schema = get_openapi(
        title=app.title, version=app.version, summary=app.summary, routes=app.routes
    )
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for model in (ClientMessage, ServerMessage):
        found = model.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(found.pop("$defs", {}))
        components[model.__name__] = found
    schema["paths"][play.PATH] = {
        "get": {
            "tags": ["play"],
            "summary": "The table's WebSocket (upgrade this GET)",
            "description": WS_DOC,
            "operationId": "table_socket",
            "parameters": [
                {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
            ],
            "requestBody": {
                "description": "Messages the client sends",
                "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/ClientMessage"}}
                },
            },
            "responses": {
                "101": {
                    "description": "Messages the server sends",
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/ServerMessage"}
                        }
                    },
                }
            },
        }
    }
    app.openapi_schema = schema
    return schema


def configure_logging(level: str = "info") -> None:
    """Potager's own log lines at ``level`` (uvicorn's are set by its ``log_level``)."""
    logging.basicConfig(level=level.upper(), format="%(asctime)s %(name)s %(message)s")
