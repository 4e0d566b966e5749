"""The quick match's queue in the store: the players waiting for a game, a player count and a
clock, each until a table seats them.

One row per player (its primary key: one entry each). A waiting entry holds the hash of the
secret its browser was given, which becomes its seat's token, so that no seat token is kept in
the clear. A match is stored in one transaction (`Queue.seat`): each entry is marked with its
table and seat only if it still waits under the same secret, and the table is inserted with
them; if any entry was taken meanwhile (another server process matched it, or its player left),
nothing is written. Times are the server's clock in seconds (`Settings.clock_now`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    delete,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column, sessionmaker

from .models import Base
from .store import Store, TableInfo, insert_table


class Taken(Exception):
    """A match was not stored: one of its entries no longer waits (nothing was written)."""


class WaitingRow(Base):
    """A player waiting for a quick match, then where it was seated."""

    __tablename__ = "quick_match"
    __table_args__ = (Index("ix_quick_match_queue", "game", "players", "speed"),)

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    speed: Mapped[str] = mapped_column(String(16))
    bot: Mapped[bool] = mapped_column(Boolean, default=False)
    """The player is a program (`players.bot`): bots are matched with bots, people with people."""
    name: Mapped[str] = mapped_column(String(64))
    """The name its seat will show."""
    rating: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Its rating in the game when it came (μ − 3σ; NULL: not rated yet)."""
    fill_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds after which the empty seats are given to bots (NULL: people only)."""
    level: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """The bots' level, where it accepts bots."""
    token_hash: Mapped[str] = mapped_column(String(64))
    since: Mapped[float] = mapped_column(Float)
    seen: Mapped[float] = mapped_column(Float)
    """When its browser last asked: an entry not asked about for a while is gone."""
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)


@dataclass(frozen=True)
class Waiting:
    """One player's entry (`WaitingRow`'s columns); ``table_id`` and ``seat`` once seated."""

    player_id: str
    game: str
    players: int
    speed: str
    bot: bool
    name: str
    rating: float | None
    fill_after: float | None
    level: str | None
    token_hash: str
    since: float
    seen: float
    table_id: str | None = None
    seat: int | None = None


def _waiting(row: WaitingRow) -> Waiting:
    return Waiting(
        row.player_id,
        row.game,
        row.players,
        row.speed,
        row.bot,
        row.name,
        row.rating,
        row.fill_after,
        row.level,
        row.token_hash,
        row.since,
        row.seen,
        row.table_id,
        row.seat,
    )


class Queue:
    """The quick match's entries in one `Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def enter(self, entry: Waiting, gone_before: float) -> bool:
        """Add ``entry``, replacing its player's earlier one if that was seated or last seen
        before ``gone_before``; False (nothing changed) while the player waits already."""
        fields = {name: getattr(entry, name) for name in Waiting.__dataclass_fields__}
        try:
            with self.store.engine.begin() as connection:
                connection.execute(
                    delete(WaitingRow).where(
                        WaitingRow.player_id == entry.player_id,
                        or_(WaitingRow.table_id.is_not(None), WaitingRow.seen < gone_before),
                    )
                )
                connection.execute(insert(WaitingRow), fields)
        except IntegrityError:
            return False
        return True

    def entry(self, player_id: str) -> Waiting | None:
        with self._session() as session:
            row = session.get(WaitingRow, player_id)
            return None if row is None else _waiting(row)

    def touch(self, player_id: str, now: float) -> Waiting | None:
        """The player's entry, seen at ``now`` if it still waits."""
        with self._session.begin() as session:
            session.execute(
                update(WaitingRow)
                .where(WaitingRow.player_id == player_id, WaitingRow.table_id.is_(None))
                .values(seen=now)
            )
            row = session.get(WaitingRow, player_id)
            return None if row is None else _waiting(row)

    def leave(self, player_id: str) -> Waiting | None:
        """Take the player's entry out while it waits; the entry if it was seated meanwhile
        (then it stays), else None."""
        with self._session.begin() as session:
            session.execute(
                delete(WaitingRow).where(
                    WaitingRow.player_id == player_id, WaitingRow.table_id.is_(None)
                )
            )
            row = session.get(WaitingRow, player_id)
            return None if row is None else _waiting(row)

    def waiting(self, like: Waiting, seen_after: float) -> list[Waiting]:
        """The entries waiting in ``like``'s queue (its game, player count and clock, people or
        bots as it is) seen after ``seen_after``, the longest waiting first; the others of that
        queue that were last seen before are taken out (their browsers left without a word)."""
        queue = (
            WaitingRow.game == like.game,
            WaitingRow.players == like.players,
            WaitingRow.speed == like.speed,
            WaitingRow.bot.is_(like.bot),
        )
        waits = WaitingRow.table_id.is_(None)
        with self._session.begin() as session:
            session.execute(delete(WaitingRow).where(*queue, waits, WaitingRow.seen <= seen_after))
            rows = session.scalars(
                select(WaitingRow).where(*queue, waits).order_by(WaitingRow.since)
            )
            return [_waiting(r) for r in rows]

    def seat(self, entries: list[Waiting], table: TableInfo) -> None:
        """Store ``table`` with each of ``entries`` at the seat its token opens, in one
        transaction; `Taken` (nothing written) if any of them no longer waits under that
        token. Entries are marked in the order of their players' ids: two matches of the same
        players wait on each other rather than lock each other out."""
        seats = {s.token_hash: s.seat for s in table.seats if s.token_hash is not None}
        with self.store.engine.begin() as connection:
            for entry in sorted(entries, key=lambda e: e.player_id):
                marked = connection.execute(
                    update(WaitingRow)
                    .where(
                        WaitingRow.player_id == entry.player_id,
                        WaitingRow.token_hash == entry.token_hash,
                        WaitingRow.table_id.is_(None),
                    )
                    .values(table_id=table.id, seat=seats[entry.token_hash])
                )
                if marked.rowcount != 1:
                    raise Taken(entry.player_id)
            insert_table(connection, table)
