"""How the server says no: a short message that names what is wrong and never echoes what was
sent (issue 13, defect 4).

FastAPI's own validation handler answered with every error's input: a 1 MB name came back as a
1 MB 422, and an input JSON cannot carry (NaN, infinity, a lone surrogate) made the answer
itself fail with a 500. Here every refusal, over HTTP or the WebSocket, is the error's place
and message only, each cut to a few hundred characters and made valid text.

A refusal the server words itself (`Refused`, an `HTTPException`'s detail, a validator's
`ValueError`, all written through `i18n.say`) is answered in the asker's language (issue 16), and
so is a text too long; Pydantic's other validation messages (for programs, not people) stay
English.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from pydantic_core import ErrorDetails
from starlette.exceptions import HTTPException

from ..i18n import say_in, translate
from .i18n import language
from .seating import Refused

MESSAGE_LENGTH = 300
"""The longest message of a refusal, in characters."""
PLACE_LENGTH = 40
"""The longest part of an error's place (a field name, a dictionary key as sent)."""
ERRORS = 10
"""The most errors one refusal lists."""


def clip(text: str, limit: int = MESSAGE_LENGTH) -> str:
    """``text`` cut to ``limit`` characters, as valid UTF-8 (a lone surrogate is escaped)."""
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _place(loc: Sequence[int | str]) -> list[int | str]:
    return [part if isinstance(part, int) else clip(str(part), PLACE_LENGTH) for part in loc]


def _message(error: ErrorDetails | Any, lang: str) -> str:
    """An error's message in ``lang``: the server's own words (a validator's `ValueError`) and
    a text too long are translated, Pydantic's other messages left as they are."""
    context = error.get("ctx") or {}
    if lang == "en":
        return str(error["msg"])
    if error["type"] == "value_error" and "error" in context:
        return translate(str(context["error"]), lang)
    if error["type"] == "string_too_long" and "max_length" in context:
        return say_in(
            lang,
            "String should have at most {max_length} characters",
            max_length=context["max_length"],
        )
    return str(error["msg"])


def errors(found: Sequence[ErrorDetails] | Sequence[Any], lang: str = "en") -> list[dict[str, Any]]:
    """Pydantic's errors without their inputs: place, message (in ``lang`` where `_message`
    can) and type of the first `ERRORS`."""
    return [
        {
            "loc": _place(e["loc"]),
            "msg": clip(_message(e, lang)),
            "type": clip(str(e["type"]), 60),
        }
        for e in list(found)[:ERRORS]
    ]


def summary(exc: ValidationError, lang: str = "en") -> str:
    """One line for a WebSocket `ErrorMessage`: each error's place and message (in ``lang``
    where `_message` can)."""
    return clip(
        "; ".join(
            f"{'.'.join(map(str, e['loc'])) or 'message'}: {e['msg']}"
            for e in errors(exc.errors(), lang)
        )
    )


async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    """A body, path or query that does not fit its model: 422, what and where, never the input."""
    detail = errors(exc.errors(), language(request))
    return JSONResponse({"detail": detail}, status_code=422)


async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
    """An `HTTPException` (404, 409, 413...) with its detail in the asker's language, cut short."""
    detail = exc.detail
    if isinstance(detail, str):
        detail = clip(translate(detail, language(request)))
    return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=exc.headers)


async def refused(request: Request, exc: Refused) -> JSONResponse:
    """A request the lobby refuses: its HTTP status and why in the asker's language, as
    FastAPI's errors are shaped."""
    detail = clip(translate(str(exc), language(request)))
    return JSONResponse({"detail": detail}, status_code=exc.status)
