"""Quick match ("Play now"): people waiting for the same game, player count and clock seated
together, the closest ratings first; bots for the seats nobody came for after the wait chosen;
cancelled by its player or by its page left; refused with nothing changed; and, with two server
processes on one PostgreSQL database, two players waiting on either seated once, at one table."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from potager.server import create_app, quickmatch
from potager.server.live import new_table_id, token_hash
from potager.server.quickmatch import Group, choose, distinct_names
from potager.store import SeatInfo, Store, TableInfo
from potager.store.models import TableRow
from potager.store.players import Players, RatingRow
from potager.store.quickmatch import Queue, Taken, Waiting
from tests.server.conftest import settings
from tests.server.driver import SeatDriver
from tests.server.test_online import Clock
from tests.server.test_scaleout import redis_url, servers
from tests.toy import GAME as TOY_GAME

__all__ = ["redis_url"]  # the fixture

TOY = TOY_GAME.name


def bearer(player: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {player['token']}"}


def new_player(client: httpx.Client, name: str) -> dict[str, Any]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    player: dict[str, Any] = made.json()
    return player


def play_now(client: httpx.Client, player: dict[str, Any], **asked: Any) -> dict[str, Any]:
    body = {"game": TOY, "players": 2, **asked}
    answer = client.post("/api/quickmatch", json=body, headers=bearer(player))
    assert answer.status_code == 201, answer.text
    ticket: dict[str, Any] = answer.json()
    return ticket


def look(client: httpx.Client, player: dict[str, Any]) -> dict[str, Any]:
    answer = client.get("/api/quickmatch", headers=bearer(player))
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def rate(client: TestClient, player: dict[str, Any], rating: float) -> None:
    """Give ``player`` ``rating`` (μ − 3σ) in the toy game, as if it had played it rated."""
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    with store._session.begin() as session:
        session.add(RatingRow(player_id=player["id"], game=TOY, mu=rating + 3, sigma=1, games=1))


def table_of(client: httpx.Client, table_id: str) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
    return found


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def client(tmp_path: Path, clock: Clock) -> Iterator[TestClient]:
    base = replace(settings(f"sqlite:///{tmp_path / 'potager.db'}"), clock_now=clock)
    with TestClient(create_app(base)) as found:
        yield found


# -- whom to seat ---------------------------------------------------------------------------------
def entry(
    player: str, rating: float | None, since: float, fill_after: float | None = None
) -> Waiting:
    return Waiting(
        player,
        TOY,
        2,
        "none",
        False,
        player,
        rating,
        fill_after,
        "random",
        "h" + player,
        since,
        since,
    )


def test_the_closest_ratings_are_seated_first() -> None:
    waiting = [entry("a", 10, 0), entry("c", 25, 1), entry("b", 11.5, 2), entry("d", 24, 3)]
    assert [e.player_id for e in choose(waiting, 2, 5).people] == ["c", "d"]  # type: ignore[union-attr]
    assert [e.player_id for e in choose(waiting[:3], 2, 5).people] == ["a", "b"]  # type: ignore[union-attr]
    three = choose(waiting, 3, 5)
    assert three is not None and [e.player_id for e in three.people] == ["c", "b", "d"]


def test_a_newcomer_is_matched_as_rated_zero_and_ties_go_to_the_longest_waiting() -> None:
    waiting = [entry("new", None, 0), entry("low", 1, 1), entry("lower", -1, 2)]
    group = choose(waiting, 2, 3)
    assert group is not None and [e.player_id for e in group.people] == ["new", "low"]


def test_bots_fill_the_seats_once_the_longest_waiting_has_waited_its_time() -> None:
    waiting = [entry("never", 0, 0), entry("soon", 30, 1, 30), entry("later", 5, 2, 120)]
    assert choose(waiting, 4, 30) is None
    group = choose(waiting, 4, 31)
    assert group == Group([waiting[1], waiting[2]], bots=2, level="random")  # not "never"
    assert choose([waiting[0]], 4, 10**9) is None


def test_names_are_made_distinct_at_the_table() -> None:
    assert distinct_names(["Ada", "ada", "Bob", "Ada"]) == ["Ada", "ada 2", "Bob", "Ada 3"]


# -- over HTTP ------------------------------------------------------------------------------------
def test_two_players_waiting_for_the_same_are_seated_at_one_rated_table(client: TestClient) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    first = play_now(client, ada)
    assert first["status"] == "waiting" and first["others"] == 0 and first["fill_after"] == 60
    assert look(client, ada)["status"] == "waiting"
    second = play_now(client, bob)
    assert second["status"] == "seated"
    found = look(client, ada)
    assert found["status"] == "seated" and found["table_id"] == second["table_id"]
    assert found["url"] == f"/table/{found['table_id']}"
    assert {found["seat"], second["seat"]} == {0, 1}
    table = table_of(client, found["table_id"])
    assert table["status"] == "playing" and table["rated"]
    assert sorted(s["name"] for s in table["seats"]) == ["Ada", "Bob"]
    for ticket, seated in ((first, found), (second, second)):  # each secret opens its seat
        with client.websocket_connect(f"/ws/tables/{found['table_id']}") as socket:
            state = SeatDriver(socket, seated["seat"], ticket["token"]).until_state()
            assert state["seat"] == seated["seat"]


def test_a_waiting_player_is_seated_with_the_closest_rating(client: TestClient) -> None:
    """Ada (10) and Cy (25) waited at once (written to the queue as the server would); Bob
    (11) comes: Ada and Bob sit together, Cy waits on."""
    ada, bob, cy = (new_player(client, name) for name in ("Ada", "Bob", "Cy"))
    for player, rating in ((ada, 10), (bob, 11), (cy, 25)):
        rate(client, player, rating)
    queue = Queue(client.app.state.manager.store)  # type: ignore[attr-defined]
    for player, waiting_rating in ((ada, 10.0), (cy, 25.0)):
        waits = entry(player["id"], waiting_rating, Clock().now, 60)
        queue.enter(replace(waits, name=player["name"]), 0)
    seated = play_now(client, bob)
    assert seated["status"] == "seated"
    assert look(client, ada)["table_id"] == seated["table_id"]
    assert look(client, cy)["status"] == "waiting"
    seats = table_of(client, seated["table_id"])["seats"]
    assert sorted((s["name"], s["rating"]) for s in seats) == [("Ada", 10.0), ("Bob", 11.0)]


def test_bots_take_the_empty_seats_after_the_wait_chosen(client: TestClient, clock: Clock) -> None:
    ada = new_player(client, "Ada")
    play_now(client, ada, players=3, fill_after=30, level="random")
    clock.now += 29
    assert look(client, ada)["status"] == "waiting"
    clock.now += 2
    found = look(client, ada)
    assert found["status"] == "seated"
    table = table_of(client, found["table_id"])
    assert not table["rated"]  # a table with a bot is never rated
    assert sorted((s["kind"], s["level"]) for s in table["seats"]) == [
        ("bot", "random"),
        ("bot", "random"),
        ("human", None),
    ]


def test_people_only_waits_for_people(client: TestClient, clock: Clock) -> None:
    ada = new_player(client, "Ada")
    play_now(client, ada, fill_after=None)
    for _ in range(5):
        clock.now += quickmatch.PATIENCE - 1
        assert look(client, ada)["status"] == "waiting"


def test_a_cancelled_wait_is_gone_and_seats_nobody(client: TestClient) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    play_now(client, ada)
    assert client.delete("/api/quickmatch", headers=bearer(ada)).status_code == 204
    assert client.get("/api/quickmatch", headers=bearer(ada)).status_code == 404
    assert client.delete("/api/quickmatch", headers=bearer(ada)).status_code == 204  # once more
    assert play_now(client, bob)["status"] == "waiting"
    assert play_now(client, ada)["status"] == "seated"  # waiting again: a new wait


def test_a_wait_nobody_asks_about_is_given_up(client: TestClient, clock: Clock) -> None:
    """Ada's page was closed without a word: Bob, coming after her patience, waits alone."""
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    play_now(client, ada)
    clock.now += quickmatch.PATIENCE + 1
    assert play_now(client, bob)["status"] == "waiting"
    assert client.get("/api/quickmatch", headers=bearer(ada)).status_code == 404


