"""``potager learn``: a game's tutorial at the terminal (`potager.learn`).

The table is drawn as in ``potager play`` (`TerminalPlay`), the teacher's words under it: a page
to read waits for Enter; a move step says what to type, plays the expected move (then the bot's
scripted replies) and answers any other with why it is not the one; ``q`` leaves. The end offers a
real game against the bot.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from potager import learn as tutorials
from potager.learn import Lesson, Step, Tutorial

from .language import current, seat_name, speaking, t
from .options import Lang, fail, language, load_game
from .play import INTERRUPTED, play_game
from .terminal import QUIT, ChoiceError, Quit, TerminalPlay

YES = {"y", "yes", "o", "oui", "j", "ja", "s", "si", "sì"}
"""The answers that accept the real game, in the four languages."""


def learn(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="e.g. heuschrecken-poker")],
    lang: Lang = None,
) -> None:
    """Learn a game by playing a short scripted game against a bot, step by step."""
    with speaking(language(lang)):
        game = load_game(game_name)
        if game.name not in tutorials.games_with_tutorials():
            fail(t("{game} has no tutorial yet", game=game.name), "GAME")
        tutorial = tutorials.load(game.name)
        console = Console()
        try:
            wants_a_game = TerminalLesson(tutorial, console, console.input).run()
        except (Quit, EOFError):
            console.print("\n" + t("You left the tutorial."))
            return
        except KeyboardInterrupt:
            console.print("\n" + t("Interrupted."))
            raise typer.Exit(INTERRUPTED) from None
        if wants_a_game:
            play_game(game_name, tutorial.players, None, 0, None, None, None, "", False)


class TerminalLesson:
    """A tutorial at the terminal: ``ask`` reads the learner's answers, ``console`` shows the
    table and the teacher (both injected, so that the tests script the input)."""

    def __init__(self, tutorial: Tutorial, console: Console, ask: Callable[[str], str]) -> None:
        self.tutorial = tutorial
        self.lesson = Lesson(tutorial)
        self.console = console
        self.ask = ask
        learner = tutorial.learner
        labels = [
            f"{seat_name(s)}: " + (t("you") if s == learner else t("bot"))
            for s in range(tutorial.players)
        ]
        self.table = TerminalPlay(
            self.lesson.state, learner, {}, labels, console, ask, random.Random(tutorial.seed)
        )

    def run(self) -> bool:
        """Every step, then the end: whether the learner asks for a real game."""
        while not self.lesson.over:
            self._step()
        self.table.read_events()
        self.table.new_decision()
        self.show(self.teacher(tutorials.say(self.tutorial.end, current())))
        answer = self.ask(t("Play a real game against the bot now? (y/n) "))
        return answer.strip().casefold() in YES

    def _step(self) -> None:
        step = self.lesson.step
        assert step is not None
        self.table.read_events()
        self.table.new_decision()
        if step.move is None:
            self.show(self.teacher(self.words(step), step))
            if self.ask(t("Enter: go on > ")).strip().casefold() in QUIT:
                raise Quit
            self.lesson.go_on()
            return
        menu = self.table.menu()
        self.show(Group(self.teacher(self.words(step), step), self.table.choices(menu)))
        while True:
            answer = self.ask(self.table.prompt(menu))
            try:
                chosen = self.table.choose(answer, menu)
            except ChoiceError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/]", highlight=False)
                continue
            if not isinstance(chosen, int):
                menu = chosen
                self.console.print(self.table.choices(menu))
                continue
            verdict = self.lesson.answer(chosen)
            if verdict.right:
                return
            why = tutorials.say(verdict.why, current())
            self.console.print(f"[yellow]{escape(why)}[/]", highlight=False)

    def show(self, below: RenderableType) -> None:
        """The table with ``below`` under it; at a terminal on a cleared screen, so that the
        table stays in sight (elsewhere, a pipe or the tests, one screen after another)."""
        if self.console.is_terminal:
            self.console.clear()
        self.console.print(self.table.screen(below))

    def words(self, step: Step) -> str:
        return tutorials.say(step.text, current())

    def teacher(self, words: str, step: Step | None = None) -> RenderableType:
        """The teacher's panel: the step's number, its words and, for a move, what to type."""
        parts: list[RenderableType] = [Text(words)]
        if step is not None and step.move is not None:
            parts.append(
                Text.from_markup(t("Type {move}", move=f"[bold cyan]{escape(step.move)}[/]"))
            )
        elif step is not None:
            parts.append(Text(t("Press Enter to go on."), style="dim"))
        done = min(self.lesson.index + 1, len(self.tutorial.steps))
        title = t(
            "{title} · step {n} of {total}",
            title=tutorials.say(self.tutorial.title, current()),
            n=done,
            total=len(self.tutorial.steps),
        )
        return Panel(Group(*parts), title=escape(title), title_align="left", border_style="green")
