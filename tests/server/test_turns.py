"""The "your turn" list: ``POST /api/turns`` answers, for the seats a browser holds,
which tables wait on them now and since when; a wrong token is simply left out; the body is
bounded and the rate is its own; the answer is the same from memory, after a restart, and from
a server process that does not hold the table."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from potager import games
from potager.i18n import TRANSLATED, catalog
from potager.server import create_app
from potager.server.config import Rate
from potager.server.doing import DOING, YOUR_MOVE
from potager.server.schemas import TURN_SEATS
from potager.store import localpg
from tests.server.conftest import LIFTED, settings
from tests.server.driver import SeatDriver, at_port, create
from tests.server.test_limits import server
from tests.server.test_scaleout import redis_url, servers
from tests.toy import GAME as TOY_GAME

__all__ = ["redis_url"]

TOY = TOY_GAME.name
BID_1, BID_2 = 0, 1


def asked(grant: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    return {"table": grant["table_id"], "seat": grant["seat"], "token": token or grant["token"]}


def answer(client: TestClient, *seats: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/turns", json={"seats": list(seats)})
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()
    return found


def look(client: TestClient, *seats: dict[str, Any]) -> list[dict[str, Any]]:
    waiting: list[dict[str, Any]] = answer(client, *seats)["waiting"]
    return waiting


def listed(turns: list[dict[str, Any]]) -> list[tuple[str, int]]:
    return [(t["table_id"], t["seat"]) for t in turns]


def seated(client: TestClient, name: str = "Ada") -> tuple[dict[str, Any], dict[str, Any]]:
    """A toy table of two people, both seated (the game starts): their grants."""
    created = create(client, TOY, ["human", "human"], name=name)
    bob = created["invites"][0]
    body = {"seat": bob["seat"], "token": bob["token"], "name": "Bob"}
    assert client.post(f"/api/tables/{bob['table_id']}/name", json=body).status_code == 200
    return created["you"], bob


def bid(client: TestClient, grant: dict[str, Any], action: int) -> None:
    with client.websocket_connect(f"/ws/tables/{grant['table_id']}") as ws:
        seat = SeatDriver(ws, grant["seat"], grant["token"])
        version = seat.until_state()["version"]
        seat.act(action)
        seat.until_acknowledged(version)


def test_the_list_holds_the_tables_waiting_on_the_seats_given(client: TestClient) -> None:
    ada, bob = seated(client)
    table = ada["table_id"]
    waiting = create(client, TOY, ["human", "human"], name="Ada")  # a seat still open
    bots = create(client, TOY, ["random", "random"])  # nobody's seat
    before = look(client, asked(ada), asked(bob), asked(waiting["you"]))
    assert listed(before) == [(table, 0), (table, 1)], "everyone bids at once: both wait"
    assert before[0]["title"] == TOY_GAME.title and before[0]["game"] == TOY
    since = {t["seat"]: datetime.fromisoformat(t["since"]) for t in before}
    assert all(s.utcoffset() == timedelta(0) for s in since.values()), "in UTC"
    assert all(t["waited"] >= 0 for t in before)

    bid(client, ada, BID_1)
    after_ada = look(client, asked(ada), asked(bob))
    assert listed(after_ada) == [(table, 1)], "Ada has bid: the table waits on Bob alone"
    assert datetime.fromisoformat(after_ada[0]["since"]) == since[1], "Bob waits since the round"

    bid(client, bob, BID_2)  # Bob's is the highest unique bid: he chooses what to do with it
    after_bob = look(client, asked(ada), asked(bob))
    assert listed(after_bob) == [(table, 1)]
    assert datetime.fromisoformat(after_bob[0]["since"]) >= since[1], "a new turn, a new time"
    assert bots["you"] is None


def test_a_move_taken_back_puts_its_seat_back_in_the_list(client: TestClient) -> None:
    ada, bob = seated(client)
    table = ada["table_id"]
    with client.websocket_connect(f"/ws/tables/{table}") as ws:
        seat = SeatDriver(ws, ada["seat"], ada["token"])
        seat.until_state()
        seat.act(BID_1)
        seat.until_acknowledged(0)
        waited = look(client, asked(ada), asked(bob))
        assert listed(waited) == [(table, 1)]
        ws.send_json({"type": "undo", "version": 1})
        assert seat.until_state()["version"] == 0
    again = look(client, asked(ada), asked(bob))
    assert sorted(listed(again)) == [(table, 0), (table, 1)]
    assert {t["seat"]: t["since"] for t in again}[1] == waited[0]["since"], "Bob waits still"
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    assert sorted(store.table(table).waiting) == [0, 1], "written with the undo itself"


def test_a_finished_table_is_said_over_to_its_seat_only(client: TestClient) -> None:
    ada = create(client, TOY, ["human", "random"], name="Ada")["you"]
    playing = answer(client, asked(ada))
    assert listed(playing["waiting"]) == [(ada["table_id"], 0)] and playing["over"] == []
    with client.websocket_connect(f"/ws/tables/{ada['table_id']}") as ws:
        SeatDriver(ws, ada["seat"], ada["token"]).play_to_end(random.Random(1))
    assert answer(client, asked(ada)) == {"waiting": [], "over": [ada["table_id"]], "yours": []}
    assert answer(client, asked(ada, token="x" * 32)) == {"waiting": [], "over": [], "yours": []}


def test_a_wrong_token_or_an_unknown_seat_is_left_out_and_tells_nothing(
    client: TestClient,
) -> None:
    ada, bob = seated(client)
    bot_table = create(client, TOY, ["human", "random"], name="Ada")["you"]
    strangers = [
        asked(bob, token=ada["token"]),  # Ada's token does not open Bob's seat
        asked(ada, token="x" * 32),
        {**asked(ada), "table": "no-such-table"},
        {**asked(ada), "seat": 7},
        {**asked(ada), "seat": -1},
        {**asked(bot_table), "seat": 1},  # the bot's seat
    ]
    assert answer(client, *strangers) == {"waiting": [], "over": [], "yours": []}
    assert listed(look(client, asked(ada), *strangers)) == [(ada["table_id"], 0)]


def test_the_time_a_table_waits_since_outlives_a_restart(tmp_path: Path) -> None:
    app = lambda: create_app(settings(f"sqlite:///{tmp_path / 'p.db'}"))  # noqa: E731
    with TestClient(app()) as client:
        ada, bob = seated(client)
        bid(client, ada, BID_1)
        before = look(client, asked(ada), asked(bob))
    with TestClient(app()) as client:
        after = look(client, asked(ada), asked(bob))
    assert listed(before) == listed(after) == [(ada["table_id"], 1)]
    assert after[0]["since"] == before[0]["since"]


def test_the_body_is_bounded_and_strict(client: TestClient) -> None:
    ada, _ = seated(client)
    entry = asked(ada)
    refused = [
        {"seats": [entry] * (TURN_SEATS + 1)},
        {"seats": [{**entry, "token": "x" * 101}]},
        {"seats": [{**entry, "table": "t" * 33}]},
        {"seats": [{**entry, "seat": "0"}]},
        {"seats": [{**entry, "extra": 1}]},
        {"seats": entry},
    ]
    for body in refused:
        response = client.post("/api/turns", json=body)
        assert response.status_code == 422, body
        assert ada["token"] not in response.text, "a refusal never echoes a token"
    assert listed(look(client, *[entry] * TURN_SEATS)) == [(ada["table_id"], 0)]  # listed once
    nothing = client.post("/api/turns", json={})  # no seats, no player: nothing to list
    assert nothing.json() == {"waiting": [], "over": [], "yours": []}


def test_the_list_has_its_own_rate(tmp_path: Path) -> None:
    with server(tmp_path, turns_rate=Rate(2, 60), seat_rate=Rate(5, 60)) as client:
        ada = create(client, TOY, ["human", "human"], name="Ada")
        entry = asked(ada["you"])
        assert [len(look(client, entry)) for _ in range(2)] == [0, 0]
        limited = client.post("/api/turns", json={"seats": [entry]})
        assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1
        joined = client.post(f"/api/tables/{ada['table']['id']}/join", json={"name": "Bob"})
        assert joined.status_code == 200, "looking at the list spends no join"


def test_a_body_too_large_is_refused_before_it_is_read(tmp_path: Path) -> None:
    small = replace(LIFTED, max_body=512)
    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 'p.db'}", small))) as client:
        body = {"seats": [{"table": "t", "seat": 0, "token": "x" * 100}] * 8}
        assert client.post("/api/turns", json=body).status_code == 413


def test_a_process_that_does_not_hold_the_table_answers_from_the_store(
    postgres_server: str, redis_url: str
) -> None:
    database = localpg.fresh_database(postgres_server)
    with servers(database, redis_url, 2) as [(first, _), (second, _)]:
        created = create(at_port(first), "heuschrecken-poker", ["human", "random"], name="Ada")
        table_id, token = created["table"]["id"], created["you"]["token"]
        body = {
            "seats": [
                {"table": table_id, "seat": 0, "token": token},
                {"table": table_id, "seat": 1, "token": token},  # the bot's seat
            ]
        }
        answers = []
        for port in (first, second):
            response = httpx.post(f"http://127.0.0.1:{port}/api/turns", json=body)
            assert response.status_code == 200, response.text
            answers.append(response.json()["waiting"])
        assert [listed(a) for a in answers] == [[(table_id, 0)]] * 2, "everyone bids: Ada too"
        assert answers[0][0]["since"] == answers[1][0]["since"]
        # The owner says what is to be done; a process that reads the store alone, no more
        # than "Your move".
        assert (answers[0][0]["phase"], answers[0][0]["doing"]) == ("bid", "Bid a poker card")
        assert answers[1][0]["doing"] in {"Bid a poker card", "Your move"}
        assert answers[1][0]["seats"] == answers[0][0]["seats"]


def test_each_entry_names_the_opponents_and_says_what_is_to_be_done(client: TestClient) -> None:
    """Two tables of one game read apart: each names its other seats (a bot by its level) and
    says what the seat is to do, in the asker's language; a game whose views name no phase
    says "Your move"."""
    against_bot = create(client, "heuschrecken-poker", ["human", "heuristic"], name="Ada")
    against_bob = create(client, "heuschrecken-poker", ["human", "human"], name="Ada")
    bob = against_bob["invites"][0]
    named = {"seat": bob["seat"], "token": bob["token"], "name": "Bob"}
    assert client.post(f"/api/tables/{bob['table_id']}/name", json=named).status_code == 200
    lead = create(client, "pas-de-haricots", ["human", "random", "random"], name="Ada")
    toy, _ = seated(client, name="Cleo")
    seats = [asked(g["you"]) for g in (against_bot, against_bob, lead)] + [asked(toy)]
    turns = {t["table_id"]: t for t in look(client, *seats)}
    bot_turn, bob_turn = turns[against_bot["table"]["id"]], turns[against_bob["table"]["id"]]
    assert bot_turn["seats"] == [
        {"kind": "human", "level": None, "name": "Ada"},
        {"kind": "bot", "level": "heuristic", "name": "heuristic bot"},
    ]
    assert [s["name"] for s in bob_turn["seats"]] == ["Ada", "Bob"]
    assert (bot_turn["phase"], bot_turn["doing"]) == ("bid", "Bid a poker card")
    assert bob_turn["doing"] == "Bid a poker card"
    pas = turns[lead["table"]["id"]]
    assert (pas["phase"], pas["doing"]) == ("lead", "Lead a card")
    assert [s["level"] for s in pas["seats"]] == [None, "random", "random"]
    toy_turn = turns[toy["table_id"]]
    assert (toy_turn["phase"], toy_turn["doing"]) == (None, "Your move")

    french = client.post("/api/turns", json={"seats": seats}, headers={"Accept-Language": "fr"})
    said = {t["table_id"]: t["doing"] for t in french.json()["waiting"]}
    assert said[against_bot["table"]["id"]] == "Misez une carte de poker"
    assert said[lead["table"]["id"]] == "Jouez une carte"
    assert said[toy["table_id"]] == "Votre coup"


def test_every_phase_that_asks_something_is_said_in_four_languages() -> None:
    """The phases in `doing.DOING` are those each game's views show to a seat to move (seen
    over random games, every module on), and each has its words in every language."""
    seen: set[tuple[str, str]] = set()
    for name in games.names():
        game = games.get(name)
        variant = {"tools_and_moles": True} if "tools_and_moles" in game.variants else {}
        for seed in range(4):
            state = game.new_game(game.min_players, seed, variant)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_move[0]
                phase = state.view(seat).get("phase")  # the toy game's views name none
                if phase is not None:
                    seen.add((name, phase))
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert seen == set(DOING)
    for text in [*DOING.values(), YOUR_MOVE]:
        assert all(text in catalog(lang) for lang in TRANSLATED), text
