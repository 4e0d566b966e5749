"""Players marked bots: made so or marked by their owner while unrated, shown as bots at their
seats, rated among bots only, on a leaderboard of their own; a table where a bot player sits
with a person is not said rated and rates nobody."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.test_identity import bearer, me, new_player, play_out, ratings, table_for
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name


def new_bot(client: TestClient, name: str) -> dict[str, Any]:
    made = client.post("/api/players", json={"name": name, "bot": True})
    assert made.status_code == 201, made.text
    bot: dict[str, Any] = made.json()
    return bot


def board(client: TestClient, bots: bool) -> list[str | None]:
    rows = client.get(f"/api/ratings/{TOY}", params={"bots": bots} if bots else {}).json()
    return [row["name"] for row in rows]


def test_bots_are_rated_among_bots_on_their_own_leaderboard(client: TestClient) -> None:
    robo, tron = new_bot(client, "Robo"), new_bot(client, "Tron")
    assert me(client, robo)["bot"] and me(client, tron)["bot"]
    grants = table_for(client, robo, tron)
    summary = client.get(f"/api/tables/{grants[0]['table_id']}").json()
    assert summary["rated"] and [s["bot_player"] for s in summary["seats"]] == [True, True]
    final = play_out(client, list(grants), seed=1)
    assert [s["bot_player"] for s in final["seats"]] == [True, True]
    assert sorted(n or "" for n in board(client, bots=True)) == ["Robo", "Tron"]
    assert board(client, bots=False) == []
    assert ratings(client, robo)[TOY]["games"] == 1


def test_a_bot_player_s_page_says_it_is_a_bot(client: TestClient) -> None:
    ada, robo = new_player(client, "Ada"), new_bot(client, "Robo")
    pages = {p["name"]: client.get(f"/api/players/{p['id']}").json() for p in (ada, robo)}
    assert (pages["Ada"]["bot"], pages["Robo"]["bot"]) == (False, True)


def test_a_bot_player_beside_a_person_rates_nobody(client: TestClient) -> None:
    ada, robo = new_player(client, "Ada"), new_bot(client, "Robo")
    grants = table_for(client, ada, robo)
    summary = client.get(f"/api/tables/{grants[0]['table_id']}").json()
    assert not summary["rated"], "the badge goes when the bot sits down"
    play_out(client, list(grants), seed=2)
    assert ratings(client, ada) == {} and ratings(client, robo) == {}
    assert board(client, bots=False) == board(client, bots=True) == []


def test_an_owner_marks_its_player_a_bot_only_while_it_is_unrated(client: TestClient) -> None:
    ada, bob, eve = (new_player(client, name) for name in ("Ada", "Bob", "Eve"))
    marked = client.post("/api/players/me/bot", json={"bot": True}, headers=bearer(eve))
    assert marked.status_code == 200 and marked.json()["bot"]
    back = client.post("/api/players/me/bot", json={"bot": False}, headers=bearer(eve))
    assert back.status_code == 200 and not back.json()["bot"]
    play_out(client, list(table_for(client, ada, bob)), seed=3)
    before = me(client, ada)
    refused = client.post("/api/players/me/bot", json={"bot": True}, headers=bearer(ada))
    assert refused.status_code == 409
    assert refused.json()["detail"] == "a player who has played rated games stays a person or a bot"
    assert me(client, ada) == before
    french = client.post(
        "/api/players/me/bot",
        json={"bot": True},
        headers={**bearer(ada), "Accept-Language": "fr"},
    )
    assert "reste une personne ou un bot" in french.json()["detail"]


def test_marking_takes_a_player_token_and_a_flag(client: TestClient) -> None:
    ada = new_player(client, "Ada")
    assert client.post("/api/players/me/bot", json={"bot": True}).status_code == 401
    wrong = client.post("/api/players/me/bot", json={"bot": "yes"}, headers=bearer(ada))
    assert wrong.status_code == 422 and not me(client, ada)["bot"]
    made = client.post("/api/players", json={"name": "Robo", "bot": 1})
    assert made.status_code == 422
