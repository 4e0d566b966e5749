"""`RemotePlayer`: a program plays every seat its player holds on a server, each table to its
end, and stops, with ``until_idle``, once it holds none; seeking, it waits for quick matches
among bot players, game after game."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from potager.client import ClientError, Outcome, RemotePlayer, Seek, parse_seek, parse_server

GAME = "heuschrecken-poker"


def table_for(http: httpx.Client, player: dict[str, Any]) -> str:
    body = {
        "game": GAME,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
    }
    made = http.post(
        "/api/tables", json=body, headers={"Authorization": f"Bearer {player['token']}"}
    )
    assert made.status_code == 201, made.text
    return str(made.json()["table"]["id"])


def test_a_player_s_every_seat_is_played_to_its_end(server: str, http: httpx.Client) -> None:
    robo = http.post("/api/players", json={"name": "Robo", "bot": True}).json()
    tables = {table_for(http, robo), table_for(http, robo)}
    told: list[str] = []
    player = RemotePlayer(
        server,
        lambda: "heuristic",
        player=robo["token"],
        until_idle=True,
        poll=0.2,
        ended=lambda outcome: told.append(outcome.table_id),
    )
    outcomes = player.run()
    assert {o.table_id for o in outcomes} == tables == set(told)
    assert all(o.seat == 0 and o.result is not None for o in outcomes)
    for table_id in tables:
        assert http.get(f"/api/tables/{table_id}").json()["status"] == "finished"


def test_a_wrong_player_token_stops_it_at_once(server: str) -> None:
    with pytest.raises(ClientError, match="this player token is not known here"):
        RemotePlayer(server, lambda: "random", player="not-a-token", until_idle=True).run()


@pytest.mark.parametrize("address", ["localhost:8000", "http://host/#seat=1&token=t", "ftp://h"])
def test_a_server_s_address_is_http_or_https(address: str) -> None:
    with pytest.raises(ClientError, match="not a server's address"):
        parse_server(address)


def test_two_bots_seeking_a_quick_match_are_seated_together(
    server: str, http: httpx.Client
) -> None:
    """Each plays the quick match it waits for, against the other, then waits again for its
    next game: two each, rated among bots."""
    robo, tron = (
        http.post("/api/players", json={"name": n, "bot": True}).json() for n in ("Robo", "Tron")
    )
    seek = Seek(GAME, 2)

    def seeker(player: dict[str, Any]) -> RemotePlayer:
        return RemotePlayer(
            server, lambda: "random", player=player["token"], seek=seek, games=2, poll=0.2
        )

    async def both() -> list[list[Outcome]]:
        return list(await asyncio.gather(seeker(robo).play(), seeker(tron).play()))

    first, second = asyncio.run(both())
    assert len(first) == len(second) == 2
    assert {o.table_id for o in first} == {o.table_id for o in second}, "at the same tables"
    assert all(o.result is not None for o in first + second)
    bots = http.get(f"/api/ratings/{GAME}", params={"bots": True}).json()
    assert sorted((row["name"], row["games"]) for row in bots) == [("Robo", 2), ("Tron", 2)]
    waits = [
        http.get("/api/quickmatch", headers={"Authorization": f"Bearer {p['token']}"})
        for p in (robo, tron)
    ]
    assert all(w.status_code == 404 or w.json()["status"] == "seated" for w in waits), (
        "no wait left"
    )


def test_a_quick_match_is_named_game_and_players() -> None:
    assert parse_seek("heuschrecken-poker:3") == Seek("heuschrecken-poker", 3)
    for wrong in ("heuschrecken-poker", ":2", "garden-rush:two"):
        with pytest.raises(ClientError, match="a quick match is game:players"):
            parse_seek(wrong)
