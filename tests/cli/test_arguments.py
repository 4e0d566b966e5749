"""Bad arguments to every command that starts games are refused the one way: Click's
usage, "Try ... --help" and the Error panel naming the argument, exit code 2, never a traceback."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from potager.cli.main import app
from tests.cli.output import plain

runner = CliRunner()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "garden-rush", "-p", "3"], "'--players': garden-rush is played by 2 players"),
        (["report", "garden-rush", "-p", "3"], "'--players': garden-rush is played by 2 players"),
        (["report", "garden-rush", "-p", "2,x"], "'--players': takes numbers separated by commas"),
        (["tournament", "garden-rush", "--bots", "random", "-n", "2"], "two bot levels at least"),
        (["tournament", "kraut-und-rueben", "--bots", "random,heuristic", "-p", "2,6"], "not 6"),
        (["replay", "game.json", "--move", "-1"], "'--move'"),
    ],
)
def test_bad_arguments_are_refused_the_one_way(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    text = plain(result.output)
    assert result.exit_code == 2, result.output
    assert message in text and "Traceback" not in result.output
    assert text.startswith(f"Usage: potager {args[0]} ") and "Error" in text
    assert "['" not in text
