"""Undo like BGA: a seat takes its own last move back while no other seat has acted
since, never across a reveal or a draw from a hidden pile, at a table that allows it.

The test of the move (`takeback.refusal`) is proved per game on seeded games; then the table:
the Undo button's flag, the store's log without the move, every socket's state, the refusals
that change nothing, and an undo racing another seat's move."""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Sequence
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from potager import games
from potager.engine import GameRecord, State
from potager.server import takeback
from potager.server.takeback import (
    ANOTHER_SEAT,
    DREW,
    NO_MOVE,
    REVEALED,
    committed,
    refusal,
    sampled_refusal,
)
from potager.store import SeatInfo, StaleVersion, Store, TableInfo, localpg
from tests.server.driver import SeatDriver, create
from tests.server.test_scaleout import redis_url, servers
from tests.store.fixtures import db_url, postgres_server

__all__ = ["db_url", "postgres_server", "redis_url"]

POKER = "heuschrecken-poker"


def play(state: State, seat: int, notation: str) -> None:
    state.apply(seat, state.str_to_action(seat, notation))


def first_legal(state: State, seat: int, prefix: str) -> str:
    return next(
        state.action_to_str(a)
        for a in state.legal_actions(seat)
        if state.action_to_str(a).startswith(prefix)
    )


# -- the test of a move, per game -----------------------------------------------------------------
def test_poker_bids_before_the_others_go_back_and_the_revealing_bid_does_not() -> None:
    state = games.get(POKER).new_game(3, seed=11)
    assert refusal(state, 0) == NO_MOVE
    play(state, 0, "3")
    assert refusal(state, 0) is None
    play(state, 1, "5")
    assert refusal(state, 0) == ANOTHER_SEAT
    assert refusal(state, 1) is None
    play(state, 2, "A")  # the last bid: every bid is turned over
    assert refusal(state, 2) == REVEALED


@pytest.mark.parametrize("name", games.names())
def test_the_positions_a_table_keeps_give_the_replayed_answer(name: str) -> None:
    """`takeback.back` takes the states a table kept from before its last two moves instead of
    replaying the game: the answers are the same as with replays, move after move."""
    state = games.get(name).new_game(3 if name != "garden-rush" else 2, seed=7)
    rng = random.Random(7)
    earlier: tuple[State, ...] = ()
    for _ in range(40):
        if state.is_over:
            break
        seat = rng.choice(state.to_move)
        before, state = state, state.clone()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        earlier = (*earlier[-1:], before)
        assert takeback.back(state, 1, earlier) is before
        assert refusal(state, seat, earlier) == refusal(state, seat)


def test_kraut_und_rueben_draw_never_goes_back_and_the_placement_after_it_does() -> None:
    state = games.get("kraut-und-rueben").new_game(3, seed=5)
    seat = state.to_move[0]
    play(state, seat, "draw")
    assert refusal(state, seat) == DREW
    play(state, seat, first_legal(state, seat, "place"))
    assert refusal(state, seat) is None


def test_garden_rush_placement_goes_back_only_when_it_draws_nothing() -> None:
    state = games.get("garden-rush").new_game(2, seed=4)
    rng = random.Random(4)
    drawn = free = 0
    while not state.is_over and not (drawn and free):
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        bag = state.view(seat)["bag_size"]
        planted = state.action_to_str(action).startswith("plant")
        state.apply(seat, action)
        if planted and bag and len(set(state.view(seat)["bag"].values()) - {0}) > 1:
            assert refusal(state, seat) == DREW  # a token came out of a bag of several kinds
            drawn += 1
        elif planted and not bag:
            assert refusal(state, seat) is None  # the bag is empty: nothing is drawn
            free += 1
    assert drawn and free


def test_pas_de_haricots_face_down_card_goes_back_until_the_reveal() -> None:
    state = games.get("pas-de-haricots").new_game(3, seed=8)
    play(state, 0, first_legal(state, 0, "play"))
    assert refusal(state, 0) is None  # the lead is face up, from the leader's own hand
    play(state, 1, first_legal(state, 1, "play"))
    assert refusal(state, 1) is None  # face down, the others still to play
    play(state, 2, first_legal(state, 2, "play"))
    assert refusal(state, 2) == REVEALED


