"""``python -m bench.server_load`` runs end to end against a server it starts: the table set-ups'
cost and a short row of play, as JSON lines."""

from __future__ import annotations

import json

import pytest

from bench.server_load import main


def test_set_ups_and_a_row(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--set-ups", "4", "--tables", "2", "--seconds", "1", "--no-undo", "--json"]) == 0
    set_ups, row = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert set_ups["set_ups"] == 4
    assert set_ups["server_cpu_ms_a_table"] > 0 and set_ups["wall_ms_a_table"] > 0
    assert row["tables"] == 2 and row["connections"] == 6
    assert row["actions"] > 0 and row["errors"] == 0
    assert row["p50_ms"] is not None and row["p99_ms"] >= row["p50_ms"]
