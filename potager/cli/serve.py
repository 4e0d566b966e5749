"""``potager serve``: the web server (lobby, tables, bots) with uvicorn."""

from __future__ import annotations

from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL (default: $POTAGER_DATABASE_URL or sqlite:///potager.db).",
        ),
    ] = None,
) -> None:
    """Serve the lobby and the tables; open the printed address in a browser."""
    import uvicorn

    from potager.server import Settings, create_app
    from potager.server.app import configure_logging

    configure_logging()
    settings = Settings(database_url=database) if database else Settings()
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    typer.echo(f"Potager is served at http://{shown}:{port}/  (database: {settings.database_url})")
    uvicorn.run(create_app(settings), host=host, port=port, log_level="info")
