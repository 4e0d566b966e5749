"""Every game that imports now, played to the end at the terminal, saved, replayed, simulated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from potager import games
from potager.cli.main import app

runner = CliRunner()
GAMES = games.names()


@pytest.mark.parametrize("name", GAMES)
def test_play_to_the_end_then_replay(name: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", name, "--bots", "random", "--seed", "3", "--record", str(path)]
    result = runner.invoke(app, args, input="#1\n" * 2000, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output[-3000:]
    assert "Game over" in result.output and "Record saved" in result.output
    record = json.loads(path.read_text())
    replay = runner.invoke(app, ["replay", str(path), "--all", "--seat", "0"])
    assert replay.exit_code == 0, replay.output[-3000:]
    assert f"move {len(record['moves'])}/{len(record['moves'])}" in replay.output


@pytest.mark.parametrize("name", GAMES)
def test_simulation_with_the_game_bots_is_reproducible(name: str) -> None:
    """The bots draw their randomness only from the generator they are given."""
    args = ["simulate", name, "-n", "6", "--seed", "9", "--json"]
    runs = [runner.invoke(app, [*args, "--workers", w]) for w in ("1", "2")]
    for run in runs:
        assert run.exit_code == 0, run.output
    one, two = (json.loads(run.stdout) for run in runs)
    assert one["games"] == 6
    assert (one["seats"], one["decisions"]) == (two["seats"], two["decisions"])
