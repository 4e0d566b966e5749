"""A player's history, as a player page shows it: the finished games played per game, the
rating after each rated game, and the latest finished tables.

Only finished tables count: what a page shows of them (who sat where, the result, the rating
changes) is public once a game is over, and a table in play says nothing here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import func, select
from sqlalchemy.orm import sessionmaker

from .models import SeatRow, TableRow
from .players import PlayerInfo, PlayerRating, Players, RatingChangeRow

if TYPE_CHECKING:
    from .store import Store, TableInfo

HISTORY = 500
"""The most rating changes a history holds (the latest ones)."""


@dataclass(frozen=True)
class RatingChange:
    """What one rated game did to the player's rating in its game (openskill's μ and σ)."""

    table_id: str
    game: str
    at: datetime
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float


@dataclass(frozen=True)
class History:
    player: PlayerInfo
    played: dict[str, int]
    """Finished games per game (abandoned ones too)."""
    ratings: list[PlayerRating]
    changes: list[RatingChange]
    """The latest `HISTORY` rating changes, oldest first."""
    recent: list[TableInfo]
    """The latest finished tables the player sat at, newest first."""


class Histories:
    """The players' histories in one `Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.players = Players(store)
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def history(self, player_id: str, recent: int) -> History | None:
        """``player_id``'s history with its ``recent`` latest finished tables; None: no such
        player."""
        player = self.players.info(player_id)
        if player is None:
            return None
        finished = (
            select(TableRow.id, TableRow.game, TableRow.updated_at)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(SeatRow.player_id == player_id, TableRow.status == "finished")
            .distinct()
            .subquery()
        )
        with self._session() as session:
            played = session.execute(
                select(finished.c.game, func.count()).group_by(finished.c.game)
            ).all()
            latest = session.scalars(
                select(finished.c.id)
                .order_by(finished.c.updated_at.desc(), finished.c.id)
                .limit(recent)
            ).all()
            rows = session.execute(
                select(RatingChangeRow)
                .where(RatingChangeRow.player_id == player_id)
                .order_by(RatingChangeRow.rated_at.desc(), RatingChangeRow.table_id)
                .limit(HISTORY)
            ).scalars()
            changes = [
                RatingChange(
                    r.table_id, r.game, r.rated_at, r.mu_before, r.sigma_before, r.mu, r.sigma
                )
                for r in rows
            ]
        tables = {t.id: t for t in self.store.tables_by_id(list(latest))}
        return History(
            player,
            {game: count for game, count in played},
            self.players.ratings(player_id),
            changes[::-1],
            [tables[t] for t in latest if t in tables],
        )
