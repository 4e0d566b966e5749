"""Clocks and abandoned tables (`potager.server.clocks`), on the toy game.

Time is injected: the server reads a `FakeTime` the test moves forward, and looks at its clocks
every hundredth of a second, so a two-minute clock runs out as soon as the test says so, and no
test waits for a clock or asserts a duration.
"""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from pathlib import Path
from time import sleep
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect as ws_connect

from potager.server import Settings, create_app, spawn
from potager.server.speeds import SPEEDS, run_out, start, stop
from potager.store import localpg
from potager.store.clocks import SeatClock
from tests.server.conftest import settings
from tests.server.driver import SeatDriver, at_port, create
from tests.server.test_scaleout import redis_url, servers
from tests.toy import GAME as TOY_GAME

POKER = "heuschrecken-poker"
TOY = TOY_GAME.name
__all__ = ["redis_url"]  # the fixture, for the test of several processes
REAL_TIME = SPEEDS["real_time"]


class FakeTime:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def clocked(url: str, time: FakeTime) -> Settings:
    found = settings(url)
    found.clock_now, found.clock_tick = time, 0.01
    return found


@pytest.fixture
def time() -> FakeTime:
    return FakeTime()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'potager.db'}"


@pytest.fixture
def client(db: str, time: FakeTime) -> Iterator[TestClient]:
    with TestClient(create_app(clocked(db, time))) as c:
        yield c


def seat_of(driver: SeatDriver, seat: int) -> dict[str, Any]:
    seats: list[dict[str, Any]] = driver.state["seats"]
    return seats[seat]


def until(driver: SeatDriver, check: Any, limit: int = 200) -> dict[str, Any]:
    """Read messages (states and presences, whose seats replace the state's) until ``check``
    holds of the latest state."""
    for _ in range(limit):
        if driver.state and check(driver.state):
            return driver.state
        message = driver.receive()
        if message["type"] == "presence" and driver.state:
            driver.state = {**driver.state, "seats": message["seats"]}
    raise AssertionError("never happened")


def settled(driver: SeatDriver) -> None:
    """Wait until the server has finished greeting ``driver``'s socket (a ping's pong comes
    after it), so that closing the socket now is heard as the player leaving."""
    driver.socket.send_json({"type": "ping"})
    while driver.receive()["type"] != "pong":
        pass


def eventually(check: Any, tries: int = 2000) -> None:
    """Wait for ``check()`` (the server works in its own thread), a hundredth of a second at a
    time, at most ``tries`` times."""
    for _ in range(tries):
        if check():
            return
        sleep(0.01)
    raise AssertionError("never happened")


