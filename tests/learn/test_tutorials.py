"""Every game's tutorial played to its end through the engine: each expected move legal at its
step, each highlight naming something the learner's view shows, each text in four languages."""

from __future__ import annotations

import pytest

from potager import games, learn
from potager.engine import State
from potager.i18n import LANGUAGES
from potager.learn import Lesson, Texts, Tutorial, TutorialError

TUTORIALS = learn.games_with_tutorials()


def in_four_languages(texts: Texts | None, what: str) -> None:
    assert texts is not None, f"{what}: no text"
    for lang in LANGUAGES:
        assert texts.get(lang, "").strip(), f"{what}: no {lang} text"


def snapshot(state: State) -> tuple[object, ...]:
    return (list(state.moves), [state.view(s) for s in range(state.players)])


def test_every_game_has_a_tutorial() -> None:
    assert games.names() == TUTORIALS


@pytest.mark.parametrize("name", TUTORIALS)
def test_the_texts_are_in_four_languages(name: str) -> None:
    tutorial = learn.load(name)
    in_four_languages(tutorial.title, "title")
    in_four_languages(tutorial.end, "end")
    for n, step in enumerate(tutorial.steps, 1):
        in_four_languages(step.text, f"step {n}")
        if step.move is not None:
            in_four_languages(step.wrong, f"step {n}'s wrong")
        for move, why in step.why.items():
            in_four_languages(why, f"step {n}'s why of {move}")


@pytest.mark.parametrize("name", TUTORIALS)
def test_the_tutorial_plays_to_its_end_through_the_engine(name: str) -> None:
    tutorial = learn.load(name)
    lesson = Lesson(tutorial)
    assert tutorial.steps[0].move is None, "it starts with the theme and the goal"
    assert tutorial.steps[-1].move is None, "it ends with a tip"
    while not lesson.over:
        step, state, seat = lesson.step, lesson.state, lesson.seat
        assert step is not None
        where = f"step {lesson.index + 1}"
        view = lesson.view()
        for path in step.highlight:
            learn.find(view, path)  # KeyError: the view does not show it
            assert tutorial.selector(path), f"{where}: no element draws {path!r} (where)"
        if step.move is not None:
            assert seat in state.to_move, f"{where}: the learner is not to move"
            legal = state.legal_actions(seat)
            expected = lesson.expected()
            assert expected in legal, f"{where}: {step.move!r} is not legal"
            for move in step.why:
                assert state.str_to_action(seat, move) in legal, f"{where}: why of {move!r}"
                assert move != step.move, f"{where}: why of the expected move"
            assert all("=" in click for click in step.clicks), f"{where}: clicks are name=value"
        lesson.go_on()
    assert lesson.step is None and lesson.expected() is None


@pytest.mark.parametrize("name", TUTORIALS)
def test_another_move_is_answered_with_why_and_changes_nothing(name: str) -> None:
    tutorial = learn.load(name)
    answered = 0
    for index, step in enumerate(tutorial.steps):
        if step.move is None:
            continue
        lesson = tutorial.at(index)
        before = snapshot(lesson.state)
        others = [a for a in lesson.state.legal_actions(lesson.seat) if a != lesson.expected()]
        for action in others:
            answer = lesson.answer(action)
            notation = lesson.state.action_to_str(action)
            assert not answer.right
            assert answer.why == step.why.get(notation, step.wrong)
            assert snapshot(lesson.state) == before and lesson.index == index
            answered += 1
        expected = lesson.expected()
        assert expected is not None
        assert lesson.answer(expected).right and lesson.index == index + 1
    assert answered, "some step has another move to answer"


@pytest.mark.parametrize("name", TUTORIALS)
def test_it_takes_five_to_ten_minutes(name: str) -> None:
    tutorial = learn.load(name)
    assert 5 <= tutorial.minutes <= 10
    moves = sum(step.move is not None for step in tutorial.steps)
    assert 8 <= moves <= 30, "a short game: enough moves to teach, not a whole evening"


def test_a_step_is_the_tutorial_played_up_to_it() -> None:
    tutorial = learn.load(TUTORIALS[0])
    lesson = Lesson(tutorial)
    for _ in range(4):
        lesson.go_on()
    assert tutorial.at(4).state.moves == lesson.state.moves
    assert tutorial.at(len(tutorial.steps)).over
    with pytest.raises(IndexError):
        tutorial.at(len(tutorial.steps) + 1)


def test_a_script_the_rules_refuse_says_where() -> None:
    tutorial = learn.load(TUTORIALS[0])
    steps = (learn.Step({"en": "bid"}, move="nonsense"),)
    broken = Tutorial(**{**tutorial.__dict__, "steps": steps})
    with pytest.raises(TutorialError, match="step 1"):
        broken.at(1)


def test_find_names_keys_indexes_and_items() -> None:
    view = {"display": {"corn": 2}, "hands": [["1", "A"], []]}
    assert learn.find(view, "display.corn") == 2
    assert learn.find(view, "hands.0.A") == "A"
    for missing in ("display.pea", "hands.2", "hands.1.A", "pile"):
        with pytest.raises(KeyError):
            learn.find(view, missing)


def test_an_unknown_game_or_one_without_a_tutorial_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        learn.load("chess")
