"""Terminal play, driven by scripted input: wrong answers re-prompt, quitting saves the record."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from potager import agents, games
from potager.analysis import Evaluator
from potager.cli import play as play_command
from potager.cli.main import app
from potager.cli.terminal import ChoiceError, Quit, TerminalPlay
from potager.engine import Game, GameRecord, SeatHolder
from tests.analysis.fake import ViewDigestSearch
from tests.cli.output import plain
from tests.toy import GIVE, KEEP, register

runner = CliRunner()


def session(monkeypatch: pytest.MonkeyPatch, answers: list[str], hints: Evaluator | None = None):
    """A two-seat toy game with the human at seat 0 and a random bot; returns (session, output)."""
    game = register(monkeypatch)
    state = game.new_game(2, 3, deck=["pear", "apple", "apple", "pear", "apple", "pear"])
    bots = {1: agents.make("random", game)}
    labels = ["seat 0: you", "seat 1: random"]
    out = io.StringIO()
    feed = iter(answers)

    def ask(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    console = Console(file=out, width=100)
    play = TerminalPlay(state, 0, bots, labels, console, ask, random.Random(1), hints)
    return play, out


def test_wrong_answers_get_a_message_and_a_new_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    play, out = session(monkeypatch, ["", "banana", "#9", "keep", "?", "3"])
    with pytest.raises(EOFError):
        play.run()
    text = out.getvalue()
    before_banana = text.split("'banana'")[0]
    assert before_banana.count("Your move:") == 2, "Enter shows the table and the choices again"
    assert "'banana' is not an action of Toy Fruit; choose one of: 1, 2, 3" in text
    assert "there is no choice #9; the choices are #1…#3" in text
    assert "'keep' is not legal now; choose one of: 1, 2, 3" in text
    assert "number of a listed choice" in text
    assert "Traceback" not in text
    assert play.state.moves[:2] in ([(1, 0), (0, 2)], [(1, 1), (0, 2)], [(1, 2), (0, 2)])


def test_number_and_notation_choose_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    play, _ = session(monkeypatch, [])
    assert play.choose("#2") == play.choose("2") == play.choose(" 2 ") == 1
    play.state.apply(1, 0)
    play.state.apply(0, 2)
    assert play.state.legal_actions(0) == [KEEP, GIVE]
    assert play.choose("1") == play.choose("#1") == KEEP
    assert play.choose("#2") == GIVE and play.choose(" GIVE  AWAY") == GIVE
    with pytest.raises(Quit):
        play.choose("q")
    with pytest.raises(ChoiceError, match="choices are #1…#2"):
        play.choose("#3")
    with pytest.raises(ChoiceError, match="choices are #1…#2"):
        play.choose("3")


def test_a_number_naming_an_illegal_action_is_refused_as_such(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play, _ = session(monkeypatch, [])
    legal = [0, 2]
    monkeypatch.setattr(play.state, "legal_actions", lambda seat: legal)
    assert play.choose("3") == 2 and play.choose("1") == 0 and play.choose("#2") == 2
    with pytest.raises(ChoiceError, match="'2' is not legal now; choose one of: 1, 3"):
        play.choose("2")


def test_the_human_sees_only_their_own_events(monkeypatch: pytest.MonkeyPatch) -> None:
    play, out = session(monkeypatch, ["1", "keep", "1", "keep", "1", "keep", "1", "keep"])
    play.run()
    log = "\n".join(play.log)
    assert "your bid: bid=1" in log
    assert log.count("your bid") == len([m for m in play.state.moves if m[0] == 0 and m[1] < 3])
    assert "Game over" in out.getvalue()


def test_play_command_saves_the_record_when_quitting(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    register(monkeypatch)
    path = tmp_path / "game.json"
    args = ["play", "toy", "--players", "3", "--bots", "random,random", "--seed", "5"]
    result = runner.invoke(app, [*args, "--record", str(path)], input="nope\n2\nq\n")
    assert result.exit_code == 0, result.output
    assert "'nope' is not an action" in result.output and "Record saved" in result.output
    record = GameRecord.from_json(path.read_text())
    assert record.game == "toy" and record.seed == 5 and (0, 1) in record.moves
    assert record.seats == [SeatHolder.person(), SeatHolder.bot("random"), SeatHolder.bot("random")]
    assert record.result is None
    games.replay(record)


def test_play_command_ends_cleanly_at_end_of_input(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    register(monkeypatch)
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "toy", "--seat", "1", "--record", str(path)], input="")
    assert result.exit_code == 0 and "You left the game" in result.output
    assert json.loads(path.read_text())["players"] == 2


def test_play_command_plays_to_the_end(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    register(monkeypatch)
    answers = "\n".join(["3", "keep"] * 6) + "\n"
    args = ["play", "toy", "-v", "cards=4", "-v", "bonus=true", "--bots", "random", "--seed", "2"]
    path = tmp_path / "game.json"
    more = ["--seat", "1", "--name", "Ada", "--record", str(path)]
    result = runner.invoke(app, [*args, *more], input=answers)
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "Traceback" not in result.output
    record = GameRecord.from_json(path.read_text())
    assert record.seats == [SeatHolder.bot("random"), SeatHolder.person("Ada")]
    assert record.result == games.replay(record).result()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "toy", "--players", "9"], "2 to 4 players, not 9"),
        (["play", "toy", "--seat", "2"], "'--seat': must be a seat of the table, 0…1"),
        (
            ["play", "toy", "-v", "cards=5"],
            "'--variant': variant option 'cards' of toy takes one of",
        ),
        (["play", "toy", "-v", "colour=red"], "'--variant': unknown variant option 'colour'"),
        (["play", "toy", "-v", "bonus"], "'--variant': takes option=value"),
        (["play", "toy", "--bots", "genius"], "'--bots': unknown bot level 'genius'"),
        (["play", "toy", "--bots", "policy:none.npz"], "cannot load a policy from 'none.npz'"),
        (["play", "toy", "-p", "3", "--bots", "random,random,random"], "'--bots': needs 2 level"),
        (["play", "toy", "--players", "x"], "'--players' / '-p': Input should be a valid integer"),
        (["play", "toy", "--bogus"], "No such option: --bogus"),
    ],
)
def test_bad_options_are_refused_clearly(
    monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    """Ours and Click's alike, in one style (ours was a line "error: ...", Click's an
    Error panel under the usage)."""
    register(monkeypatch)
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    text = plain(result.output)
    assert message in text
    assert text.startswith(
        "Usage: potager play [OPTIONS] {GAME} Try 'potager play --help' for help."
    )
    assert "Error" in text and "error:" not in text and "Traceback" not in result.output


def test_hint_is_refused_without_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    play, out = session(monkeypatch, ["hint", "HINT "])
    with pytest.raises(EOFError):
        play.run()
    assert out.getvalue().count("hints are off in this game") == 2
    assert play.state.moves == [] or all(seat != 0 for seat, _ in play.state.moves)


def test_hint_names_the_best_move_from_the_seats_view(monkeypatch: pytest.MonkeyPatch) -> None:
    search = ViewDigestSearch()
    play, out = session(monkeypatch, ["hint"], hints=search)
    with pytest.raises(EOFError):
        play.run()
    (shown,) = search.shown
    assert shown == (play.state.view(0), 0, play.state.legal_actions(0))
    best = search.evaluate(play.state.game, *shown, random.Random(0))
    names = {play.state.action_to_str(v.action) for v in best}
    text = out.getvalue()
    assert "hints on" in text and "hint: " in text and "win chance" in text
    assert text.split("hint: ")[1].split(" ")[0] in names


def test_play_command_with_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    levels: list[str] = []

    def evaluator(level: str, game: Game, **_: object) -> ViewDigestSearch:
        levels.append(level)
        return ViewDigestSearch()

    monkeypatch.setattr(play_command, "evaluator", evaluator)
    result = runner.invoke(app, ["play", "toy", "--hints", "--seed", "2"], input="hint\nq\n")
    assert result.exit_code == 0, result.output
    assert levels == [play_command.HINT_LEVEL] and "hint: " in result.output


def test_a_two_player_game_says_so_when_given_three() -> None:
    """The message read "played by 2 to 2 players"."""
    result = runner.invoke(app, ["play", "garden-rush", "--players", "3"])
    assert result.exit_code == 2
    assert "garden-rush is played by 2 players only, not 3" in plain(result.output)


@pytest.mark.parametrize(
    "command",
    [
        [],
        ["games"],
        ["play"],
        ["replay"],
        ["analyse"],
        ["simulate"],
        ["tournament"],
        ["report"],
        ["serve"],
    ],
)
def test_help_shows_no_value_beside_a_flag(command: list[str]) -> None:
    """``--help <bool>``, ``--hints <bool>``."""
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert "<bool>" not in result.output and "<list[str]>" not in result.output


def test_a_terminal_says_which_bot_is_thinking(monkeypatch: pytest.MonkeyPatch) -> None:
    play, out = session(monkeypatch, ["1", "keep"])
    play.console = Console(file=out, width=100, force_terminal=True)
    with pytest.raises(EOFError):
        play.run()
    assert "seat 1: random is thinking…" in out.getvalue()
