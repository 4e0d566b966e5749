"""``python -m bench.game_lengths`` (the lengths the lobby states) runs, and the file it wrote is
the one the server reads, in its own layout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import game_lengths
from potager.server import rules


def test_a_short_measure_gives_a_consistent_row() -> None:
    row = game_lengths.measure("garden-rush", 2, games=4, seed=3)
    assert row["players"] == 2 and row["games"] == 4
    assert row["shortest"] <= row["decisions"] <= row["longest"]
    assert row["ci95"][0] <= row["decisions"] <= row["ci95"][1]
    assert row["per_player"] == pytest.approx(row["decisions"] / 2, abs=0.1)
    assert game_lengths.measure("garden-rush", 2, games=4, seed=3) == row, "seeded"


def test_the_measured_file_is_in_the_layout_the_script_writes() -> None:
    text = rules.LENGTHS.read_text(encoding="utf-8")
    assert game_lengths.dumps(json.loads(text)) == text


def test_the_script_writes_every_game_and_player_count(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(
        game_lengths,
        "measure",
        lambda game, players, games, seed: {"players": players, "games": games},
    )
    out = tmp_path / "lengths.json"
    assert game_lengths.main(["--games", "2", "--out", str(out)]) == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    measured = json.loads(rules.LENGTHS.read_text(encoding="utf-8"))
    assert {n: [r["players"] for r in rows] for n, rows in written["games"].items()} == {
        n: [r["players"] for r in rows] for n, rows in measured["games"].items()
    }
    assert written["source"].startswith("python -m bench.game_lengths --games 2 --seed 1")
