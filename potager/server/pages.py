"""The browser client's pages and static files (``potager/web``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from .. import i18n

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


@router.get("/docs")
def api_docs() -> FileResponse:
    """The API's Swagger UI, its scripts served by this server (`app.API_DOCS`): no CDN."""
    return FileResponse(STATIC / "api-docs.html")


@router.get("/redoc")
def api_reference() -> FileResponse:
    """The API's ReDoc page, its script served by this server (`app.API_DOCS`): no CDN."""
    return FileResponse(STATIC / "api-redoc.html")


@router.get("/i18n/{lang}.json")
def translations(lang: str, request: Request) -> Response:
    """Every English text of the pages and plug-ins in ``lang`` (fr, de, it), merged from the
    area catalogs (`i18n.catalog`); revalidated by its ETag, so a changed catalog is seen."""
    if lang not in i18n.TRANSLATED:
        return JSONResponse({"detail": "languages: fr, de, it"}, status_code=404)
    body = json.dumps(i18n.catalog(lang), ensure_ascii=False, sort_keys=True).encode()
    etag = f'"{hashlib.sha256(body).hexdigest()[:20]}"'
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)
