"""The terminal in four languages: what a player reads in ``potager play`` and
``potager replay`` is English in the code, through ``t``, ``tn`` and ``Who.says``, and French,
German or Italian by ``--lang`` or the environment's language.

Every template's translations are checked with the pages' in ``tests/web/test_i18n.py`` (which
reads the terminal's templates too); here, that no English reaches the player outside them, and
the language as a player meets it.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from potager import games
from potager.cli.language import speaking
from potager.cli.main import app
from potager.cli.options import language
from potager.cli.render import for_game
from potager.cli.render.shared import Who
from tests import ROOT
from tests.cli.output import plain
from tests.web import i18n_scan

runner = CliRunner()
CLI = ROOT / "potager" / "cli"
STUDY = frozenset(
    {
        "analyse",
        "bot",
        "design",
        "parameters",
        "report",
        "running",
        "serve",
        "simulate",
        "tournament",
        "main",
    }
)
"""The study commands' modules, the programmers' (`serve`, `bot`) and the console script's, which
stay English (docs/terminal.md)."""
PLAYER_FACING = sorted(p for p in CLI.rglob("*.py") if p.stem not in STUDY)


def test_no_english_reaches_the_player_outside_t() -> None:
    shown = [line for path in PLAYER_FACING for line in i18n_scan.english_shown(path)]
    assert not shown, "English shown without t, tn or Who.says:\n" + "\n".join(shown)


def test_every_terminal_template_is_a_literal() -> None:
    unread = [
        where for path in PLAYER_FACING for where in i18n_scan.said(path, i18n_scan.TERMINAL)[1]
    ]
    assert not unread, "t(), tn() and says() need their templates as literals:\n" + "\n".join(
        unread
    )


def test_the_scan_finds_english_outside_t(tmp_path: Path) -> None:
    module = tmp_path / "screen.py"
    module.write_text(
        '"""A module\'s docstring, not shown."""\n'
        "from rich.text import Text\n"
        "KINDS = {'Big Tomato': 1}\n"
        "def draw(view, n):\n"
        '    """Its docstring."""\n'
        "    if view['phase'] == 'Game over':\n"
        "        return Text(t('Your move:'), style='bold cyan')\n"
        "    x = who.says('You take it.', 'Seat {seat} takes it.')\n"
        "    y = tn(n, '{n} card', '{n} cards')\n"
        "    z = Text('Hello there', style='dim')\n"
        "    w = f'Seat {n} moved'\n"
        "    v = 'Not shown'  # i18n: not text\n"
        "    return Text('GAME'), 'bold reverse', 'ok', z, w\n",
        encoding="utf-8",
    )
    shown = [line.split(": ", 1)[1] for line in i18n_scan.english_shown(module)]
    assert sorted(shown) == ["'Hello there'", "'Seat  moved'"]
    keys, unread = i18n_scan.said(module, i18n_scan.TERMINAL)
    assert set(keys) == {"Your move:", "You take it.", "Seat {seat} takes it.", "{n} cards"}
    assert not unread and i18n_scan.plurals_said(module) == {"{n} cards": "{n} card"}


