"""Player pages: ``/players/<id>`` in the browser, ``GET /api/players/{player_id}`` beneath it.

A page shows a player's name, the finished games it played per game, its rating per game with
the rating after each rated game (its history, oldest first), and its latest finished games,
each with its seats, its result and the link to its replay. Only finished games, and only what
anybody may know of them once they are over (`potager.store.history`). An id that is not one
is refused (422), one that names nobody is not found (404); neither answer repeats it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse
from pydantic import AfterValidator, BaseModel, Field

from potager.skill import ordinal
from potager.store import SeatKind, TableInfo
from potager.store.history import Histories, History, RatingChange

from ..i18n import say
from .identity import GameRating, rating_of
from .lobby import Manager
from .manager import available_games
from .outcomes import Refused
from .pages import STATIC

RECENT = 20
"""The latest finished games a page lists."""
ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a player id is made of (`identity.Identity.create` makes 16 of these characters)."""


def _player_id(text: str) -> str:
    if not ID.fullmatch(text):
        raise ValueError(say("a player id is made of letters, digits, - and _ (at most 32)"))
    return text


PlayerId = Annotated[str, Path(max_length=100), AfterValidator(_player_id)]


class RatingPoint(BaseModel):
    """A rated game's mark on the rating: μ − 3σ before and after it."""

    table_id: str
    at: datetime
    before: float
    after: float


class GameCareer(BaseModel):
    """A player in one game."""

    game: str
    title: str
    played: int = Field(description="Finished games (abandoned ones too).")
    rating: GameRating | None = Field(description="None: no rated game yet.")
    history: list[RatingPoint] = Field(
        description="The rating after each rated game, oldest first."
    )


class PageSeat(BaseModel):
    """A seat of a finished game: a person (with the player's id, if it had an identity) or a
    bot by its level."""

    seat: int
    kind: SeatKind
    level: str | None
    name: str
    player: str | None


class FinishedGame(BaseModel):
    table_id: str
    game: str
    title: str
    finished: datetime | None
    seats: list[PageSeat]
    mine: list[int] = Field(description="The seats this player held.")
    scores: list[float] | None = Field(description="None: it ended before it was played out.")
    winners: list[int] | None
    rated: bool = Field(description="Its end moved this player's rating.")
    change: RatingPoint | None = Field(description="What it did to this player's rating.")
    replay: str = Field(description="The replay's page.")


class PlayerPage(BaseModel):
    id: str
    name: str | None = Field(description="None: no name yet.")
    bot: bool = Field(default=False, description="A program plays as this player.")
    games: list[GameCareer]
    recent: list[FinishedGame] = Field(description=f"The latest {RECENT}, newest first.")


def _point(change: RatingChange) -> RatingPoint:
    return RatingPoint(
        table_id=change.table_id,
        at=change.at.replace(tzinfo=UTC),
        before=round(ordinal(change.mu_before, change.sigma_before), 2),
        after=round(ordinal(change.mu, change.sigma), 2),
    )


def _finished(table: TableInfo, player: str, changes: dict[str, RatingChange]) -> FinishedGame:
    result = table.result
    change = changes.get(table.id)
    return FinishedGame(
        table_id=table.id,
        game=table.game,
        title=_titles().get(table.game, table.game),
        finished=None if table.updated_at is None else table.updated_at.replace(tzinfo=UTC),
        seats=[
            PageSeat(seat=s.seat, kind=s.kind, level=s.level, name=s.name, player=s.player_id)
            for s in table.seats
        ],
        mine=[s.seat for s in table.seats if s.player_id == player],
        scores=None if result is None else [float(s) for s in result["scores"]],
        winners=None if result is None else list(result["winners"]),
        rated=change is not None,
        change=None if change is None else _point(change),
        replay=f"/replay/{table.id}",
    )


def _titles() -> dict[str, str]:
    return {g.name: g.title for g in available_games()}


def player_page(history: History) -> PlayerPage:
    """What the page shows of ``history``: the games in the lobby's order, those played or
    rated only."""
    player = history.player
    ratings = {r.game: r for r in history.ratings if r.games}
    titles = _titles()
    names = [*titles, *sorted(set(history.played) - titles.keys())]
    games = [
        GameCareer(
            game=game,
            title=titles.get(game, game),
            played=history.played.get(game, 0),
            rating=rating_of(ratings[game]) if game in ratings else None,
            history=[_point(c) for c in history.changes if c.game == game],
        )
        for game in names
        if history.played.get(game) or game in ratings
    ]
    changes = {c.table_id: c for c in history.changes}
    return PlayerPage(
        id=player.id,
        name=player.name,
        bot=player.bot,
        games=games,
        recent=[_finished(t, player.id, changes) for t in history.recent],
    )


# -- the routes -----------------------------------------------------------------------------------
router = APIRouter(prefix="/api", tags=["players"])
page = APIRouter(include_in_schema=False)


async def _history(tables: Manager, player_id: str) -> History:
    found = await tables.db(Histories(tables.store).history, player_id, RECENT)
    if found is None:
        raise Refused(404, say("no such player"))
    return found


@router.get("/players/{player_id}", response_model=PlayerPage)
async def get_player(player_id: PlayerId, tables: Manager) -> PlayerPage:
    """A player's page: name, finished games per game, rating per game with its history, and
    the latest finished games with their replays (404: no such player)."""
    return player_page(await _history(tables, player_id))


@page.get("/players/{player_id}")
async def player_html(player_id: str, tables: Manager) -> FileResponse:
    """The page; its status says whether the player exists (the page then says why not)."""
    known = ID.fullmatch(player_id) is not None and (
        await tables.db(Histories(tables.store).players.info, player_id) is not None
    )
    return FileResponse(STATIC / "player.html", status_code=200 if known else 404)
