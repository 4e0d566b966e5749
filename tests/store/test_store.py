"""The store on SQLite and on a real PostgreSQL server: migrations, tables, seats, moves."""

from __future__ import annotations

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import inspect

from potager.store import AnalysisInfo, MoveWrite, SeatInfo, StaleVersion, Store, TableInfo
from potager.store.store import MIGRATIONS


def new_table(table_id: str = "t1") -> TableInfo:
    return TableInfo(
        table_id,
        "nim",
        2,
        {"stones": 5},
        2**63 - 1,
        ["a", "b"],
        seats=[SeatInfo(0, "human", None, "Ada", "hash0", True), SeatInfo(1, "bot", "random")],
    )


@pytest.fixture
def store(db_url: str) -> Store:
    store = Store(db_url)
    store.upgrade()
    return store


def test_migrations_build_the_schema_and_run_twice(store: Store) -> None:
    store.upgrade()
    tables = set(inspect(store.engine).get_table_names())
    assert {"tables", "seats", "moves", "analyses", "alembic_version"} <= tables


def test_a_table_round_trips(store: Store) -> None:
    store.create_table(new_table())
    got = store.table("t1")
    assert got is not None
    assert (got.game, got.players, got.variant, got.seed, got.deck) == (
        "nim",
        2,
        {"stones": 5},
        2**63 - 1,
        ["a", "b"],
    )
    assert got.seats == new_table().seats and got.status == "waiting" and got.version == 0
    assert store.table("nope") is None


def test_moves_are_written_in_order_once(store: Store) -> None:
    store.create_table(new_table())
    store.append_move("t1", 0, 0, 1, "take 2", status="playing")
    store.append_move("t1", 1, 1, 0, "take 1", status="finished", result={"winners": [1]})
    with pytest.raises(StaleVersion):
        store.append_move("t1", 1, 0, 0, "take 1", status="playing")
    with pytest.raises(StaleVersion):
        store.append_move("t1", 5, 0, 0, "take 1", status="playing")
    info = store.table("t1")
    assert info is not None and (info.version, info.status) == (2, "finished")
    assert info.result == {"winners": [1]}
    record = store.record(info)
    assert record.moves == [(0, 1), (1, 0)] and record.seed == 2**63 - 1


def test_a_group_of_moves_writes_all_but_the_stale_one(store: Store) -> None:
    """A group commit of three tables' moves, one of them for a version its table has
    passed: that one alone is refused, the others are stored with their status and result."""
    for table_id in ("t1", "t2", "t3"):
        store.create_table(new_table(table_id))
    store.append_move("t2", 0, 0, 1, "take 2", status="playing")
    group = [
        MoveWrite("t1", 0, 0, 1, "take 2", "playing"),
        MoveWrite("t2", 0, 0, 0, "take 1", "playing"),
        MoveWrite("t3", 0, 0, 1, "take 2", "finished", {"winners": [0]}),
    ]
    assert store.append_moves(group) == [True, False, True]
    assert store.append_moves([]) == []
    assert store.moves("t1") == [(0, 1)] and store.moves("t2") == [(0, 1)]
    t3 = store.table("t3")
    assert t3 is not None and (t3.version, t3.status, t3.result) == (
        1,
        "finished",
        {"winners": [0]},
    )
    assert store.append_moves([MoveWrite("t1", 1, 1, 0, "take 1", "playing")]) == [True]
    assert store.moves("t1") == [(0, 1), (1, 0)]


