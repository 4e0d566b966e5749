"""The tutorials in the browser: the page ``/learn/<game>`` and its API (`potager.learn`).

A lesson holds no state on the server: a step is the tutorial played through the engine up to
it (`Tutorial.at`), so the page asks for step n and answers step n's move by number, and a
reload or a second tab is the same lesson. Nothing is stored and no table is opened (so its
POSTs, which change nothing, take nothing from a client's rate of changes); the page
draws the view with the game's own plug-in, as the table page does, and its end opens a real
table against a bot through the lobby's API.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel

from potager import learn
from potager.engine import Action
from potager.learn import Lesson, Tutorial

from ..i18n import say
from .i18n import language
from .pages import STATIC
from .schemas import LegalAction, Strict

router = APIRouter(prefix="/api/learn", tags=["learn"])
page = APIRouter(include_in_schema=False)

Step = Annotated[int, Path(ge=0, le=1000)]


class TutorialInfo(BaseModel):
    """A tutorial the lobby lists."""

    game: str
    title: str
    minutes: int
    """About how long it takes."""
    steps: int


class LessonStep(BaseModel):
    """Step ``step`` of a game's tutorial, as the learner's seat sees the table then."""

    game: str
    title: str
    step: int
    steps: int
    minutes: int
    over: bool
    """Past the last step: ``text`` is the closing one, which offers a real game."""
    text: str
    """The teacher's words, in the asker's language; paragraphs apart by a blank line."""
    move: str | None
    """The move to make, in the game's notation (the page highlights the element that carries
    it as ``data-action``); ``None`` for a page to read."""
    clicks: list[str]
    """The first clicks of that move, before its own element: ``name=value``, the element whose
    ``data-name`` is ``value``."""
    highlight: list[str]
    """CSS selectors of the parts of the table the step points at."""
    seat: int
    players: int
    to_move: list[int]
    view: dict[str, Any]
    legal: list[LegalAction]
    """Every move the learner may make now (any other than ``move`` is answered with why not)."""
    events: list[dict[str, Any]]
    """The game's events the learner may know, from the start."""


class Attempt(Strict):
    """The learner's move at a step, by number (`LessonStep.legal`)."""

    action: int


class Verdict(BaseModel):
    """The teacher's answer: ``right`` and the next step, or why the move is not the one."""

    right: bool
    why: str | None = None
    next: LessonStep | None = None


def _tutorial(game: str) -> Tutorial:
    try:
        return learn.load(game)
    except ValueError as exc:
        raise HTTPException(404, say("no tutorial for {game}", game=game)) from exc


def _lesson(game: str, step: int) -> Lesson:
    tutorial = _tutorial(game)
    try:
        return tutorial.at(step)
    except IndexError as exc:
        raise HTTPException(404, say("no such step")) from exc


def lesson_step(lesson: Lesson, lang: str) -> LessonStep:
    """What the page draws of ``lesson`` now, in ``lang``."""
    tutorial, state, seat, step = lesson.tutorial, lesson.state, lesson.seat, lesson.step
    legal = state.legal_actions(seat) if step is not None and step.move is not None else []
    return LessonStep(
        game=tutorial.game.name,
        title=learn.say(tutorial.title, lang),
        step=lesson.index,
        steps=len(tutorial.steps),
        minutes=tutorial.minutes,
        over=step is None,
        text=learn.say(tutorial.end if step is None else step.text, lang),
        move=None if step is None else step.move,
        clicks=[] if step is None else list(step.clicks),
        highlight=[] if step is None else _selectors(tutorial, step.highlight),
        seat=seat,
        players=state.players,
        to_move=list(state.to_move),
        view=state.view(seat),
        legal=[
            LegalAction(action=a, notation=state.action_to_str(a), label=state.action_label(a))
            for a in legal
        ],
        events=state.events_for(seat),
    )


def _selectors(tutorial: Tutorial, paths: tuple[str, ...]) -> list[str]:
    return [s for path in paths if (s := tutorial.selector(path)) is not None]


@page.get("/learn/{game}")
def learn_page(game: str) -> FileResponse:
    return FileResponse(STATIC / "learn.html")


@router.get("", response_model=list[TutorialInfo])
def list_tutorials(request: Request) -> list[TutorialInfo]:
    """The games that have a tutorial, its title in the asker's language."""
    lang = language(request)
    found = (learn.load(name) for name in learn.games_with_tutorials())
    return [
        TutorialInfo(
            game=t.game.name, title=learn.say(t.title, lang), minutes=t.minutes, steps=len(t.steps)
        )
        for t in found
    ]


@router.get("/{game}/{step}", response_model=LessonStep)
def get_step(game: str, step: Step, request: Request) -> LessonStep:
    """Step ``step`` of the game's tutorial (0 is the first; the one past the last is its end)."""
    return lesson_step(_lesson(game, step), language(request))


@router.post("/{game}/{step}", response_model=Verdict)
def answer(game: str, step: Step, attempt: Attempt, request: Request) -> Verdict:
    """The learner's move at step ``step``: the expected one is played, with the bot's replies,
    and the answer holds the next step; any other legal move is answered with why it is not the
    one (422 for a move that is not legal, or a step with no move to make)."""
    lesson, lang = _lesson(game, step), language(request)
    action: Action = attempt.action
    if lesson.expected() is None:
        raise HTTPException(422, say("this step has no move to make"))
    if action not in lesson.state.legal_actions(lesson.seat):
        raise HTTPException(422, say("that move is not legal now"))
    verdict = lesson.answer(action)
    if not verdict.right:
        return Verdict(right=False, why=learn.say(verdict.why, lang))
    return Verdict(right=True, next=lesson_step(lesson, lang))


@router.post("/{game}/{step}/next", response_model=LessonStep)
def go_on(game: str, step: Step, request: Request) -> LessonStep:
    """Past a page to read: the next step (422 at a step that wants a move)."""
    lesson = _lesson(game, step)
    if lesson.over or lesson.expected() is not None:
        raise HTTPException(422, say("this step wants a move"))
    lesson.go_on()
    return lesson_step(lesson, language(request))
