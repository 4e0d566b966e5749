"""``python -m bench.game_lengths`` (the lengths the lobby states) runs, and the file it wrote is
the one the server reads, in its own layout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import game_lengths
from potager import agents
from potager.arena.match import play_match
from potager.games import get
from potager.server import rules


def test_a_short_measure_gives_a_consistent_row() -> None:
    row = game_lengths.measure("garden-rush", 2, games=4, seed=3)
    assert row["players"] == 2 and row["games"] == 4
    assert row["shortest"] <= row["decisions"] <= row["longest"]
    assert row["ci95"][0] <= row["decisions"] <= row["ci95"][1]
    assert row["per_player"] == pytest.approx(row["decisions"] / 2, abs=0.1)
    assert row["waits"] == row["per_player"], "Garden Rush's two seats take turns"
    assert game_lengths.measure("garden-rush", 2, games=4, seed=3) == row, "seeded"


def test_a_seat_waits_only_for_the_moves_made_while_it_has_nothing_to_decide() -> None:
    """Heuschrecken Poker's seats bid at once: a bid made while a seat bids too is not waited
    for, so a seat waits for fewer moves than the others make."""
    game = get("heuschrecken-poker")
    state = play_match(game, [agents.make("random", game) for _ in range(3)], 5)
    waited = game_lengths.waits(state)
    made = [sum(1 for s, _ in state.moves if s == seat) for seat in range(3)]
    assert all(0 < w < len(state.moves) - m for w, m in zip(waited, made, strict=True))


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
