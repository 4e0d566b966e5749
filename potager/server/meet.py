"""Meeting other players: who is online now, and the quick match ("Play now") that seats a
player with people waiting for the same game, player count and clock."""

from __future__ import annotations

from fastapi import APIRouter, Response

from .identity import Me, Player
from .lobby import Manager
from .schemas import Online, QuickMatch, QuickMatchRequest, QuickMatchTicket

router = APIRouter(prefix="/api")


@router.get("/online", response_model=Online, tags=["players"])
async def who_is_online(tables: Manager, player: Player) -> Online:
    """The named players seen lately (`online.RECENT`), in any server process: by a request
    with their token (the lobby asks every few seconds) or a table socket of their seat.
    With a player token, that player is online from now, and listed first."""
    return await tables.online_players(None if player is None else player.id)


@router.post("/quickmatch", response_model=QuickMatchTicket, status_code=201, tags=["seats"])
async def play_now(request: QuickMatchRequest, tables: Manager, player: Me) -> QuickMatchTicket:
    """Wait for a table of ``game`` for ``players`` on the clock ``speed``, with people who
    wait for the same (the closest ratings first; bots for the seats nobody came for once
    ``fill_after`` seconds have passed, never if None); with a player token only, one wait per
    player (409 while it waits). Ask ``GET /api/quickmatch`` every few seconds while waiting:
    a wait nobody asks about for ``quickmatch.PATIENCE`` seconds is given up. Once seated, the
    answer's ``token`` opens the seat. Refused (404 unknown game, 422 a player count, clock or
    level the game does not have) with nothing changed."""
    return await tables.quick_enter(request, player)


@router.get("/quickmatch", response_model=QuickMatch, tags=["seats"])
async def quick_match(tables: Manager, player: Me) -> QuickMatch:
    """The player's quick match: still waiting (it is looked for now), or the table and seat
    found; 404 if it waits for none."""
    return await tables.quick_look(player.id)


@router.delete("/quickmatch", status_code=204, tags=["seats"])
async def cancel_quick_match(tables: Manager, player: Me) -> Response:
    """Stop waiting (the lobby does when its page is left; nothing to do if the player waits
    for none); 409 if a table was found meanwhile (``GET`` says where)."""
    await tables.quick_leave(player.id)
    return Response(status_code=204)
