"""How the server's parts say no, at the bottom of `potager.server`: every part that refuses
imports this module, and this module imports none of them.

`Refused` is a request refused with the HTTP status to answer; `Unavailable`, a refusal because
the database or Redis could not be reached or written (503: nothing changed, try again).
`unavailable` turns a store's or Redis's failure into that refusal.
"""

from __future__ import annotations

import logging

from redis.exceptions import RedisError
from sqlalchemy.exc import OperationalError

from ..i18n import say

log = logging.getLogger("potager.server")


class Refused(ValueError):
    """A request refused: ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Unavailable(Refused):
    """The database or Redis failed (down, read-only, full): the request changed nothing."""


def unavailable(exc: BaseException) -> BaseException:
    """What the server says of ``exc``: a database or Redis that cannot be reached or written is
    `Unavailable` (a 503 that says which); any other error stays itself."""
    if isinstance(exc, OperationalError):
        failure = str(exc.orig)
        log.warning("the database failed: %s", failure[:200])
        why = say("the database is unavailable ({error}); nothing changed", error=failure[:80])
        return Unavailable(503, why)
    if isinstance(exc, RedisError):
        log.warning("Redis failed: %s", str(exc)[:200])
        return Unavailable(503, say("the server is unavailable; nothing changed: try again"))
    return exc