def test_the_answer_is_the_same_every_time_and_leaves_the_state_alone() -> None:
    state = games.get(POKER).new_game(4, seed=2)
    play(state, 0, "X")
    record, views = state.record, [state.view(s) for s in (None, 0, 1, 2, 3)]
    assert {refusal(state, 0) for _ in range(3)} == {None}
    assert state.record == record and [state.view(s) for s in (None, 0, 1, 2, 3)] == views


@pytest.mark.parametrize(("game", "players"), [(POKER, 4), ("pas-de-haricots", 4)])
def test_a_commitment_others_still_owe_goes_back_as_the_samples_say(
    game: str, players: int
) -> None:
    """The shortcut for hidden commitments (no samples) agrees with the samples."""
    state = games.get(game).new_game(players, seed=3)
    rng, checked = random.Random(3), 0
    while not state.is_over and checked < 30:
        before = state.clone()
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if committed(before, state, seat):
            assert refusal(state, seat) is None
            assert sampled_refusal(before, state) is None
            checked += 1
    assert checked == 30


# -- the store ------------------------------------------------------------------------------------
def test_an_undo_and_a_move_of_the_same_version_never_both_land(db_url: str) -> None:
    store = Store(db_url)
    store.upgrade()
    seats = [SeatInfo(0, "human"), SeatInfo(1, "human")]
    store.create_table(TableInfo("race", POKER, 2, {}, 1, status="playing", seats=seats))
    store.append_move("race", 0, 0, 3, "3", status="playing")
    for _ in range(20):
        version = len(store.moves("race"))
        barrier, results = threading.Barrier(2), dict[str, bool]()

        def take_back(
            ply: int = version - 1,
            barrier: threading.Barrier = barrier,
            results: dict[str, bool] = results,
        ) -> None:
            barrier.wait()
            results["undo"] = store.undo_move("race", ply)

        def move(
            ply: int = version,
            barrier: threading.Barrier = barrier,
            results: dict[str, bool] = results,
        ) -> None:
            barrier.wait()
            try:
                store.append_move("race", ply, 1, 3, "3", status="playing")
                results["move"] = True
            except StaleVersion:
                results["move"] = False

        threads = [threading.Thread(target=take_back), threading.Thread(target=move)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert results["undo"] != results["move"]  # exactly one of them
        table = store.table("race")
        assert table is not None and table.version == len(store.moves("race"))
        assert table.version == version + (1 if results["move"] else -1)
        if not table.version:
            store.append_move("race", 0, 0, 3, "3", status="playing")
    store.close()


# -- at a table -----------------------------------------------------------------------------------
def three_people(client: TestClient, **extra: Any) -> tuple[str, list[tuple[int, str]]]:
    created = create(client, POKER, ["human", "human", "human"], name="Ada", **extra)
    table_id = created["table"]["id"]
    grants = [created["you"]]
    for name in ("Bob", "Cy"):
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": name})
        assert joined.status_code == 200
        grants.append(joined.json())
    return table_id, [(g["seat"], g["token"]) for g in grants]


def undo(driver: SeatDriver, version: int) -> None:
    driver.socket.send_json({"type": "undo", "version": version})


def stored(client: TestClient, table_id: str) -> list[tuple[int, int]]:
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    moves: list[tuple[int, int]] = store.moves(table_id)
    return moves


def test_a_bid_taken_back_leaves_the_record_and_every_socket(client: TestClient) -> None:
    table_id, grants = three_people(client)
    url = f"/ws/tables/{table_id}"
    with (
        client.websocket_connect(url) as a,
        client.websocket_connect(url) as b,
        client.websocket_connect(url) as w,
    ):
        ada, bob = SeatDriver(a, *grants[0]), SeatDriver(b, *grants[1])
        watcher = SeatDriver(w, None)
        for driver in (ada, bob, watcher):
            driver.until_state()
        assert not ada.state["undo"]
        bid = ada.state["legal"][0]["action"]
        ada.act(bid)
        assert ada.until_acknowledged(0)["undo"]
        assert stored(client, table_id) == [(0, bid)]
        for driver in (bob, watcher):
            assert driver.until_state()["version"] == 1 and not driver.state["undo"]
        undo(ada, 1)
        for driver in (ada, bob, watcher):
            state = driver.until_state()
            assert state["version"] == 0 and state["log_reset"] and not state["undo"]
            assert not [e for e in driver.log if e.get("type") == "bid"]
        assert stored(client, table_id) == []
        assert ada.state["legal"] and bob.state["legal"]
    assert client.get(f"/api/tables/{table_id}").json()["version"] == 0


def test_refusals_say_why_and_change_nothing(client: TestClient) -> None:
    table_id, grants = three_people(client)
    url = f"/ws/tables/{table_id}"
    with (
        client.websocket_connect(url) as a,
        client.websocket_connect(url) as b,
        client.websocket_connect(url) as c,
        client.websocket_connect(url) as w,
    ):
        drivers = [SeatDriver(s, *g) for s, g in zip((a, b, c), grants, strict=True)]
        watcher = SeatDriver(w, None)
        for driver in (*drivers, watcher):
            driver.until_state()
        ada, _, cy = drivers
        undo(watcher, 0)
        assert watcher.until_error()["message"] == "spectators cannot undo"
        undo(ada, 0)
        assert ada.until_error()["message"] == "you have no move to take back"
        for seat, driver in enumerate(drivers):
            driver.act(driver.state["legal"][0]["action"], seat)
            driver.until_acknowledged(seat)
        before = stored(client, table_id)
        undo(ada, 3)
        error = ada.until_error()
        assert (error["code"], error["message"]) == ("illegal", ANOTHER_SEAT)
        undo(cy, 2)
        assert cy.until_error()["code"] == "stale"
        undo(cy, 3)
        assert cy.until_error()["message"] == REVEALED
        assert stored(client, table_id) == before
        assert client.get(f"/api/tables/{table_id}").json()["version"] == 3


def test_a_table_may_turn_undo_off(client: TestClient) -> None:
    table_id, grants = three_people(client, undo=False)
    assert client.get(f"/api/tables/{table_id}").json()["undo"] is False
    with client.websocket_connect(f"/ws/tables/{table_id}") as a:
        ada = SeatDriver(a, *grants[0])
        ada.until_state()
        ada.act(ada.state["legal"][0]["action"])
        assert not ada.until_acknowledged(0)["undo"]
        undo(ada, 1)
        error = ada.until_error()
        assert (error["code"], error["message"]) == ("forbidden", "undo is off at this table")
    assert len(stored(client, table_id)) == 1


@pytest.mark.parametrize("first", ["undo", "move"])
def test_an_undo_racing_another_seat_s_move_leaves_one_consistent_table(
    client: TestClient, first: str
) -> None:
    table_id, grants = three_people(client)
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        ada, bob = SeatDriver(a, *grants[0]), SeatDriver(b, *grants[1])
        ada.until_state()
        bob.until_state()
        ada.act(ada.state["legal"][0]["action"])
        ada.until_acknowledged(0)
        while bob.state["version"] < 1:
            bob.until_state()
        sends = [lambda: undo(ada, 1), lambda: bob.act(bob.state["legal"][0]["action"], 1)]
        for send in sends if first == "undo" else sends[::-1]:
            send()
        # Whichever the server takes first wins; the other is refused and changes nothing.
        while not (ada.errors or ada.state["version"] == 0):
            ada.receive()
        while not (bob.errors or bob.state["last_mover"] == 1):
            bob.receive()
        assert len(ada.errors) + len(bob.errors) == 1
    moves = stored(client, table_id)
    assert len(moves) == (2 if ada.errors else 0)
    assert client.get(f"/api/tables/{table_id}").json()["version"] == len(moves)
    live = client.app.state.manager.tables.live[table_id]  # type: ignore[attr-defined]
    assert live.state.moves == moves
    record = GameRecord(POKER, 3, live.state.variant, live.state.seed, None, moves)
    assert games.replay(record).view(None) == live.state.view(None)


def test_the_offer_is_worked_out_once_a_move(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []
    original = takeback.refusal

    def counted(s: State, seat: int, *kept: Sequence[State]) -> str | None:
        calls.append(seat)
        return original(s, seat, *kept)

    monkeypatch.setattr(takeback, "refusal", counted)
    table_id, grants = three_people(client)
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        ada, bob = SeatDriver(a, *grants[0]), SeatDriver(b, *grants[1])
        ada.until_state()
        bob.until_state()
        ada.act(ada.state["legal"][0]["action"])
        ada.until_acknowledged(0)
        bob.until_state()
        a.send_json({"type": "sync"})
        ada.until_state()
    assert calls == [0]


# -- across two server processes ------------------------------------------------------------------
def test_across_two_processes_undo_goes_to_the_owner_and_chat_reaches_everybody(
    postgres_server: str, redis_url: str
) -> None:
    """The table is owned by the first process; Ada and a spectator are on the second, Bob on
    the first: Ada's line and her bid go through the second, her undo is forwarded to the owner,
    and every socket hears both."""
    database = localpg.fresh_database(postgres_server)
    with servers(database, redis_url, 2) as [(first, _), (second, _)], ExitStack() as stack:
        table_id, grants = three_over_http(first)

        def socket(port: int, seat: int | None, token: str | None) -> ClientConnection:
            url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}"
            connection: ClientConnection = stack.enter_context(connect(url))
            connection.send(json.dumps({"type": "hello", "seat": seat, "token": token}))
            return connection

        ada, bob = socket(second, *grants[0]), socket(first, *grants[1])
        watcher = socket(second, None, None)
        start = {name: next_of(s, "state") for name, s in (("ada", ada), ("bob", bob))}
        next_of(watcher, "state")
        ada.send(json.dumps({"type": "chat", "text": "hello from the second"}))
        for connection in (ada, bob, watcher):
            assert next_of(connection, "chat")["lines"][0]["text"] == "hello from the second"
        action = start["ada"]["legal"][0]["action"]
        ada.send(json.dumps({"type": "act", "version": 0, "action": action}))
        assert next_of(ada, "state", version=1)["undo"]
        ada.send(json.dumps({"type": "undo", "version": 1}))
        for connection in (ada, bob, watcher):
            state = next_of(connection, "state", version=0)
            assert state["log_reset"] and not state["undo"]
        assert httpx.get(f"http://127.0.0.1:{first}/api/tables/{table_id}").json()["version"] == 0
        chat = httpx.get(f"http://127.0.0.1:{first}/api/tables/{table_id}/chat").json()
        assert [line["text"] for line in chat] == ["hello from the second"]


def three_over_http(port: int) -> tuple[str, list[tuple[int, str]]]:
    base = f"http://127.0.0.1:{port}/api/tables"
    body = {"game": POKER, "players": 3, "seats": [{"kind": "human"}] * 3, "name": "Ada"}
    created = httpx.post(base, json=body).json()
    table_id, grants = created["table"]["id"], [created["you"]]
    for name in ("Bob", "Cy"):
        grants.append(httpx.post(f"{base}/{table_id}/join", json={"name": name}).json())
    return table_id, [(g["seat"], g["token"]) for g in grants]


def next_of(connection: ClientConnection, kind: str, version: int | None = None) -> dict[str, Any]:
    """The next message of ``kind`` (a state: of ``version``, if given) on ``connection``."""
    while True:
        message: dict[str, Any] = json.loads(connection.recv(timeout=20))
        assert message["type"] != "error", message
        if message["type"] == kind and (version is None or message["version"] == version):
            return message
