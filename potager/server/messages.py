"""What the server says about a table: its summary, and the state and presence messages each
connection gets. Pure functions of a `LiveTable` (or, for a table not held in memory, of its
stored `TableInfo`); the seat's view comes from the engine."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from potager import games
from potager.engine import Seat
from potager.store import SeatInfo, TableInfo

from .live import Connection, LiveTable
from .schemas import (
    LegalAction,
    PresenceMessage,
    ResultModel,
    SeatPublic,
    StateMessage,
    TableSummary,
)
from .takeback import offered


def open_seats(live: LiveTable) -> list[Seat]:
    return _open_seats(live.info)


def _open_seats(info: TableInfo) -> list[Seat]:
    return [s.seat for s in info.seats if s.kind == "human" and not s.taken]


def seat_public(seat: SeatInfo, connected: bool, clock: dict[str, Any]) -> SeatPublic:
    return SeatPublic(
        seat=seat.seat,
        kind=seat.kind,
        level=seat.level,
        name=seat.name,
        taken=seat.taken,
        connected=seat.kind == "bot" or connected,
        rating=None if seat.rating is None else round(seat.rating, 2),
        **clock,
    )


def seats_public(live: LiveTable) -> list[SeatPublic]:
    clock = live.clock
    return [
        seat_public(s, live.connected(s.seat), clock.public(s.seat) if clock is not None else {})
        for s in live.info.seats
    ]


def result(live: LiveTable) -> ResultModel | None:
    if not live.state.is_over:
        return None
    return ResultModel(**live.state.result().to_dict())


def summary(live: LiveTable) -> TableSummary:
    return _summary(
        live.info,
        live.state.game.title,
        live.version,
        list(live.state.to_move),
        seats_public(live),
        live.spectators,
        result(live),
    )


def stored_summary(info: TableInfo) -> TableSummary:
    """The summary of a table this process does not hold, from its stored row alone: no record
    read, no replay (issue 13: the lobby of each of several processes used to load every table
    it listed, then follow all their moves). Whom it waits on is the stored list of seats waited
    on; who is connected (a bot always is), watching, and the seats' clocks are not known here:
    nobody, none, none. `ValueError` or `ModuleNotFoundError` if its game is unknown here."""
    return _summary(
        info,
        games.get(info.game).title,
        info.version,
        sorted(info.waiting),
        [seat_public(s, False, {}) for s in info.seats],
        0,
        None if info.result is None else ResultModel(**info.result),
    )


def _summary(
    info: TableInfo,
    title: str,
    version: int,
    to_move: list[Seat],
    seats: list[SeatPublic],
    spectators: int,
    result: ResultModel | None,
) -> TableSummary:
    return TableSummary(
        id=info.id,
        game=info.game,
        title=title,
        players=info.players,
        variant=info.variant,
        status=info.status,
        version=version,
        to_move=to_move,
        seats=seats,
        open_seats=_open_seats(info),
        spectators=spectators,
        result=result,
        rematch_of=info.rematch_of,
        rematch_id=info.rematch_id,
        created_at=info.created_at,
        updated_at=info.updated_at,
        hints=info.hints,
        chat=info.chat,
        undo=info.undo,
        rated=info.rated,
        speed=info.speed,
        stand_in=info.stand_in,
        ending=info.ending,
    )


@dataclass
class Shared:
    """What one update tells every connection, computed once: the seats, the result, and per
    seat (``None``: spectators) and first event its message text, so that a thousand spectators
    cost one view and one serialisation."""

    live: LiveTable
    seats: list[SeatPublic] = field(init=False)
    result: ResultModel | None = field(init=False)
    texts: dict[tuple[Seat | None, int, bool], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seats, self.result = seats_public(self.live), result(self.live)

    def state_message(self, connection: Connection, reset: bool) -> str:
        """The table as ``connection``'s seat sees it, with the log it has not been offered."""
        live, seat = self.live, connection.seat
        start = 0 if reset else connection.events_sent
        connection.events_sent = len(live.state.events)
        key = (seat, start, reset)
        if key not in self.texts:
            self.texts[key] = self._render(seat, start, reset)
        return self.texts[key]

    def _render(self, seat: Seat | None, start: int, reset: bool) -> str:
        live = self.live
        state = live.state
        legal: list[LegalAction] = []
        if seat is not None and live.info.status == "playing":
            legal = [
                LegalAction(action=a, notation=state.action_to_str(a), label=state.action_label(a))
                for a in state.legal_actions(seat)
            ]
        return StateMessage(
            table_id=live.info.id,
            game=live.info.game,
            seat=seat,
            version=live.version,
            last_mover=state.moves[-1][0] if state.moves else None,
            status=live.info.status,
            to_move=list(state.to_move),
            view=state.view(seat),
            legal=legal,
            undo=bool(state.moves) and state.moves[-1][0] == seat and offered(live) == seat,
            events=state.events_for(seat, start),
            log_reset=reset,
            seats=self.seats,
            spectators=live.spectators,
            result=self.result,
            rematch_id=live.info.rematch_id,
            speed=live.info.speed,
            now=live.clock.now() if live.clock is not None else time.time(),
            ending=live.info.ending,
        ).model_dump_json()


def presence_message(live: LiveTable) -> str:
    return PresenceMessage(seats=seats_public(live), spectators=live.spectators).model_dump_json()
