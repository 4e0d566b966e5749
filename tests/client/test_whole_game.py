"""Two programs play a whole game on a live server through `potager.client`: one seated by its
invite link, one by a player's token; the record is complete, each agent saw only its own
seat's views, and the two bot players are rated on the bots' leaderboard, not among people."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx

from potager import agents, games
from potager.client import Outcome, RemoteSeat
from potager.engine import Action, Agent, Game, GameRecord, Seat, View

GAME = "heuschrecken-poker"


class Recording:
    """A level's agent that keeps every view it was handed."""

    def __init__(self, level: str) -> None:
        self.level = level
        self.inner: Agent | None = None
        self.views: list[str] = []

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        if self.inner is None:
            self.inner = agents.make(self.level, game)
        self.views.append(json.dumps(view, sort_keys=True))
        return self.inner.act(game, view, seat, legal_actions, rng)


def bearer(player: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {player['token']}"}


async def both(*seats: RemoteSeat) -> list[Outcome]:
    return list(await asyncio.gather(*(s.play() for s in seats)))


def test_two_programs_play_a_whole_game(server: str, http: httpx.Client) -> None:
    """Robo (a bot player) opens the table and plays by its seat's invite link; Tron (made a
    person's, marked a bot by the client) takes the other seat with its player token."""
    robo = http.post("/api/players", json={"name": "Robo", "bot": True}).json()
    tron = http.post("/api/players", json={"name": "Tron"}).json()
    body = {"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2, "name": "Robo"}
    created = http.post("/api/tables", json=body, headers=bearer(robo)).json()
    table_id = created["table"]["id"]
    heuristic, randomly = Recording("heuristic"), Recording("random")
    by_invite = RemoteSeat(server + created["you"]["url"], heuristic, seed=1)
    by_token = RemoteSeat(f"{server}/table/{table_id}", randomly, player=tron["token"], seed=2)
    first, second = asyncio.run(both(by_invite, by_token))
    assert (first.seat, second.seat) == (0, 1)
    assert first.result is not None and first.result == second.result
    assert first.late == first.failed == second.late == second.failed == 0

    record = http.get(f"/api/tables/{table_id}/record").json()
    assert record["result"] == first.result
    assert record["seats"] == [
        {"kind": "person", "name": "Robo"},
        {"kind": "person", "name": "Tron"},
    ]
    final = games.replay(GameRecord.from_dict(record))
    assert final.is_over and len(record["moves"]) == len(final.moves)
    assert first.moves == sum(1 for seat, _ in final.moves if seat == 0)
    assert second.moves == sum(1 for seat, _ in final.moves if seat == 1)
    # rated among bots, on their leaderboard, and not among people
    bots = http.get(f"/api/ratings/{GAME}", params={"bots": True}).json()
    assert sorted(row["name"] for row in bots) == ["Robo", "Tron"]
    assert all(row["games"] == 1 for row in bots)
    assert http.get(f"/api/ratings/{GAME}").json() == []
    assert http.get("/api/players/me", headers=bearer(tron)).json()["bot"]
    # each agent was handed its seat's views, as the server's state shows them, and no other
    for seat, recording in ((0, heuristic), (1, randomly)):
        state = games.get(GAME).new_game(
            record["players"], record["seed"], record["variant"], record.get("deck")
        )
        shown = set()
        for mover, action in final.moves:
            if seat in state.to_move:
                shown.add(json.dumps(state.view(seat), sort_keys=True))
            state.apply(mover, action)
        assert recording.views and set(recording.views) <= shown


def test_a_player_token_opens_the_seat_its_player_holds(server: str, http: httpx.Client) -> None:
    """The seat was taken while its player was a person's: the client marks the player a bot,
    and the seat shows it from the client's hello on."""
    player = http.post("/api/players", json={"name": "Robo"}).json()
    body = {
        "game": GAME,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
    }
    created = http.post("/api/tables", json=body, headers=bearer(player)).json()
    assert not created["table"]["seats"][0]["bot_player"]
    table = f"{server}/table/{created['table']['id']}"
    outcome = RemoteSeat(table, "heuristic", player=player["token"], seed=7).run()
    assert outcome.seat == 0 and outcome.result is not None
    summary = http.get(f"/api/tables/{created['table']['id']}").json()
    assert summary["status"] == "finished"
    assert summary["seats"][0]["name"] == "Robo" and summary["seats"][0]["bot_player"]
