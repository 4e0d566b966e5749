"""Players at the terminal read the bot levels by their names for players (Novice, Casual,
Strong, Expert) with their sentences, in their language, and may choose a bot by that name; the
level itself ("heuristic", "ismcts:iterations=500") stays what the records and the study
commands say."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from potager import agents, games
from potager.cli.language import speaking
from potager.cli.main import app
from potager.cli.terminal import TerminalPlay
from potager.engine import GameRecord
from potager.i18n import say_in
from tests.cli.output import plain

runner = CliRunner()

TECHNICAL = ("heuristique", "heuristic", "Heuristik", "euristico", "ismcts", "aléatoire")


def first_screen(args: list[str], lang: str) -> str:
    """The output of ``potager play`` up to its first prompt (the game is left there)."""
    result = runner.invoke(
        app, ["play", *args, "--seed", "3", "--lang", lang], input="q\n", env={"COLUMNS": "80"}
    )
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(
    ("lang", "strip"),
    [
        ("en", "seat 1: Casual   seat 2: Strong"),
        ("fr", "joueur 1: Amateur   joueur 2: Confirmé"),
        ("de", "Platz 1: Hobbyspieler   Platz 2: Stark"),
        ("it", "posto 1: Amatore   posto 2: Forte"),
    ],
)
def test_the_table_names_its_bots_for_players(lang: str, strip: str) -> None:
    args = ["heuschrecken-poker", "-p", "3", "--bots", "heuristic,ismcts:iterations=50"]
    screen = first_screen(args, lang)
    table = screen[: screen.index("\n", screen.index("╰─"))]
    assert strip in table
    assert not [word for word in TECHNICAL if word in table]


@pytest.mark.parametrize(
    ("lang", "named"),
    [("en", "casual"), ("fr", "Amateur"), ("de", "HOBBYSPIELER"), ("it", "Casual")],
)
def test_a_bot_is_chosen_by_its_name_for_players(tmp_path: Path, lang: str, named: str) -> None:
    record = tmp_path / "game.json"
    args = ["garden-rush", "--bots", named, "--seed", "1", "--record", str(record)]
    result = runner.invoke(app, ["play", *args, "--lang", lang], input="q\n")
    assert result.exit_code == 0, result.output
    seats = GameRecord.from_json(record.read_text()).seats
    assert seats is not None and seats[1].level == "heuristic"  # the record keeps the level


def test_an_unknown_level_is_refused_with_the_names_for_players() -> None:
    result = runner.invoke(app, ["play", "garden-rush", "--bots", "genius"], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert "random (Novice), heuristic (Casual), ismcts (Strong), ismcts-strong (Expert)" in (
        plain(result.output)
    )


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_games_lists_each_level_with_its_name_and_sentence(lang: str) -> None:
    result = runner.invoke(app, ["games", "--lang", lang], env={"COLUMNS": "250"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    for level in agents.levels(games.get("heuschrecken-poker")):
        name = say_in(lang, agents.title(level))
        sentence = say_in(lang, agents.sentence(level))
        row = next(line for line in lines if line.startswith(f"{name} ") and f" {level} " in line)
        assert sentence in row
    assert agents.describe("ismcts-strong") not in result.output  # the study line is not shown


def test_a_long_strip_says_seats_held_alike_once() -> None:
    """Six seats' labels are wider than an 80-column frame: the five Casual bots are one run."""
    result = runner.invoke(
        app,
        ["play", "pas-de-haricots", "-p", "6", "--bots", "casual", "--seed", "3", "--lang", "fr"],
        input="q\n",
        env={"COLUMNS": "80"},
    )
    assert result.exit_code == 0, result.output
    strip = next(line for line in result.output.splitlines() if line.startswith("╰─"))
    assert "joueur 0: vous   joueurs 1 à 5: Amateur" in strip


def test_a_strip_keeps_apart_the_seats_to_move() -> None:
    game = games.get("pas-de-haricots")
    state = game.new_game(6, 3)
    labels = ["seat 0: you", *(f"seat {s}: Casual" for s in range(1, 6))]
    console = Console(file=io.StringIO(), width=60)
    play = TerminalPlay(state, 0, {}, labels, console, input, random.Random(1))
    with speaking("en"):
        state.apply(0, state.legal_actions(0)[0])  # the bean seat plays; the others at once
        said = play.seats().plain
    to_move = state.to_move
    assert said.count("▶") == 1 and f"▶ seats {min(to_move)}–{max(to_move)}: Casual" in said


def test_replay_names_a_bot_by_its_level_for_players(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    runner.invoke(
        app,
        ["play", "garden-rush", "--bots", "heuristic", "--seed", "1", "--record", str(record)],
        input="q\n",
    )
    result = runner.invoke(app, ["replay", str(record), "--lang", "fr"], input="q\n")
    assert "Bot Amateur" in plain(result.output), result.output


def test_learn_calls_a_seat_a_player_in_french() -> None:
    result = runner.invoke(app, ["learn", "garden-rush", "--lang", "fr"], input="q\n")
    text = plain(result.output)
    assert "joueur 0: vous" in text and "place 0" not in text
