"""The browser client's pages and static files (``potager/web``)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

WEB = Path(__file__).resolve().parent.parent / "web"
STATIC = WEB / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/table/{table_id}")
def table(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/replay/{table_id}")
def replay(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "replay.html")
