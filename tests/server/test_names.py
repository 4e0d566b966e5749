"""Display names: every seat chooses one, unique at its table, kept with the seat and
written into the game record; a friend's invite link names its seat before sitting down."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from potager.engine import GameRecord, SeatHolder
from potager.server import create_app
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, create
from tests.server.test_scaleout import redis_url
from tests.toy import GAME as TOY_GAME

__all__ = ["redis_url"]  # the fixture, for the test of several processes

TOY = TOY_GAME.name


def names(client: TestClient, table_id: str) -> list[str]:
    return [s["name"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]]


def rename(client: TestClient, grant: dict[str, Any], name: str) -> Any:
    body = {"seat": grant["seat"], "token": grant["token"], "name": name}
    return client.post(f"/api/tables/{grant['table_id']}/name", json=body)


def test_a_join_keeps_its_trimmed_name_and_a_taken_one_is_refused(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human", "human", "random"], name="Ada")
    table_id = created["table"]["id"]
    joined = client.post(f"/api/tables/{table_id}/join", json={"name": "  Bob "})
    assert joined.status_code == 200 and joined.json()["seat"] == 1
    for taken in ("Ada", " ada", "BOB", "Random bot"):
        refused = client.post(f"/api/tables/{table_id}/join", json={"name": taken})
        assert refused.status_code == 409
        assert refused.json()["detail"] == (
            f'the name "{taken.strip()}" is already taken at this table'
        )
    summary = client.get(f"/api/tables/{table_id}").json()
    assert [s["name"] for s in summary["seats"]] == ["Ada", "Bob", "", "random bot"]
    assert summary["open_seats"] == [2] and summary["status"] == "waiting"


def test_the_creator_may_not_take_a_bot_s_name(client: TestClient) -> None:
    refused = client.post(
        "/api/tables",
        json={
            "game": TOY,
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            "name": "RANDOM BOT",
        },
    )
    assert refused.status_code == 409
    assert client.get("/api/tables").json() == []


def test_an_invite_link_names_its_seat_then_the_game_starts(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human"], name="Ada")
    invite = created["invites"][0]
    refused = rename(client, invite, "ADA")
    assert refused.status_code == 409 and "ADA" in refused.json()["detail"]
    summary = client.get(f"/api/tables/{invite['table_id']}").json()
    assert summary["status"] == "waiting" and not summary["seats"][1]["taken"]
    wrong = rename(client, {**invite, "token": "x" * 32}, "Bob")
    assert wrong.status_code == 403
    named = rename(client, invite, " Bob ")
    assert named.status_code == 200
    assert named.json()["status"] == "playing" and named.json()["seats"][1]["taken"]
    assert names(client, invite["table_id"]) == ["Ada", "Bob"]


def test_a_name_bad_in_itself_is_refused_and_nothing_changes(client: TestClient) -> None:
    created = create(client, TOY, ["human", "random"], name="Ada")
    for bad in ("x" * 41, "Ada\u202e", "line\nbreak"):
        assert rename(client, created["you"], bad).status_code == 422
    assert names(client, created["table"]["id"]) == ["Ada", "random bot"]


def test_a_seat_renamed_during_the_game_is_that_name_in_the_state_and_the_record(
    client: TestClient,
) -> None:
    created = create(client, TOY, ["human", "human"], name="Ada")
    me, invite = created["you"], created["invites"][0]
    table_id = me["table_id"]
    assert rename(client, invite, "Bob").status_code == 200
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as first,
        client.websocket_connect(f"/ws/tables/{table_id}") as second,
    ):
        ada = SeatDriver(first, 0, me["token"])
        bob = SeatDriver(second, 1, invite["token"])
        ada.until_state()
        bob.until_state()
        assert rename(client, me, "Adèle").status_code == 200
        while [s["name"] for s in ada.receive().get("seats", [])] != ["Adèle", "Bob"]:
            pass
        rng = random.Random(3)
        while ada.state["status"] != "finished":  # one move at a time, both seats see each
            version = ada.state["version"]
            mover = (ada, bob)[ada.state["to_move"][0]]
            mover.act(rng.choice(mover.state["legal"])["action"], version)
            for driver in (ada, bob):
                while driver.state["version"] == version:
                    driver.until_state()
    assert [s["name"] for s in ada.state["seats"]] == ["Adèle", "Bob"]
    record = GameRecord.from_dict(client.get(f"/api/tables/{table_id}/record").json())
    assert record.seats == [SeatHolder.person("Adèle"), SeatHolder.person("Bob")]
    over = rename(client, me, "Ada")
    assert over.status_code == 409 and names(client, table_id) == ["Adèle", "Bob"]


def test_a_hello_with_a_taken_name_sits_under_the_seat_s_own_name(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human"], name="Ada")
    invite = created["invites"][0]
    with client.websocket_connect(f"/ws/tables/{invite['table_id']}") as socket:
        hello = {"type": "hello", "seat": 1, "token": invite["token"], "name": "ada"}
        socket.send_json(hello)
        state = socket.receive_json()
    assert state["type"] == "state" and state["status"] == "playing"
    assert [(s["name"], s["taken"]) for s in state["seats"]] == [("Ada", True), ("", True)]


def test_a_name_another_process_gave_a_moment_ago_is_refused(
    tmp_path: Path, redis_url: str
) -> None:
    """One of several processes (Redis): a join reads the seats' names in the store."""
    base = settings(f"sqlite:///{tmp_path / 'potager.db'}")
    with TestClient(create_app(replace(base, redis_url=redis_url))) as client:
        created = create(client, TOY, ["human", "human", "human"], name="Ada")
        table_id = created["table"]["id"]
        store = client.app.state.manager.store  # type: ignore[attr-defined]
        # What another server process does when Bob takes seat 1 there: only the store knows yet.
        assert store.update_seat(table_id, 1, token_hash="elsewhere", taken=True, name="Bob")
        refused = client.post(f"/api/tables/{table_id}/join", json={"seat": 2, "name": "bob"})
        assert refused.status_code == 409
        assert [s.name for s in store.table(table_id).seats] == ["Ada", "Bob", ""]
