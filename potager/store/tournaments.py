"""Tournaments in the store: each tournament's configuration and every finished game's row.

A tournament is keyed by its configuration (`potager.arena.tournament.Plan.key`): the game, the
variant, the bots, the player counts and the seed. Its games are written chunk by chunk as they
finish, each chunk in one transaction, so an interrupted tournament (Ctrl-C, a killed process)
keeps every chunk it finished and a rerun of the same configuration plays only what is missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import JSON, BigInteger, ForeignKey, Integer, String, insert, select
from sqlalchemy.orm import Mapped, mapped_column, sessionmaker

from .models import Base, utcnow
from .store import Store


class FinishedGame(Protocol):
    """What the store keeps of a tournament's finished game (the arena's `GameRow` is one)."""

    @property
    def index(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def bots(self) -> tuple[str, ...]: ...
    @property
    def scores(self) -> tuple[float, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def decisions(self) -> int: ...
    @property
    def players(self) -> int: ...


@dataclass(frozen=True)
class StoredGame:
    """A finished game read back from the store: who sat where, the result, its length in
    decisions."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int

    @property
    def players(self) -> int:
        return len(self.bots)


class TournamentRow(Base):
    """A tournament's configuration."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class TournamentGameRow(Base):
    """One finished game of a tournament (`FinishedGame`)."""

    __tablename__ = "tournament_games"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    bots: Mapped[list[str]] = mapped_column(JSON)
    scores: Mapped[list[float]] = mapped_column(JSON)
    winners: Mapped[list[int]] = mapped_column(JSON)
    decisions: Mapped[int] = mapped_column(Integer)


class Tournaments:
    """The tournaments of one `Store` (its database, upgraded to the newest migration)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def open(self, key: str, game: str, config: dict[str, Any]) -> None:
        """Create tournament ``key`` unless it exists (a rerun carries on with it)."""
        with self._session.begin() as session:
            if session.get(TournamentRow, key) is None:
                session.add(TournamentRow(id=key, game=game, config=config))

    def add(self, key: str, rows: Sequence[FinishedGame]) -> None:
        """Write finished games in one transaction."""
        if not rows:
            return
        values = [
            {
                "tournament_id": key,
                "players": row.players,
                "index": row.index,
                "seed": row.seed,
                "bots": list(row.bots),
                "scores": list(row.scores),
                "winners": list(row.winners),
                "decisions": row.decisions,
            }
            for row in rows
        ]
        with self.store.engine.begin() as connection:
            connection.execute(insert(TournamentGameRow), values)

    def rows(self, key: str) -> list[StoredGame]:
        """Every finished game of ``key``, by player count then index."""
        with self._session() as session:
            found = session.scalars(
                select(TournamentGameRow)
                .where(TournamentGameRow.tournament_id == key)
                .order_by(TournamentGameRow.players, TournamentGameRow.index)
            )
            return [
                StoredGame(
                    r.index,
                    r.seed,
                    tuple(r.bots),
                    tuple(r.scores),
                    tuple(r.winners),
                    r.decisions,
                )
                for r in found
            ]
