"""Players in the store, on SQLite and PostgreSQL: identities without a name yet, the rating
changes each rated game keeps, and players marked bots, rated among bots only."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from potager.store import MoveWrite, SeatInfo, Store, TableInfo
from potager.store.players import PlayerInfo, Players, RatedAlready
from tests.store.fixtures import older_store

GAME = "heuschrecken-poker"


def test_an_older_database_forgets_the_default_names_and_keeps_the_chosen(db_url: str) -> None:
    store = older_store(db_url, "0007")
    with store.engine.begin() as db:
        for player, name, password in (
            ("p1", "Gardener", None),
            ("p2", "Jardinier", "argon2-hash"),  # signs in by it: kept
            ("p3", "Gärtner", None),
            ("p4", "Ada", None),
        ):
            db.execute(
                text(
                    "INSERT INTO players (id, name, login, password_hash, created_at)"
                    " VALUES (:id, :name, :login, :password, '2026-11-30')"
                ),
                {
                    "id": player,
                    "name": name,
                    "login": name.casefold() if password else None,
                    "password": password,
                },
            )
    store.upgrade()
    players = Players(store)
    names = {p: (info.name if (info := players.info(p)) else "?") for p in ("p1", "p2", "p3")}
    assert names == {"p1": None, "p2": "Jardinier", "p3": None}
    assert players.name_unnamed("p1", "Fern") and not players.name_unnamed("p4", "Fern")
    assert [players.info(p).name for p in ("p1", "p4")] == ["Fern", "Ada"]  # type: ignore[union-attr]
    with store.engine.connect() as db:
        assert db.execute(text("SELECT count(*) FROM rating_changes")).scalar() == 0
    store.close()


def test_a_rated_game_keeps_each_player_s_rating_before_and_after(db_url: str) -> None:
    store = Store(db_url)
    store.upgrade()
    players = Players(store)
    for player in ("ada", "bob"):
        players.create(player, player.title(), f"hash-{player}")
    for table_id, winner in (("t1", 0), ("t2", 1)):
        seats = [
            SeatInfo(0, "human", None, "Ada", "a", True, "ada"),
            SeatInfo(1, "human", None, "Bob", "b", True, "bob"),
        ]
        store.create_table(TableInfo(table_id, GAME, 2, {}, 1, seats=seats, rated=True))
        result = {"scores": [5, 5], "winners": [winner], "details": {}}
        assert store.append_moves([MoveWrite(table_id, 0, 0, 0, "1", "finished", result)])
    with store.engine.connect() as db:
        rows = db.execute(
            text(
                "SELECT table_id, player_id, game, mu_before, sigma_before, mu, sigma"
                " FROM rating_changes ORDER BY table_id, player_id"
            )
        ).all()
    assert [(r.table_id, r.player_id, r.game) for r in rows] == [
        ("t1", "ada", GAME),
        ("t1", "bob", GAME),
        ("t2", "ada", GAME),
        ("t2", "bob", GAME),
    ]
    first_ada, first_bob, second_ada, second_bob = rows
    assert first_ada.mu_before == first_bob.mu_before == 25
    assert first_ada.mu > 25 > first_bob.mu
    assert (second_ada.mu_before, second_ada.sigma_before) == (first_ada.mu, first_ada.sigma)
    assert second_ada.mu < second_ada.mu_before and second_bob.mu > second_bob.mu_before
    final = {r.player_id: (r.mu, r.sigma) for r in players.leaderboard(GAME, 10)}
    assert final == {
        "ada": (second_ada.mu, second_ada.sigma),
        "bob": (second_bob.mu, second_bob.sigma),
    }
    store.close()


def finish(store: Store, table_id: str, players: list[str], winner: int) -> None:
    """A rated two-seat table of ``players`` played to its end, ``winner`` first."""
    seats = [SeatInfo(i, "human", None, p.title(), p, True, p) for i, p in enumerate(players)]
    store.create_table(TableInfo(table_id, GAME, 2, {}, 1, seats=seats, rated=True))
    result = {"scores": [5, 5], "winners": [winner], "details": {}}
    assert store.append_moves([MoveWrite(table_id, 0, 0, 0, "1", "finished", result)])


def test_people_are_rated_among_people_and_bots_among_bots(db_url: str) -> None:
    store = Store(db_url)
    store.upgrade()
    players = Players(store)
    for player, bot in (("ada", False), ("bob", False), ("robo", True), ("tron", True)):
        assert players.create(player, player.title(), f"hash-{player}", bot=bot).bot is bot
    finish(store, "people", ["ada", "bob"], 0)
    finish(store, "bots", ["robo", "tron"], 1)
    finish(store, "mixed", ["ada", "robo"], 0)
    people = {r.player_id: r.games for r in players.leaderboard(GAME, 10)}
    bots = {r.player_id: r.games for r in players.leaderboard(GAME, 10, bots=True)}
    assert people == {"ada": 1, "bob": 1}, "the mixed game moved nobody"
    assert bots == {"robo": 1, "tron": 1}
    assert players.standing("tron", GAME) == (players.rating("tron", GAME), True)
    assert players.standing("nobody", GAME) == (None, False)
    table = store.table("mixed")
    assert table is not None and [s.bot_player for s in table.seats] == [False, True]
    store.close()


def test_only_a_player_without_rated_games_changes_whether_it_is_a_bot(db_url: str) -> None:
    store = Store(db_url)
    store.upgrade()
    players = Players(store)
    for player in ("ada", "bob", "eve"):
        players.create(player, player.title(), f"hash-{player}")
    assert players.set_bot("eve", True).bot and not players.set_bot("eve", False).bot
    finish(store, "t1", ["ada", "bob"], 0)
    with pytest.raises(RatedAlready):
        players.set_bot("ada", True)
    assert players.info("ada") == PlayerInfo("ada", "Ada", False, False), "nothing changed"
    assert not players.set_bot("ada", False).bot, "saying what it is already is no change"
    store.close()


def test_an_older_database_s_players_are_people(db_url: str) -> None:
    store = older_store(db_url, "0008")
    with store.engine.begin() as db:
        db.execute(
            text(
                "INSERT INTO players (id, name, login, password_hash, created_at)"
                " VALUES ('p1', 'Ada', NULL, NULL, '2026-12-01')"
            )
        )
    store.upgrade()
    assert Players(store).info("p1") == PlayerInfo("p1", "Ada", False, False)
    store.close()
