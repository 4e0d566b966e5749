"""The ladder's first step, measured: each game's heuristic beats random."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from potager import games
from potager.arena import ladder


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


def _run(results: Path, *options: str) -> list[ladder.Played]:
    ladder.main(
        [
            *("--game", "heuschrecken-poker", "--steps", "random,heuristic"),
            *("--results", str(results), *options),
        ]
    )
    return ladder.load(results)


def _games(played: list[ladder.Played]) -> list[tuple[object, ...]]:
    """What was played, without the commit it was played on."""
    return sorted((*game.step, game.seed, game.seat, game.share) for game in played)


def test_a_run_goes_on_from_the_games_stored(tmp_path: Path) -> None:
    once = _run(tmp_path / "once.jsonl", "--players", "2", "--games", "6")
    stopped = tmp_path / "stopped.jsonl"
    first = _run(stopped, "--players", "2", "--games", "4")
    assert len(first) == 4
    resumed = _run(stopped, "--players", "2", "--games", "6")
    assert resumed[:4] == first and _games(resumed) == _games(once)
    assert [game.seat for game in resumed] == [0, 1, 0, 1, 0, 1]
    assert _run(stopped, "--players", "2", "--games", "6") == resumed, "nothing left to play"


def test_a_batch_grows_every_step_in_turn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(f"{ladder.START}\n{ladder.END}\n")
    written: list[str] = []
    write = ladder.write

    def kept_and_written(path: Path, text: str) -> None:
        written.append(text)
        write(path, text)

    monkeypatch.setattr(ladder, "write", kept_and_written)
    played = _run(
        tmp_path / "r.jsonl",
        *("--players", "2", "--players", "3", "--games", "4", "--batch", "2"),
        *("--write", str(readme)),
    )
    assert [(game.players, game.seed) for game in played] == [
        (2, 0),
        (2, 1),
        (3, 0),
        (3, 1),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
    ]
    assert [(step.players, step.games) for step in ladder.steps(played)] == [(2, 4), (3, 4)]
    assert "| heuschrecken-poker | 2 | heuristic vs random | 2 |" in written[0], "after round 1"
    assert "| heuschrecken-poker | 3 | heuristic vs random | 4 |" in readme.read_text()


def test_the_table_is_made_from_the_stored_games_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    results = tmp_path / "r.jsonl"
    game = ladder.Played("garden-rush", 2, "heuristic", "random", 0, 0, 1.0, "abc1234")
    results.write_text(json.dumps(dataclasses.asdict(game)) + "\n")
    readme = tmp_path / "README.md"
    readme.write_text(f"{ladder.START}\n{ladder.END}\n")
    ladder.main(["--table", "--results", str(results), "--write", str(readme)])
    assert ladder.load(results) == [game], "--table plays nothing"
    assert "| garden-rush | 2 | heuristic vs random | 1 | 100% (" in readme.read_text()
    assert "played on abc1234" in capsys.readouterr().out


def test_a_damaged_results_file_is_named_with_its_line(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    results.write_text('{"game": "garden-rush"}\n')
    with pytest.raises(SystemExit, match="r.jsonl:1: not a ladder game"):
        ladder.load(results)


def test_a_strong_step_spread_over_processes_ends_with_the_same_figures() -> None:
    """ismcts-strong searches in worker processes of its own: inside the ladder's pool too."""
    levels = ("heuschrecken-poker", 2, "ismcts-strong:iterations=20", "ismcts:iterations=10", 2)
    assert ladder.play_step(*levels, jobs=2) == ladder.play_step(*levels)


def test_a_game_stored_twice_counts_once_unless_its_results_differ(tmp_path: Path) -> None:
    results = tmp_path / "r.jsonl"
    game = ladder.Played("garden-rush", 2, "heuristic", "random", 4, 0, 1.0, "abc1234")
    line = json.dumps(dataclasses.asdict(game)) + "\n"
    results.write_text(line + line)
    assert ladder.load(results) == [game]
    lost = dataclasses.replace(game, share=0.0, commit="def5678")
    results.write_text(line + json.dumps(dataclasses.asdict(lost)) + "\n")
    with pytest.raises(SystemExit, match=r"r.jsonl:2: game 4 .* shares 1.0 \(abc1234\) and 0.0"):
        ladder.load(results)
