"""A rematch is the same table again (its hints too): the creator's
variant, clock and its stand-in bot, hints, chat, undo and rating choices carry over, as do the
players' names; only the deal is new."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from tests.server.driver import SeatDriver, create
from tests.toy import GAME as TOY_GAME

CHOICES = {
    "variant": {"cards": 6, "bonus": True},
    "speed": "slow",
    "stand_in": "random",
    "hints": True,
    "chat": False,
    "undo": False,
    "rated": False,
}
"""Every choice the creation form offers, each away from its default."""


def test_a_rematch_keeps_every_choice_the_table_was_created_with(client: TestClient) -> None:
    created = create(client, TOY_GAME.name, ["human", "random"], name="Ada", seat=0, **CHOICES)
    table_id, me = created["table"]["id"], created["you"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        SeatDriver(socket, 0, me["token"]).play_to_end(random.Random(3))
    grant = client.post(f"/api/tables/{table_id}/rematch", json={"seat": 0, "token": me["token"]})
    assert grant.status_code == 200, grant.text
    old = client.get(f"/api/tables/{table_id}").json()
    new = client.get(f"/api/tables/{grant.json()['table_id']}").json()
    assert {key: new[key] for key in CHOICES} == {key: old[key] for key in CHOICES} == CHOICES
    assert [s["name"] for s in new["seats"]] == [s["name"] for s in old["seats"]]
    assert new["rematch_of"] == table_id and new["status"] == "playing"
