"""Balance reports end to end on a small run: every plot a valid PNG linked from the page, the
rows as CSV and Parquet, the cache, the chi-square tail, the choice of the strongest bots."""

from __future__ import annotations

import re
from pathlib import Path

import pandas
import pytest
from typer.testing import CliRunner

from potager.arena import report
from potager.arena.balance import chi2_sf, seat_rates, win_rate_by
from potager.arena.rows import GameRow
from potager.cli.main import app

PNG = b"\x89PNG\r\n\x1a\n"
runner = CliRunner()


def test_a_report_is_built_end_to_end_and_a_second_one_comes_from_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["report", "heuschrecken-poker", "-p", "2,3", "--bots", "heuristic,random"]
    args += ["-n", "6", "--out", str(tmp_path), "--workers", "1"]
    done = runner.invoke(app, args)
    assert done.exit_code == 0, done.output
    page = (tmp_path / "index.html").read_text()
    linked = re.findall(r'<img src="([^"]+)"', page)
    drawn = sorted(p.name for p in tmp_path.glob("*.png"))
    assert sorted(linked) == drawn
    assert len(drawn) == 20
    assert all((tmp_path / name).read_bytes()[:8] == PNG for name in drawn)
    for name in ("seats-2p.png", "seats-3p.png", "length.png", "variants.png", "margins.png"):
        assert name in drawn
    for name in ("turns.png", "comebacks.png", "skill.png", "strengths-3p.png", "taken-2p.png"):
        assert name in drawn
    assert "heuristic, random seated in turn in every order" in page
    assert "Chi-square test of equal chances" in page
    rows = pandas.read_csv(tmp_path / "games.csv")
    parquet = pandas.read_parquet(tmp_path / "games.parquet")
    assert len(rows) == len(parquet) == 54 and list(rows.columns) == list(parquet.columns)
    assert set(rows["run"]) == {
        "2 players",
        "3 players",
        "2 players, beginner=true",
        "2 players, random",
        "3 players, random",
        "2 players, heuristic",
        "3 players, heuristic",
        "2 players, one heuristic against random",
        "3 players, one heuristic against random",
    }
    assert {"ace_sweeps", "plagues", "win_0", "variant_beginner", "turns"} <= set(rows.columns)
    for title in ("How close games are", "Skill against luck", "Variants crossed"):
        assert title in page
    assert "Bonferroni" in page and "Seat advantage at each bot strength" in page

    def no_playing(*args: object, **kwargs: object) -> None:
        raise AssertionError("a cached run was played again")

    monkeypatch.setattr(report, "play_spans", no_playing)
    again = tmp_path / "again"
    again.mkdir()
    (again / "cache").symlink_to(tmp_path / "cache")
    done = runner.invoke(app, [*args[:-4], "--out", str(again), "--workers", "1"])
    assert done.exit_code == 0, done.output
    assert (again / "index.html").read_text() == page
    assert (again / "games.csv").read_text() == (tmp_path / "games.csv").read_text()


def test_chi_square_tail_and_seat_rates() -> None:
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, abs=1e-9)
    assert chi2_sf(11.070497693516351, 5) == pytest.approx(0.05, abs=1e-9)
    assert chi2_sf(9.487729036781154, 4) == pytest.approx(0.05, abs=1e-9)
    rows = [GameRow(i, i, ("r", "r"), (1.0, 0.0), (0,) if i % 4 else (0, 1), 5) for i in range(40)]
    rates = seat_rates(rows)
    assert rates.wins == [35.0, 5.0] and rates.chi2 == pytest.approx(22.5)
    assert rates.p_value < 1e-5 and rates.intervals[0][0] < 35 / 40 < rates.intervals[0][1]
    by_seat = win_rate_by(rows, lambda row, seat: float(seat))
    assert [(g.value, g.seats, g.wins) for g in by_seat] == [(0.0, 40, 35.0), (1.0, 40, 5.0)]


def test_the_default_bots_are_the_strongest_level_within_the_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    level, estimates = report.strongest_level("heuschrecken-poker", [2], 1000, 1, 1e-9)
    assert level == "random" and list(estimates) == ["random"]
    monkeypatch.setattr(report, "LADDER", ("heuristic", "random"))
    level, estimates = report.strongest_level("heuschrecken-poker", [2], 2, 1, 600.0)
    assert level == "heuristic" and list(estimates) == ["random", "heuristic"]
