"""How the server says no: a short message that names what is wrong and never echoes what was
sent.

FastAPI's own validation handler answered with every error's input: a 1 MB name came back as a
1 MB 422, and an input JSON cannot carry (NaN, infinity, a lone surrogate) made the answer
itself fail with a 500. Here every refusal, over HTTP or the WebSocket, is the error's place
and message only, each cut to a few hundred characters and made valid text.

A refusal the server words itself (`Refused`, an `HTTPException`'s detail, a validator's
`ValueError`, all written through `i18n.say`) is answered in the asker's language, and
so are Pydantic's own messages ("Field required"): by the error's type (`VALIDATION`), with the
values of its context, never the input.
"""

from __future__ import annotations

import re
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
from .outcomes import Refused

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


VALIDATION = {
    "missing": "Field required",
    "extra_forbidden": "Extra inputs are not permitted",
    "int_type": "Input should be a valid integer",
    "int_parsing": "Input should be a valid integer, unable to parse string as an integer",
    "greater_than_equal": "Input should be greater than or equal to {ge}",
    "less_than_equal": "Input should be less than or equal to {le}",
    "bool_type": "Input should be a valid boolean",
    "string_type": "Input should be a valid string",
    "list_type": "Input should be a valid list",
    "dict_type": "Input should be an object",
    "model_type": "Input should be an object",
    "model_attributes_type": "Input should be an object",
    "literal_error": "Input should be {expected}",
    "string_too_long": "String should have at most {max_length} characters",
    "string_too_short": "String should have at least {min_length} characters",
    "too_long": "List should have at most {max_length} items after validation, not {actual_length}",
    "too_short": "List should have at least {min_length} items after validation, "
    "not {actual_length}",
    "union_tag_invalid": "Input tag found using {discriminator} does not match any of the "
    "expected tags: {expected_tags}",
    "union_tag_not_found": "Unable to extract tag using discriminator {discriminator}",
    "json_invalid": "Invalid JSON",
}
"""Pydantic's messages for the errors the server's models can make (`schemas`, `identity`, the
WebSocket's JSON, the lobby's and leaderboard's queries), by the error's type, in Pydantic's
English: the catalogs translate them (``server.json``) and the context fills them
(``max_length``...). An object is called one (JSON's word), whatever Pydantic's mode called it;
a discriminator's wrong tag is not repeated (it is the input). Another type is said as
`UNKNOWN`, in English as Pydantic words it."""
UNKNOWN = "Input is not valid here ({type})"
JSON_PLACE = re.compile(r"at line (\d+) column (\d+)")
JSON_AT = "Invalid JSON at line {line} column {column}"
"""Invalid JSON where Pydantic's parser says where (a WebSocket message's text)."""


def _validation(error: ErrorDetails | Any, lang: str) -> str:
    """Pydantic's own message for ``error`` in ``lang``, from its type and context."""
    kind, context = str(error["type"]), error.get("ctx") or {}
    if kind not in VALIDATION:
        return str(error["msg"]) if lang == "en" else say_in(lang, UNKNOWN, type=kind)
    params = {name: str(value) for name, value in context.items() if name != "error"}
    if kind == "literal_error" and lang != "en":  # 'a', 'b' or 'c': "or" is English
        params["expected"] = params.get("expected", "").replace(" or ", ", ")
    if kind == "json_invalid":
        place = JSON_PLACE.search(str(context.get("error", "")))
        if place:
            return say_in(lang, JSON_AT, line=place[1], column=place[2])
    return say_in(lang, VALIDATION[kind], **params)


def _message(error: ErrorDetails | Any, lang: str) -> str:
    """An error's message in ``lang``: a validator's `ValueError` (the server's own words,
    `i18n.say`) translated, Pydantic's own by its type (`VALIDATION`)."""
    context = error.get("ctx") or {}
    if error["type"] == "value_error" and "error" in context:
        return str(error["msg"]) if lang == "en" else translate(str(context["error"]), lang)
    return _validation(error, lang)


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
    """One line for a WebSocket `ErrorMessage`: each error's place (its fields' names, as the
    protocol spells them; the message itself said in ``lang``) and message (in ``lang``)."""
    whole = say_in(lang, "message")
    return clip(
        "; ".join(
            f"{'.'.join(map(str, e['loc'])) or whole}: {e['msg']}"
            for e in errors(exc.errors(), lang)
        )
    )


async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    """A body, path or query that does not fit its model: 422, what and where, never the input."""
    detail = errors(exc.errors(), language(request))
    return JSONResponse({"detail": detail}, status_code=422)


PHRASES = {404: "Not Found", 405: "Method Not Allowed"}
"""The details Starlette gives its own refusals (a path no route serves, a method the route does
not take): HTTP's reason phrases, said in the asker's language. (A body over `Limits.max_body` is
refused by its middleware before any handler, in plain text.)"""


async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
    """An `HTTPException` (404, 409, 413...) with its detail in the asker's language, cut short."""
    detail, lang = exc.detail, language(request)
    if isinstance(detail, str) and detail == PHRASES.get(exc.status_code):
        detail = say_in(lang, PHRASES[exc.status_code])
    elif isinstance(detail, str):
        detail = clip(translate(detail, lang))
    return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=exc.headers)


async def refused(request: Request, exc: Refused) -> JSONResponse:
    """A request the lobby refuses: its HTTP status and why in the asker's language, as
    FastAPI's errors are shaped."""
    detail = clip(translate(str(exc), language(request)))
    return JSONResponse({"detail": detail}, status_code=exc.status)
