"""`Store`: the only code that talks to the database. Synchronous; the server calls it from a
worker thread so that the event loop never waits on a disk."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload, sessionmaker

from potager.engine import GameRecord

from .models import (
    AnalysisRow,
    AnalysisStatus,
    ChatRow,
    MoveRow,
    SeatKind,
    SeatRow,
    TableRow,
    TableStatus,
    utcnow,
)
from .players import name_key, rate_finished, seat_players

DEFAULT_URL = "sqlite:///potager.db"
MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATING = 0x706F7461
"""The PostgreSQL advisory lock a migration holds ("pota")."""


def database_url() -> str:
    """``POTAGER_DATABASE_URL`` or the embedded default, ``sqlite:///potager.db``."""
    return os.environ.get("POTAGER_DATABASE_URL") or DEFAULT_URL


class StaleVersion(ValueError):
    """A move written for a version the table has already passed (another writer was first)."""


class NameTaken(ValueError):
    """Another seat of the table has this name (the database's own check: two server processes
    naming two seats at the same instant cannot both succeed)."""


@dataclass
class SeatInfo:
    seat: int
    kind: SeatKind
    level: str | None = None
    name: str = ""
    token_hash: str | None = None
    taken: bool = False
    player_id: str | None = None
    """The identity of the player who took the seat (`potager.store.players`), if known."""
    rating: float | None = None
    """That player's rating (μ − 3σ) in the table's game when read; None: not rated yet."""
    bot_player: bool = False
    """That player is marked a bot: a program plays the seat."""
    rating_change: tuple[float, float] | None = None
    """What the table's end did to that player's rating (μ − 3σ before and after it); None
    while it is not rated (or never will be)."""


@dataclass
class TableInfo:
    id: str
    game: str
    players: int
    variant: dict[str, Any]
    seed: int
    deck: list[str] | None = None
    status: TableStatus = "waiting"
    version: int = 0
    result: dict[str, Any] | None = None
    rematch_of: str | None = None
    rematch_id: str | None = None
    seats: list[SeatInfo] = field(default_factory=list)
    created_at: datetime | None = None
    updated_at: datetime | None = None
    hints: bool = False
    speed: str = "none"
    """The clock's speed (`potager.server.speeds.SPEEDS`)."""
    stand_in: str | None = None
    """The bot level that plays for a seat whose time ran out."""
    ending: dict[str, Any] | None = None
    """How a finished game ended without being played out (None: played to its end)."""
    rated: bool = False
    """Its end moves its players' ratings (people only, each with an identity)."""
    chat: bool = True
    """The seated players may chat."""
    undo: bool = True
    """A seat may take its last move back while nobody has acted since."""
    waiting: dict[int, datetime] = field(default_factory=dict)
    """The seats the game waits on and since when (naive UTC); empty unless it is played."""
    params: dict[str, Any] = field(default_factory=dict)
    """The rule parameters changed from the rulebook's (`Game.tuned`): a custom table's."""


@dataclass
class MoveWrite:
    """One move to append to a table's log, and the table's status and result after it."""

    table_id: str
    ply: int
    seat: int
    action: int
    notation: str
    status: TableStatus
    result: dict[str, Any] | None = None
    waiting: dict[int, datetime] | None = None
    """The seats the game waits on after the move, and since when (None: left as it was)."""
    stand_in: bool = False
    """Made by the table's stand-in bot for a timed-out person (`MoveRow.stand_in`)."""


@dataclass(frozen=True)
class ChatLine:
    """A line of a table's chat: ``id`` orders the lines, ``ply`` is the table's version when
    it was said."""

    id: int
    seat: int
    ply: int
    text: str
    at: datetime


@dataclass
class AnalysisInfo:
    table_id: str
    evaluator: str
    seed: int
    status: AnalysisStatus
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    error: str | None = None