def test_cancelling_once_seated_is_refused_and_says_so(client: TestClient) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    play_now(client, ada)
    play_now(client, bob)
    refused = client.delete("/api/quickmatch", headers=bearer(ada))
    assert refused.status_code == 409 and "too late" in refused.json()["detail"]
    assert look(client, ada)["status"] == "seated"


def test_bot_players_are_matched_with_bot_players_only(client: TestClient) -> None:
    """A person and a program waiting for the same are not seated together (a game is rated
    among people or among bots); two programs are, at a table rated among bots."""
    ada = new_player(client, "Ada")
    robo, tron = (
        client.post("/api/players", json={"name": name, "bot": True}).json()
        for name in ("Robo", "Tron")
    )
    assert play_now(client, ada)["status"] == "waiting"
    assert play_now(client, robo)["status"] == "waiting"
    seated = play_now(client, tron)
    assert seated["status"] == "seated" and look(client, ada)["status"] == "waiting"
    table = table_of(client, seated["table_id"])
    assert table["rated"] and [s["bot_player"] for s in table["seats"]] == [True, True]


@pytest.mark.parametrize(
    ("asked", "status"),
    [
        ({"game": "chess"}, 422),
        ({"players": 9}, 422),
        ({"players": 1}, 422),
        ({"players": "2"}, 422),
        ({"speed": "blitz"}, 422),
        ({"fill_after": 45}, 422),
        ({"level": "grandmaster"}, 422),
        ({"name": "Seat 2"}, 422),
        ({"extra": 1}, 422),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    client: TestClient, asked: dict[str, Any], status: int
) -> None:
    ada = new_player(client, "Ada")
    body = {"game": TOY, "players": 2, **asked}
    refused = client.post("/api/quickmatch", json=body, headers=bearer(ada))
    assert refused.status_code == status, refused.text
    assert client.get("/api/quickmatch", headers=bearer(ada)).status_code == 404


def test_one_wait_per_player_and_a_player_token_needed(client: TestClient) -> None:
    ada = new_player(client, "Ada")
    first = play_now(client, ada, players=3)
    again = client.post("/api/quickmatch", json={"game": TOY, "players": 2}, headers=bearer(ada))
    assert again.status_code == 409
    kept = look(client, ada)
    assert (kept["players"], kept["waited"]) == (3, first["waited"])
    assert client.post("/api/quickmatch", json={"game": TOY, "players": 2}).status_code == 401
    assert client.get("/api/quickmatch").status_code == 401


def test_a_player_without_a_name_names_itself_by_its_seat(client: TestClient) -> None:
    made = client.post("/api/players", json={})
    assert made.status_code == 201, made.text
    nameless = made.json()
    refused = client.post(
        "/api/quickmatch", json={"game": TOY, "players": 2}, headers=bearer(nameless)
    )
    assert refused.status_code == 422
    play_now(client, nameless, name="Dora")
    assert client.get("/api/players/me", headers=bearer(nameless)).json()["name"] == "Dora"


# -- the store decides ----------------------------------------------------------------------------
def _table(players: list[Waiting]) -> TableInfo:
    seats = [
        SeatInfo(i, "human", None, e.name, e.token_hash, True, e.player_id)
        for i, e in enumerate(players)
    ]
    return TableInfo(new_table_id(), TOY, 2, {}, 1, seats=seats, status="playing")


def test_of_matches_racing_for_the_same_people_one_is_stored(postgres_server: str) -> None:
    """Eight threads store a table for the same two waiting players at once, on PostgreSQL:
    one table is stored, the seven others are `Taken` and wrote nothing."""
    from potager.store import localpg

    store = Store(localpg.fresh_database(postgres_server))
    store.upgrade()
    players, queue = Players(store), Queue(store)
    people = []
    for name in ("Ada", "Bob"):
        made = players.create(name.lower(), name, token_hash(name))
        waits = replace(entry(made.id, None, 1.0), name=name, token_hash=token_hash(name + "!"))
        assert queue.enter(waits, 0)
        people.append(waits)
    start = threading.Barrier(8)

    def race(_: int) -> bool:
        table = _table(people)
        start.wait()
        try:
            queue.seat(people, table)
        except Taken:
            return False
        return True

    with ThreadPoolExecutor(8) as pool:
        stored = list(pool.map(race, range(8)))
    assert stored.count(True) == 1
    with store._session() as session:
        assert session.scalar(select(func.count()).select_from(TableRow)) == 1
    seated = [queue.entry(p.player_id) for p in people]
    assert len({s.table_id for s in seated if s}) == 1
    store.close()


def test_two_processes_seat_two_waiting_players_once(postgres_server: str, redis_url: str) -> None:
    """Ada waits through the first process and Bob through the second, each asking its own
    process again and again: both are told the same table, at two seats, and the store holds
    that one table."""
    from potager.store import localpg

    database = localpg.fresh_database(postgres_server)
    with servers(database, redis_url, 2) as [(first, _), (second, _)]:
        clients = [
            httpx.Client(base_url=f"http://127.0.0.1:{p}", timeout=30) for p in (first, second)
        ]
        ada, bob = new_player(clients[0], "Ada"), new_player(clients[1], "Bob")
        game, body = "kraut-und-rueben", {"players": 2, "fill_after": None}
        tickets: list[dict[str, Any]] = [{}, {}]

        def wait(i: int, player: dict[str, Any]) -> dict[str, Any]:
            tickets[i] = play_now(clients[i], player, game=game, **body)
            deadline = time.monotonic() + 30
            found = tickets[i]
            while found["status"] != "seated":
                assert time.monotonic() < deadline, found
                time.sleep(0.2)
                found = look(clients[i], player)
            return found

        with ThreadPoolExecutor(2) as pool:
            found = list(pool.map(wait, (0, 1), (ada, bob)))
        assert found[0]["table_id"] == found[1]["table_id"]
        assert {found[0]["seat"], found[1]["seat"]} == {0, 1}
        live = clients[1].get("/api/tables", params={"status": "live"}).json()
        assert [t["id"] for t in live] == [found[0]["table_id"]]
        for client in clients:
            client.close()
