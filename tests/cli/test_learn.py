"""``potager learn`` to its end with scripted input: each step's words, what to type, one wrong
move answered with why it is not the one, and the real game offered at the end."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from potager import learn
from potager.cli import learn as learn_command
from potager.cli.main import app
from tests.cli.output import plain

runner = CliRunner()


def answers(name: str, wrong_at: int) -> tuple[str, str]:
    """The input that plays the tutorial (Enter at a page, the expected move at a step, and at
    step ``wrong_at`` another legal move first), and the English answer to that other move."""
    tutorial = learn.load(name)
    lines, why = [], ""
    for index, step in enumerate(tutorial.steps):
        if step.move is None:
            lines.append("")
            continue
        if index == wrong_at:
            lesson = tutorial.at(index)
            state = lesson.state
            other = next(a for a in state.legal_actions(lesson.seat) if a != lesson.expected())
            notation = state.action_to_str(other)
            lines.append(notation)
            why = learn.say(step.why.get(notation, step.wrong), "en")
        lines.append(step.move)
    return "\n".join(lines) + "\n", why


def first_choice(name: str) -> int:
    """The first step at which the learner has another move than the expected one."""
    tutorial = learn.load(name)
    for index, step in enumerate(tutorial.steps):
        lesson = tutorial.at(index)
        if step.move is not None and len(lesson.state.legal_actions(lesson.seat)) > 1:
            return index
    raise AssertionError(f"{name}'s tutorial never offers a choice")


@pytest.mark.parametrize("name", learn.games_with_tutorials())
def test_learn_plays_the_tutorial_to_its_end(name: str) -> None:
    tutorial = learn.load(name)
    script, why = answers(name, first_choice(name))
    result = runner.invoke(app, ["learn", name], input=script + "n\n")
    assert result.exit_code == 0, result.output
    text = plain(result.output)
    assert "Traceback" not in text
    for step in tutorial.steps:
        assert plain(step.text["en"])[:60] in text
    assert plain(why) in text
    assert plain(tutorial.end["en"]) in text
    assert "Play a real game against the bot now? (y/n)" in text


def test_learn_speaks_the_learner_s_language() -> None:
    name = learn.games_with_tutorials()[0]
    tutorial = learn.load(name)
    script, _ = answers(name, -1)
    result = runner.invoke(app, ["learn", name, "--lang", "fr"], input=script + "n\n")
    assert result.exit_code == 0, result.output
    text = plain(result.output)
    assert plain(tutorial.steps[0].text["fr"])[:60] in text
    assert "Tapez" in text and "(o/n)" in text


def test_yes_at_the_end_starts_a_real_game(monkeypatch: pytest.MonkeyPatch) -> None:
    name = learn.games_with_tutorials()[0]
    started: list[tuple[object, ...]] = []
    monkeypatch.setattr(learn_command, "play_game", lambda *args: started.append(args))
    script, _ = answers(name, -1)
    result = runner.invoke(app, ["learn", name], input=script + "y\n")
    assert result.exit_code == 0, result.output
    assert started and started[0][:2] == (name, learn.load(name).players)


def test_leaving_early_and_an_unknown_game() -> None:
    name = learn.games_with_tutorials()[0]
    result = runner.invoke(app, ["learn", name], input="\nq\n")
    assert result.exit_code == 0 and "You left the tutorial." in result.output
    result = runner.invoke(app, ["learn", "chess"])
    assert result.exit_code == 2 and "unknown game" in plain(result.output)