def test_a_table_s_later_moves_in_a_group_are_not_written_once_one_is_not(store: Store) -> None:
    """Two moves of one table in a group (seats bidding at once), the second played on
    the first: once another writer stored the first's version, neither goes in, though the
    second's version is now the table's (it would follow a move it was not played on)."""
    store.create_table(new_table())
    store.create_table(new_table("t2"))
    store.append_move("t1", 0, 1, 0, "take 1", status="playing")
    group = [
        MoveWrite("t1", 0, 0, 1, "take 2", "playing"),
        MoveWrite("t2", 0, 0, 1, "take 2", "playing"),
        MoveWrite("t1", 1, 1, 1, "take 2", "playing"),
    ]
    assert store.append_moves(group) == [False, True, False]
    assert store.moves("t1") == [(1, 0)] and store.moves("t2") == [(0, 1)]
    group = [
        MoveWrite("t1", 1, 0, 1, "take 2", "playing"),
        MoveWrite("t1", 2, 1, 1, "take 2", "playing"),
    ]
    assert store.append_moves(group) == [True, True]
    assert store.moves("t1") == [(1, 0), (0, 1), (1, 1)]


def test_listing_seats_and_rematches(store: Store) -> None:
    store.create_table(new_table("a"))
    store.create_table(new_table("b"))
    store.set_status("b", "playing")
    assert [t.id for t in store.tables(("waiting",))] == ["a"]
    assert {t.id for t in store.tables(("waiting", "playing"))} == {"a", "b"}
    store.update_seat("a", 0, token_hash=None, taken=False, name="")
    seat = store.table("a").seats[0]  # type: ignore[union-attr]
    assert (seat.token_hash, seat.taken, seat.name) == (None, False, "")
    assert store.set_rematch("a", "c") == "c"
    assert store.set_rematch("a", "d") == "c"


def test_hints_and_an_analysis_round_trip(store: Store) -> None:
    table = new_table()
    table.hints = True
    store.create_table(table)
    store.create_table(new_table("t2"))
    assert store.table("t1").hints and not store.table("t2").hints  # type: ignore[union-attr]
    assert store.analysis("t1") is None
    store.start_analysis(AnalysisInfo("t1", "ismcts:iterations=500", 0, "running", 0, 12))
    store.update_analysis("t1", done=5)
    assert store.analysis("t1") == AnalysisInfo("t1", "ismcts:iterations=500", 0, "running", 5, 12)
    store.update_analysis("t1", done=12, status="done", result={"moves": [1, 2]})
    found = store.analysis("t1")
    assert found is not None and found.status == "done" and found.result == {"moves": [1, 2]}
    store.start_analysis(AnalysisInfo("t1", "ismcts:iterations=900", 1, "running", 0, 12))
    again = store.analysis("t1")
    assert again is not None and (again.evaluator, again.done, again.result) == (
        "ismcts:iterations=900",
        0,
        None,
    )


def test_the_migrations_on_main_end_in_one_head() -> None:
    """Branches built side by side are joined before they land (as 0005 joins four branches),
    so that the next migration has one parent to follow."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert len(ScriptDirectory.from_config(config).get_heads()) == 1


def test_a_stored_table_replays_by_its_notation(store: Store) -> None:
    """The log keeps each move's notation beside its index: the record it gives replays by the
    notation, so a stored table outlives a change of the action numbering, or fails loudly."""
    import random

    from potager import games
    from potager.engine import RecordError

    game = games.get("heuschrecken-poker")
    state = game.new_game(2, 9)
    rng = random.Random(9)
    for _ in range(8):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    bots = [SeatInfo(0, "bot", "random"), SeatInfo(1, "bot", "random")]
    store.create_table(TableInfo("real", game.name, 2, state.variant, 9, None, seats=bots))
    size = game.num_actions(2)
    for ply, (seat, action) in enumerate(state.moves):
        # stored by code whose numbering was this one reversed
        store.append_move(
            "real", ply, seat, size - 1 - action, state.action_to_str(action), status="playing"
        )
    info = store.table("real")
    assert info is not None
    assert games.replay(store.record(info)).view(None) == state.view(None)
    store.append_move("real", len(state.moves), 0, 0, "teleport", status="playing")
    info = store.table("real")
    assert info is not None
    with pytest.raises(RecordError, match="move 8 .*'teleport'"):
        games.replay(store.record(info))
