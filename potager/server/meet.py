"""Meeting other players: who is online now (``GET /api/online``)."""

from __future__ import annotations

from fastapi import APIRouter

from .identity import Player
from .lobby import Manager
from .schemas import Online

router = APIRouter(prefix="/api", tags=["players"])


@router.get("/online", response_model=Online)
async def who_is_online(tables: Manager, player: Player) -> Online:
    """The named players seen lately (`online.RECENT`), in any server process: by a request
    with their token (the lobby asks every few seconds) or a table socket of their seat.
    With a player token, that player is online from now, and listed first."""
    return await tables.online_players(None if player is None else player.id)
