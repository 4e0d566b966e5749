"""``potager serve``: the web server (lobby, tables, bots) with uvicorn."""

from __future__ import annotations

import os
from enum import StrEnum
from typing import Annotated, Any

import typer


class LogLevel(StrEnum):
    """What the server logs (uvicorn's levels): at ``info`` every request and every socket
    opened, seven lines for a table of three set up; at ``warning`` only what goes wrong. The
    load bench serves at ``warning``, as a busy server would: what those lines cost a table's
    set-up is measured in docs/server-load.md (ninth round), not copied here."""

    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL (default: $POTAGER_DATABASE_URL or sqlite:///potager.db).",
        ),
    ] = None,
    processes: Annotated[
        int,
        typer.Option(min=1, help="Server processes sharing the port (more than 1 needs Redis)."),
    ] = 1,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL through which the processes share the tables "
            "(default: $POTAGER_REDIS_URL; none: this is the only process).",
        ),
    ] = None,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            metavar="PATH",
            help="A trained policy (.npz, or a shipped one's name: heuschrecken-poker-2p) to offer "
            "as the bot level policy:PATH; repeatable (default: $POTAGER_POLICIES). Clients "
            "cannot name other files.",
        ),
    ] = None,
    log_level: Annotated[
        LogLevel,
        typer.Option(
            envvar="POTAGER_LOG_LEVEL",
            help="info: every request and socket; warning: only what goes wrong (a busy server).",
        ),
    ] = LogLevel.info,
) -> None:
    """Serve the lobby and the tables; open the printed address in a browser."""
    import uvicorn

    from potager.server import Settings, create_app
    from potager.server.app import configure_logging
    from potager.server.listener import uvicorn_options

    configure_logging(log_level.value)
    # Set in the environment, the workers started by uvicorn read them too.
    if database:
        os.environ["POTAGER_DATABASE_URL"] = database
    if redis:
        os.environ["POTAGER_REDIS_URL"] = redis
    if policy:
        os.environ["POTAGER_POLICIES"] = os.pathsep.join(policy)
    settings = Settings()
    if processes > 1 and not settings.redis_url:
        raise typer.BadParameter(
            "several processes need Redis: --redis URL", param_hint="--processes"
        )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    # No per-message compression on the table sockets: measured under bench.server_load it was
    # about half the server's CPU per action, for state messages of a few kilobytes.
    options: dict[str, Any] = {"host": host, "port": port, "log_level": log_level.value}
    options["ws_per_message_deflate"] = False
    options |= uvicorn_options(settings.limits)
    typer.echo(f"Potager is served at http://{shown}:{port}/  (database: {settings.database_url})")
    if processes == 1:
        uvicorn.run(create_app(settings), **options)
    else:
        from potager.store import Store

        store = Store(settings.database_url)  # migrated once, before the workers start
        store.upgrade()
        store.close()
        uvicorn.run("potager.server.app:create_app", factory=True, workers=processes, **options)
