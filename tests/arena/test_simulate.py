"""Simulation: reproducible totals whatever the workers, ties as fractions, Wilson intervals."""

from __future__ import annotations

import csv
import itertools
import json
import multiprocessing
import random
from collections import Counter
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pandas
import pytest
from typer.testing import CliRunner

from potager import games
from potager.agents import RandomAgent
from potager.arena.cluster import cluster_backend
from potager.arena.simulate import (
    InlineBackend,
    ProcessBackend,
    Tally,
    chunks,
    game_seed,
    make_job,
    seat_orders,
    simulate,
    wilson,
)
from potager.cli.main import app
from potager.engine import GameRecord, SeatHolder
from tests.toy import register

runner = CliRunner()


def test_wilson_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert wilson(0, 10)[0] == 0.0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_chunks_cover_the_games_and_depend_on_the_count_only() -> None:
    for n in (1, 7, 99, 100, 1234, 100_000):
        spans = chunks(n)
        assert spans[0][0] == 0 and spans[-1][1] == n
        assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))
    assert len(chunks(20_000)) == 100


def test_seeds_are_stable_across_runs() -> None:
    assert game_seed(7, 0) == 7985665222500292864
    assert len({game_seed(7, i) for i in range(1000)}) == 1000


def test_ties_count_a_fraction_of_a_win() -> None:
    tally = Tally(3)
    tally.add((2.0, 2.0, 1.0), (0, 1), 10, ("a", "b", "b"))
    tally.add((1.0, 0.0, 5.0), (2,), 6, ("b", "a", "b"))
    assert tally.wins == [0.5, 0.5, 1.0] and tally.scores == [3.0, 2.0, 6.0]
    assert tally.bot_wins == {"a": 0.5, "b": 1.5} and tally.bot_seats == {"a": 2, "b": 4}
    assert (tally.decisions, tally.shortest, tally.longest) == (16, 6, 10)


def test_same_totals_inline_and_on_a_process_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    bots = ("random", "random", "random")
    one = simulate("toy", bots, 300, seed=11, backend=InlineBackend())
    two = simulate("toy", bots, 300, seed=11, backend=ProcessBackend(2))
    assert one.tally == two.tally and one.workers == 1 and two.workers == 2
    assert abs(sum(one.tally.wins) - 300) < 1e-9
    other = simulate("toy", bots, 300, seed=12, backend=InlineBackend())
    assert other.tally != one.tally


@pytest.mark.parametrize("count", [1, 2, 3, 5])
def test_fewer_chunks_than_the_pool_sends_ahead(
    monkeypatch: pytest.MonkeyPatch, count: int
) -> None:
    """Each worker is sent `AHEAD` chunks at once: with fewer chunks than that in all, some
    worker gets fewer (or only the end) and the totals are still the inline ones."""
    register(monkeypatch)
    bots = ("random", "random")
    one = simulate("toy", bots, count, seed=4, backend=InlineBackend())
    two = simulate("toy", bots, count, seed=4, backend=ProcessBackend(2))
    assert one.tally == two.tally


