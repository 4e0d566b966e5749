"""Each human seat's clock in the store (clocks and abandoned tables), and the end of a
table its players abandoned.

Deadlines are absolute (Unix time, seconds), so a restarted server, or the process that takes a
table over, times every seat from where it was (`potager.server.clocks`). A seat's row is
written whenever its clock starts, stops or runs out; the table's speed and the bot level that
stands in for a seat are the table's own columns (``tables.speed``, ``tables.stand_in``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Boolean, Float, ForeignKey, Integer, delete, insert, select, update
from sqlalchemy.orm import Mapped, mapped_column

from .models import Base, TableRow, TableStatus, utcnow
from .store import Store


class SeatClockRow(Base):
    """One human seat's clock."""

    __tablename__ = "seat_clocks"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    bank: Mapped[float] = mapped_column(Float)
    timeouts: Mapped[int] = mapped_column(Integer)
    stand_in: Mapped[bool] = mapped_column(Boolean)
    absent: Mapped[bool] = mapped_column(Boolean)


@dataclass
class SeatClock:
    """A human seat's clock: ``deadline`` (Unix time) while it runs, the ``bank`` of seconds it
    has saved, its time-outs in a row, whether its bot plays for it (``stand_in``) and whether
    its player is ``absent``."""

    seat: int
    deadline: float | None = None
    bank: float = 0.0
    timeouts: int = 0
    stand_in: bool = False
    absent: bool = False


def load_clocks(store: Store, table_id: str) -> list[SeatClock]:
    """The table's stored seat clocks (none for a table whose clocks never ran)."""
    with store.engine.connect() as connection:
        rows = connection.execute(
            select(SeatClockRow)
            .where(SeatClockRow.table_id == table_id)
            .order_by(SeatClockRow.seat)
        )
        return [
            SeatClock(r.seat, r.deadline, r.bank, r.timeouts, r.stand_in, r.absent) for r in rows
        ]


def save_clocks(store: Store, table_id: str, clocks: list[SeatClock]) -> None:
    """Replace the table's seat clocks with ``clocks``, in one transaction."""
    with store.engine.begin() as connection:
        connection.execute(delete(SeatClockRow).where(SeatClockRow.table_id == table_id))
        if clocks:
            connection.execute(
                insert(SeatClockRow),
                [
                    {
                        "table_id": table_id,
                        "seat": c.seat,
                        "deadline": c.deadline,
                        "bank": c.bank,
                        "timeouts": c.timeouts,
                        "stand_in": c.stand_in,
                        "absent": c.absent,
                    }
                    for c in clocks
                ],
            )


def end_table(
    store: Store,
    table_id: str,
    version: int,
    ending: dict[str, Any],
    status: TableStatus = "playing",
) -> bool:
    """Finish the table without a result, as ``ending`` says, if it is still ``status`` (played,
    or waiting for players) at ``version`` (no move was stored, nor the game started,
    meanwhile). Whether it was ended."""
    with store.engine.begin() as connection:
        done = connection.execute(
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.version == version, TableRow.status == status)
            .values(status="finished", ending=ending, updated_at=utcnow())
        )
        return bool(done.rowcount == 1)
