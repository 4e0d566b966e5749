"""The move pipeline: check, store, then apply and announce. Nothing is visible before it is
stored: the live state takes a move only once the store holds it, so GET, ``sync``, a new socket
or a restart never show a move the database lost, and a failed write changes nothing. With
several server processes, the one owning the table stores (`serve`) and the others take the move
when told it is stored (`follow`)."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING

from potager.engine import Action, NotationError, Seat, State
from potager.store import MoveWrite, StaleVersion, TableStatus
from potager.store.models import utcnow

from ..i18n import say
from .live import Connection, LiveTable
from .schemas import Act, ErrorMessage
from .turns import waiting_after

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("potager.server")


class NotStored(RuntimeError):
    """The store could not write the move: nothing changed, it may be sent again."""


class Moves:
    def __init__(self, tables: TableManager) -> None:
        self.tables = tables

    async def act(self, live: LiveTable, connection: Connection, message: Act) -> None:
        """A seat's action, checked against the version it saw; refusals change nothing. The
        process that owns the table stores it; any other forwards it there (`cluster`)."""
        found = self.check(live, connection, message)
        if isinstance(found, ErrorMessage):
            error: ErrorMessage | None = found
        else:
            seat, action = found
            digest, cluster = connection.token_digest or "", self.tables.cluster
            if live.owned or cluster is None:
                error = await self.serve(live, seat, digest, message.version, action)
            else:
                error = await cluster.forward(live, seat, digest, message.version, action)
        if error is not None:
            error.version = live.version
            connection.refuse(error)

    def check(
        self, live: LiveTable, connection: Connection, message: Act
    ) -> tuple[Seat, Action] | ErrorMessage:
        """The seat and action ``message`` asks for, or why it is refused."""
        seat = connection.seat
        if seat is None:
            return ErrorMessage(code="forbidden", message=say("spectators cannot act"))
        if not live.speaks_for(connection):
            return ErrorMessage(code="forbidden", message=say("this seat was given up"))
        refusal = self._refusal(live, seat, message.version)
        if refusal is not None:
            return refusal
        state = live.state
        if message.notation is not None:
            try:
                action = state.str_to_action(seat, message.notation)
            except NotationError as exc:
                return ErrorMessage(code="illegal", message=str(exc))
        else:
            action = message.action or 0
        return self._illegal(live, seat, action) or (seat, action)

    async def serve(
        self, live: LiveTable, seat: Seat, digest: str, version: int, action: Action
    ) -> ErrorMessage | None:
        """Store ``seat``'s ``action`` sent having seen ``version`` by the holder of the token
        hashed ``digest``: checked again under the table's lock (the message may have waited
        for it, or come from another process); the refusal, if any."""
        async with live.lock:
            seats = live.info.seats
            if not 0 <= seat < len(seats):
                return ErrorMessage(code="forbidden", message=say("no seat {seat}", seat=seat))
            if seats[seat].token_hash != digest or live.info.status == "waiting":
                # Another process may have changed the seats: the store has the last word.
                await self.tables.seating.reread(live)
            if seats[seat].token_hash != digest:
                return ErrorMessage(code="forbidden", message=say("this seat was given up"))
            refusal = self._refusal(live, seat, version) or self._illegal(live, seat, action)
            if refusal is not None:
                return refusal
            try:
                self.tables.clocks.back(live, seat)  # the player's own move: the seat is theirs
                await self.commit(live, seat, action)
            except StaleVersion as exc:
                return ErrorMessage(code="stale", message=str(exc))
            except NotStored as exc:
                return ErrorMessage(code="unavailable", message=str(exc))
        return None

    @staticmethod
    def _refusal(live: LiveTable, seat: Seat, version: int) -> ErrorMessage | None:
        if live.info.status == "finished":
            return ErrorMessage(code="finished", message=say("the game is over"))
        if live.info.status == "waiting":
            return ErrorMessage(code="waiting", message=say("waiting for every seat to be taken"))
        if not live.legal_since[seat] <= version <= live.version:
            return ErrorMessage(
                code="stale",
                message=say(
                    "you acted on version {version}; the table is at {now} and your options "
                    "changed since {since}",
                    version=version,
                    now=live.version,
                    since=live.legal_since[seat],
                ),
            )
        return None

    @staticmethod
    def _illegal(live: LiveTable, seat: Seat, action: Action) -> ErrorMessage | None:
        state = live.state
        # The engine's definition of legal, which needs no range check first (a game's own
        # is_legal may index by action; resolving the variant to bound it cost 4% of a move).
        if seat in state.to_move and action in state.legal_actions(seat):
            return None
        if seat not in state.to_move:
            return ErrorMessage(
                code="illegal", message=say("it is not seat {seat}'s turn", seat=seat)
            )
        legal = ", ".join(state.action_to_str(a) for a in state.legal_actions(seat))
        return ErrorMessage(
            code="illegal",
            message=say(
                "action {action} is not legal now; legal: {legal}", action=action, legal=legal
            ),
        )

    async def commit(
        self, live: LiveTable, seat: Seat, action: Action, stand_in: bool = False
    ) -> None:
        """Store ``seat``'s legal ``action``, then make it the table's and announce it (the
        caller holds the table's lock). ``stand_in``: the table's stand-in bot made it for the
        seat's timed-out person, and the store keeps that mark (`MoveWrite.stand_in`).

        The move is played on a copy; the live state is replaced by it only after the write.
        Raises `NotStored` if the store fails (the table is as before) and `StaleVersion` if
        another writer stored this version first (the table is reloaded from the store).
        """
        tables, before = self.tables, live.state
        ply = len(before.moves)
        after = before.clone()
        after.apply(seat, action)
        status = "finished" if after.is_over else live.info.status
        waiting = waiting_after(live.info.waiting, after.to_move, seat, utcnow())
        try:
            await tables.writer.write(
                MoveWrite(
                    live.info.id,
                    ply,
                    seat,
                    action,
                    before.action_to_str(action),
                    status,
                    after.result().to_dict() if after.is_over else None,
                    waiting,
                    stand_in,
                )
            )
        except StaleVersion:
            await tables.reload(live)
            raise
        except Exception as exc:
            log.exception("move %s of table %s was not stored", ply, live.info.id)
            raise NotStored(
                say(
                    "your move was not stored ({error}); nothing changed: send it again",
                    error=type(exc).__name__,
                )
            ) from exc
        self._take(live, seat, after, status, waiting)
        if tables.cluster is not None:
            tables.cluster.stored(live, ply, seat, action)

    def follow(self, live: LiveTable, ply: int, seat: Seat, action: Action) -> bool:
        """Another process stored move ``ply``: take it. False if it does not follow from the
        state held (a message was missed): the caller reads the table again."""
        if ply < live.version:
            return True
        if ply > live.version:
            return False
        after = live.state.clone()
        try:
            after.apply(seat, action)
        except Exception:
            log.exception("move %s of table %s does not follow", ply, live.info.id)
            return False
        status: TableStatus = "finished" if after.is_over else "playing"
        waiting = waiting_after(live.info.waiting, after.to_move, seat, utcnow())
        self._take(live, seat, after, status, waiting)
        return True

    def _take(
        self,
        live: LiveTable,
        seat: Seat,
        after: State,
        status: TableStatus,
        waiting: dict[Seat, datetime],
    ) -> None:
        """A stored move becomes the table's: the seats' versions and whom it waits on since
        when (`turns`), the announcement, the bots."""
        tables, before = self.tables, live.state
        live.state, live.info.status, live.info.waiting = after, status, waiting
        live.earlier = (*live.earlier[-1:], before)
        for s in range(after.players):
            if s == seat or after.legal_actions(s) != before.legal_actions(s):
                live.legal_since[s] = len(after.moves)
        tables.clocks.moved(live, seat)
        tables.announce.state(live)
        if status == "finished":
            tables.retire(live)
        tables.bot_turns.schedule(live)
