"""Design studies: --vary and --goal read and refused, measures with intervals, a tiny study
that runs, resumes where it stopped and writes its page."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from potager.arena import design, design_page
from potager.arena.simulate import InlineBackend, simulate
from potager.cli.main import app
from tests.cli.output import plain

GAME = "kraut-und-rueben"
runner = CliRunner()


def test_vary_reads_ranges_and_choices() -> None:
    assert design.Vary.parse(GAME, "cup_points=0..6") == design.Vary("cup_points", 0, 6)
    starts = design.Vary.parse(GAME, "match_starts=*")
    assert starts.choices == ("rotate", "trailing", "first")
    assert design.Vary.parse(GAME, "match_starts=first, rotate").choices == ("first", "rotate")
    assert starts.text == "match_starts=rotate,trailing,first"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cup_points", "takes NAME=LOW..HIGH or NAME=A,B"),
        ("cup=0..3", "unknown parameter 'cup' for kraut-und-rueben; parameters: "),
        ("cup_points=3..3", "within its range 0..20, low below high, not 3..3"),
        ("cup_points=0..99", "within its range 0..20"),
        ("cup_points=a..b", "varies over LOW..HIGH (whole numbers), not 'a..b'"),
        ("match_starts=rotate", "two or more of its choices (rotate, trailing, first) or *"),
        ("match_starts=rotate,last", "not 'rotate,last'"),
        ("lower_points=0..3", "lower_points is a table: set it with --param"),
    ],
)
def test_a_bad_vary_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        design.Vary.parse(GAME, text)


def test_goals_read_equal_at_most_at_least_and_percentages() -> None:
    assert design.Goal.parse("win_0=0.5") == design.Goal("win_0", "=", 0.5)
    assert design.Goal.parse("win_0 <= 52%") == design.Goal("win_0", "<=", 0.52)
    assert design.Goal.parse("decisions>400") == design.Goal("decisions", ">=", 400)
    at, most, least = (design.Goal.parse(t) for t in ("m=1", "m<=1", "m>=1"))
    assert (at.miss(1.5), at.miss(0.5), most.miss(0.5), most.miss(1.5)) == (0.5, 0.5, 0, 0.5)
    assert (least.miss(1.5), least.miss(0.25)) == (0, 0.75)
    for bad in ("win_0", "win_0~0.5", "=0.5", "win_0=half", "win_0=1.2.3"):
        with pytest.raises(ValueError, match="--goal"):
            design.Goal.parse(bad)


def test_stats_give_win_rates_and_means_with_intervals_and_pool() -> None:
    rows = simulate(GAME, ["random"] * 2, 12, 3, backend=InlineBackend(), measure=True).rows
    stats = design.Stats.of(rows)
    assert stats.games == 12 and {"win_0", "score_1", "decisions", "moles"} <= set(stats.names())
    rate, low, high = stats.estimate("win_0")
    assert 0 <= low <= rate <= high <= 1
    wins = sum(1 / len(r.winners) for r in rows if 0 in r.winners)
    assert rate == pytest.approx(wins / 12)
    mean, low, high = stats.estimate("decisions")
    assert low < mean < high and mean == pytest.approx(sum(r.decisions for r in rows) / 12)
    pooled = stats.merge(design.Stats.of(rows[:4]))
    assert pooled.games == 16 and stats.games == 12


def test_a_plan_refuses_an_unknown_measure_and_a_parameter_both_set_and_varied() -> None:
    plan = design.make_plan(GAME, ["random"] * 2, 4, 1, ["cup_points=0..3"], ["win_0=0.5"])
    assert plan.players == 2 and plan.vary[0].name == "cup_points"
    with pytest.raises(ValueError, match="unknown measure 'win_2' for kraut-und-rueben; meas"):
        design.make_plan(GAME, ["random"] * 2, 4, 1, ["cup_points=0..3"], ["win_2=0.5"])
    with pytest.raises(ValueError, match="cup_points is both varied and set with --param"):
        design.make_plan(
            GAME, ["random"] * 2, 4, 1, ["cup_points=0..3"], ["win_0=0.5"], {}, {"cup_points": 1}
        )
    with pytest.raises(ValueError, match="varied once"):
        design.make_plan(GAME, ["random"] * 2, 4, 1, ["cup_points=0..3"] * 2, ["win_0=0.5"])


def command(tmp_path: Path, budget: int, *more: str) -> list[str]:
    return [
        "design",
        GAME,
        "--variant",
        "match=true",
        "--vary",
        "match_games=2..3",
        "--vary",
        "match_starts=rotate,trailing",
        "--goal",
        "win_0=50%",
        "--budget",
        str(budget),
        "-n",
        "3",
        "--bots",
        "random",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "study"),
        *more,
    ]


def trials(path: Path) -> int:
    with sqlite3.connect(path) as db:
        found: int = db.execute("select count(*) from trials where state = 'COMPLETE'").fetchone()[
            0
        ]
    return found


def test_a_tiny_study_runs_resumes_and_writes_its_page(tmp_path: Path) -> None:
    first = runner.invoke(app, command(tmp_path, 2), env={"COLUMNS": "200"})
    assert first.exit_code == 0, first.output
    db = tmp_path / "study" / "study.db"
    assert trials(db) == 2 and "best: match_games=" in plain(first.output)
    again = runner.invoke(app, command(tmp_path, 4), env={"COLUMNS": "200"})
    assert again.exit_code == 0, again.output
    assert trials(db) == 4
    page = (tmp_path / "study" / "index.html").read_text()
    assert "Goals and the best settings" in page and "win_0=0.5" in page
    carry_on = "potager design kraut-und-rueben -p 2 --bots random -n 3 --seed 1 --variant match"
    assert carry_on + "=true --vary &#x27;match_games=2..3&#x27;" in page
    assert page.count("<tr>") >= 1 + 4 + 1  # the best's header and rows, every trial's
    for name in ("match_games", "match_starts"):
        assert (tmp_path / "study" / f"{name}.png").read_bytes().startswith(b"\x89PNG")
    done = runner.invoke(app, command(tmp_path, 3), env={"COLUMNS": "200"})
    assert done.exit_code == 0 and trials(db) == 4  # the budget is met: nothing to play


def test_a_study_of_another_plan_is_not_resumed(tmp_path: Path) -> None:
    assert runner.invoke(app, command(tmp_path, 1)).exit_code == 0
    other = runner.invoke(app, [*command(tmp_path, 1), "--seed", "2"])
    assert other.exit_code == 2
    assert "was made for another plan (its seed differ" in plain(other.output).replace("\n", " ")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--vary", "cup=0..2"], "unknown parameter 'cup'"),
        (["--goal", "win_0~1"], "--goal takes MEASURE=VALUE"),
        (["--goal", "luck=1"], "unknown measure 'luck'"),
        (["--param", "cup_points=99"], "parameter cup_points of kraut-und-rueben takes"),
    ],
)
def test_bad_study_arguments_are_refused_the_one_way(
    tmp_path: Path, change: list[str], message: str
) -> None:
    result = runner.invoke(app, [*command(tmp_path, 1), *change], env={"COLUMNS": "200"})
    text = plain(result.output)
    assert result.exit_code == 2, result.output
    assert message in text and "Traceback" not in result.output
    assert text.startswith("Usage: potager design ")


def test_the_page_shows_a_win_rate_in_percent_with_its_interval() -> None:
    stats = design.Stats({"win_0": [100.0, 60.0, 60.0], "decisions": [100.0, 1e4, 1e6 + 99]})
    assert design_page.shown("win_0", stats) == "60.0% (50.2–69.1%)"
    assert design_page.shown("decisions", stats).startswith("100.00 (")
