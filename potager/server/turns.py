"""Whose turn it is across tables (a "your turn" list for slow play): ``POST /api/turns`` takes
the seats a browser holds (or a player token) and answers with those a table waits on now, the
longest waiting first, the tables whose game is over, and the player's seats at tables not
finished (``yours``). A seat the asker does not hold is left out, saying nothing about it. Each
turn names the table's seats and says what the seat is to do (`doing`). The tables held here
answer from memory, the others from the store in one query. More: docs/server-notes.md.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any

from potager import games
from potager.engine import Seat
from potager.store import Store, TableInfo
from potager.store.models import utcnow
from potager.store.players import Players

from .doing import doing
from .live import LiveTable, holds
from .schemas import TURN_SEATS, HeldSeat, SeatLabel, Turn, Turns, TurnsRequest


def waiting_after(
    waiting: dict[Seat, datetime], to_move: Iterable[Seat], mover: Seat | None, now: datetime
) -> dict[Seat, datetime]:
    """The seats waited on once ``mover`` has moved (``None``: the game starts) and ``to_move``
    are to move: a seat already waited on that did not move keeps its time (everyone bidding at
    once: the seats still to bid wait since the round began); any other waits from ``now``."""
    return {s: waiting[s] if s in waiting and s != mover else now for s in to_move}


def _title(game: str) -> str:
    try:
        return games.get(game).title
    except (ValueError, ModuleNotFoundError):
        return game


def turn(
    info: TableInfo, seat: Seat, now: datetime, phase: str | None = None, lang: str = "en"
) -> Turn | None:
    """``seat``'s turn at ``info``, or ``None`` if it is not its turn; ``phase``: the game's
    phase (None: not known), said in ``lang``."""
    since = info.waiting.get(seat)
    if info.status != "playing" or since is None:
        return None
    return Turn(
        table_id=info.id,
        game=info.game,
        title=_title(info.game),
        seat=seat,
        since=since.replace(tzinfo=UTC),
        waited=max(0.0, (now - since).total_seconds()),
        seats=[SeatLabel(kind=s.kind, level=s.level, name=s.name) for s in info.seats],
        phase=phase,
        doing=doing(info.game, phase, lang),
    )


def phase(live: LiveTable | None, seat: Seat) -> str | None:
    """The game's phase at ``live`` as ``seat`` sees it (None: not held here, or its game's
    views name none)."""
    if live is None or live.info.status != "playing":
        return None
    found = live.state.view(seat).get("phase")
    return found if isinstance(found, str) else None


def players_seats(info: TableInfo, player: str) -> list[Seat]:
    """The seats of ``info`` that ``player`` holds now."""
    return [
        s.seat for s in info.seats if s.player_id == player and s.taken and s.token_hash is not None
    ]


async def turns(
    request: TurnsRequest,
    player: str | None,
    held: Mapping[str, LiveTable],
    store: Store,
    db: Callable[..., Awaitable[Any]],
    lang: str = "en",
) -> Turns:
    """The tables that wait on the seats asked about or held by ``player``, the longest waiting
    first, those of them whose game is over, and ``player``'s seats at tables not finished;
    ``held``: the unfinished tables in memory, the others are read from ``store``; what each
    seat is to do said in ``lang``."""
    mine: list[str] = []
    if player is not None:
        mine = await db(Players(store).seated_at, player, TURN_SEATS)
    wanted = {asked.table for asked in request.seats} | set(mine)
    found = {t: held[t].info for t in wanted if t in held}
    if wanted - found.keys():
        # Finished tables, and with several processes those another owns and none watches here.
        stored = await db(store.tables_by_id, sorted(wanted - found.keys()))
        found.update((info.id, info) for info in stored)
    seats = {
        (asked.table, asked.seat): info
        for asked in request.seats
        if (info := found.get(asked.table)) is not None and holds(info, asked.seat, asked.token)
    }
    yours = []
    for table in mine:
        if (info := found.get(table)) is not None and player is not None:
            for seat in players_seats(info, player):
                seats[table, seat] = info
                if info.status != "finished":
                    yours.append(
                        HeldSeat(
                            table_id=table,
                            game=info.game,
                            title=_title(info.game),
                            seat=seat,
                            status=info.status,
                        )
                    )
    now = utcnow()
    waiting = [
        found_turn
        for (table, seat), info in seats.items()
        if (found_turn := turn(info, seat, now, phase(held.get(table), seat), lang))
    ]
    over = {table for (table, _), info in seats.items() if info.status == "finished"}
    return Turns(
        waiting=sorted(waiting, key=lambda t: (t.since, t.table_id, t.seat)),
        over=sorted(over),
        yours=yours,
    )
