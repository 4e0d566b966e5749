"""The server's order of things, under attack: a seat given up stops acting at once, nothing is
visible before it is stored, and a seat is granted once however many ask at the same moment."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, wait
from contextlib import ExitStack, contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from potager.store import MoveWrite
from tests.server.driver import SeatDriver, create
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name


def version(client: TestClient, table_id: str) -> int:
    found: int = client.get(f"/api/tables/{table_id}").json()["version"]
    return found


def my_turn(driver: SeatDriver) -> dict[str, Any]:
    """The seat's state once the table has started and it has something to do."""
    while not driver.my_turn:
        driver.until_state()
    return driver.state


def test_a_seat_given_up_stops_acting_at_once(client: TestClient) -> None:
    """Defect 1: the old socket of a seat that was left and taken again must not act for the
    newcomer, whatever it sends after the seat changed hands."""
    created = create(client, TOY, ["human", "human"], name="Ada")
    table_id, invite = created["table"]["id"], created["invites"][0]
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        old = SeatDriver(socket, 1, invite["token"])
        state = old.until_state()
        legal = state["legal"][0]["action"]
        left = client.post(
            f"/api/tables/{table_id}/leave", json={"seat": 1, "token": invite["token"]}
        )
        assert left.status_code == 200
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob"})
        assert joined.json()["seat"] == 1
        old.act(legal, version=state["version"])
        old.act(legal, version=state["version"])
        assert old.until_error()["code"] == "forbidden"
    assert version(client, table_id) == 0
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        bob = SeatDriver(socket, 1, joined.json()["token"])
        assert bob.until_state()["legal"], "Bob still has his bid to make"


class HeldStore:
    """Holds the first write until released (failing it like a locked database if ``fail``)
    and records every group of moves written: (table, version, seat) each."""

    def __init__(self, client: TestClient, fail: bool = False) -> None:
        self.store = client.app.state.manager.store  # type: ignore[attr-defined]
        self.append = self.store.append_moves
        self.entered, self.release = threading.Event(), threading.Event()
        self.fail = fail
        self.groups: list[list[tuple[str, int, int]]] = []
        self.store.append_moves = self.held

    def held(self, moves: list[MoveWrite]) -> list[bool]:
        first = not self.groups
        self.groups.append([(m.table_id, m.ply, m.seat) for m in moves])
        if first:
            self.entered.set()
            self.release.wait(10)
            if self.fail:
                raise OperationalError("INSERT INTO moves", {}, Exception("database is locked"))
        written: list[bool] = self.append(moves)
        return written

    def restore(self) -> None:
        self.store.append_moves = self.append


@contextmanager
def two_seats(client: TestClient) -> Iterator[tuple[str, SeatDriver, SeatDriver, dict[str, Any]]]:
    """A toy table of Ada (seat 0) and Bob (seat 1), both connected, at Ada's first bid."""
    created = create(client, TOY, ["human", "human"], name="Ada")
    table_id, me, invite = created["table"]["id"], created["you"], created["invites"][0]
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as socket,
        client.websocket_connect(f"/ws/tables/{table_id}") as other_socket,
    ):
        ada = SeatDriver(socket, 0, me["token"])
        bob = SeatDriver(other_socket, 1, invite["token"])
        bob.until_state()
        yield table_id, ada, bob, my_turn(ada)


def test_a_move_is_not_visible_before_it_is_stored(client: TestClient) -> None:
    """Defect 2: while the write is under way, the table (GET, a new socket, sync) is as before."""
    held = HeldStore(client)
    with two_seats(client) as (table_id, ada, bob, state):
        ada.act(state["legal"][0]["action"])
        assert held.entered.wait(10)
        assert version(client, table_id) == 0
        bob.socket.send_json({"type": "sync"})
        synced = bob.until_state()
        assert synced["version"] == 0 and synced["to_move"] == [0, 1]
        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher_socket:
            assert SeatDriver(watcher_socket, None).until_state()["version"] == 0
        held.release.set()
        assert ada.until_acknowledged(0)["version"] == 1
        assert version(client, table_id) == 1
    held.restore()


def test_a_failed_write_is_a_clear_error_and_changes_nothing(client: TestClient) -> None:
    held = HeldStore(client, fail=True)
    held.release.set()
    with two_seats(client) as (table_id, ada, bob, state):
        ada.act(state["legal"][0]["action"])
        error = ada.until_error()
        assert error["code"] == "unavailable" and "not stored" in error["message"]
        assert error["version"] == 0
        held.restore()
        # The mover's socket stays open; the move can be made again, and only then is it seen.
        ada.act(state["legal"][0]["action"])
        assert ada.until_acknowledged(0)["version"] == 1
        seen = bob.until_state()
        assert seen["version"] == 1 and seen["last_mover"] == 0
    assert version(client, table_id) == 1


