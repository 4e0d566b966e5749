"""Custom tables: a table created with rule parameters plays by them, says so in the lobby and
at the table, is never rated, keeps them in its record and across a restart and a rematch."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from potager import games
from potager.engine import GameRecord
from potager.server import create_app
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, create
from tests.server.test_identity import bearer, new_player

KR = "kraut-und-rueben"
PARAMS = {"cup_points": 0, "match_games": 2, "lower_points": [1, 2, 3, 3, 2]}


def test_the_lobby_lists_each_game_s_rule_parameters(client: TestClient) -> None:
    listed = {g["name"]: g for g in client.get("/api/games").json()}
    found = {p["name"]: p for p in listed[KR]["parameters"]}
    assert found["cup_points"] == {
        "name": "cup_points",
        "kind": "int",
        "default": 3,
        "low": 0,
        "high": 20,
        "choices": [],
        "doc": games.get(KR).parameters["cup_points"].doc,
    }
    assert found["lower_points"]["default"] == [1, 2, 3, 2, 1]
    assert found["match_starts"]["choices"] == ["rotate", "trailing", "first"]
    assert listed["toy"]["parameters"] == []
    assert [p["name"] for p in listed["garden-rush"]["parameters"]] == ["goal", "bonus_every"]


def test_a_custom_table_plays_by_its_parameters_and_is_never_rated(db_url: str) -> None:
    with TestClient(create_app(settings(db_url))) as client:
        made = create(client, KR, ["human", "heuristic"], variant={"match": True}, params=PARAMS)
        table = made["table"]
        assert table["params"] == dict(sorted(PARAMS.items())) and table["rated"] is False
        listed = client.get("/api/tables?status=live").json()
        assert [t["params"] for t in listed if t["id"] == table["id"]] == [table["params"]]
        with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
            seat = SeatDriver(socket, 0, made["you"]["token"])
            final = seat.play_to_end(random.Random(5))
        assert len(final["result"]["details"]["games"]) == 2
        for game in final["result"]["details"]["games"]:  # the cup is worth nothing here
            assert game["scores"] == [sum(points) for points in game["garden_points"]]
        record = GameRecord.from_dict(client.get(f"/api/tables/{table['id']}/record").json())
    assert record.params == {k: tuple(v) if isinstance(v, list) else v for k, v in PARAMS.items()}
    assert games.replay(record).result().scores == tuple(final["result"]["scores"])
    with TestClient(create_app(settings(db_url))) as again:  # a new server, the same store
        summary = again.get(f"/api/tables/{table['id']}").json()
        assert summary["params"] == table["params"] and summary["rated"] is False
        replay = again.get(f"/api/tables/{table['id']}/replay").json()
        assert len(replay["frames"]) == final["version"] + 1


def test_a_table_that_would_be_rated_is_not_once_custom(client: TestClient) -> None:
    ada = new_player(client, "Ada")
    body = {"game": KR, "players": 2, "seats": [{"kind": "human"}] * 2}
    rulebook = client.post("/api/tables", json=body, headers=bearer(ada)).json()["table"]
    assert rulebook["params"] == {} and rulebook["rated"] is True
    custom = client.post(
        "/api/tables", json={**body, "params": {"cup_points": 1}}, headers=bearer(ada)
    ).json()["table"]
    assert custom["params"] == {"cup_points": 1} and custom["rated"] is False


def test_a_custom_table_asked_rated_or_with_a_bad_value_is_refused(client: TestClient) -> None:
    body = {"game": KR, "players": 2, "seats": [{"kind": "human"}] * 2}
    rated = client.post("/api/tables", json={**body, "params": {"cup_points": 1}, "rated": True})
    assert rated.status_code == 422 and "is never rated" in rated.text
    for params, message in (
        ({"cup_points": 99}, "parameter cup_points of kraut-und-rueben takes int 0..20"),
        ({"lower_points": [1, 2]}, "is a table of 5 numbers, not 2"),
        ({"cups": 1}, "unknown parameter 'cups' for kraut-und-rueben"),
        ({"tomato_tiles": 0, "salad_tiles": 0}, "cannot fill the 5 gardens of 2 players"),
    ):
        refused = client.post("/api/tables", json={**body, "params": params})
        assert refused.status_code == 422 and message in refused.text, refused.text
    french = client.post(
        "/api/tables",
        json={**body, "params": {"cup_points": 99}},
        headers={"Accept-Language": "fr"},
    )
    assert "le paramètre cup_points de kraut-und-rueben prend" in french.text


def test_a_rematch_of_a_custom_table_keeps_its_parameters(client: TestClient) -> None:
    made = create(client, KR, ["human", "random"], params={"snail_points": -3})
    table_id = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        SeatDriver(socket, 0, made["you"]["token"]).play_to_end(random.Random(2))
    auth = {"seat": 0, "token": made["you"]["token"]}
    again = client.post(f"/api/tables/{table_id}/rematch", json=auth)
    assert again.status_code == 200, again.text
    rematch = client.get(f"/api/tables/{again.json()['table_id']}").json()
    assert rematch["params"] == {"snail_points": -3} and rematch["rated"] is False
