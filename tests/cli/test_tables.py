"""``potager analyse`` and ``potager tournament`` on an 80-column terminal: one line a row, no
header cut (issue 16)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from potager.cli import analyse as analyse_cli
from potager.cli.main import app
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


def test_the_tournament_leaderboard_reads_on_80_columns(tmp_path: Path) -> None:
    args = ["tournament", "heuschrecken-poker", "--bots", "random,heuristic", "-n", "2"]
    more = ["--workers", "1", "--database", f"sqlite:///{tmp_path / 't.db'}"]
    result = runner.invoke(app, [*args, *more], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.output.splitlines()]
    board = [row for row in rows if row[:1] in (["1"], ["2"]) and "–" in row]
    assert sorted(row[1] for row in board) == ["heuristic", "random"], result.output
    assert all(len(row) == 10 for row in board), "rank, bot, μ, σ, ordinal, low – high, %, games"