@contextmanager
def seated(client: TestClient, players: int) -> Iterator[tuple[str, list[SeatDriver]]]:
    """A toy table of ``players`` people, all connected and at their first bid."""
    created = create(client, TOY, ["human"] * players, name="Ada")
    table_id = created["table"]["id"]
    tokens = [created["you"]["token"]] + [i["token"] for i in created["invites"]]
    with ExitStack() as stack:
        seats = [
            SeatDriver(
                stack.enter_context(client.websocket_connect(f"/ws/tables/{table_id}")), s, t
            )
            for s, t in enumerate(tokens)
        ]
        for seat in seats:
            my_turn(seat)
        yield table_id, seats


def test_seats_bidding_at_once_share_a_write_and_are_shown_in_order(client: TestClient) -> None:
    """A table's moves do not wait for each other's write. While Ada's bid is being
    written, Bob's and Cy's are checked against the table as it will be and written together
    in the next group; each is shown only once stored, in the order sent. Ada's bid again from
    her other device, on the version it shows, is refused: she has bid, in the table ahead."""
    held = HeldStore(client)
    with (
        seated(client, 3) as (table_id, (ada, bob, cy)),
        client.websocket_connect(f"/ws/tables/{table_id}") as socket,
    ):
        again = SeatDriver(socket, 0, ada.token)
        bid = my_turn(again)["legal"][0]["action"]
        ada.act(bid)
        assert held.entered.wait(10)
        bob.act(bob.state["legal"][0]["action"])
        cy.act(cy.state["legal"][0]["action"])
        again.act(bid, version=0)
        assert again.until_error()["code"] == "stale"
        assert version(client, table_id) == 0
        held.release.set()
        assert cy.until_acknowledged(0)["version"] == 3
        movers = [again.until_state()["last_mover"] for _ in range(3)]
        assert movers == [0, 1, 2] and again.state["version"] == 3
    held.restore()
    assert held.groups[:2] == [[(table_id, 0, 0)], [(table_id, 1, 1), (table_id, 2, 2)]]


def test_a_failed_write_fails_the_moves_played_on_it(client: TestClient) -> None:
    """Bob bid on the table ahead of Ada's bid, whose write then failed: his is not written
    (it followed a move the store does not have) but answered as hers was, and the table shows
    neither; both may bid again."""
    held = HeldStore(client, fail=True)
    with seated(client, 2) as (table_id, (ada, bob)):
        ada.act(ada.state["legal"][0]["action"])
        assert held.entered.wait(10)
        bob.act(bob.state["legal"][0]["action"])
        assert version(client, table_id) == 0
        held.release.set()
        for seat in (ada, bob):
            error = seat.until_error()
            assert error["code"] == "unavailable" and error["version"] == 0
        assert held.groups == [[(table_id, 0, 0)]]
        assert version(client, table_id) == 0
        for seat in (ada, bob):
            seat.act(seat.state["legal"][0]["action"])
        assert bob.until_acknowledged(0)["version"] == 2
    held.restore()


def test_a_seat_left_while_a_move_is_written_is_left_once_it_is_stored(
    client: TestClient,
) -> None:
    """What changes a table otherwise than by a move (here Bob giving his seat up) waits until
    the moves sent to the store are settled (`LiveTable.settled`): it sees the table as stored."""
    held = HeldStore(client)
    with seated(client, 2) as (table_id, (ada, bob)):
        ada.act(ada.state["legal"][0]["action"])
        assert held.entered.wait(10)
        with ThreadPoolExecutor(1) as pool:
            left = pool.submit(
                client.post, f"/api/tables/{table_id}/leave", json={"seat": 1, "token": bob.token}
            )
            assert not wait([left], timeout=0.3).done, "the seat is left before the move is stored"
            held.release.set()
            summary = left.result(10)
        assert summary.status_code == 200 and summary.json()["version"] == 1
    held.restore()


def test_concurrent_joins_of_one_seat_grant_it_once(client: TestClient) -> None:
    """Defect 3: thirty people ask for seat 1 at once: one token, and twenty-nine "seat taken"."""
    created = create(client, TOY, ["human", "human", "human", "human"], name="Ada")
    table_id = created["table"]["id"]

    def join(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        response = client.post(f"/api/tables/{table_id}/join", json=body)
        return response.status_code, response.json()

    with ThreadPoolExecutor(30) as pool:
        answers = list(pool.map(join, [{"seat": 1, "name": f"P{i}"} for i in range(30)]))
    granted = [a for status, a in answers if status == 200]
    assert len(granted) == 1 and granted[0]["seat"] == 1
    refusals = [a["detail"] for status, a in answers if status == 409]
    assert len(refusals) == 29 and all("taken" in r for r in refusals)

    with ThreadPoolExecutor(30) as pool:
        answers = list(pool.map(join, [{"name": f"Q{i}"} for i in range(30)]))
    seats = sorted(a["seat"] for status, a in answers if status == 200)
    assert seats == [2, 3]
    assert sum(status == 409 for status, _ in answers) == 28
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["status"] == "playing" and summary["open_seats"] == []
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        winner = SeatDriver(socket, 1, granted[0]["token"])
        assert winner.until_state()["seat"] == 1
