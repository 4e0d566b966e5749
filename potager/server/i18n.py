"""The language of a web request: the ``potager.lang`` cookie the pages set (the
switcher's choice, or the browser's language), else the first supported language of the
``Accept-Language`` header, else English. The catalogs and the translating are `potager.i18n`'s.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection

from ..i18n import supported

COOKIE = "potager.lang"


def accepted(header: str | None) -> str | None:
    """The first supported language of an ``Accept-Language`` header, by its weights."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")):
        tag, _, weight = part.partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        found = supported(tag)
        if found and quality > 0:
            ranked.append((-quality, position, found))
    return min(ranked)[2] if ranked else None


def language(connection: HTTPConnection) -> str:
    """The language to answer ``connection`` (an HTTP request or a WebSocket) in."""
    return (
        supported(connection.cookies.get(COOKIE))
        or accepted(connection.headers.get("accept-language"))
        or "en"
    )
