"""The tables of the store: a table's record (game, variant, seed, deck), its seats and its moves.

The moves are an append-only action log keyed by (table, ply): a second writer of the same ply
fails on the primary key, which is what makes the optimistic version numbers safe across processes.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

SeatKind = Literal["human", "bot"]
TableStatus = Literal["waiting", "playing", "finished"]
"""``waiting`` until every human seat has been taken once, then ``playing``, then ``finished``."""
AnalysisStatus = Literal["running", "done", "failed"]


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A game table: everything needed to rebuild it is here and in its moves."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    variant: Mapped[dict[str, Any]] = mapped_column(JSON)
    params: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """The rule parameters changed from the rulebook's (a custom table, never rated); None for
    the rulebook's game."""
    seed: Mapped[int] = mapped_column(BigInteger)
    deck: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    status: Mapped[TableStatus] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    """The number of moves: the version a client must have seen to act."""
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    hints: Mapped[bool] = mapped_column(default=False)
    """The creator allowed the seats to ask the search for the best move."""
    chat: Mapped[bool] = mapped_column(default=True)
    """The seated players may chat (the creator may turn it off)."""
    undo: Mapped[bool] = mapped_column(default=True)
    """A seat may take its last move back while nobody has acted since."""
    rated: Mapped[bool] = mapped_column(default=False)
    """Its end moves its players' ratings (`potager.store.players.rate_finished`)."""
    speed: Mapped[str] = mapped_column(String(16), default="none")
    """The clock (`potager.server.clocks`): ``none``, ``real_time`` or ``slow``."""
    stand_in: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The bot level that plays for a seat whose time ran out."""
    ending: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """How a game finished without being played out (abandoned: by whom, who was absent)."""
    waiting: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    """While the game is played, the seats it waits on and since when (seat number as text to
    naive UTC ISO time), written with every move: the lobby's "your turn" list reads it from
    here without rebuilding the table, whichever server process owns it."""
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    seats: Mapped[list[SeatRow]] = relationship(
        back_populates="table", order_by="SeatRow.seat", cascade="all, delete-orphan"
    )


class SeatRow(Base):
    """One seat: a bot of some level, or a human seat whose secret token is kept hashed."""

    __tablename__ = "seats"
    __table_args__ = (Index("uq_seats_name_key", "table_id", "name_key", unique=True),)

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[SeatKind] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    taken: Mapped[bool] = mapped_column(default=False)
    """A human seat somebody holds (by invite link or by joining from the lobby)."""
    name_key: Mapped[str | None] = mapped_column(String(160), nullable=True)
    """A person's name as compared at the table (`players.name_key`), unique per table; NULL
    for no name and for bots (names unique at a table, whichever process names)."""
    player_id: Mapped[str | None] = mapped_column(
        ForeignKey("players.id", name="fk_seats_player_id"), nullable=True, index=True
    )
    """The player's identity, when the seat was taken by a browser that has one (indexed: a
    player's seats are looked up across tables, migration 0006)."""

    table: Mapped[TableRow] = relationship(back_populates="seats")


class MoveRow(Base):
    """One move of the action log, in the engine's ints and in the game's notation."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[int] = mapped_column(Integer)
    notation: Mapped[str] = mapped_column(String(128))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    stand_in: Mapped[bool] = mapped_column(default=False)
    """Made by the table's stand-in bot for a person whose time ran out (migration
    0007): the record says so (`GameRecord.stand_in_moves`), and analysis does not count it
    against the person."""


class ChatRow(Base):
    """One line of a table's chat, said by a seated player at a version of the table;
    ``id`` orders the lines of every table (any server process may write one)."""

    __tablename__ = "chat_lines"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    ply: Mapped[int] = mapped_column(Integer)
    """The table's version (its number of moves) when the line was said."""
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(default=utcnow)


class AnalysisRow(Base):
    """A finished table's analysis (`potager.analysis`): its progress while the bot pool runs it,
    then its JSON form (``Analysis.to_dict``)."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    evaluator: Mapped[str] = mapped_column(String(64))
    seed: Mapped[int] = mapped_column(Integer)
    status: Mapped[AnalysisStatus] = mapped_column(String(16))
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(String(200), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)
