"""Undo at the table: a seat takes its last move back over its socket (`TakeBack`).

Whether it may is `takeback.refusal`'s test (the move is the table's last, by this seat, and it
brought nothing hidden to light) at a table whose creator allowed undo. A refusal says why and
changes nothing. Allowed, the table's actor (`potager.server.actor`) takes the move out of the
store in one transaction that checks the
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

from potager.engine import Seat, State
from potager.store.models import utcnow

from ..i18n import say
from .live import LiveTable
from .schemas import ErrorMessage
from .takeback import back as position_back
from .takeback import refusal
from .turns import waiting_after

OFF = say("undo is off at this table")


def undo_refusal(live: LiveTable, seat: Seat, version: int) -> ErrorMessage | None:
    """Why ``seat`` may not take its last move back having seen ``version``, if it may not."""
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


def rewound(live: LiveTable, ply: int) -> tuple[State, dict[Seat, datetime]]:
    """``live`` back at ``ply`` moves: its state replayed, and whom it waits on then (`turns`:
    the seat that took its move back is waited on again from now)."""
    state = position_back(live.state, len(live.state.moves) - ply, live.earlier)
    return state, waiting_after(live.info.waiting, state.to_move, None, utcnow())
