"""No display name that reads as another seat: a person called "Heuristic bot 4"
beside the fourth seat's heuristic bot, or "Seat 1" beside an unnamed seat 1, read alike on the
page; such names are refused in any of the four languages, with a translated reason."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.driver import create
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name


def test_a_name_that_reads_as_a_bot_or_a_numbered_seat_is_refused(client: TestClient) -> None:
    created = create(client, TOY, ["human", "human", "random", "random"], name="Ada")
    table_id = created["table"]["id"]
    bob = created["invites"][0]
    for name in ("Random bot 4", "random-bot", "Seat 1", "  place 3 ", "Bot Zufall", "You"):
        joined = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": name})
        assert joined.status_code == 422, (name, joined.text)
        assert joined.json()["detail"] == (
            f'the name "{name.strip()}" reads as another seat\'s label: choose another'
        )
        body = {"seat": 1, "token": bob["token"], "name": name}
        assert client.post(f"/api/tables/{table_id}/name", json=body).status_code == 422
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["name"] for s in seats[:2]] == ["Ada", ""]  # nothing changed
    french = client.post(
        f"/api/tables/{table_id}/join",
        json={"seat": 1, "name": "Posto 2"},
        headers={"Accept-Language": "fr"},
    )
    assert french.status_code == 422
    assert french.json()["detail"].startswith("le nom «\u00a0Posto 2\u00a0» se lit comme")
    for name in ("Botanist", "Seat", "Ada 2"):
        assert create(client, TOY, ["human", "random"], name=name)["table"]["seats"][0]["name"]


def test_a_creator_or_a_player_identity_may_not_take_a_seat_label(client: TestClient) -> None:
    body = {
        "game": TOY,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
        "name": "Heuristic bot",
    }
    assert client.post("/api/tables", json=body).status_code == 422
    made = client.post("/api/players", json={"name": "Spectator"})
    assert made.status_code == 422
    assert "reads as another seat's label" in made.text
