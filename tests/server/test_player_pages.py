"""Player pages: ``GET /api/players/{id}`` holds a player's name, finished games per game, rating
per game with its history, and latest finished games with their replays; only finished games'
public facts; an unknown id is a 404 and a malformed one a 422, neither repeating it; the
leaderboard and the tables' seats give the ids the pages are found by."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from tests.server.driver import SeatDriver
from tests.server.test_identity import bearer, new_player, play_out, table_for, unnamed_player
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name


def page(client: TestClient, player: dict[str, Any]) -> dict[str, Any]:
    found = client.get(f"/api/players/{player['id']}")
    assert found.status_code == 200, found.text
    shown: dict[str, Any] = found.json()
    return shown


def against_a_bot(client: TestClient, player: dict[str, Any]) -> str:
    """A toy table of ``player`` (as Ada) against the random bot, played to its end."""
    body = {
        "game": TOY,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
        "name": "Ada",
    }
    made = client.post("/api/tables", json=body, headers=bearer(player)).json()
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        SeatDriver(socket, 0, made["you"]["token"]).play_to_end(random.Random(3))
    table_id: str = made["table"]["id"]
    return table_id


def test_a_player_page_holds_the_finished_games_and_the_rating_history(
    client: TestClient,
) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    rated = table_for(client, ada, bob)
    final = play_out(client, list(rated), seed=5)
    with_bot = against_a_bot(client, ada)
    unfinished = table_for(client, ada, bob)[0]["table_id"]

    shown = page(client, ada)
    assert (shown["id"], shown["name"]) == (ada["id"], "Ada")
    [career] = shown["games"]
    assert (career["game"], career["title"], career["played"]) == (TOY, TOY_GAME.title, 2)
    rating = client.get("/api/players/me", headers=bearer(ada)).json()["ratings"][0]
    assert career["rating"] == rating and rating["games"] == 1
    [point] = career["history"]
    assert point["table_id"] == rated[0]["table_id"]
    assert point["before"] == 0.0 and point["after"] == rating["rating"]

    recent = shown["recent"]
    assert [g["table_id"] for g in recent] == [with_bot, rated[0]["table_id"]], "newest first"
    assert unfinished not in {g["table_id"] for g in recent}, "only finished games"
    bot_game, rated_game = recent
    assert bot_game["seats"] == [
        {"seat": 0, "kind": "human", "level": None, "name": "Ada", "player": ada["id"]},
        {"seat": 1, "kind": "bot", "level": "random", "name": "random bot", "player": None},
    ]
    assert not bot_game["rated"] and bot_game["change"] is None
    assert rated_game["rated"] and rated_game["change"] == point
    assert rated_game["mine"] == [0] and rated_game["replay"] == f"/replay/{rated_game['table_id']}"
    assert rated_game["scores"] == final["result"]["scores"]
    assert rated_game["winners"] == final["result"]["winners"]
    assert page(client, bob)["recent"][0]["mine"] == [1]


def test_a_page_shows_no_table_in_play_and_nothing_secret(client: TestClient) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    table_for(client, ada, bob)
    shown = page(client, ada)
    assert shown == {"id": ada["id"], "name": "Ada", "bot": False, "games": [], "recent": []}
    play_out(client, list(table_for(client, ada, bob)), seed=2)
    text = client.get(f"/api/players/{ada['id']}").text
    assert ada["token"] not in text and "token" not in text
    friend = unnamed_player(client)
    assert page(client, friend)["name"] is None


def test_an_unknown_or_malformed_id_is_refused_without_repeating_it(client: TestClient) -> None:
    unknown = client.get("/api/players/NoSuchPlayer123")
    assert unknown.status_code == 404
    assert unknown.json() == {"detail": "no such player"}
    for bad in ("x" * 33, "a.b", "<b>hi", "%E2%80%AE"):
        refused = client.get(f"/api/players/{bad}")
        assert refused.status_code == 422, bad
        assert bad not in refused.text and "hi" not in refused.text
        assert "a player id is made of letters, digits" in refused.text
    french = client.get("/api/players/a.b", headers={"Accept-Language": "fr"})
    assert "identifiant" in french.text
    ada = new_player(client, "Ada")
    assert client.get(f"/players/{ada['id']}").status_code == 200
    for missing in ("NoSuchPlayer123", "a.b"):
        html = client.get(f"/players/{missing}")
        assert html.status_code == 404 and "<html" in html.text and missing not in html.text


def test_the_leaderboard_and_the_seats_give_the_players_ids(client: TestClient) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    grants = table_for(client, ada, bob)
    seats = client.get(f"/api/tables/{grants[0]['table_id']}").json()["seats"]
    assert [s["player"] for s in seats] == [ada["id"], bob["id"]]
    play_out(client, list(grants), seed=5)
    board = client.get(f"/api/ratings/{TOY}").json()
    assert {r["name"]: r["id"] for r in board} == {"Ada": ada["id"], "Bob": bob["id"]}
    replay = client.get(f"/api/tables/{grants[0]['table_id']}/replay").json()
    assert [s["player"] for s in replay["table"]["seats"]] == [ada["id"], bob["id"]]