def _table_info(row: TableRow) -> TableInfo:
    return TableInfo(
        row.id,
        row.game,
        row.players,
        dict(row.variant),
        row.seed,
        None if row.deck is None else list(row.deck),
        row.status,
        row.version,
        row.result,
        row.rematch_of,
        row.rematch_id,
        [
            SeatInfo(s.seat, s.kind, s.level, s.name, s.token_hash, s.taken, s.player_id)
            for s in row.seats
        ],
        row.created_at,
        row.updated_at,
        row.hints,
        speed=row.speed,
        waiting=waiting_of(row.waiting),
        stand_in=row.stand_in,
        ending=row.ending,
        rated=row.rated,
        chat=row.chat,
        undo=row.undo,
        params=table_params(row.params),
    )


def _seat_key(kind: str, name: str) -> str | None:
    """``seats.name_key``: a person's name as compared at a table (None: no name, or a bot's,
    fixed at creation and free to repeat)."""
    return (name_key(name) or None) if kind == "human" else None


def waiting_json(waiting: dict[int, datetime]) -> dict[str, str]:
    """`TableInfo.waiting` as the ``tables.waiting`` column holds it (JSON: text keys)."""
    return {str(seat): since.isoformat() for seat, since in waiting.items()}


def waiting_of(stored: dict[str, str] | None) -> dict[int, datetime]:
    return {int(seat): datetime.fromisoformat(since) for seat, since in (stored or {}).items()}


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL: readers never wait for the writer, and a committed move survives a killed process.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class _Behind(Exception):
    """A table of a group of moves was not at its move's version."""


_TABLES = cast(Table, TableRow.__table__)
_SEATS = cast(Table, SeatRow.__table__)
_MOVES = cast(Table, MoveRow.__table__)
ADVANCE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("table"), _TABLES.c.version == bindparam("ply"))
    .values(
        version=bindparam("next"),
        status=bindparam("new_status"),
        result=bindparam("new_result"),
        updated_at=bindparam("at"),
    )
)
"""A table's version, status and result after one move, if it is at the move's version."""
ADVANCE_WAITING = ADVANCE.values(waiting=bindparam("new_waiting"))
"""`ADVANCE`, and whom the table waits on after the move."""


def _params_json(params: dict[str, Any]) -> dict[str, Any] | None:
    """Rule parameters as the ``params`` column keeps them: a table as a list, none as null."""
    if not params:
        return None
    return {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}


