"""``potager analyse`` and ``potager tournament`` on an 80-column terminal: one line a row, no
header cut; a move too long for its column wraps, its figures whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from potager import agents, games
from potager.analysis import LABELS, decisions
from potager.arena.match import play_match
from potager.cli import analyse as analyse_cli
from potager.cli.main import app
from potager.engine import SeatHolder, signed
from tests.analysis.fake import ViewDigestSearch
from tests.analysis.test_review import toy_record
from tests.toy import register

runner = CliRunner()


def test_the_analysis_reads_on_80_columns(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    register(monkeypatch)
    monkeypatch.setattr(analyse_cli, "evaluator", lambda level, game: ViewDigestSearch())
    record = toy_record()
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    result = runner.invoke(app, ["analyse", str(path)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "…" not in result.output and "inaccuracy" in result.output
    rows = [line.split() for line in result.output.splitlines()]
    moves = [r for r in rows if r and r[0].isdigit() and sum(c.startswith("(") for c in r) == 2]
    assert len(moves) == len(record.moves), "one line a move, its intervals on it"
    assert ["0", "Ada"] in [row[:2] for row in rows]


def test_a_long_move_wraps_and_every_figure_and_label_stays_whole(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Garden Rush's harvests name every square ("harvest broccoli c4 d3 d4 d5 e4"): with a
    column for the seat they once squeezed the table until its labels were cut off."""
    monkeypatch.setattr(analyse_cli, "evaluator", lambda level, game: ViewDigestSearch())
    game = games.get("garden-rush")
    state = play_match(game, [agents.make("heuristic", game)] * 2, seed=5)
    record = signed(state, [SeatHolder.person("Ada"), SeatHolder.bot("ismcts:iterations=300")])
    assert max(len(state.action_to_str(a)) for _, a in record.moves) > 20
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    result = runner.invoke(app, ["analyse", str(path)], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert "…" not in result.output
    lines = result.output.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    rows = [line.split() for line in lines]
    moves = [r for r in rows if r and r[0].isdigit() and r[-1] in LABELS]
    assert all(sum("–" in cell for cell in row) == 2 for row in moves), "both intervals whole"
    assert len(moves) == len(decisions(record, [0, 1])), "a move's figures on its first line"
    assert "seat 0 Ada" in result.output and "seat 1 ismcts:iterations=300 bot" in result.output


def test_the_tournament_leaderboard_reads_on_80_columns(tmp_path: Path) -> None:
    args = ["tournament", "heuschrecken-poker", "--bots", "random,heuristic", "-n", "2"]
    more = ["--workers", "1", "--database", f"sqlite:///{tmp_path / 't.db'}"]
    result = runner.invoke(app, [*args, *more], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines()]
    board = [row for row in rows if row[:1] in (["1"], ["2"]) and "–" in row]
    assert sorted(row[1] for row in board) == ["heuristic", "random"], result.output
    assert all(len(row) == 10 for row in board), "rank, bot, μ, σ, ordinal, low – high, %, games"
