"""`RemotePlayer`: a program plays every seat its player holds on a server, each table to its
end, and stops, with ``until_idle``, once it holds none."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from potager.client import ClientError, RemotePlayer, parse_server

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
