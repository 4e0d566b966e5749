"""The move pipeline: check, store, then apply and announce. Nothing is visible before it is
stored: the live state takes a move only once the store holds it, so GET, ``sync``, a new socket
or a restart never show a move the database lost, and a failed write changes nothing."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from potager.engine import Action, NotationError, Seat
from potager.store import StaleVersion

from .live import Connection, LiveTable
from .schemas import Act, ErrorMessage

if TYPE_CHECKING:
    from .manager import TableManager

log = logging.getLogger("potager.server")


class NotStored(RuntimeError):
    """The store could not write the move: nothing changed, it may be sent again."""


class Moves:
    def __init__(self, tables: TableManager) -> None:
        self.tables = tables

    async def act(self, live: LiveTable, connection: Connection, message: Act) -> None:
        """A seat's action, checked against the version it saw; refusals change nothing."""
        async with live.lock:
            found = self.check(live, connection, message)
            if isinstance(found, ErrorMessage):
                found.version = live.version
                connection.send(found.model_dump_json())
                return
            seat, action = found
            try:
                await self.commit(live, seat, action)
            except StaleVersion as exc:
                error = ErrorMessage(code="stale", message=str(exc), version=live.version)
                connection.send(error.model_dump_json())
            except NotStored as exc:
                error = ErrorMessage(code="unavailable", message=str(exc), version=live.version)
                connection.send(error.model_dump_json())

    def check(
        self, live: LiveTable, connection: Connection, message: Act
    ) -> tuple[Seat, Action] | ErrorMessage:
        """The seat and action ``message`` asks for, or why it is refused."""
        seat = connection.seat
        if seat is None:
            return ErrorMessage(code="forbidden", message="spectators cannot act")
        if not live.speaks_for(connection):
            return ErrorMessage(code="forbidden", message="this seat was given up")
        refusal = self._refusal(live, seat, message)
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
        n = state.game.num_actions(state.players, state.variant)
        if not (0 <= action < n and state.is_legal(seat, action)):
            return ErrorMessage(code="illegal", message=self._why(live, seat, action))
        return seat, action

    @staticmethod
    def _refusal(live: LiveTable, seat: Seat, message: Act) -> ErrorMessage | None:
        if live.info.status == "finished":
            return ErrorMessage(code="finished", message="the game is over")
        if live.info.status == "waiting":
            return ErrorMessage(code="waiting", message="waiting for every seat to be taken")
        if not live.legal_since[seat] <= message.version <= live.version:
            return ErrorMessage(
                code="stale",
                message=f"you acted on version {message.version}; the table is at "
                f"{live.version} and your options changed since {live.legal_since[seat]}",
            )
        return None

    @staticmethod
    def _why(live: LiveTable, seat: Seat, action: Action) -> str:
        state = live.state
        if seat not in state.to_move:
            return f"it is not seat {seat}'s turn"
        legal = ", ".join(state.action_to_str(a) for a in state.legal_actions(seat))
        return f"action {action} is not legal now; legal: {legal}"

    async def commit(self, live: LiveTable, seat: Seat, action: Action) -> None:
        """Store ``seat``'s legal ``action``, then make it the table's and announce it (the
        caller holds the table's lock).

        The move is played on a copy; the live state is replaced by it only after the write.
        Raises `NotStored` if the store fails (the table is as before) and `StaleVersion` if
        another writer stored this version first (the table is reloaded from the store).
        """
        tables, before = self.tables, live.state
        ply = len(before.moves)
        after = before.clone()
        after.apply(seat, action)
        status = "finished" if after.is_over else live.info.status
        try:
            await tables.db(
                tables.store.append_move,
                live.info.id,
                ply,
                seat,
                action,
                before.action_to_str(action),
                status=status,
                result=after.result().to_dict() if after.is_over else None,
            )
        except StaleVersion:
            await tables.reload(live)
            raise
        except Exception as exc:
            log.exception("move %s of table %s was not stored", ply, live.info.id)
            raise NotStored(
                f"your move was not stored ({type(exc).__name__}); nothing changed: send it again"
            ) from exc
        live.state, live.info.status = after, status
        for s in range(after.players):
            if s == seat or after.legal_actions(s) != before.legal_actions(s):
                live.legal_since[s] = ply + 1
        tables.announce.state(live)
        if status == "finished":
            tables.retire(live)
        tables.bot_turns.schedule(live)
