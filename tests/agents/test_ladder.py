"""The ladder's first step, measured: each game's heuristic beats random (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from potager import games
from potager.agents import ladder


@pytest.mark.parametrize("name", games.names())
def test_the_heuristic_beats_random_beyond_its_target(name: str) -> None:
    players = games.get(name).min_players
    step = ladder.play_step(name, players, "heuristic", "random", 40)
    assert step.verdict() == "yes", f"{step.share:.0%} of {step.games} games"


def test_the_table_is_written_between_its_markers(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"before\n{ladder.START}\nstale figures\n{ladder.END}\nafter\n")
    step = ladder.Step("garden-rush", 2, "heuristic", "random", 10, 7.5)
    ladder.write(readme, ladder.table([step], "note"))
    text = readme.read_text()
    assert "stale" not in text and text.startswith("before\n") and text.endswith("after\n")
    assert "| garden-rush | 2 | heuristic vs random | 10 | 75% (" in text and "| open |" in text


def test_a_step_spread_over_processes_gives_the_same_figures() -> None:
    alone = ladder.play_step("heuschrecken-poker", 2, "heuristic", "random", 6, seed=3)
    spread = ladder.play_step("heuschrecken-poker", 2, "heuristic", "random", 6, seed=3, jobs=2)
    assert spread == alone
