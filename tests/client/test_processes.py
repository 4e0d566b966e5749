"""Two programs play a whole game at one table served by two server processes (one PostgreSQL
database, one Redis), each program's socket on another process, neither handed to the owner:
the moves of the one not on the owner's process are forwarded, and the record is whole."""

from __future__ import annotations

import asyncio

import httpx

from potager import games
from potager.client import Outcome, RemoteSeat
from potager.engine import GameRecord
from potager.store import localpg
from tests.server.test_scaleout import redis_url, servers
from tests.store.fixtures import postgres_server

__all__ = ["postgres_server", "redis_url"]  # the fixtures

GAME = "heuschrecken-poker"


async def both(*seats: RemoteSeat) -> list[Outcome]:
    return list(await asyncio.gather(*(seat.play() for seat in seats)))


def test_two_programs_play_across_two_server_processes(
    postgres_server: str, redis_url: str
) -> None:
    database = localpg.fresh_database(postgres_server)
    with servers(database, redis_url, 2, handoff=False) as started:
        (first, _), (second, _) = started
        owner, other = f"http://127.0.0.1:{first}", f"http://127.0.0.1:{second}"
        body = {"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2}
        created = httpx.post(f"{owner}/api/tables", json=body).json()
        seats = (
            RemoteSeat(owner + created["you"]["url"], "heuristic", seed=1),
            RemoteSeat(other + created["invites"][0]["url"], "random", seed=2),
        )
        on_owner, elsewhere = asyncio.run(both(*seats))
        record = httpx.get(f"{other}/api/tables/{created['table']['id']}/record").json()
    assert on_owner.result is not None and on_owner.result == elsewhere.result == record["result"]
    final = games.replay(GameRecord.from_dict(record))
    assert final.is_over
    assert (on_owner.moves, elsewhere.moves) == tuple(
        sum(1 for seat, _ in final.moves if seat == s) for s in (0, 1)
    )
