"""Players: an identity per browser, passwords to sign in elsewhere, seats linked to
their player, a rating per game moved once by each rated game between people, and names unique
at a table in the database itself."""

from __future__ import annotations

import functools
import random
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import text

from potager.server import create_app, identity
from potager.server.config import Rate
from potager.server.live import token_hash
from potager.store import MoveWrite, NameTaken, SeatInfo, Store, TableInfo
from potager.store.players import Players
from tests.server.conftest import LIFTED, settings
from tests.server.driver import SeatDriver, create
from tests.store.fixtures import older_store
from tests.toy import GAME as TOY_GAME

TOY = TOY_GAME.name
PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def cheap_hashing(monkeypatch: pytest.MonkeyPatch) -> None:
    """argon2 at its lowest cost here: the server's defaults (64 MiB, 3 passes) are meant to be
    slow, and these tests hash a dozen passwords."""
    cheap = functools.partial(PasswordHasher, time_cost=1, memory_cost=1024, parallelism=1)
    monkeypatch.setattr(identity, "PasswordHasher", cheap)


def bearer(player: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {player['token']}"}


def new_player(client: TestClient, name: str) -> dict[str, Any]:
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    player: dict[str, Any] = made.json()
    return player


def me(client: TestClient, player: dict[str, Any]) -> dict[str, Any]:
    found = client.get("/api/players/me", headers=bearer(player))
    assert found.status_code == 200, found.text
    profile: dict[str, Any] = found.json()
    return profile


def table_for(
    client: TestClient, first: dict[str, Any] | None, second: dict[str, Any] | None, **extra: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A toy table of two people: ``first`` creates it as Ada, ``second`` joins as Bob (each
    with its player's token, or none); both grants."""
    body = {
        "game": TOY,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "name": "Ada",
        **extra,
    }
    made = client.post("/api/tables", json=body, headers=bearer(first) if first else {})
    assert made.status_code == 201, made.text
    created = made.json()
    joined = client.post(
        f"/api/tables/{created['table']['id']}/join",
        json={"name": "Bob"},
        headers=bearer(second) if second else {},
    )
    assert joined.status_code == 200, joined.text
    return created["you"], joined.json()


def play_out(client: TestClient, grants: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    """Play the table of ``grants`` to its end with random legal moves; its last state."""
    table_id = grants[0]["table_id"]
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as first,
        client.websocket_connect(f"/ws/tables/{table_id}") as second,
    ):
        drivers = [
            SeatDriver(socket, g["seat"], g["token"])
            for socket, g in zip((first, second), grants, strict=True)
        ]
        for driver in drivers:
            driver.until_state()
        rng = random.Random(seed)
        lead = drivers[0]
        while lead.state["status"] != "finished":
            version = lead.state["version"]
            for driver in drivers:
                if driver.state["legal"]:
                    driver.act(rng.choice(driver.state["legal"])["action"], version)
            for driver in drivers:
                while driver.state["version"] == version:
                    driver.until_state()
        return lead.state


def ratings(client: TestClient, player: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {r["game"]: r for r in me(client, player)["ratings"]}


def test_a_player_is_made_with_a_token_kept_hashed(client: TestClient) -> None:
    ada = new_player(client, "  Ada ")
    assert ada["name"] == "Ada" and len(ada["token"]) >= 32
    assert me(client, ada) == {
        "id": ada["id"],
        "name": "Ada",
        "has_password": False,
        "bot": False,
        "ratings": [],
    }
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    with store.engine.connect() as db:
        kept = db.execute(text("SELECT token_hash FROM player_tokens")).scalars().all()
    assert kept == [token_hash(ada["token"])]
    for bad in ({"name": "   "}, {"name": "x" * 41}, {"name": "a\u202eb"}, {"name": 7}):
        assert client.post("/api/players", json=bad).status_code == 422
    unknown = client.get("/api/players/me", headers={"Authorization": "Bearer " + "x" * 32})
    assert unknown.status_code == 401 and unknown.json()["detail"] == (
        "this player token is not known here"
    )
    assert client.get("/api/players/me").status_code == 401


def test_a_password_signs_in_on_another_device(client: TestClient) -> None:
    ada = new_player(client, "Ada")
    short = client.post("/api/players/me/password", json={"password": "pw7"}, headers=bearer(ada))
    assert short.status_code == 422 and "pw7" not in short.text
    assert not me(client, ada)["has_password"]
    added = client.post(
        "/api/players/me/password", json={"password": PASSWORD}, headers=bearer(ada)
    )
    assert added.status_code == 200 and added.json()["has_password"]

    signed = client.post("/api/players/sign-in", json={"name": " ADA", "password": PASSWORD})
    assert signed.status_code == 200
    other_device = signed.json()
    assert other_device["id"] == ada["id"] and other_device["token"] != ada["token"]
    assert me(client, other_device)["id"] == me(client, ada)["id"]

    for name, password in (("Ada", PASSWORD + "!"), ("Nobody", PASSWORD)):
        wrong = client.post("/api/players/sign-in", json={"name": name, "password": password})
        assert wrong.status_code == 401
        assert wrong.json() == {"detail": "wrong name or password"}

    change = {"password": "another long one"}
    refused = client.post("/api/players/me/password", json=change, headers=bearer(ada))
    assert refused.status_code == 401 and PASSWORD not in refused.text
    changed = client.post(
        "/api/players/me/password", json={**change, "current": PASSWORD}, headers=bearer(ada)
    )
    assert changed.status_code == 200
    old = client.post("/api/players/sign-in", json={"name": "Ada", "password": PASSWORD})
    assert old.status_code == 401

    namesake = new_player(client, "ada")  # display names may repeat; sign-in names may not
    taken = client.post(
        "/api/players/me/password", json={"password": PASSWORD}, headers=bearer(namesake)
    )
    assert taken.status_code == 409 and not me(client, namesake)["has_password"]


def unnamed_player(client: TestClient) -> dict[str, Any]:
    made = client.post("/api/players", json={})
    assert made.status_code == 201, made.text
    player: dict[str, Any] = made.json()
    assert player["name"] is None and me(client, player)["name"] is None
    return player


def invite_for(
    client: TestClient, creator: dict[str, Any] | None = None, name: str = "Ada"
) -> dict[str, Any]:
    """A new toy table of two people opened by ``name`` (``creator``'s seat): its invite to
    seat 1."""
    created = client.post(
        "/api/tables",
        json={"game": TOY, "players": 2, "seats": [{"kind": "human"}] * 2, "name": name},
        headers=bearer(creator) if creator else {},
    )
    assert created.status_code == 201, created.text
    invite: dict[str, Any] = created.json()["invites"][0]
    return invite


def sit_by_invite(
    client: TestClient, invite: dict[str, Any], player: dict[str, Any], name: str
) -> Any:
    body = {"seat": invite["seat"], "token": invite["token"], "name": name}
    return client.post(f"/api/tables/{invite['table_id']}/name", json=body, headers=bearer(player))


def test_the_name_typed_at_an_invite_names_a_player_who_has_none(client: TestClient) -> None:
    ada = new_player(client, "Ada")
    friend = unnamed_player(client)
    refused = client.post(
        "/api/players/me/password", json={"password": PASSWORD}, headers=bearer(friend)
    )
    assert refused.status_code == 422 and refused.json()["detail"] == "a player needs a name"

    invite = invite_for(client, ada)
    assert sit_by_invite(client, invite, friend, "  Fern ").status_code == 200
    assert me(client, friend)["name"] == "Fern"
    assert me(client, ada)["name"] == "Ada"  # the creator's seat did not rename her

    # Named now: another name at another table is that seat's only, never the player's.
    other = invite_for(client, ada)
    assert sit_by_invite(client, other, friend, "Fernanda").status_code == 200
    seats = client.get(f"/api/tables/{other['table_id']}").json()["seats"]
    assert seats[1]["name"] == "Fernanda" and me(client, friend)["name"] == "Fern"

    # The rated game between them puts the typed name on the leaderboard.
    table_id = invite["table_id"]
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    first = store.table(table_id).seats[0]
    assert first.player_id == ada["id"]
    grants = [
        {"table_id": table_id, "seat": 0, "token": ada["token"]},
        {"table_id": table_id, "seat": 1, "token": invite["token"]},
    ]
    play_out(client, grants, seed=4)
    board = client.get(f"/api/ratings/{TOY}").json()
    assert sorted(r["name"] for r in board) == ["Ada", "Fern"]


def test_every_way_to_a_seat_names_an_unnamed_player(client: TestClient) -> None:
    creator, joiner, greeter = (unnamed_player(client) for _ in range(3))
    created = client.post(
        "/api/tables",
        json={"game": TOY, "players": 3, "seats": [{"kind": "human"}] * 3, "name": "Cress"},
        headers=bearer(creator),
    )
    assert created.status_code == 201, created.text
    table_id = created.json()["table"]["id"]
    joined = client.post(
        f"/api/tables/{table_id}/join", json={"name": "Dill"}, headers=bearer(joiner)
    )
    assert joined.status_code == 200, joined.text
    assert (me(client, creator)["name"], me(client, joiner)["name"]) == ("Cress", "Dill")

    # A seat its player holds without a name: the name its hello brings names the player.
    invite = created.json()["invites"][1]
    assert sit_by_invite(client, invite, greeter, "").status_code == 200
    assert me(client, greeter)["name"] is None
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_json(
            {"type": "hello", "seat": invite["seat"], "token": invite["token"], "name": "Endive"}
        )
        while socket.receive_json()["type"] != "state":
            pass
    assert me(client, greeter)["name"] == "Endive"


def test_a_seat_name_never_takes_another_player_s_sign_in_name(client: TestClient) -> None:
    ada = new_player(client, "Ada")
    added = client.post(
        "/api/players/me/password", json={"password": PASSWORD}, headers=bearer(ada)
    )
    assert added.status_code == 200
    stranger = unnamed_player(client)
    invite = invite_for(client, name="Basil")
    refused = sit_by_invite(client, invite, stranger, " ADA")
    assert refused.status_code == 409
    assert refused.json()["detail"] == 'another player signs in as "ADA"'
    seats = client.get(f"/api/tables/{invite['table_id']}").json()["seats"]
    assert not seats[1]["taken"] and me(client, stranger)["name"] is None  # nothing changed
    joined = client.post(
        f"/api/tables/{invite['table_id']}/join", json={"name": "ada"}, headers=bearer(stranger)
    )
    assert joined.status_code == 409 and me(client, stranger)["name"] is None
    made = client.post(
        "/api/tables",
        json={"game": TOY, "players": 2, "seats": [{"kind": "human"}] * 2, "name": "Ada"},
        headers=bearer(stranger),
    )
    assert made.status_code == 409 and me(client, stranger)["name"] is None
    # Ada herself may sit as Ada, and so may a browser without an identity (nobody is named).
    assert sit_by_invite(client, invite_for(client, name="Basil"), ada, "Ada").status_code == 200
    anonymous = invite_for(client, name="Basil")
    body = {"seat": anonymous["seat"], "token": anonymous["token"], "name": "Ada"}
    assert client.post(f"/api/tables/{anonymous['table_id']}/name", json=body).status_code == 200
    assert sit_by_invite(client, invite, stranger, "Sorrel").status_code == 200
    assert me(client, stranger)["name"] == "Sorrel"


@contextmanager
def server(tmp_path: Path, name: str = "p.db", **limits: Any) -> Iterator[TestClient]:
    app = create_app(settings(f"sqlite:///{tmp_path / name}", replace(LIFTED, **limits)))
    with TestClient(app) as client:
        yield client


def test_wrong_passwords_are_rate_limited_per_client_and_name(tmp_path: Path) -> None:
    with server(tmp_path, signin_rate=Rate(3, 60)) as client:
        ada = new_player(client, "Ada")
        client.post("/api/players/me/password", json={"password": PASSWORD}, headers=bearer(ada))
        guesses = [
            client.post("/api/players/sign-in", json={"name": "Ada", "password": f"guess {i}"})
            for i in range(4)
        ]
        assert [g.status_code for g in guesses] == [401, 401, 401, 429]
        assert int(guesses[-1].headers["Retry-After"]) >= 1
        right = client.post("/api/players/sign-in", json={"name": "Ada", "password": PASSWORD})
        assert right.status_code == 429  # the right password too, until the bucket refills


def test_seats_are_linked_and_a_rated_game_moves_ratings_once(client: TestClient) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    grants = table_for(client, ada, bob)
    table_id = grants[0]["table_id"]
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["rated"] and [s["rating"] for s in summary["seats"]] == [None, None]
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    assert [s.player_id for s in store.table(table_id).seats] == [ada["id"], bob["id"]]

    final = play_out(client, list(grants), seed=5)
    ada_rating, bob_rating = ratings(client, ada)[TOY], ratings(client, bob)[TOY]
    assert ada_rating["games"] == bob_rating["games"] == 1
    winners = final["result"]["winners"]
    if winners == [0]:
        assert ada_rating["mu"] > 25 > bob_rating["mu"]
    elif winners == [1]:
        assert bob_rating["mu"] > 25 > ada_rating["mu"]
    for _ in range(100):  # the finished table's seats read their new ratings in the background
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        if seats[0]["rating"] is not None:
            break
        time.sleep(0.02)
    assert [s["rating"] for s in seats] == [ada_rating["rating"], bob_rating["rating"]]
    board = client.get(f"/api/ratings/{TOY}").json()
    assert sorted(r["name"] for r in board) == ["Ada", "Bob"]
    assert [r["rank"] for r in board] == [1, 2] and board[0]["rating"] >= board[1]["rating"]

    # The finishing move written again (a retry, another process): refused, nothing rated.
    last = len(store.moves(table_id)) - 1
    again = MoveWrite(table_id, last, 0, 0, "x", "finished", final["result"])
    assert store.append_moves([again]) == [False]
    assert ratings(client, ada)[TOY] == ada_rating

    # The players' next table shows each seat's rating beside its name.
    rematch = table_for(client, ada, bob)
    seats = client.get(f"/api/tables/{rematch[0]['table_id']}").json()["seats"]
    assert [s["rating"] for s in seats] == [ada_rating["rating"], bob_rating["rating"]]


def seats_once_rated(client: TestClient, table_id: str) -> list[dict[str, Any]]:
    """The finished rated table's seats, once they have read their rating changes (in the
    background, after the finishing move)."""
    for _ in range(100):
        seats: list[dict[str, Any]] = client.get(f"/api/tables/{table_id}").json()["seats"]
        if all(s["rating_change"] is not None for s in seats):
            return seats
        time.sleep(0.02)
    raise AssertionError("the seats never read their rating changes")


def test_a_rated_game_s_end_tells_each_seat_its_rating_change(client: TestClient) -> None:
    """Each seat's rating before and after the game, from the table's own end (not a later
    game's): a newcomer starts at 0; the next game starts where this one left the rating."""
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    first = table_for(client, ada, bob)
    table_id = first[0]["table_id"]
    assert [s["rating_change"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]] == [
        None,
        None,
    ]
    play_out(client, list(first), seed=5)
    seats = seats_once_rated(client, table_id)
    after = [ratings(client, p)[TOY]["rating"] for p in (ada, bob)]
    assert [s["rating_change"] for s in seats] == [
        {"before": 0.0, "after": after[0]},
        {"before": 0.0, "after": after[1]},
    ]
    store = client.app.state.manager.store  # type: ignore[attr-defined]
    stored = [s.rating_change for s in store.table(table_id).seats]
    assert [(round(b, 2), round(a, 2)) for b, a in stored] == [(0.0, after[0]), (0.0, after[1])]

    second = table_for(client, ada, bob)
    play_out(client, list(second), seed=6)
    changes = [s["rating_change"] for s in seats_once_rated(client, second[0]["table_id"])]
    assert [c["before"] for c in changes] == after
    assert [c["after"] for c in changes] == [ratings(client, p)[TOY]["rating"] for p in (ada, bob)]
    # The first table still says what its own end did.
    assert [s["rating_change"] for s in seats_once_rated(client, table_id)] == [
        s["rating_change"] for s in seats
    ]


def test_unrated_tables_and_tables_with_bots_or_strangers_move_no_rating(
    client: TestClient,
) -> None:
    ada, bob = new_player(client, "Ada"), new_player(client, "Bob")
    unrated = table_for(client, ada, bob, rated=False)
    assert not client.get(f"/api/tables/{unrated[0]['table_id']}").json()["rated"]
    play_out(client, list(unrated), seed=1)
    stranger = table_for(client, ada, None)  # Bob joins without an identity
    play_out(client, list(stranger), seed=2)
    assert me(client, ada)["ratings"] == [] and me(client, bob)["ratings"] == []
    for grants in (unrated, stranger):
        seats = client.get(f"/api/tables/{grants[0]['table_id']}").json()["seats"]
        assert [s["rating_change"] for s in seats] == [None, None]

    with_bot = create(client, TOY, ["human", "random"], name="Ada")
    assert not with_bot["table"]["rated"]
    refused = client.post(
        "/api/tables",
        json={
            "game": TOY,
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
            "rated": True,
        },
    )
    assert refused.status_code == 422
    assert refused.json()["detail"] == "a rated table seats people only"
    assert client.get(f"/api/ratings/{TOY}").json() == []


def test_two_processes_naming_two_seats_at_the_same_instant(tmp_path: Path) -> None:
    """Each process checks the name against the store, finds it free, then writes: the
    database lets one through and the other is told the name is taken."""
    with server(tmp_path) as one, server(tmp_path) as two:
        created = create(one, TOY, ["human", "human", "human"], name="Ada")
        table_id = created["table"]["id"]
        both_checked = threading.Barrier(2, timeout=20)
        for client in (one, two):
            store = client.app.state.manager.store  # type: ignore[attr-defined]
            write = store.update_seat

            def after_both_checked(*args: Any, _write: Any = write, **kwargs: Any) -> bool:
                both_checked.wait()
                return bool(_write(*args, **kwargs))

            store.update_seat = after_both_checked
        invites = created["invites"]

        def name(client: TestClient, invite: dict[str, Any], name: str) -> int:
            body = {"seat": invite["seat"], "token": invite["token"], "name": name}
            return client.post(f"/api/tables/{table_id}/name", json=body).status_code

        with ThreadPoolExecutor(2) as pool:
            first = pool.submit(name, one, invites[0], "Zed")
            second = pool.submit(name, two, invites[1], " zed")
            answers = sorted([first.result(), second.result()])
        assert answers == [200, 409]
        stored = one.app.state.manager.store.table(table_id)  # type: ignore[attr-defined]
        assert [s.name.strip().casefold() for s in stored.seats].count("zed") == 1


def test_an_older_database_upgrades_with_its_seats_and_names(tmp_path: Path) -> None:
    store = older_store(f"sqlite:///{tmp_path / 'old.db'}", "0003")
    with store.engine.begin() as db:
        db.execute(
            text(
                "INSERT INTO tables (id, game, players, variant, seed, status, version, hints,"
                " created_at, updated_at) VALUES ('old', :game, 3, '{}', 1, 'waiting', 0, 0,"
                " '2026-11-01', '2026-11-01')"
            ),
            {"game": TOY},
        )
        for seat, kind, name in (
            (0, "human", "Ada"),
            (1, "human", " ada"),
            (2, "bot", "random bot"),
        ):
            db.execute(
                text(
                    "INSERT INTO seats (table_id, seat, kind, name, taken)"
                    " VALUES ('old', :seat, :kind, :name, 1)"
                ),
                {"seat": seat, "kind": kind, "name": name},
            )
    store.upgrade()
    table = store.table("old")
    assert table is not None and not table.rated
    assert [(s.name, s.player_id) for s in table.seats] == [
        ("Ada", None),
        (" ada", None),
        ("random bot", None),
    ]
    with store.engine.connect() as db:
        keys = db.execute(text("SELECT name_key FROM seats ORDER BY seat")).scalars().all()
    assert keys == ["ada", None, None]
    with pytest.raises(NameTaken):
        store.update_seat("old", 1, token_hash="h", taken=True, name="ADA")
    assert store.update_seat("old", 1, token_hash="h", taken=True, name="Bea")
    store.close()


def test_the_store_rates_once_and_keeps_names_apart_on_each_backend(db_url: str) -> None:
    """What the server relies on, on SQLite and PostgreSQL: a rated table's finishing move
    rates its players in its own transaction (a second write of it rates nothing), and a
    person's name is held by one seat of a table, whatever its case."""
    store = Store(db_url)
    store.upgrade()
    players = Players(store)
    for player in ("ada", "bob"):
        players.create(player, player.title(), token_hash(player))
    seats = [
        SeatInfo(0, "human", None, "Ada", "a", True, "ada"),
        SeatInfo(1, "human", None, "Bob", "b", True, "bob"),
    ]
    store.create_table(TableInfo("t", TOY, 2, {}, 1, seats=seats, rated=True))
    with pytest.raises(NameTaken):
        store.update_seat("t", 1, token_hash="b", taken=True, name=" ADA ", player_id="bob")
    result = {"scores": [3, 1], "winners": [0], "details": {}}
    last = MoveWrite("t", 0, 0, 0, "1", "finished", result)
    assert store.append_moves([last]) == [True]
    assert store.append_moves([last]) == [False]
    board = players.leaderboard(TOY, 10)
    assert [(r.name, r.games) for r in board] == [("Ada", 1), ("Bob", 1)]
    assert board[0].mu > 25 > board[1].mu
    table = store.table("t")
    assert table is not None
    assert [s.rating for s in table.seats] == [board[0].ordinal, board[1].ordinal]
    assert [s.rating_change for s in table.seats] == [(0, board[0].ordinal), (0, board[1].ordinal)]
    assert players.table_changes("t") == {
        "ada": (0, board[0].ordinal),
        "bob": (0, board[1].ordinal),
    }
    store.close()
