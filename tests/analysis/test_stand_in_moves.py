"""A move the table's stand-in bot made for a timed-out person (the record's ``stand_in_moves``)
is labelled as the stand-in's and never counted against the person."""

from __future__ import annotations

import io
import json
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from potager.analysis import analyse, chart, decisions
from potager.cli import analyse as analyse_cli
from potager.cli.main import app
from tests.analysis.fake import ViewDigestSearch
from tests.analysis.test_review import toy_record
from tests.toy import register


def test_the_stand_ins_moves_are_marked_and_left_out_of_the_persons_counts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    register(monkeypatch)
    plain = toy_record()
    adas = [d.ply for d in decisions(plain, [0])]
    # Ada's worst decisions in the plain analysis: those her stand-in made in the marked record.
    before = analyse(plain, ViewDigestSearch(spread=0.01), "fake", [0], seed=1)
    worst = sorted(sorted(before.reviews, key=lambda r: -r.loss)[:2], key=lambda r: r.decision.ply)
    stood_in = [r.decision.ply for r in worst]
    assert set(stood_in) <= set(adas) and sum(r.loss for r in worst) > 0
    record = replace(plain, stand_in_moves=stood_in)
    after = analyse(record, ViewDigestSearch(spread=0.01), "fake", [0], seed=1)
    marked = [r.to_dict() for r in after.reviews if r.decision.stand_in]
    assert [m["ply"] for m in marked] == stood_in and all(m["stand_in"] for m in marked)
    # The same verdicts, only who made the move differs.
    assert [r.label for r in after.reviews] == [r.label for r in before.reviews]
    own = [r for r in before.reviews if r.decision.ply not in stood_in]
    summary = after.summary(0)
    assert (summary.decisions, summary.stand_in) == (len(own), 2)
    for name in summary.labels:
        assert summary.labels[name] == sum(r.label == name for r in own)
    assert summary.mean_loss == pytest.approx(sum(r.loss for r in own) / len(own))
    assert summary.mean_loss < before.summary(0).mean_loss
    assert after.to_dict()["summary"][0]["stand_in"] == 2


def test_analyse_command_labels_the_stand_ins_moves(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    register(monkeypatch)
    monkeypatch.setattr(analyse_cli, "evaluator", lambda level, game: ViewDigestSearch())
    plain = toy_record()
    first = decisions(plain, [0])[0].ply
    path = tmp_path / "game.json"
    path.write_text(replace(plain, stand_in_moves=[first]).to_json())
    result = CliRunner().invoke(app, ["analyse", str(path), "--seat", "0"], env={"COLUMNS": "140"})
    assert result.exit_code == 0, result.output
    assert "made by the table's stand-in bot" in result.output
    assert "not counted: the stand-in bot's decisions (seat 0: 1)" in result.output
    data = CliRunner().invoke(app, ["analyse", str(path), "--seat", "0", "--json", "-"])
    moves = json.loads(data.stdout)["moves"]
    assert [m["ply"] for m in moves if m["stand_in"]] == [first]


def drawn_points(analysis: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many points the chart of ``analysis`` draws with each marker."""
    from matplotlib.axes import Axes

    drawn: Counter[str] = Counter()
    scatter = Axes.scatter

    def counting(self: Axes, x: Any, *args: Any, marker: str = "o", **kwargs: Any) -> Any:
        drawn[marker] += len(x)
        return scatter(self, x, *args, marker=marker, **kwargs)

    monkeypatch.setattr(Axes, "scatter", counting)
    chart.draw(analysis, io.BytesIO(), "test")
    return dict(drawn)


def test_the_chart_crosses_the_stand_ins_moves_and_still_draws_older_analyses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    register(monkeypatch)
    plain = toy_record()
    first = decisions(plain, [0])[0].ply
    data = analyse(replace(plain, stand_in_moves=[first]), ViewDigestSearch(), "fake").to_dict()
    moves = len(data["moves"])
    assert drawn_points(data, monkeypatch) == {"o": moves - 1, "x": 1}
    for move in data["moves"]:  # as stored before moves said who made them
        del move["stand_in"]
    assert drawn_points(data, monkeypatch) == {"o": moves, "x": 0}
