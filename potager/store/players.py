"""Players in the store: identities, the tokens that open them, their passwords and
their ratings per game.

An identity keeps only its tokens' hashes (`player_tokens`, one row per device); a nameless one
takes the first name its player gives (`name_unnamed`). A password makes the display name the
sign-in name (``login``: trimmed and case folded, unique among players with a password), kept as
its argon2 hash. A player may be marked a bot while unrated (`set_bot`): games are rated among
people or among bots, never both (`rated_together`). A rating per player and game (openskill's
Plackett–Luce, `potager.skill.rate_game`) moves once per rated game: `rate_finished`
runs in the very transaction that stores a table's finishing move (`Store._append`), so no game
is rated twice; each rated game keeps every player's rating before and after it
(`RatingChangeRow`). Why it is made so: docs/server-notes.md, "Players".
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    Boolean,
    Connection,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    false,
    insert,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from potager.skill import first_skill, ordinal, rate_game

from .models import Base, SeatRow, TableRow, utcnow

if TYPE_CHECKING:
    from .store import Store, TableInfo


def name_key(name: str) -> str:
    """What makes two display names one: trimmed and case folded ("Ada" and " ada" are one).
    Names are unique by it at a table, and sign-in names among the players."""
    return name.strip().casefold()


class LoginTaken(ValueError):
    """Another player with a password signs in under this name."""


class RatedAlready(ValueError):
    """The player has played rated games: whether it is a bot is settled."""


class PlayerRow(Base):
    """An identity: its display name and, once it has a password, its sign-in name."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    """The display name; empty while the player has none (migration 0008)."""
    login: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    """`name_key` of the name, while the player has a password (NULL: none)."""
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A program plays as this player (migration 0009)."""
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class PlayerTokenRow(Base):
    """A device's secret token for a player, hashed as the seats' tokens are."""

    __tablename__ = "player_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class RatingRow(Base):
    """A player's rating in one game: openskill's μ and σ, and the rated games it counts."""

    __tablename__ = "ratings"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class RatingChangeRow(Base):
    """What one rated game did to one player's rating in its game: μ and σ before and after."""

    __tablename__ = "rating_changes"
    __table_args__ = (Index("ix_rating_changes_player_game", "player_id", "game", "rated_at"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rated_at: Mapped[datetime] = mapped_column(default=utcnow)


@dataclass(frozen=True)
class PlayerInfo:
    id: str
    name: str | None
    """None while the player has no name yet."""
    has_password: bool
    bot: bool = False
    """A program plays as this player."""


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating in ``game``."""

    player_id: str
    name: str | None
    """None while the player has no name yet."""
    game: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


def _info(row: PlayerRow) -> PlayerInfo:
    return PlayerInfo(row.id, row.name or None, row.password_hash is not None, row.bot)


class Players:
    """The players of one `Store` (its database, upgraded to the newest migrations)."""

    def __init__(self, store: Store) -> None:
        self._session = sessionmaker(store.engine, expire_on_commit=False)

    def create(
        self, player_id: str, name: str | None, token_hash: str, bot: bool = False
    ) -> PlayerInfo:
        """A new identity, under ``name`` (None: no name yet), opened by ``token_hash``; a
        program's if ``bot``."""
        with self._session.begin() as session:
            row = PlayerRow(id=player_id, name=name or "", bot=bot)
            session.add(row)
            session.flush()
            session.add(PlayerTokenRow(token_hash=token_hash, player_id=player_id))
            return _info(row)

    def by_token(self, token_hash: str) -> PlayerInfo | None:
        """The player whose token hashes to ``token_hash``, or None."""
        with self._session() as session:
            row = session.scalar(
                select(PlayerRow)
                .join(PlayerTokenRow, PlayerTokenRow.player_id == PlayerRow.id)
                .where(PlayerTokenRow.token_hash == token_hash)
            )
            return None if row is None else _info(row)

    def info(self, player_id: str) -> PlayerInfo | None:
        with self._session() as session:
            row = session.get(PlayerRow, player_id)
            return None if row is None else _info(row)

    def name_unnamed(self, player_id: str, name: str) -> bool:
        """Name the player ``name`` if it has no name yet (in one conditional write: a name
        given meanwhile stays); whether it did."""
        with self._session.begin() as session:
            named = session.connection().execute(
                update(PlayerRow)
                .where(PlayerRow.id == player_id, PlayerRow.name == "")
                .values(name=name)
            )
            return bool(named.rowcount)

    def rename(self, player_id: str, name: str) -> PlayerInfo:
        """Change the display name (and the sign-in name with it, if the player has a
        password: `LoginTaken` if another player signs in under it, and nothing changes)."""
        return self._change(player_id, name=name)

    def set_password(self, player_id: str, password_hash: str) -> PlayerInfo:
        """Keep ``password_hash``; the display name becomes the sign-in name (`LoginTaken` if
        another player signs in under it, and nothing changes)."""
        return self._change(player_id, password_hash=password_hash)

    def _change(
        self, player_id: str, *, name: str | None = None, password_hash: str | None = None
    ) -> PlayerInfo:
        try:
            with self._session.begin() as session:
                row = session.get(PlayerRow, player_id)
                if row is None:
                    raise KeyError(player_id)
                if name is not None:
                    row.name = name
                if password_hash is not None:
                    row.password_hash = password_hash
                if row.password_hash is not None:
                    row.login = name_key(row.name)
                return _info(row)
        except IntegrityError:
            raise LoginTaken(name_key(name or "")) from None

    def set_bot(self, player_id: str, bot: bool) -> PlayerInfo:
        """Mark the player a bot (or a person again): `RatedAlready` if it has played a rated
        game, and nothing changes (its ratings are among people, or among bots, for good)."""
        with self._session.begin() as session:
            row = session.get(PlayerRow, player_id, with_for_update=True)
            if row is None:
                raise KeyError(player_id)
            if row.bot != bot:
                rated = session.scalar(
                    select(RatingRow.game).where(
                        RatingRow.player_id == player_id, RatingRow.games > 0
                    )
                )
                if rated is not None:
                    raise RatedAlready(player_id)
                row.bot = bot
            return _info(row)

    def standing(self, player_id: str, game: str) -> tuple[float | None, bool]:
        """The player's rating (μ − 3σ) in ``game`` (None before its first rated game there)
        and whether it is a bot."""
        with self._session() as session:
            found = session.execute(
                select(PlayerRow.bot, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .outerjoin(
                    RatingRow, (RatingRow.player_id == PlayerRow.id) & (RatingRow.game == game)
                )
                .where(PlayerRow.id == player_id)
            ).first()
            if found is None:
                return None, False
            rating = ordinal(found.mu, found.sigma) if found.games else None
            return rating, found.bot

    def password_hash(self, player_id: str) -> str | None:
        with self._session() as session:
            return session.scalar(select(PlayerRow.password_hash).where(PlayerRow.id == player_id))

    def credentials(self, name: str) -> tuple[str, str] | None:
        """The player who signs in as ``name`` and its password's hash, or None."""
        with self._session() as session:
            found = session.execute(
                select(PlayerRow.id, PlayerRow.password_hash).where(
                    PlayerRow.login == name_key(name)
                )
            ).first()
            if found is None or found.password_hash is None:
                return None
            return found.id, found.password_hash

    def add_token(self, player_id: str, token_hash: str) -> PlayerInfo:
        """A new device's token for ``player_id`` (signed in with its password)."""
        with self._session.begin() as session:
            session.add(PlayerTokenRow(token_hash=token_hash, player_id=player_id))
            row = session.get(PlayerRow, player_id)
            assert row is not None
            return _info(row)

    def seated_at(self, player_id: str, limit: int) -> list[str]:
        """The unfinished tables (waiting or playing) where ``player_id`` holds a seat, the most
        recently changed first, at most ``limit``: a player signed in on another device reaches
        them there."""
        with self._session() as session:
            found = session.scalars(
                select(TableRow.id)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(
                    SeatRow.player_id == player_id,
                    SeatRow.taken.is_(True),
                    TableRow.status.in_(("waiting", "playing")),
                )
                .group_by(TableRow.id, TableRow.updated_at)
                .order_by(TableRow.updated_at.desc(), TableRow.id)
                .limit(limit)
            )
            return list(found)

    def rating(self, player_id: str, game: str) -> float | None:
        """The player's rating (μ − 3σ) in ``game``; None before its first rated game there."""
        with self._session() as session:
            row = session.get(RatingRow, (player_id, game))
            return None if row is None or not row.games else ordinal(row.mu, row.sigma)

    def table_changes(self, table_id: str) -> dict[str, tuple[float, float]]:
        """What the end of the rated table ``table_id`` did to each player's rating, by player:
        μ − 3σ before and after it (empty while it is not rated)."""
        with self._session() as session:
            return {
                player: change
                for (_, player), change in rating_changes(session, [table_id]).items()
            }

    def ratings(self, player_id: str) -> list[PlayerRating]:
        """The player's rating in every game it has played rated."""
        with self._session() as session:
            rows = session.execute(_rated().where(RatingRow.player_id == player_id))
            return [_rating(r) for r in rows]

    def leaderboard(self, game: str, limit: int, bots: bool = False) -> list[PlayerRating]:
        """The ``limit`` best rated people of ``game`` (``bots``: the best rated bots), best
        first (by μ − 3σ)."""
        with self._session() as session:
            rows = session.execute(
                _rated()
                .where(RatingRow.game == game, PlayerRow.bot.is_(bots))
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), PlayerRow.name)
                .limit(limit)
            )
            return [_rating(r) for r in rows]

    def names(self, player_ids: Collection[str]) -> dict[str, tuple[str, bool]]:
        """The name of each of ``player_ids`` that exists and has one, and whether it is a
        bot."""
        if not player_ids:
            return {}
        with self._session() as session:
            rows = session.execute(
                select(PlayerRow.id, PlayerRow.name, PlayerRow.bot).where(
                    PlayerRow.id.in_(list(player_ids)), PlayerRow.name.is_not(None)
                )
            )
            return {player_id: (name, bot) for player_id, name, bot in rows if name}


def _rated() -> Any:
    return select(
        RatingRow.player_id,
        PlayerRow.name,
        RatingRow.game,
        RatingRow.mu,
        RatingRow.sigma,
        RatingRow.games,
    ).join(PlayerRow, PlayerRow.id == RatingRow.player_id)


def _rating(row: Any) -> PlayerRating:
    return PlayerRating(row.player_id, row.name or None, row.game, row.mu, row.sigma, row.games)


def rating_changes(
    session: Session, table_ids: Collection[str]
) -> dict[tuple[str, str], tuple[float, float]]:
    """What the ends of ``table_ids`` did to their players' ratings, by (table, player): μ − 3σ
    before and after."""
    rows = session.execute(
        select(
            RatingChangeRow.table_id,
            RatingChangeRow.player_id,
            RatingChangeRow.mu_before,
            RatingChangeRow.sigma_before,
            RatingChangeRow.mu,
            RatingChangeRow.sigma,
        ).where(RatingChangeRow.table_id.in_(table_ids))
    )
    return {
        (r.table_id, r.player_id): (ordinal(r.mu_before, r.sigma_before), ordinal(r.mu, r.sigma))
        for r in rows
    }


def seat_players(session: Session, tables: list[TableInfo]) -> list[TableInfo]:
    """``tables`` with each seat's player's rating (μ − 3σ) in its table's game, where that
    player has played it rated, whether the player is a bot, and what a finished rated table's
    end did to the rating: one query per game, one for the bots and one for the changes."""
    wanted: dict[str, set[str]] = {}
    for table in tables:
        ids = {s.player_id for s in table.seats if s.player_id is not None}
        if ids:
            wanted.setdefault(table.game, set()).update(ids)
    everyone = set().union(*wanted.values())
    bots = set(
        session.scalars(select(PlayerRow.id).where(PlayerRow.id.in_(everyone), PlayerRow.bot))
        if everyone
        else ()
    )
    for table in tables:
        for seat in table.seats:
            seat.bot_player = seat.player_id in bots
    for game, ids in wanted.items():
        rows = session.execute(
            select(RatingRow.player_id, RatingRow.mu, RatingRow.sigma).where(
                RatingRow.game == game, RatingRow.player_id.in_(ids), RatingRow.games > 0
            )
        )
        found = {r.player_id: ordinal(r.mu, r.sigma) for r in rows}
        for table in tables:
            if table.game == game:
                for seat in table.seats:
                    seat.rating = found.get(seat.player_id or "")
    ended = [t.id for t in tables if t.rated and t.status == "finished"]
    changes = rating_changes(session, ended) if ended else {}
    for table in tables:
        for seat in table.seats:
            seat.rating_change = changes.get((table.id, seat.player_id or ""))
    return tables


def rate_finished(connection: Connection, table_id: str, result: dict[str, Any]) -> None:
    """Rate a table's game that has just ended, in the transaction that stores its last move:
    only a table marked rated whose every seat is a different player, each with an identity
    (no server bot), all people or all bots (`rated_together`). The players' rating rows are
    locked in one order (no two finishing tables wait on each other) and created where
    missing."""
    table = connection.execute(
        select(TableRow.game, TableRow.rated).where(TableRow.id == table_id)
    ).one()
    if not table.rated:
        return
    seats = connection.execute(
        select(SeatRow.kind, SeatRow.player_id)
        .where(SeatRow.table_id == table_id)
        .order_by(SeatRow.seat)
    ).all()
    players = [s.player_id for s in seats]
    if any(s.kind != "human" or s.player_id is None for s in seats):
        return
    if len(set(players)) != len(players):
        return
    bots = connection.scalars(
        select(PlayerRow.id).where(PlayerRow.id.in_(players), PlayerRow.bot)
    ).all()
    if not rated_together([player in bots for player in players]):
        return
    skills = _locked_skills(connection, table.game, sorted(players))
    rated = rate_game([skills[p] for p in players], result["scores"], result["winners"])
    now = utcnow()
    for player, (mu, sigma) in zip(players, rated, strict=True):
        connection.execute(
            update(RatingRow)
            .where(RatingRow.player_id == player, RatingRow.game == table.game)
            .values(mu=mu, sigma=sigma, games=RatingRow.games + 1, updated_at=now)
        )
    connection.execute(
        insert(RatingChangeRow),
        [
            {
                "table_id": table_id,
                "player_id": player,
                "game": table.game,
                "mu_before": skills[player][0],
                "sigma_before": skills[player][1],
                "mu": mu,
                "sigma": sigma,
                "rated_at": now,
            }
            for player, (mu, sigma) in zip(players, rated, strict=True)
        ],
    )


def rated_together(bots: list[bool]) -> bool:
    """Whether players may be rated in one game, ``bots`` saying which of them are bots: people
    among people, bots among bots, never the two together."""
    return len(set(bots)) <= 1


def _locked_skills(
    connection: Connection, game: str, players: list[str]
) -> dict[str, tuple[float, float]]:
    """Each player's (μ, σ) in ``game``, its row created for a newcomer and locked until the
    transaction ends (PostgreSQL; SQLite's one writer already holds the database)."""
    mu, sigma = first_skill()
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    now = utcnow()
    for player in players:
        connection.execute(
            dialect.insert(RatingRow)
            .values(player_id=player, game=game, mu=mu, sigma=sigma, games=0, updated_at=now)
            .on_conflict_do_nothing()
        )
    rows = connection.execute(
        select(RatingRow.player_id, RatingRow.mu, RatingRow.sigma)
        .where(RatingRow.game == game, RatingRow.player_id.in_(players))
        .order_by(RatingRow.player_id)
        .with_for_update()
    )
    return {r.player_id: (r.mu, r.sigma) for r in rows}
