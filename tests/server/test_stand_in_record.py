"""A timed-out person's moves made by the stand-in bot are kept as the bot's (clocks,
analysis): the store marks them, the record (``stand_in_moves``) and the replay list
them, and the person's own moves are not listed. Time is injected (`test_clocks.FakeTime`)."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from potager.engine import GameRecord
from tests.server.driver import SeatDriver, create
from tests.server.test_clocks import FakeTime, client, db, time, until
from tests.toy import GAME as TOY_GAME

__all__ = ["client", "db", "time"]  # the fixtures


def test_the_stand_ins_move_is_marked_in_the_record_and_the_replay(
    client: TestClient, time: FakeTime
) -> None:
    me = create(client, TOY_GAME.name, ["human", "random"], speed="real_time")["you"]
    table_id = me["table_id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ada = SeatDriver(ws, 0, me["token"])
        ada.until_state()
        time.now = ada.state["seats"][0]["deadline"]  # her first decision runs out
        until(ada, lambda s: s["seats"][0]["stand_in"])
        until(ada, lambda s: bool(s["legal"]) and not s["seats"][0]["stand_in"])
        ada.play_to_end(random.Random(5))  # every later decision her own, in time
    response = client.get(f"/api/tables/{table_id}/record")
    assert response.status_code == 200
    record = GameRecord.from_dict(response.json())
    first_of_hers = next(i for i, (seat, _) in enumerate(record.moves) if seat == 0)
    assert record.stand_in_moves == [first_of_hers]
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["stand_in_moves"] == [first_of_hers]
    assert replay["frames"][first_of_hers + 1]["move"]["seat"] == 0


def test_a_game_without_time_outs_has_no_stand_in_key(client: TestClient) -> None:
    me = create(client, TOY_GAME.name, ["human", "random"], speed="real_time")["you"]
    with client.websocket_connect(f"/ws/tables/{me['table_id']}") as ws:
        SeatDriver(ws, 0, me["token"]).play_to_end(random.Random(6))
    data = client.get(f"/api/tables/{me['table_id']}/record").json()
    assert "stand_in_moves" not in data and GameRecord.from_dict(data).stand_in_moves == []
