"""The move's rules as the server keeps them: what a seat's action is checked against, and the
table once it is played. Pure functions of a `LiveTable` that change nothing; the table's actor
(`potager.server.actor`) sends the write and shows the move once it is stored.

A table's moves are checked one at a time but need not wait for each other's write: each is
checked against and played on the table as it will be once the moves sent before it are stored
(`ahead`), so that seats bidding at once share a group commit (`writer`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from datetime import datetime
from typing import Final

from potager.engine import Action, NotationError, Seat, State
from potager.store import MoveWrite, StaleVersion, TableStatus
from potager.store.models import utcnow

from ..i18n import say
from .live import Connection, LiveTable
from .schemas import Act, ErrorMessage
from .turns import waiting_after
from .writer import NotStored

log = logging.getLogger("potager.server")


class Standing:
    """Where a table stands, as shown (`shown`) or once the moves sent to the store are stored
    (`ahead`): its state, status, whom it waits on since when, and each seat's
    `LiveTable.legal_since`. Read-only. (A plain class, not a frozen dataclass: mypyc compiles
    its ``__init__``, where a dataclass's stays interpreted, a few per move.)"""

    def __init__(
        self, state: State, status: TableStatus, waiting: dict[Seat, datetime], since: list[int]
    ) -> None:
        self.state: Final = state
        self.status: Final = status
        self.waiting: Final = waiting
        self.since: Final = since


class Queued:
    """A move sent to the store and not settled yet: ``ahead``, the table once it is stored;
    ``written``, the store's answer (`MoveWriter.queue`); ``outcome``, the move's, once the
    table took it (None) or not (the error); ``stand_in``: the seat's stand-in bot made it.
    Read-only, a plain class as `Standing` is."""

    def __init__(
        self,
        ply: int,
        seat: Seat,
        action: Action,
        stand_in: bool,
        ahead: Standing,
        written: asyncio.Future[bool],
        outcome: asyncio.Future[Exception | None],
    ) -> None:
        self.ply: Final = ply
        self.seat: Final = seat
        self.action: Final = action
        self.stand_in: Final = stand_in
        self.ahead: Final = ahead
        self.written: Final = written
        self.outcome: Final = outcome


def shown(live: LiveTable) -> Standing:
    """``live`` as it shows: every move it took is stored."""
    return Standing(live.state, live.info.status, live.info.waiting, live.legal_since)


def ahead(live: LiveTable, queued: deque[Queued]) -> Standing:
    """``live`` once ``queued``, the moves it sent to the store, are stored."""
    return queued[-1].ahead if queued else shown(live)


def legal_since(before: State, after: State, seat: Seat, since: list[int]) -> list[int]:
    """`LiveTable.legal_since` once ``seat``'s move took ``before`` to ``after``: the mover's and
    every seat's whose legal actions changed start again at the new version."""
    now = len(after.moves)
    return [
        now if s == seat or after.legal_actions(s) != before.legal_actions(s) else was
        for s, was in enumerate(since)
    ]


def check(
    live: LiveTable, connection: Connection, message: Act
) -> tuple[Seat, Action] | ErrorMessage:
    """The seat and action ``message`` asks for, or why it is refused (against the table as
    shown: the actor checks again against the table ahead, `refusal`)."""
    seat = connection.seat
    if seat is None:
        return ErrorMessage(code="forbidden", message=say("spectators cannot act"))
    if not live.speaks_for(connection):
        return ErrorMessage(code="forbidden", message=say("this seat was given up"))
    stale = _stale(shown(live), live.version, seat, message.version)
    if stale is not None:
        return stale
    state = live.state
    if message.notation is not None:
        try:
            action = state.str_to_action(seat, message.notation)
        except NotationError:  # its message quotes the text: a refusal never echoes
            legal = ", ".join(state.action_to_str(a) for a in state.legal_actions(seat))
            why = say("that is not a move of this game; legal now: {legal}", legal=legal)
            return ErrorMessage(code="illegal", message=why)
    else:
        action = message.action or 0
    return _illegal(state, seat, action) or (seat, action)


def refusal(
    table: Standing, now: int, seat: Seat, version: int, action: Action
) -> ErrorMessage | None:
    """Why ``seat`` may not play ``action`` at ``table`` having seen ``version`` when the table
    shows version ``now``, if it may not."""
    return _stale(table, now, seat, version) or _illegal(table.state, seat, action)


def _stale(table: Standing, now: int, seat: Seat, version: int) -> ErrorMessage | None:
    if table.status == "finished":
        return ErrorMessage(code="finished", message=say("the game is over"))
    if table.status == "waiting":
        return ErrorMessage(code="waiting", message=say("waiting for every seat to be taken"))
    if not table.since[seat] <= version <= now:
        return ErrorMessage(
            code="stale",
            message=say(
                "you acted on version {version}; the table is at {now} and your options "
                "changed since {since}",
                version=version,
                now=now,
                since=table.since[seat],
            ),
        )
    return None


def _illegal(state: State, seat: Seat, action: Action) -> ErrorMessage | None:
    # The engine's definition of legal, which needs no range check first (a game's own
    # is_legal may index by action; resolving the variant to bound it cost a share of a move).
    if seat in state.to_move and action in state.legal_actions(seat):
        return None
    if seat not in state.to_move:
        return ErrorMessage(code="illegal", message=say("it is not seat {seat}'s turn", seat=seat))
    legal = ", ".join(state.action_to_str(a) for a in state.legal_actions(seat))
    return ErrorMessage(
        code="illegal",
        message=say("action {action} is not legal now; legal: {legal}", action=action, legal=legal),
    )


def planned(
    live: LiveTable, queued: deque[Queued], seat: Seat, action: Action, stand_in: bool = False
) -> tuple[MoveWrite, Standing]:
    """``seat``'s ``action``, legal at the table ahead (``queued`` stored), as the store writes
    it and the table it makes, played on a copy of that table. ``stand_in``: the table's
    stand-in bot made it for the seat's timed-out person (`MoveWrite.stand_in`)."""
    before = ahead(live, queued)
    state = before.state
    after = state.clone()
    after.apply(seat, action)
    status = "finished" if after.is_over else before.status
    waiting = waiting_after(before.waiting, after.to_move, seat, utcnow())
    write = MoveWrite(
        live.info.id,
        len(state.moves),
        seat,
        action,
        state.action_to_str(action),
        status,
        after.result().to_dict() if after.is_over else None,
        waiting,
        stand_in,
    )
    return write, Standing(after, status, waiting, legal_since(state, after, seat, before.since))


def followed(live: LiveTable, seat: Seat, action: Action) -> Standing | None:
    """The table once another process's stored move of ``seat`` is played on it; None if it
    is not legal here (this copy missed a message)."""
    before = live.state
    after = before.clone()
    try:
        after.apply(seat, action)
    except Exception:
        log.exception("a move of table %s does not follow", live.info.id)
        return None
    status: TableStatus = "finished" if after.is_over else "playing"
    waiting = waiting_after(live.info.waiting, after.to_move, seat, utcnow())
    return Standing(after, status, waiting, legal_since(before, after, seat, live.legal_since))


def written_error(live: LiveTable, move: Queued) -> Exception | None:
    """Why ``move``, answered for by the store, was not stored, if it was not."""
    failure = move.written.exception()
    if failure is None:
        if move.written.result():
            return None
        return StaleVersion(
            say("table {table_id} is not at version {ply}", table_id=live.info.id, ply=move.ply)
        )
    log.error("move %s of table %s was not stored", move.ply, live.info.id, exc_info=failure)
    return NotStored(
        say(
            "your move was not stored ({error}); nothing changed: send it again",
            error=type(failure).__name__,
        )
    )