def test_summary_lines_and_json(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    summary = simulate("toy", ("random", "random"), 50, 3, {"bonus": True}, InlineBackend())
    seats = summary.seat_lines()
    assert [line.bot for line in seats] == ["random", "random"]
    (level,) = summary.bot_lines()
    assert level.seats == (0, 1) and level.win_rate == pytest.approx(0.5)
    data = json.loads(json.dumps(summary.to_dict()))
    assert data["variant"] == {"cards": 4, "bonus": True} and data["games"] == 50
    assert data["decisions"]["min"] <= data["decisions"]["mean"] <= data["decisions"]["max"]


def test_simulate_saves_each_game_record_with_its_bots(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    register(monkeypatch)
    bots = ("random", "random")
    summary = simulate("toy", bots, 6, 3, backend=ProcessBackend(2), records=str(tmp_path))
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [f"game-{i:06d}.json" for i in range(6)]
    wins = [0.0, 0.0]
    for path in files:
        record = GameRecord.from_json(path.read_text())
        assert record.seats == [SeatHolder.bot("random"), SeatHolder.bot("random")]
        assert record.result is not None and record.result == games.replay(record).result()
        for seat in record.result.winners:
            wins[seat] += 1 / len(record.result.winners)
    assert wins == pytest.approx(summary.tally.wins)


def test_bad_arguments_raise_before_playing(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    with pytest.raises(ValueError, match="2 to 4 players"):
        simulate("toy", ("random",) * 5, 10, 1, backend=InlineBackend())
    with pytest.raises(ValueError, match="unknown bot level"):
        simulate("toy", ("random", "oracle"), 10, 1, backend=InlineBackend())
    with pytest.raises(ValueError, match="unknown variant option"):
        simulate("toy", ("random", "random"), 10, 1, {"x": 1}, InlineBackend())


def test_simulate_command_json_is_the_same_for_any_workers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    register(monkeypatch)
    args = ["simulate", "toy", "-p", "3", "--games", "200", "--seed", "5", "--json"]
    runs = [runner.invoke(app, [*args, "--workers", w]) for w in ("1", "2")]
    for run in runs:
        assert run.exit_code == 0, run.output
    one, two = (json.loads(r.stdout) for r in runs)
    for data in (one, two):
        del data["seconds"], data["games_per_second"], data["workers"]
    assert one == two and one["bots"] == ["random"] * 3


def test_simulate_command_prints_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    args = ["simulate", "toy", "-p", "3", "-n", "60", "--bots", "random", "--workers", "1"]
    result = runner.invoke(app, [*args, "-v", "cards=6"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    for text in ("per seat", "95% CI", "mean score", "game length (decisions): mean", "1/k win"):
        assert text in result.output
    bad = runner.invoke(app, ["simulate", "toy", "--bots", "random,x"])
    assert bad.exit_code == 2 and "unknown bot level 'x'" in bad.output


def test_rotation_seats_every_bot_at_every_seat_equally(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    bots = ("a", "b", "b")
    assert seat_orders(bots) == [("a", "b", "b"), ("b", "a", "b"), ("b", "b", "a")]
    monkeypatch.setattr("potager.agents._GENERIC", {"a": RandomAgent, "b": RandomAgent})
    summary = simulate("toy", bots, 30, 2, backend=InlineBackend(), rotate=True)
    assert Counter(row.bots for row in summary.rows) == dict.fromkeys(seat_orders(bots), 10)
    assert [line.bot for line in summary.seat_lines()] == ["rotated"] * 3
    a, b = summary.bot_lines()
    assert (a.bot, b.bot) == ("a", "b") and a.seats == b.seats == (0, 1, 2)
    assert a.wins + b.wins == pytest.approx(30) and summary.tally.bot_seats == {"a": 30, "b": 60}
    assert summary.to_dict()["rotate"] is True


def test_games_out_writes_one_row_per_game_as_csv_and_parquet(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    register(monkeypatch)
    args = ["simulate", "toy", "-p", "2", "-n", "12", "--seed", "4", "--workers", "1"]
    for name in ("games.csv", "games.parquet"):
        done = runner.invoke(app, [*args, "--rotate", "--games-out", str(tmp_path / name)])
        assert done.exit_code == 0, done.output
    rows = list(csv.DictReader((tmp_path / "games.csv").open()))
    frame = pandas.read_parquet(tmp_path / "games.parquet")
    assert len(rows) == len(frame) == 12 and list(frame.columns) == list(rows[0])
    assert [int(r["index"]) for r in rows] == list(frame["index"]) == list(range(12))
    assert sum(float(r["win_0"]) + float(r["win_1"]) for r in rows) == pytest.approx(12)
    bad = runner.invoke(app, [*args, "--games-out", str(tmp_path / "games.xlsx")])
    assert bad.exit_code == 2 and ".csv or .parquet" in bad.output


def test_a_dask_cluster_of_two_workers_gives_the_process_pool_totals() -> None:
    bots = ("heuristic", "random", "random")
    pool = simulate("heuschrecken-poker", bots, 40, 9, backend=ProcessBackend(2), rotate=True)
    with cluster_backend(local=2) as dask:
        assert dask.workers == 2
        cluster = simulate("heuschrecken-poker", bots, 40, 9, backend=dask, rotate=True)
    assert cluster.tally == pool.tally and cluster.rows == pool.rows


def test_the_random_bot_draws_what_random_choice_draws() -> None:
    """Its draw is inlined for speed and stays `Random.choice`'s: a seeded simulation
    plays the games it played before."""
    agent, game = RandomAgent(), games.get("heuschrecken-poker")
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 13, 1294):
            legal = list(range(100, 100 + n))
            assert agent.act(game, {}, 0, legal, ours) == theirs.choice(legal)
    with pytest.raises(IndexError):
        agent.act(game, {}, 0, [], random.Random(0))


class _Failing:
    """A bot that fails at its 5th decision of a game (a random bot until then; it holds one
    rather than derives from it: a compiled class takes no interpreted subclass)."""

    def __init__(self) -> None:
        self.decisions = 0
        self.random = RandomAgent()

    def act(self, *args: Any) -> int:
        self.decisions += 1
        if self.decisions == 5:
            raise ValueError("the bot gave up")
        return self.random.act(*args)


def test_a_workers_error_reaches_the_caller_and_every_worker_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    register(monkeypatch)
    monkeypatch.setattr("potager.agents._GENERIC", {"random": RandomAgent, "failing": _Failing})
    before = set(multiprocessing.active_children())  # another test's pool may live on
    with pytest.raises(ValueError, match="the bot gave up"):
        simulate("toy", ("random", "failing"), 40, 1, backend=ProcessBackend(2))
    assert set(multiprocessing.active_children()) <= before


def test_a_pool_stopped_early_ends_its_workers_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    job = make_job("toy", ("random", "random"), 1)
    before = set(multiprocessing.active_children())  # another test's pool may live on
    chunks_run = ProcessBackend(2).run(job, chunks(20_000))
    assert isinstance(chunks_run, Generator)  # what a caller may close
    index, rows = next(chunks_run)
    assert 0 <= index < 100 and len(rows) == 200
    assert len(set(multiprocessing.active_children()) - before) == 2
    chunks_run.close()  # as when the caller is interrupted
    assert set(multiprocessing.active_children()) <= before
