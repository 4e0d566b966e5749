"""What the server says about a table: its summary, and the state and presence messages each
connection gets. Pure functions of a `LiveTable` (or, for a table not held in memory, of its
stored `TableInfo`); the seat's view comes from the engine.

The state message, sent to every seat after every move, is the hot path of a busy server:
it is written from plain data with orjson, the parts every seat shares serialised once,
instead of through the `StateMessage` model, whose validating and serialising weighed on the
event loop's rendering (docs/server-load.md). `StateMessage` stays its schema: a test holds the
text to parse to what the model makes of the same table (`tests/server/test_messages.py`).
"""

from __future__ import annotations

import time
from typing import Any

import orjson

from potager import games
from potager.engine import Seat
from potager.store import SeatInfo, TableInfo
from potager.store.players import rated_together

from .live import Connection, LiveTable
from .schemas import PresenceMessage, ResultModel, SeatPublic, TableSummary
from .takeback import offered


def open_seats(live: LiveTable) -> list[Seat]:
    return _open_seats(live.info)


def _open_seats(info: TableInfo) -> list[Seat]:
    return [s.seat for s in info.seats if s.kind == "human" and not s.taken]


def rated(info: TableInfo) -> bool:
    """Whether ``info``'s end will move its players' ratings, as far as its seats tell now:
    it was created rated, and every seat taken so far is held by a different player
    with an identity, all people or all bots, the only games
    `potager.store.players.rate_finished` rates (an open seat may still be taken by one). The
    page shows its "rated" badge by it."""
    taken = [s for s in info.seats if s.taken]
    players = [s.player_id for s in taken]
    return (
        info.rated
        and None not in players
        and len(set(players)) == len(players)
        and rated_together([s.bot_player for s in taken])
    )


def seat_fields(seat: SeatInfo, connected: bool, clock: dict[str, Any]) -> dict[str, Any]:
    """Every field of ``seat``'s `SeatPublic`, in its order, as plain data (``clock``: the
    clock's fields, `TableClock.public`; none: the model's defaults)."""
    return {
        "seat": seat.seat,
        "kind": seat.kind,
        "level": seat.level,
        "name": seat.name,
        "taken": seat.taken,
        "connected": seat.kind == "bot" or connected,
        "rating": None if seat.rating is None else round(seat.rating, 2),
        "bot_player": seat.bot_player,
        "player": seat.player_id,
        "rating_change": rating_change(seat.rating_change),
        "deadline": None,
        "stand_in": False,
        "absent": False,
        **clock,
    }


def rating_change(change: tuple[float, float] | None) -> dict[str, float] | None:
    """A `SeatRatingChange`'s fields: the ratings before and after, as a seat's rating is shown."""
    return None if change is None else {"before": round(change[0], 2), "after": round(change[1], 2)}


def seat_public(seat: SeatInfo, connected: bool, clock: dict[str, Any]) -> SeatPublic:
    return SeatPublic(**seat_fields(seat, connected, clock))


def _seats_fields(live: LiveTable) -> list[dict[str, Any]]:
    clock, connected = live.clock, live.connected_seats()
    return [
        seat_fields(s, s.seat in connected, clock.public(s.seat) if clock is not None else {})
        for s in live.info.seats
    ]


def seats_public(live: LiveTable) -> list[SeatPublic]:
    return [SeatPublic(**fields) for fields in _seats_fields(live)]


def _result_fields(live: LiveTable) -> dict[str, Any] | None:
    """`ResultModel`'s fields as plain data (its scores are floats), or ``None`` before the end."""
    if not live.state.is_over:
        return None
    fields = live.state.result().to_dict()
    return {**fields, "scores": [float(score) for score in fields["scores"]]}


def result(live: LiveTable) -> ResultModel | None:
    fields = _result_fields(live)
    return None if fields is None else ResultModel(**fields)


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
    read, no replay (the lobby of each of several processes would otherwise load every table it
    listed, then follow all their moves). Whom it waits on is the stored list of seats waited
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
        params={k: list(v) if isinstance(v, tuple) else v for k, v in info.params.items()},
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
        rated=rated(info),
        speed=info.speed,
        stand_in=info.stand_in,
        ending=info.ending,
    )


def _json(data: Any) -> bytes:
    """``data`` as compact JSON, as pydantic writes it (keys that are not strings become
    strings)."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)


class Shared:
    """What one update tells every connection, computed once: what every seat's state message
    has in common (the seats, the result, the time: serialised once), and per seat (``None``:
    spectators) and first event its message text, so that a thousand spectators cost one view
    and one serialisation. (A plain class: mypyc compiles its ``__init__``, where a dataclass's
    stays interpreted.)"""

    def __init__(self, live: LiveTable) -> None:
        self.live = live
        self.texts: dict[tuple[Seat | None, int, bool], str] = {}
        info, state = live.info, live.state
        self._common: dict[str, Any] = {
            "last_mover": state.moves[-1][0] if state.moves else None,
            "last_action": state.moves[-1][1] if state.moves else None,
            "last_stand_in": len(state.moves) - 1 in live.stand_ins,
            "to_move": orjson.Fragment(_json(list(state.to_move))),
            "seats": orjson.Fragment(_json(_seats_fields(live))),
            "spectators": live.spectators,
            "result": orjson.Fragment(_json(_result_fields(live))),
            "rematch_id": info.rematch_id,
            "speed": info.speed,
            "now": float(live.clock.now() if live.clock is not None else time.time()),
            "ending": orjson.Fragment(_json(info.ending)),
        }

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
        """A `StateMessage`'s text: its fields in its order, the seat's own from its view."""
        live, common = self.live, self._common
        info, state = live.info, live.state
        legal: list[dict[str, Any]] = []
        if seat is not None and info.status == "playing":
            legal = [
                {"action": a, "notation": state.action_to_str(a), "label": state.action_label(a)}
                for a in state.legal_actions(seat)
            ]
        last_mover = common["last_mover"]
        mine = seat is not None and last_mover == seat
        message = {
            "type": "state",
            "table_id": info.id,
            "game": info.game,
            "seat": seat,
            "version": live.version,
            "last_mover": last_mover,
            "last_action": common["last_action"] if mine else None,
            "last_stand_in": common["last_stand_in"],
            "status": info.status,
            "to_move": common["to_move"],
            "view": state.view(seat),
            "legal": legal,
            "undo": mine and offered(live) == seat,
            "events": state.events_for(seat, start),
            "log_reset": reset,
            "seats": common["seats"],
            "spectators": common["spectators"],
            "result": common["result"],
            "rematch_id": common["rematch_id"],
            "speed": common["speed"],
            "now": common["now"],
            "ending": common["ending"],
        }
        return _json(message).decode()


def presence_message(live: LiveTable) -> str:
    return PresenceMessage(
        seats=seats_public(live), spectators=live.spectators, rated=rated(live.info)
    ).model_dump_json()
