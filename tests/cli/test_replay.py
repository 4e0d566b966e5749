"""``potager replay`` and ``potager games``."""

from __future__ import annotations

import io
import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from potager import agents, games
from potager.cli.main import app
from potager.cli.replay import Replay, load_steps, steps_of
from potager.engine import GameRecord, SeatHolder
from tests.toy import register

runner = CliRunner()


def saved_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    game = register(monkeypatch)
    state = game.new_game(3, 4, deck=["pear", "apple", "pear", "pear", "apple", "apple", "pear"])
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    path = tmp_path / "game.json"
    path.write_text(state.record.to_json())
    return path


def test_replay_all_prints_every_step(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = saved_game(monkeypatch, tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--all"])
    assert result.exit_code == 0, result.output
    moves = len(json.loads(path.read_text())["moves"])
    assert f"move {moves}/{moves}" in result.output and "Game over" in result.output
    assert "Seat 1: Bid" in result.output and "reveal: bids=" in result.output


def test_replay_says_who_sat_where(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = saved_game(monkeypatch, tmp_path)
    record = GameRecord.from_json(path.read_text())
    holders = [SeatHolder.person("Ada"), SeatHolder.bot("random"), SeatHolder.person()]
    path.write_text(replace(record, seats=holders).to_json())
    result = runner.invoke(app, ["replay", str(path), "--all"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "seat 0: Ada · seat 1: Novice bot · seat 2: a person" in result.output


def test_replay_marks_the_stand_in_bots_moves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A move the table's stand-in bot made for a timed-out person says so (clocks;
    the record's stand_in_moves), in the replay's language too."""
    path = saved_game(monkeypatch, tmp_path)
    record = GameRecord.from_json(path.read_text())
    holders = [SeatHolder.person("Ada"), SeatHolder.bot("random"), SeatHolder.person("Bo")]
    path.write_text(replace(record, seats=holders, stand_in_moves=[0]).to_json())
    result = runner.invoke(app, ["replay", str(path), "--all"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert result.output.count("(stand-in bot)") == 1
    marked = next(line for line in result.output.splitlines() if "(stand-in bot)" in line)
    assert "move 1 " in marked
    french = runner.invoke(app, ["replay", str(path), "--all", "--lang", "fr"])
    assert french.output.count("(bot remplaçant)") == 1


def test_replay_as_a_seat_hides_the_others_moves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = saved_game(monkeypatch, tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--all", "--seat", "0"])
    assert result.exit_code == 0, result.output
    assert "Seat 1 moved." in result.output and "Seat 1: " not in result.output
    assert "You: Bid" in result.output and "your bid" in result.output
    assert "Game over — you " in result.output


def test_replay_steps_forward_back_and_quits(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = saved_game(monkeypatch, tmp_path)
    result = runner.invoke(app, ["replay", str(path)], input="\n\nb\nx\nq\n")
    assert result.exit_code == 0, result.output
    titles = [line for line in result.output.splitlines() if "· move " in line]
    assert [t.split("· move ")[1].split("/")[0] for t in titles] == ["0", "1", "2", "1"]
    assert "unknown key 'x'" in result.output


def test_replay_jumps_to_a_move_and_to_the_end(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A Pas de Haricots match is 258 moves; stepping one at a time was the only way."""
    path = saved_game(monkeypatch, tmp_path)
    last = len(json.loads(path.read_text())["moves"])
    result = runner.invoke(app, ["replay", str(path)], input="5\ne\n\n2\nb\n999\nq\n")
    assert result.exit_code == 0, result.output
    titles = [line for line in result.output.splitlines() if "· move " in line]
    steps = [int(t.split("· move ")[1].split("/")[0]) for t in titles]
    assert steps == [0, 5, last, 2, 1, last]
    assert f"End of the game, move {last}" in result.output
    result = runner.invoke(app, ["replay", str(path), "--move", "3"], input="\nq\n")
    titles = [line for line in result.output.splitlines() if "· move " in line]
    assert [int(t.split("· move ")[1].split("/")[0]) for t in titles] == [3, 4]
    result = runner.invoke(app, ["replay", str(path), "--all", "--move", str(last)])
    assert result.output.count("· move ") == 1 and f"move {last}/{last}" in result.output


def test_replay_browse_stops_at_the_end(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    register(monkeypatch)
    steps = load_steps(saved_game(monkeypatch, tmp_path))
    out = io.StringIO()
    keys = iter([""] * len(steps) + ["q"])
    Replay(steps, None).browse(Console(file=out, width=100), lambda prompt: next(keys))
    assert "End of the game" in out.getvalue()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "must be JSON"),
        ('{"game": "toy", "players": 2, "seed": 1, "moves": [[0, 99]]}', "move 0 (0, 99)"),
        ('{"game": "chess", "players": 2, "seed": 1}', "unknown game 'chess'"),
        ('{"game": "toy", "players": 7, "seed": 1}', "cannot start a game"),
        ('{"game": "toy", "players": 2, "seed": "x"}', "'seed' must be an integer"),
    ],
)
def test_a_corrupt_record_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, content: str, message: str
) -> None:
    register(monkeypatch)
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    words = result.output.replace("│", " ").split()  # the message may wrap inside its panel
    assert message in " ".join(words) and "Traceback" not in result.output


def test_replay_refuses_a_missing_file_and_a_bad_seat(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert result.exit_code == 2 and "cannot read" in result.output
    path = saved_game(monkeypatch, tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--seat", "5"])
    assert result.exit_code == 2 and "'--seat': must be a seat" in result.output


def test_games_lists_every_registered_game(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Toy Fruit" in result.output and "2–4" in result.output
    assert "cards: 4 | 6 (default 4) — fruits for sale" in result.output
    assert "bonus: false | true (default false)" in result.output
    assert "random" in result.output
    result = runner.invoke(app, ["play", "no-such-game"])
    assert result.exit_code == 2 and "unknown game 'no-such-game'; games: " in result.output


def test_games_says_a_single_player_count_once_and_each_bot_level_once() -> None:
    """Garden Rush read "2–2", and every game repeated every level's description."""
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    row = next(line for line in result.output.splitlines() if "garden-rush" in line)
    assert "2–2" not in row and " 2 " in row
    assert result.output.count(agents.sentence("random")) == 1


def test_replay_names_a_move_as_it_was_offered(tmp_path: Path) -> None:
    """A Kraut & Rüben placement names the tile drawn (after the move, none is drawn)."""
    state = games.get("kraut-und-rueben").new_game(2, 1)
    for text in ("draw", "place 2 b3"):
        state.apply(0, state.str_to_action(0, text))
    path = tmp_path / "game.json"
    path.write_text(state.record.to_json())
    result = runner.invoke(app, ["replay", str(path), "--all"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    assert f"Seat 0: place the {state.view(0)['gardens'][1]['spaces']['b3'][0]}" in result.output


@pytest.mark.parametrize("name", ["garden-rush", "kraut-und-rueben"])
def test_replay_screens_fit_80_by_24(name: str) -> None:
    """The replay's title, who sat where and the move's box pushed the table off."""
    state = games.get(name).new_game(2, 8)
    rng = random.Random(8)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    steps = steps_of(state.record)
    viewer = Replay(steps, 0, [SeatHolder.person("Ada"), SeatHolder.bot("random")])
    console = Console(file=io.StringIO(), width=80, height=24)
    for i in range(len(steps) - 1):
        lines = console.render_lines(viewer.screen(i), console.options, pad=False)
        assert len(lines) + 1 <= 24, i