def table(client: TestClient, table_id: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return found


# -- the clock's arithmetic ------------------------------------------------------------------------
def test_a_decision_draws_on_the_bank_only_past_its_own_time() -> None:
    clock = SeatClock(0, bank=REAL_TIME.bank)
    start(clock, REAL_TIME, 1000.0)
    assert clock.deadline == 1000.0 + 120 + 60
    stop(clock, REAL_TIME, 1000.0 + 30)  # quick: the bank keeps its 60 s and earns 5
    assert (clock.deadline, clock.bank) == (None, 65.0)
    start(clock, REAL_TIME, 2000.0)
    stop(clock, REAL_TIME, 2000.0 + 120 + 40)  # 40 s past its own time: from the bank
    assert clock.bank == 65 - 40 + 5
    clock.bank = REAL_TIME.cap
    start(clock, REAL_TIME, 3000.0)
    stop(clock, REAL_TIME, 3000.0)
    assert clock.bank == REAL_TIME.cap  # never more than the cap
    start(clock, REAL_TIME, 4000.0)
    run_out(clock)
    assert (clock.deadline, clock.bank, clock.timeouts, clock.stand_in) == (None, 0.0, 1, True)


def test_a_table_chooses_its_speed_and_stand_in(client: TestClient) -> None:
    created = create(client, TOY, ["human", "random"], speed="slow", stand_in="ismcts")
    assert (created["table"]["speed"], created["table"]["stand_in"]) == ("slow", "ismcts")
    default = create(client, TOY, ["human", "random"])["table"]
    assert (default["speed"], default["stand_in"]) == ("none", "random")  # the toy has no heuristic
    for body, message in [
        ({"speed": "blitz"}, "Input should be 'none', 'real_time' or 'slow'"),
        ({"stand_in": "god"}, "unknown stand-in bot level 'god'"),
    ]:
        request = {
            "game": TOY,
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
        }
        response = client.post("/api/tables", json=request | body)
        assert response.status_code == 422 and message in response.text


# -- time-out, the bot, and taking the seat back ---------------------------------------------------
def next_state(driver: SeatDriver) -> dict[str, Any]:
    """The next message's news: a state, or the seats of a presence message in the last state."""
    message = driver.receive()
    if message["type"] == "presence" and driver.state:
        driver.state = {**driver.state, "seats": message["seats"]}
    return driver.state


def test_time_out_hands_the_decision_to_the_bot_then_the_clock_runs_again(
    client: TestClient, time: FakeTime
) -> None:
    me = create(client, TOY, ["human", "random"], speed="real_time")["you"]
    with client.websocket_connect(f"/ws/tables/{me['table_id']}") as ws:
        ada = SeatDriver(ws, 0, me["token"])
        ada.until_state()
        deadline = seat_of(ada, 0)["deadline"]
        assert deadline == time.now + 120 + 60  # its own 2 minutes and the bank
        assert ada.state["speed"] == "real_time" and ada.state["now"] == time.now
        time.now = deadline  # the time is up at the deadline itself
        state = until(ada, lambda s: s["seats"][0]["stand_in"])
        assert state["seats"][0]["deadline"] is None and not state["seats"][0]["absent"]
        # The bot decided for Ada; her next decision has its own time, the bank spent.
        state = until(ada, lambda s: bool(s["legal"]) and not s["seats"][0]["stand_in"])
        assert state["seats"][0]["deadline"] == time.now + 120
        version = state["version"]
        ada.act(state["legal"][0]["action"])
        ada.until_acknowledged(version)
        if ada.state["legal"] or 0 in ada.state["to_move"]:
            assert seat_of(ada, 0)["deadline"] == time.now + 120 + 5  # her move earned 5 s


def test_a_move_taken_before_the_clocks_look_is_the_players(db: str, time: FakeTime) -> None:
    """The rule at the deadline: the time-out is taken by the clocks' look; a move the server
    took before it counts as the player's, even a moment past the deadline."""
    found = clocked(db, time)
    found.clock_tick = 3600.0  # the clocks look only when the test says
    with TestClient(create_app(found)) as client:
        me = create(client, TOY, ["human", "random"], speed="real_time")["you"]
        with client.websocket_connect(f"/ws/tables/{me['table_id']}") as ws:
            ada = SeatDriver(ws, 0, me["token"])
            state = ada.until_state()
            time.now = state["seats"][0]["deadline"] + 1  # past it, not yet looked at
            ada.act(state["legal"][0]["action"])
            state = ada.until_acknowledged(state["version"])
            assert not state["seats"][0]["stand_in"]
            manager = client.app.state.manager  # type: ignore[attr-defined]
            client.portal.call(manager.look)  # type: ignore[union-attr]
            live = client.portal.call(manager.table, me["table_id"])  # type: ignore[union-attr]
            clock = live.clock.seats[0]
            assert (clock.timeouts, clock.stand_in, clock.bank) == (0, False, REAL_TIME.extra)


def test_a_move_on_its_way_at_the_time_out_is_not_acknowledged_by_the_stand_in_s(
    db: str, time: FakeTime
) -> None:
    """A seat's time runs out while its move is on its way (a takeover's gap does this at
    scale): the stand-in bot moves for the seat at that version, which the state says
    (``last_stand_in``), so that the acknowledgement rule (a newer version, the seat the last
    mover, not its stand-in) never tells the person their move was stored; their own is
    refused as stale, and the record holds the stand-in's."""
    found = clocked(db, time)
    found.clock_tick = 3600.0  # the clocks look only when the test says
    with TestClient(create_app(found)) as client:
        me = create(client, TOY, ["human", "random"], speed="real_time")["you"]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/tables/{me['table_id']}") as ws:
            ada = SeatDriver(ws, 0, me["token"])
            state = ada.until_state()
            version, mine = state["version"], state["legal"][0]["action"]
            time.now = state["seats"][0]["deadline"]
            client.portal.call(manager.look)  # type: ignore[union-attr]
            moved = until(ada, lambda s: s["version"] > version)
            assert moved["version"] == version + 1 and moved["last_mover"] == 0
            assert moved["last_stand_in"] is True
            ada.act(mine, version)  # chosen before the time-out, arriving after it
            assert ada.until_error()["code"] == "stale"
        assert version in manager.store.stand_in_moves(me["table_id"])


def bob_stays_away(time: FakeTime, ada: SeatDriver) -> dict[str, Any]:
    """Seat 1 was seated and went: Ada moves at once whenever she may, and each of seat 1's
    decisions runs out, until seat 1 is absent."""
    for _ in range(500):
        state = ada.state
        if state["seats"][1]["absent"]:
            return state
        if state["legal"]:
            version = state["version"]
            ada.act(state["legal"][0]["action"])
            ada.until_acknowledged(version)
            continue
        deadline = state["seats"][1]["deadline"]
        if deadline is not None and time.now < deadline:
            time.now = deadline
        next_state(ada)
    raise AssertionError("seat 1 was never absent")


def seated_pair(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A real-time toy table of two people: Ada's and Bob's seat grants (Bob sits down and
    leaves at once)."""
    created = create(client, TOY, ["human", "human"], speed="real_time", variant={"cards": 6})
    ada_grant, bob_grant = created["you"], created["invites"][0]
    with client.websocket_connect(f"/ws/tables/{bob_grant['table_id']}") as bob_ws:
        bob = SeatDriver(bob_ws, 1, bob_grant["token"])
        bob.until_state()
        settled(bob)
    return ada_grant, bob_grant


def test_a_player_absent_after_three_time_outs_takes_the_seat_back_by_reconnecting(
    client: TestClient, time: FakeTime
) -> None:
    ada_grant, bob_grant = seated_pair(client)
    table_id = ada_grant["table_id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ada = SeatDriver(ws, 0, ada_grant["token"])
        state = ada.until_state()
        # A simultaneous decision: both clocks run.
        assert state["to_move"] == [0, 1]
        assert [s["deadline"] for s in state["seats"]] == [time.now + 180] * 2
        state = bob_stays_away(time, ada)
        assert state["seats"][1]["stand_in"] and state["status"] == "playing"
        with client.websocket_connect(f"/ws/tables/{table_id}") as bob_ws:
            bob = SeatDriver(bob_ws, 1, bob_grant["token"])
            state = bob.until_state()
            assert not state["seats"][1]["absent"] and not state["seats"][1]["stand_in"]
        until(ada, lambda s: not s["seats"][1]["absent"])


def test_the_others_may_end_a_table_whose_player_is_absent(
    client: TestClient, time: FakeTime
) -> None:
    ada_grant, bob_grant = seated_pair(client)
    table_id = ada_grant["table_id"]
    ada_auth = {"seat": 0, "token": ada_grant["token"]}
    end = f"/api/tables/{table_id}/end"
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ada = SeatDriver(ws, 0, ada_grant["token"])
        ada.until_state()
        before = table(client, table_id)
        response = client.post(end, json=ada_auth)
        assert response.status_code == 409 and "nobody is absent" in response.text
        assert table(client, table_id) == before  # refused: nothing changed

        bob_stays_away(time, ada)
        until(ada, lambda s: 1 not in s["to_move"])  # Bob's bot has played: the table waits on Ada
        before = table(client, table_id)
        for body, status, message in [
            ({"seat": 0, "token": "x" * 32}, 403, "wrong seat token"),  # a spectator's guess
            ({"seat": 5, "token": ada_grant["token"]}, 403, "wrong seat token"),
            ({"seat": 1, "token": bob_grant["token"]}, 409, "nobody is absent"),  # only Bob is
            ({"token": ada_grant["token"]}, 422, "seat"),
        ]:
            response = client.post(end, json=body)
            assert response.status_code == status and message in response.text, response.text
        after = table(client, table_id)
        assert (after["status"], after["version"]) == ("playing", before["version"])
        assert after["seats"][1]["absent"]

        response = client.post(end, json=ada_auth)
        assert response.status_code == 200, response.text
        ended = response.json()
        assert ended["status"] == "finished" and ended["result"] is None
        assert ended["ending"]["reason"] == "abandoned"
        assert (ended["ending"]["by"], ended["ending"]["absent"]) == (0, [1])
        final = until(ada, lambda s: s["status"] == "finished")
        assert final["ending"] == ended["ending"] and final["legal"] == []

    response = client.post(end, json=ada_auth)
    assert response.status_code == 409 and "the game is over" in response.text
    live = client.get("/api/tables?status=live").json()
    assert table_id not in [t["id"] for t in live]
    finished = client.get("/api/tables?status=finished").json()
    assert [t["ending"]["by"] for t in finished if t["id"] == table_id] == [0]
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert "result" not in record and len(record["moves"]) == ended["version"]
    replay = client.get(f"/api/tables/{table_id}/replay").json()  # a replay to the last move
    assert len(replay["frames"]) == ended["version"] + 1 and replay["table"]["result"] is None


def test_a_table_all_of_whose_people_stay_away_is_ended_by_the_server(
    client: TestClient, time: FakeTime
) -> None:
    me = create(client, TOY, ["human", "random"])["you"]  # no clock: absent by staying away
    table_id = me["table_id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ada = SeatDriver(ws, 0, me["token"])
        ada.until_state()
        settled(ada)
    eventually(lambda: not table(client, table_id)["seats"][0]["connected"])
    assert table(client, table_id)["status"] == "playing"
    live_ids = [t["id"] for t in client.get("/api/tables?status=live").json()]
    assert table_id in live_ids
    away = SPEEDS["none"].away
    assert away is not None
    time.now += away + 1
    eventually(lambda: table(client, table_id)["status"] == "finished")
    summary = table(client, table_id)
    assert summary["ending"]["by"] is None and summary["ending"]["absent"] == [0]
    live_ids = [t["id"] for t in client.get("/api/tables?status=live").json()]
    assert table_id not in live_ids


def test_a_connected_player_out_of_time_is_absent_but_the_game_goes_on(
    client: TestClient, time: FakeTime
) -> None:
    me = create(client, TOY, ["human", "random"], speed="real_time")["you"]
    with client.websocket_connect(f"/ws/tables/{me['table_id']}") as ws:
        ada = SeatDriver(ws, 0, me["token"])
        ada.until_state()
        for _ in range(500):  # Ada watches and never moves: every decision of hers runs out
            if ada.state["seats"][0]["absent"] or ada.state["status"] != "playing":
                break
            deadline = ada.state["seats"][0]["deadline"]
            if deadline is not None and time.now < deadline:
                time.now = deadline
            next_state(ada)
        assert ada.state["seats"][0]["absent"]
        # Her bot plays at once from now on; she is here, so the table is not abandoned.
        final = until(ada, lambda s: s["status"] == "finished")
        assert final["ending"] is None and final["result"] is not None


def test_a_player_takes_the_seat_back_by_moving(db: str, time: FakeTime) -> None:
    found = clocked(db, time)
    found.bot_delay = 1.0  # the stand-in waits before it decides: Ada's move comes first
    with TestClient(create_app(found)) as client:
        me = create(client, TOY, ["human", "random"], speed="real_time")["you"]
        with client.websocket_connect(f"/ws/tables/{me['table_id']}") as ws:
            ada = SeatDriver(ws, 0, me["token"])
            ada.until_state()
            for _ in range(500):  # every decision of hers runs out, until she is absent
                if ada.state["seats"][0]["absent"] and ada.state["legal"]:
                    break
                deadline = ada.state["seats"][0]["deadline"]
                if deadline is not None and time.now < deadline:
                    time.now = deadline
                next_state(ada)
            assert ada.state["status"] == "playing"
            version = ada.state["version"]
            ada.act(ada.state["legal"][0]["action"])
            state = ada.until_acknowledged(version)  # her own move, not her bot's
            assert not state["seats"][0]["absent"] and not state["seats"][0]["stand_in"]


def test_waiting_and_finished_tables_cannot_be_ended(client: TestClient) -> None:
    waiting = create(client, TOY, ["human", "human"], speed="real_time")["you"]
    auth = {"seat": 0, "token": waiting["token"]}
    response = client.post(f"/api/tables/{waiting['table_id']}/end", json=auth)
    assert response.status_code == 409 and "has not started" in response.text
    assert client.post("/api/tables/nope/end", json=auth).status_code == 404


# -- a restart ----------------------------------------------------------------------------------
def test_a_restart_keeps_the_deadlines_and_runs_out_those_that_passed(
    db: str, time: FakeTime
) -> None:
    with TestClient(create_app(clocked(db, time))) as client:
        me = create(client, TOY, ["human", "random"], speed="slow")["you"]
        with client.websocket_connect(f"/ws/tables/{me['table_id']}") as ws:
            ada = SeatDriver(ws, 0, me["token"])
            ada.until_state()
            deadline = seat_of(ada, 0)["deadline"]
            assert deadline == time.now + 24 * 3600
    time.now += 3600
    with (
        TestClient(create_app(clocked(db, time))) as client,
        client.websocket_connect(f"/ws/tables/{me['table_id']}") as ws,
    ):
        ada = SeatDriver(ws, 0, me["token"])
        until(ada, lambda s: s["seats"][0]["deadline"] is not None)
        assert seat_of(ada, 0)["deadline"] == deadline  # as stored, not restarted
    time.now = deadline + 3600  # the server was down when the time ran out
    with TestClient(create_app(clocked(db, time))) as client:
        # The bot's bid and Ada's, by her stand-in, at once.
        eventually(lambda: table(client, me["table_id"])["version"] >= 2)


# -- several server processes --------------------------------------------------------------------
def test_the_process_that_takes_a_table_over_runs_its_clocks(
    postgres_server: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The owner's deadlines are in the store: the other process shows the same, and once the
    owner is killed it takes the table over and times the seat out (real time a fiftieth as
    long: 3.6 s for the first decision, which may pass while nobody owns the table)."""
    database = localpg.fresh_database(postgres_server)
    monkeypatch.setenv("POTAGER_CLOCK_SCALE", "0.02")
    with servers(database, redis_url, 2) as [(first, owner), (second, _)]:
        created = create(
            at_port(first), "heuschrecken-poker", ["human", "random"], speed="real_time"
        )
        table_id = created["table"]["id"]
        deadline = created["table"]["seats"][0]["deadline"]
        assert deadline is not None

        def seat_zero(port: int) -> dict[str, Any]:
            url = f"http://127.0.0.1:{port}/api/tables/{table_id}"
            found: dict[str, Any] = httpx.get(url).json()
            return found

        eventually(lambda: seat_zero(second)["seats"][0]["deadline"] == deadline)
        spawn.stop(owner, signal.SIGKILL)
        # The bot's bid, then Ada's by her stand-in: only the table's new owner times her out.
        eventually(lambda: seat_zero(second)["version"] >= 2, tries=6000)


def test_an_end_asked_of_another_process_is_forwarded_to_the_owner(
    postgres_server: str, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bob sits down and goes; Ada plays through the process that does not own the table until
    Bob's clock has run out three times (real time a fiftieth as long), then asks that process
    to end the table: the owner ends it."""
    database = localpg.fresh_database(postgres_server)
    monkeypatch.setenv("POTAGER_CLOCK_SCALE", "0.02")
    with servers(database, redis_url, 2) as [(first, _), (second, _)]:
        created = create(
            at_port(first), "heuschrecken-poker", ["human", "human"], speed="real_time"
        )
        ada, bob = created["you"], created["invites"][0]
        table_id = ada["table_id"]
        with ws_connect(f"ws://127.0.0.1:{first}/ws/tables/{table_id}") as socket:
            socket.send(json.dumps({"type": "hello", "seat": 1, "token": bob["token"]}))
            socket.recv(timeout=30)
        with ws_connect(f"ws://127.0.0.1:{second}/ws/tables/{table_id}") as socket:
            socket.send(json.dumps({"type": "hello", "seat": 0, "token": ada["token"]}))
            acted = -1
            while True:
                message = json.loads(socket.recv(timeout=60))
                if message["type"] == "state":
                    state = message
                elif message["type"] == "presence":
                    state = {**state, "seats": message["seats"]}
                else:
                    continue
                if state["seats"][1]["absent"] or state["status"] != "playing":
                    break
                if state["legal"] and state["version"] > acted:
                    acted = state["version"]
                    action = state["legal"][0]["action"]
                    socket.send(json.dumps({"type": "act", "version": acted, "action": action}))
            assert state["status"] == "playing"
            answer = httpx.post(
                f"http://127.0.0.1:{second}/api/tables/{table_id}/end",
                json={"seat": 0, "token": ada["token"]},
            )
            assert answer.status_code == 200, answer.text
            assert answer.json()["ending"]["absent"] == [1]
        for port in (first, second):
            summary = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}").json()
            assert summary["status"] == "finished" and summary["ending"]["by"] == 0
