"""``--param NAME=VALUE`` where games start (play, simulate, tournament), ``potager games
--params GAME``, and records of tuned games read back by replay and analyse."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from potager import games
from potager.cli.main import app
from potager.cli.options import params_text
from potager.cli.parameters import print_params
from potager.cli.replay import steps_of
from potager.engine import GameRecord
from tests.cli.output import plain
from tests.toy import GAME as TOY

runner = CliRunner()
KR = "kraut-und-rueben"


def test_games_lists_a_game_s_parameters_with_default_range_and_meaning() -> None:
    result = runner.invoke(app, ["games", "--params", KR], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = plain(result.output)
    for name, parameter in games.get(KR).parameters.items():
        assert name in text and parameter.doc in text and parameter.describe() in text
    assert "1,2,3,2,1" in text and "rotate|trailing|first" in text
    console = Console(record=True, width=200)
    print_params(console, TOY)
    assert "toy has no rule parameters" in console.export_text()


def test_simulate_plays_by_the_parameters_and_says_so() -> None:
    args = ["simulate", KR, "-n", "3", "--bots", "random", "--seed", "2", "--workers", "1"]
    args += ["--variant", "match=true", "--param", "match_games=2", "--param", "cup_points=0"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["params"] == {"cup_points": 0, "match_games": 2}
    table = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert "rule parameters cup_points=0, match_games=2" in plain(table.output)
    rulebook = runner.invoke(app, [*args[:10], "--json"])
    assert "params" not in json.loads(rulebook.stdout)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", KR, "--param", "cup_points"], "takes name=value, not 'cup_points'"),
        (["simulate", KR, "--param", "cups=1"], "unknown parameter 'cups' for kraut-und-rueben"),
        (["simulate", KR, "--param", "lower_points=1,2"], "is a table of 5 numbers, not 2"),
        (["play", KR, "--param", "cup_points=x"], "takes int 0..20, not 'x'"),
        (["play", KR, "--param", "tomato_tiles=0", "--param", "salad_tiles=0"], "cannot fill"),
        (["tournament", KR, "--bots", "random,heuristic", "--param", "cup_points=-2"], "int 0..20"),
    ],
)
def test_a_bad_parameter_is_refused_the_one_way(args: list[str], message: str) -> None:
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    text = plain(result.output)
    assert result.exit_code == 2, result.output
    assert message in text and "'--param'" in text and "Traceback" not in result.output


def test_the_committed_format_3_record_replays_step_by_step_by_its_parameters() -> None:
    path = Path(__file__).parents[1] / "engine" / "records" / "format-3" / f"{KR}.json"
    record = GameRecord.from_json(path.read_text())
    steps = steps_of(record)
    assert steps[-1].is_over and steps[-1].result() == record.result
    assert steps[0].game.tuning == record.params


def test_play_saves_a_record_with_its_parameters(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ["play", KR, "--bots", "random", "--seed", "3", "--record", str(path)]
    result = runner.invoke(app, [*args, "--param", "snail_points=-3"], input="q\n")
    assert result.exit_code == 0, result.output
    record = GameRecord.from_json(path.read_text())
    assert record.params == {"snail_points": -3}
    assert steps_of(record)[-1].game is games.get(KR).tuned({"snail_points": -3})


def test_a_tournament_with_parameters_is_another_tournament(tmp_path: Path) -> None:
    base = ["tournament", KR, "--bots", "random,heuristic", "-n", "2", "--workers", "1"]
    base += ["--database", f"sqlite:///{tmp_path / 't.db'}", "--json"]
    tuned = runner.invoke(app, [*base, "--param", "cup_points=1"])
    plain_run = runner.invoke(app, base)
    assert tuned.exit_code == 0 and plain_run.exit_code == 0, tuned.output + plain_run.output
    one, other = json.loads(tuned.stdout), json.loads(plain_run.stdout)
    assert one["params"] == {"cup_points": 1} and "params" not in other
    assert one["key"] != other["key"] and other["played_now"] == 2


def test_parameters_are_written_as_param_takes_them() -> None:
    assert (
        params_text({"cup_points": 0, "lower_points": (1, 2)}) == "cup_points=0, lower_points=1,2"
    )
    assert params_text({}) == "none"


def test_a_report_with_parameters_plays_by_them_and_caches_apart(tmp_path: Path) -> None:
    args = ["report", KR, "-p", "2", "--bots", "random", "-n", "12", "--workers", "1"]
    args += ["--out", str(tmp_path / "r")]
    tuned = runner.invoke(app, [*args, "--param", "cup_points=0", "--param", "match_games=2"])
    assert tuned.exit_code == 0, tuned.output
    page = (tmp_path / "r" / "index.html").read_text()
    assert "rule parameters cup_points=0, match_games=2" in page
    assert "--param cup_points=0 --param match_games=2" in page
    cached = set((tmp_path / "r" / "cache").iterdir())
    rulebook = runner.invoke(app, args)
    assert rulebook.exit_code == 0, rulebook.output
    assert len(set((tmp_path / "r" / "cache").iterdir()) - cached) == len(cached)
    assert "rule parameters none" in (tmp_path / "r" / "index.html").read_text()