@pytest.mark.parametrize(
    ("option", "environ", "lang"),
    [
        (None, {}, "en"),
        (None, {"LANG": "fr_FR.UTF-8"}, "fr"),
        (None, {"LANG": "de_DE.UTF-8", "LC_MESSAGES": "it_IT.UTF-8"}, "it"),
        (None, {"LANG": "it_IT", "LC_MESSAGES": "de_AT.UTF-8", "LC_ALL": "fr_CA.UTF-8"}, "fr"),
        (None, {"LANG": "es_ES.UTF-8"}, "en"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LC_ALL": "", "LANG": "de_CH.UTF-8"}, "de"),
        ("DE", {"LANG": "fr_FR.UTF-8"}, "de"),
        ("en", {"LANG": "it_IT.UTF-8"}, "en"),
    ],
)
def test_the_language_is_the_option_s_else_the_environment_s_else_english(
    option: str | None, environ: dict[str, str], lang: str
) -> None:
    assert language(option, environ) == lang


def test_a_language_potager_does_not_speak_is_refused() -> None:
    result = runner.invoke(app, ["play", "heuschrecken-poker", "--lang", "es"])
    assert result.exit_code == 2
    assert "'--lang': takes one of en, fr, de, it, not 'es'" in plain(result.output)


def test_a_bad_argument_is_refused_in_the_player_s_language() -> None:
    """Ours and the engine's (its template, translated), with Click's "Invalid value for"."""
    result = runner.invoke(app, ["play", "garden-rush", "--seat", "7", "--lang", "de"])
    assert result.exit_code == 2
    assert "Ungültiger Wert für '--seat': muss ein Platz des Tisches sein, 0…1, nicht 7" in (
        plain(result.output)
    )
    result = runner.invoke(app, ["play", "garden-rush", "-p", "3"], env={"LANG": "it_IT.UTF-8"})
    assert "Valore non valido per '--players': garden-rush si gioca solo in 2, non in 3" in (
        plain(result.output)
    )


def test_the_games_are_listed_in_the_player_s_language() -> None:
    """``potager games``: the headers, each variant's doc and each bot level's name and sentence
    for players (the pages' translations); names, options and levels as they are typed."""
    result = runner.invoke(app, ["games", "--lang", "it"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "I giochi di Potager" in result.output and "Livelli dei bot (--bots" in result.output
    assert "beginner: false | true (predefinito false)" in result.output
    assert "Gioca una mossa legale a caso" in result.output and "Novizio " in result.output
    assert " random " in result.output
    assert not english(result.output, "players", "default", "Bot levels", "Plays any")


def play(game: str, players: int, args: list[str], answers: str, env: dict[str, str]) -> str:
    """A scripted ``potager play`` against random bots, seed 3: its output."""
    command = ["play", game, "-p", str(players), "--bots", "random", "--seed", "3", *args]
    result = runner.invoke(app, command, input=answers, env={"COLUMNS": "100", **env})
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def english(output: str, *phrases: str) -> list[str]:
    """The ``phrases`` said in ``output`` as whole words ("winner", not "Gewinner")."""
    return [p for p in phrases if re.search(rf"\b{re.escape(p)}\b", output)]


def test_a_game_in_german_from_the_first_prompt_to_the_end() -> None:
    output = play("heuschrecken-poker", 2, ["--lang", "de"], "?\nbanana\n" + "#1\n" * 60, {})
    assert "Platz 0: du > " in output and "Dein Zug:" in output
    assert "Runde 1 · 0 von 8 Geboten gespielt" in output and "Auslage:" in output
    assert "Tippe eine Aktion in der Notation des Spiels" in output
    assert "'banana' ist keine Aktion von Heuschrecken Poker; wähle eines von:" in output
    assert "Du bietest verdeckt." in output and "Platz 1 bietet verdeckt." in output
    assert "Die Gebote werden aufgedeckt: du: " in output
    end = output.split("Spiel vorbei")[-2:]
    assert "Sieger" in end[1] and "Platz 0: du" in end[1] and "Punkte" in end[1]
    assert not english(output, "Your move", "Game over", "seat 1", "You", "winner", "Round")


def test_a_game_in_italian_from_the_first_prompt_to_the_end() -> None:
    output = play("pas-de-haricots", 3, ["--lang", "it"], "#1\n" * 80, {})
    assert "posto 0: tu > " in output and "La tua mossa:" in output
    assert "Pas de Haricots · mano 1 di " in output and "La tua mano:" in output
    assert "Mano 1: " in output and "carte a testa" in output
    assert "Blocco segnapunti" in output and "Partita finita" in output
    assert "vincitore" in output.split("Partita finita")[-1]
    assert not english(output, "Your move", "Game over", "Match over", "seat 1", "You", "winner")


def test_lang_fr_in_the_environment_picks_french() -> None:
    output = play("kraut-und-rueben", 2, [], "q\n", {"LANG": "fr_FR.UTF-8"})
    assert "Votre coup\u00a0:" in output and "joueur 0: vous > " in output
    assert "Vous avez quitté la partie." in output


def test_a_language_potager_does_not_speak_is_english() -> None:
    output = play("kraut-und-rueben", 2, [], "q\n", {"LANG": "es_ES.UTF-8"})
    assert "Your move:" in output and "seat 0: you > " in output
    assert "You left the game." in output


def test_rules_in_another_language_come_from_its_rules_page() -> None:
    output = play("garden-rush", 2, ["--lang", "it"], "rules\n?\nq\n", {})
    page = (CLI.parents[1] / "docs" / "games" / "garden_rush.it.md").read_text(encoding="utf-8")
    headings = [line[3:] for line in page.splitlines() if line.startswith("## ")]
    assert headings[0] in output and "Notazione" in headings and "Notazione" in output
    assert "Rules in brief" not in output


def test_a_replay_in_german(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    play("heuschrecken-poker", 2, ["--record", str(path)], "#1\n" * 60, {})
    result = runner.invoke(app, ["replay", str(path), "--all", "--seat", "0", "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert "Heuschrecken Poker · 2 Spieler · Zug 0/" in result.output
    assert "als Platz 0" in result.output and "Du: " in result.output
    assert "vorbei — du 10, Platz 1 4; du gewinnst." in result.output
    assert "Platz 0: eine Person" in result.output


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
@pytest.mark.parametrize("name", games.names())
def test_every_log_line_of_a_game_is_translated(name: str, lang: str) -> None:
    """No event of a random game is said in English: each line differs from its English."""
    game = games.get(name)
    state = game.new_game(game.min_players, 8)
    rng = random.Random(8)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    describe = for_game(game).describe
    for viewer in (0, 1, None):
        for event in state.events_for(viewer):
            english = describe(event, viewer)
            with speaking(lang):
                said = describe(event, viewer)
            assert (english is None) == (said is None)
            assert said is None or said != english, (event, said)


def test_who_says_the_sentence_of_its_subject() -> None:
    with speaking("it"):
        assert Who(1, 1).says("You take {cards}.", "Seat {seat} takes {cards}.", cards="X") == (
            "Prendi X."
        )
        assert Who(2, 1).says("You take {cards}.", "Seat {seat} takes {cards}.", cards="X") == (
            "Il posto 2 prende X."
        )
        assert str(Who(2, None)) == "posto 2" and str(Who(1, 1)) == "tu"


@pytest.mark.parametrize("lang", ["fr", "de", "it"])
@pytest.mark.parametrize("name", games.names())
def test_moves_are_said_in_words_of_the_language(name: str, lang: str) -> None:
    """The choices' and the replay's words for a move: the engine's English label in English,
    the game's `label` in the others, as the browser's plug-ins say them (never English)."""
    game = games.get(name)
    state = game.new_game(game.min_players, 5)
    rng = random.Random(5)
    renderer = for_game(game)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        for action in legal[:4]:
            assert renderer.words(state, action) == state.action_label(action)
            with speaking(lang):
                said = renderer.words(state, action)
            assert said not in (state.action_label(action), state.action_to_str(action)), said
        state.apply(seat, rng.choice(legal))
