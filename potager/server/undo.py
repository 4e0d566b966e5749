"""Undo at the table (issue 16): a seat takes its last move back over its socket (`TakeBack`).

Whether it may is `takeback.refusal`'s test (the move is the table's last, by this seat, and it
brought nothing hidden to light) at a table whose creator allowed undo. A refusal says why and
changes nothing. Allowed, the move is taken out of the store in one transaction that checks the
table's version (`Store.undo_move`: a move another writer stored meanwhile wins, and a move
written for the undone version afterwards is stale), then the live state is rebuilt by replaying
the record without it, and every connection gets the whole state again (its log too: the move's
events are gone). The record never holds an undone move.

With several server processes the owner of the table takes the move back, as it stores moves
(a request sent to another process is forwarded, `cluster`); it tells the others, which rebuild
their copy the same way.

Versions are move counts, so a version number comes back after an undo. Bots check the table's
undo count too (`LiveTable.undos`) before playing what they decided; a person's move sent on the
undone position, arriving only after the same version was reached again by another move, is
checked for legality as any move is, not for the position it was chosen on (the window is an
undo and a new move while the message travels).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from potager.engine import Seat, State
from potager.store.models import utcnow

from ..i18n import say
from .live import Connection, LiveTable
from .messages import Shared
from .outcomes import Refused
from .schemas import ErrorMessage, TakeBack
from .takeback import back as position_back
from .takeback import refusal
from .turns import waiting_after

if TYPE_CHECKING:
    from .manager import TableManager

OFF = say("undo is off at this table")


class Undo:
    def __init__(self, tables: TableManager) -> None:
        self.tables = tables

    async def request(self, live: LiveTable, connection: Connection, message: TakeBack) -> None:
        """A seat asks to take its last move back, having seen ``message.version``."""
        seat, error = connection.seat, None
        if seat is None:
            error = ErrorMessage(code="forbidden", message=say("spectators cannot undo"))
        elif not live.speaks_for(connection):
            error = ErrorMessage(code="forbidden", message=say("this seat was given up"))
        else:
            digest, cluster = connection.token_digest or "", self.tables.cluster
            if live.owned or cluster is None:
                error = await self.serve(live, seat, digest, message.version)
            else:
                error = await cluster.forward_undo(live, seat, digest, message.version)
        if error is not None:
            error.version = live.version
            connection.refuse(error)

    async def serve(
        self, live: LiveTable, seat: Seat, digest: str, version: int
    ) -> ErrorMessage | None:
        """Take ``seat``'s last move back if it may (checked under the table's lock); the
        refusal, if any."""
        tables = self.tables
        async with live.settled():
            seats = live.info.seats
            if not 0 <= seat < len(seats) or seats[seat].token_hash != digest:
                return ErrorMessage(code="forbidden", message=say("this seat was given up"))
            why = self._refusal(live, seat, version)
            if why is not None:
                return why
            ply = version - 1
            back = self.rewound(live, ply)
            try:
                taken = await tables.db(tables.store.undo_move, live.info.id, ply, back[1])
            except Refused as exc:  # the database is unavailable: nothing changed
                return ErrorMessage(code="unavailable", message=str(exc))
            if not taken:
                await tables.reload(live)
                return ErrorMessage(code="stale", message=say("another seat has acted since"))
            self.rewind(live, ply, back)
        if tables.cluster is not None:
            tables.cluster.undone(live, ply)
        return None

    @staticmethod
    def _refusal(live: LiveTable, seat: Seat, version: int) -> ErrorMessage | None:
        if not live.info.undo:
            return ErrorMessage(code="forbidden", message=OFF)
        if live.info.status == "finished":
            return ErrorMessage(code="finished", message=say("the game is over"))
        if live.info.status == "waiting":
            return ErrorMessage(code="waiting", message=say("waiting for every seat to be taken"))
        if version != live.version:
            return ErrorMessage(
                code="stale",
                message=say(
                    "you asked to undo version {version}; the table is at {now}",
                    version=version,
                    now=live.version,
                ),
            )
        why = refusal(live.state, seat, live.earlier)
        return None if why is None else ErrorMessage(code="illegal", message=why)

    @staticmethod
    def rewound(live: LiveTable, ply: int) -> tuple[State, dict[Seat, datetime]]:
        """``live`` back at ``ply`` moves: its state replayed, and whom it waits on then
        (`turns`: the seat that took its move back is waited on again from now)."""
        state = position_back(live.state, len(live.state.moves) - ply, live.earlier)
        return state, waiting_after(live.info.waiting, state.to_move, None, utcnow())

    def rewind(
        self, live: LiveTable, ply: int, back: tuple[State, dict[Seat, datetime]] | None = None
    ) -> None:
        """The store holds ``ply`` moves of ``live`` now: replay them (unless ``back`` is that,
        `rewound`), tell everybody (the whole log again) and let the bots to move think afresh."""
        live.state, live.info.waiting = back or self.rewound(live, ply)
        live.earlier = tuple(s for s in live.earlier if len(s.moves) < ply)
        live.undos += 1
        live.legal_since = [ply] * live.state.players
        self.tables.clocks.moved(live, None)  # the clocks of the seats to move now run
        shared = Shared(live)
        for connection in live.connections:
            connection.send(shared.state_message(connection, reset=True))
        self.tables.bot_turns.schedule(live)

    def follow(self, live: LiveTable, ply: int) -> bool:
        """Another process took move ``ply`` back: do the same. False if this copy is not at the
        version it was taken from (a message was missed): the caller reads the table again."""
        if live.version == ply:
            return True
        if live.version != ply + 1:
            return False
        self.rewind(live, ply)
        return True
