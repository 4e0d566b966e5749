"""Storage: every table's record, seats and action log (SQLAlchemy 2.x, Alembic migrations).

SQLite by default (``sqlite:///potager.db``); PostgreSQL with
``POTAGER_DATABASE_URL=postgresql+psycopg://user@host:port/db``. `Store.upgrade` brings the
database to the newest migration; the server calls it on start.
"""

from .players import name_key
from .store import (
    DEFAULT_URL,
    AnalysisInfo,
    ChatLine,
    MoveWrite,
    NameTaken,
    SeatInfo,
    SeatKind,
    StaleVersion,
    Store,
    TableInfo,
    TableStatus,
    database_url,
)

__all__ = [
    "DEFAULT_URL",
    "AnalysisInfo",
    "ChatLine",
    "MoveWrite",
    "NameTaken",
    "SeatInfo",
    "SeatKind",
    "StaleVersion",
    "Store",
    "TableInfo",
    "TableStatus",
    "database_url",
    "name_key",
]
