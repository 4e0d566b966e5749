"""Undo at the table: a seat takes its last move back over its socket (`TakeBack`).

`undo_refusal` says whether it may (`takeback.refusal`'s test, at a table that allows undo);
`rewound` is the position without the move. The table's actor takes the move out of the store
in a transaction that checks the table's version, then shows everybody the whole state again;
the record never holds an undone move. Versions and the bots' undo count: docs/server-notes.md.
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
