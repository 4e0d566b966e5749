"""``python -m bench.server_load`` runs end to end against a server it starts: the table set-ups'
cost and a short row of play, as JSON lines."""

from __future__ import annotations

import asyncio
import json

import pytest

from bench.server_load import Kind, LoadTable, Start, Totals, main


def test_set_ups_and_a_row(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--set-ups", "4", "--tables", "2", "--seconds", "1", "--no-undo", "--json"]) == 0
    set_ups, row = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert set_ups["set_ups"] == 4
    assert set_ups["server_cpu_ms_a_table"] > 0 and set_ups["wall_ms_a_table"] > 0
    assert row["tables"] == 2 and row["connections"] == 6
    assert row["actions"] > 0 and row["errors"] == 0
    assert row["p50_ms"] is not None and row["p99_ms"] >= row["p50_ms"]
    assert row["goofspiel_per_s"] > 0  # the machine's speed beside it (the bench extra is in)


def test_staggered_tables_play_a_row(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--tables", "2", "--seconds", "1.5", "--stagger", "0.5", "--no-undo", "--json"]
    assert main(argv) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["actions"] > 0 and row["errors"] == 0


def test_each_table_s_first_game_starts_at_its_own_seeded_moment() -> None:
    kind = Kind("heuschrecken-poker", 3, stagger=15.0)
    delays = [LoadTable("http://x", kind, Totals(), seed, Start()).delay for seed in range(50)]
    assert all(0 <= d <= 15 for d in delays) and len(set(delays)) == 50
    assert delays == [LoadTable("http://x", kind, Totals(), s, Start()).delay for s in range(50)]
    plain = Kind("heuschrecken-poker", 3)
    assert LoadTable("http://x", plain, Totals(), 7, Start()).delay == 0


def test_held_first_actions_start_after_their_delays() -> None:
    async def play() -> list[str]:
        start, done = Start(), []
        start.when(lambda: done.append("late"), 0.05)
        start.when(lambda: done.append("at once"))
        start.when(lambda: done.append("soon"), 0.01)
        start.set()
        first = list(done)
        start.when(lambda: done.append("after the start"), 5.0)  # the tables play: at once
        await asyncio.sleep(0.1)
        return [*first, "|", *done]

    assert asyncio.run(play()) == ["at once", "|", "at once", "after the start", "soon", "late"]