def table_params(stored: dict[str, Any] | None) -> dict[str, Any]:
    """The ``params`` column as a game takes them: a list as a tuple, null as none."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in (stored or {}).items()}


def insert_table(connection: Connection, table: TableInfo) -> None:
    """Insert a new table and its seats in ``connection``'s transaction (Core statements: the
    ORM's unit of work cost a table's set-up more than the rest of its writes at 500 tables)."""
    row = {
        "id": table.id,
        "game": table.game,
        "players": table.players,
        "variant": table.variant,
        "params": _params_json(table.params),
        "seed": table.seed,
        "deck": table.deck,
        "status": table.status,
        "version": 0,
        "rematch_of": table.rematch_of,
        "hints": table.hints,
        "chat": table.chat,
        "undo": table.undo,
        "rated": table.rated,
        "speed": table.speed,
        "stand_in": table.stand_in,
        "waiting": waiting_json(table.waiting),
    }
    seats = [
        {
            "table_id": table.id,
            "seat": s.seat,
            "kind": s.kind,
            "level": s.level,
            "name": s.name,
            "token_hash": s.token_hash,
            "taken": s.taken,
            "player_id": s.player_id,
            "name_key": _seat_key(s.kind, s.name),
        }
        for s in table.seats
    ]
    connection.execute(insert(_TABLES), row)
    connection.execute(insert(_SEATS), seats)


class Store:
    """Tables, seats and moves in one database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or database_url()
        # A server's connection may be dropped (restarted, timed out): each is tested before
        # use. A SQLite file's is not: it cannot drop, and the ping weighs on a table's set-up.
        self.engine: Engine = create_engine(
            self.url, pool_pre_ping=not self.url.startswith("sqlite")
        )
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    def upgrade(self) -> None:
        """Bring the database to the newest Alembic migrations (creating it from nothing).

        ``heads``, not ``head``: features built side by side may add their migrations as
        branches from one parent (as four did, joined by 0005), and every branch is
        applied until a merge revision joins them.
        """
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                # Several server processes may start at once: one migrates, the others wait.
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATING})
            config.attributes["connection"] = connection
            command.upgrade(config, "heads")

    def close(self) -> None:
        self.engine.dispose()

    # -- tables --------------------------------------------------------------------------------
    def create_table(self, table: TableInfo) -> None:
        """Store a new table and its seats (one transaction)."""
        with self.engine.begin() as connection:
            insert_table(connection, table)

    def table(self, table_id: str) -> TableInfo | None:
        with self._session() as session:
            row = session.get(TableRow, table_id, options=[selectinload(TableRow.seats)])
            return None if row is None else seat_players(session, [_table_info(row)])[0]

    def tables(self, statuses: tuple[str, ...], limit: int = 100) -> list[TableInfo]:
        """Tables in one of ``statuses``, the most recently active first."""
        with self._session() as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.status.in_(statuses))
                .options(selectinload(TableRow.seats))
                .order_by(TableRow.updated_at.desc(), TableRow.id)
                .limit(limit)
            )
            return seat_players(session, [_table_info(r) for r in rows])

    def tables_by_id(self, table_ids: list[str]) -> list[TableInfo]:
        """The tables of ``table_ids`` that exist, with their seats, in one query."""
        with self._session() as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.id.in_(table_ids))
                .options(selectinload(TableRow.seats))
            )
            return [_table_info(r) for r in rows]

    def unfinished_ids(self) -> list[str]:
        """The ids of every table waiting or playing (the tables a server process may own)."""
        with self._session() as session:
            found = session.scalars(
                select(TableRow.id).where(TableRow.status.in_(("waiting", "playing")))
            )
            return list(found)

    def versions(self, table_ids: list[str]) -> dict[str, int]:
        """The stored version of each of ``table_ids`` that exists (a query per 500 ids)."""
        found: dict[str, int] = {}
        with self._session() as session:
            for start in range(0, len(table_ids), 500):
                chunk = table_ids[start : start + 500]
                rows = session.execute(
                    select(TableRow.id, TableRow.version).where(TableRow.id.in_(chunk))
                )
                found.update({table_id: version for table_id, version in rows})
        return found

    def set_status(
        self, table_id: str, status: TableStatus, waiting: dict[int, datetime] | None = None
    ) -> None:
        """Set the table's status (and the seats it waits on from now, if given)."""
        values: dict[str, Any] = {"status": status, "updated_at": utcnow()}
        if waiting is not None:
            values["waiting"] = waiting_json(waiting)
        with self.engine.begin() as connection:
            connection.execute(update(_TABLES).where(_TABLES.c.id == table_id).values(**values))

    def set_rematch(self, table_id: str, rematch_id: str) -> str:
        """Link ``table_id`` to its rematch unless it has one already; return the one it has."""
        with self._session.begin() as session:
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.rematch_id.is_(None))
                .values(rematch_id=rematch_id)
            )
            current = session.scalar(select(TableRow.rematch_id).where(TableRow.id == table_id))
            assert current is not None
            return current

    # -- seats ---------------------------------------------------------------------------------
    def update_seat(
        self,
        table_id: str,
        seat: int,
        *,
        token_hash: str | None,
        taken: bool,
        name: str,
        player_id: str | None = None,
        if_open: bool = False,
        if_token: str | None = None,
    ) -> bool:
        """Set a human seat's holder (and the player it is, if known); with ``if_open`` only if
        nobody has taken it, with ``if_token`` only if that is still its token's hash. Whether
        it was set: one seat, one grant, even when several server processes are asked at once.
        Raises `NameTaken` if another seat of the table has ``name`` (nothing changes)."""
        columns = _SEATS.c
        condition = [columns.table_id == table_id, columns.seat == seat]
        if if_open:
            condition.append(columns.taken.is_(False))
        if if_token is not None:
            condition.append(columns.token_hash == if_token)
        values = {
            "token_hash": token_hash,
            "taken": taken,
            "name": name,
            "name_key": _seat_key("human", name),
            "player_id": player_id,
        }
        try:
            with self.engine.begin() as connection:
                done = connection.execute(update(_SEATS).where(*condition).values(**values))
                return done.rowcount == 1
        except IntegrityError:
            raise NameTaken(f'the name "{name.strip()}" is already taken at this table') from None

    # -- the action log ------------------------------------------------------------------------
    def append_move(
        self,
        table_id: str,
        ply: int,
        seat: int,
        action: int,
        notation: str,
        *,
        status: TableStatus,
        result: dict[str, Any] | None = None,
    ) -> None:
        """Write move number ``ply`` and the table's new version in one transaction.

        Raises `StaleVersion` if the table is not at version ``ply`` (another writer was first).
        """
        move = MoveWrite(table_id, ply, seat, action, notation, status, result)
        if not self.append_moves([move])[0]:
            raise StaleVersion(f"table {table_id} is not at version {ply}")

    def append_moves(self, moves: list[MoveWrite]) -> list[bool]:
        """Write several tables' next moves in one transaction (a group commit: one commit, one
        flush to disk, for every table that had a move waiting); per move, whether it was
        written (False: its table was not at its version, another writer was first). Raises
        if the transaction fails: then none was written.

        The group is written with one statement per kind of row, each executed for every move
        at once (built and run move by move, the statements cost the server more
        than the rest of the move together). A table behind or ahead of its move's version
        undoes the whole group, which is then written move by move so that the others go in
        (a table's moves in order: once one is not written, neither is any later one of it).
        """
        if not moves:
            return []
        try:
            with self.engine.begin() as connection:
                self._append(connection, moves)
            return [True] * len(moves)
        except (_Behind, IntegrityError):
            if len(moves) == 1:
                return [False]
        written, behind = [], set()
        for move in moves:  # a table's later moves were played on its earlier ones
            written.append(move.table_id not in behind and self.append_moves([move])[0])
            if not written[-1]:
                behind.add(move.table_id)
        return written

    @staticmethod
    def _append(connection: Connection, moves: list[MoveWrite]) -> None:
        """Advance each move's table, then insert the moves; `_Behind` if a table was not at its
        move's version (the caller's transaction is undone)."""
        now = utcnow()
        advanced = 0
        for statement, group in (
            (ADVANCE_WAITING, [m for m in moves if m.waiting is not None]),
            (ADVANCE, [m for m in moves if m.waiting is None]),
        ):
            if group:
                rows = [
                    {
                        "table": m.table_id,
                        "ply": m.ply,
                        "next": m.ply + 1,
                        "new_status": m.status,
                        "new_result": m.result,
                        "at": now,
                    }
                    for m in group
                ]
                if statement is ADVANCE_WAITING:
                    for row, m in zip(rows, group, strict=True):
                        row["new_waiting"] = waiting_json(m.waiting or {})
                advanced += connection.execute(statement, rows).rowcount
        if advanced != len(moves):
            raise _Behind
        connection.execute(
            insert(_MOVES),
            [
                {
                    "table_id": m.table_id,
                    "ply": m.ply,
                    "seat": m.seat,
                    "action": m.action,
                    "notation": m.notation,
                    "at": now,
                    "stand_in": m.stand_in,
                }
                for m in moves
            ],
        )
        for move in moves:
            if move.status == "finished" and move.result is not None:
                rate_finished(connection, move.table_id, move.result)

    def moves(self, table_id: str) -> list[tuple[int, int]]:
        with self._session() as session:
            rows = session.execute(
                select(MoveRow.seat, MoveRow.action)
                .where(MoveRow.table_id == table_id)
                .order_by(MoveRow.ply)
            )
            return [(seat, action) for seat, action in rows]

    def played(self, table_id: str) -> tuple[list[tuple[int, int]], list[int]]:
        """The table's moves (`moves`) and the plies of those its stand-in bot made
        (`stand_in_moves`), in one query: what a table held in memory is rebuilt from."""
        with self._session() as session:
            rows = session.execute(
                select(MoveRow.seat, MoveRow.action, MoveRow.stand_in)
                .where(MoveRow.table_id == table_id)
                .order_by(MoveRow.ply)
            )
            found = list(rows)
        moves = [(seat, action) for seat, action, _ in found]
        return moves, [ply for ply, (_, _, stand_in) in enumerate(found) if stand_in]

    def stand_in_moves(self, table_id: str) -> list[int]:
        """The plies, ascending, of the moves the table's stand-in bot made for a timed-out
        person (`GameRecord.stand_in_moves`)."""
        with self._session() as session:
            rows = session.execute(
                select(MoveRow.ply)
                .where(MoveRow.table_id == table_id, MoveRow.stand_in)
                .order_by(MoveRow.ply)
            )
            return [ply for (ply,) in rows]

    def record(self, table: TableInfo) -> GameRecord:
        """The table's game record: what `potager.games.replay` rebuilds it from (by the moves'
        notation, which the log keeps beside their indices), and which of its moves a stand-in
        bot made."""
        with self._session() as session:
            rows = session.execute(
                select(MoveRow.seat, MoveRow.action, MoveRow.notation)
                .where(MoveRow.table_id == table.id)
                .order_by(MoveRow.ply)
            )
            found = list(rows)
        return GameRecord(
            table.game,
            table.players,
            dict(table.variant),
            table.seed,
            table.deck,
            [(seat, action) for seat, action, _ in found],
            stand_in_moves=self.stand_in_moves(table.id),
            notation=[notation for _, _, notation in found],
            params=dict(table.params),
        )

    def undo_move(
        self, table_id: str, ply: int, waiting: dict[int, datetime] | None = None
    ) -> bool:
        """Delete move ``ply``, the table's last, and bring the table back to version ``ply`` in
        one transaction, only if the table is still at version ``ply + 1`` and in play (undo):
        a move another writer stored meanwhile makes it refuse (False), and a move written for
        version ``ply + 1`` after it fails as stale. The log stays append-only
        otherwise: nothing but the last move is ever taken out. ``waiting``: whom the table
        waits on then, and since when (`TableInfo.waiting`)."""
        values: dict[str, Any] = {"version": ply, "updated_at": utcnow()}
        if waiting is not None:
            values["waiting"] = waiting_json(waiting)
        with self.engine.begin() as connection:
            done = connection.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    TableRow.version == ply + 1,
                    TableRow.status == "playing",
                )
                .values(**values)
            )
            if done.rowcount != 1:
                return False
            connection.execute(
                delete(MoveRow).where(MoveRow.table_id == table_id, MoveRow.ply == ply)
            )
            return True

    # -- chat ----------------------------------------------------------------------------------
    def add_chat(self, table_id: str, seat: int, ply: int, text: str) -> ChatLine:
        """Keep a line of the table's chat, said by ``seat`` at version ``ply``."""
        with self._session.begin() as session:
            row = ChatRow(table_id=table_id, seat=seat, ply=ply, text=text, at=utcnow())
            session.add(row)
            session.flush()
            return ChatLine(row.id, row.seat, row.ply, row.text, row.at)

    def chat(self, table_id: str) -> list[ChatLine]:
        """The table's chat, in the order it was said."""
        with self._session() as session:
            rows = session.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id)
            )
            return [ChatLine(r.id, r.seat, r.ply, r.text, r.at) for r in rows]

    # -- analyses ------------------------------------------------------------------------------
    def start_analysis(self, info: AnalysisInfo) -> None:
        """Record that ``info``'s analysis runs (replacing an earlier one of the table)."""
        with self._session.begin() as session:
            row = session.get(AnalysisRow, info.table_id)
            if row is None:
                row = AnalysisRow(table_id=info.table_id)
                session.add(row)
            row.evaluator, row.seed, row.status = info.evaluator, info.seed, info.status
            row.done, row.total, row.result, row.error = info.done, info.total, None, None
            row.created_at = row.updated_at = utcnow()

    def update_analysis(
        self,
        table_id: str,
        *,
        done: int,
        status: AnalysisStatus = "running",
        result: dict[str, Any] | None = None,
        error: str | None = None,
    ) -> None:
        with self._session.begin() as session:
            session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.table_id == table_id)
                .values(done=done, status=status, result=result, error=error, updated_at=utcnow())
            )

    def analysis(self, table_id: str) -> AnalysisInfo | None:
        with self._session() as session:
            row = session.get(AnalysisRow, table_id)
            if row is None:
                return None
            return AnalysisInfo(
                row.table_id,
                row.evaluator,
                row.seed,
                row.status,
                row.done,
                row.total,
                row.result,
                row.error,
            )
