"""Playing at the terminal: the table as the human's seat sees it, the running log, the prompt.

The human answers by notation (``corn``) or by the number of a listed choice (``#3``, or ``3`` when
``3`` is not itself an action's name); ``?`` shows help, ``q`` quits. A wrong answer gets a message
and a new prompt. Bots act from their own view only. Input and output are injected (a `Console`
and an ``ask`` function), so the loop is driven by scripted input in the tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from potager.analysis import Evaluator, best_move
from potager.engine import Action, Agent, NotationError, Seat, State

from . import render

Ask = Callable[[str], str]
"""Reads one answer after showing a prompt (`Console.input` at a real terminal)."""

LOG_LINES = 14
LABELLED = 10
"""Up to this many choices are listed with their long labels too."""
HELP = (
    "Type an action in the game's notation (e.g. [bold]{example}[/]) or the number of a listed "
    "choice ([bold]#1[/], or [bold]1[/] when that is not an action's name). "
    "[bold]hint[/] asks the search for the best move (when the game was started with --hints), "
    "[bold]?[/] shows this help, [bold]q[/] quits (the record is saved if you asked for one)."
)
QUIT = {"q", "quit", "exit"}
HINT = "hint"
NO_HINTS = "hints are off in this game (start it with --hints to ask for them)"


class Quit(Exception):
    """The human asked to stop."""


class ChoiceError(ValueError):
    """An answer that is not a legal choice; its message says what is expected."""


class TerminalPlay:
    """One game at the terminal: ``human`` answers prompts, ``bots`` (by seat) play for the rest."""

    def __init__(
        self,
        state: State,
        human: Seat,
        bots: dict[Seat, Agent],
        labels: Sequence[str],
        console: Console,
        ask: Ask,
        rng: random.Random,
        hints: Evaluator | None = None,
    ) -> None:
        """``hints``: the search that answers ``hint`` at the prompt; ``None`` refuses it."""
        self.state = state
        self.hints = hints
        self.human = human
        self.bots = bots
        self.labels = list(labels)
        self.console = console
        self.ask = ask
        self.rng = rng
        self.renderer = render.for_game(state.game)
        self.log: list[str] = []
        self.seen_events = 0
        self.fresh = 0

    def run(self) -> None:
        """Play until the game is over; `Quit`, `EOFError`, `KeyboardInterrupt` stop it early."""
        state = self.state
        while not state.is_over:
            bots = [s for s in state.to_move if s in self.bots]
            if bots:
                self._bot_turn(bots[0])
            else:
                self._human_turn()
        self._read_events()
        self.console.print(self.screen())
        self.console.print(self.outcome())

    # -- turns ---------------------------------------------------------------------------------
    def _bot_turn(self, seat: Seat) -> None:
        state = self.state
        agent = self.bots[seat]
        action = agent.act(state.game, state.view(seat), seat, state.legal_actions(seat), self.rng)
        state.apply(seat, action)

    def _human_turn(self) -> None:
        self._read_events()
        if self.console.is_terminal:
            self.console.clear()
        self.console.print(self.screen())
        self.console.print(self.choices())
        while True:
            answer = self.ask(f"{self.labels[self.human]} > ")
            if answer.strip() in ("?", "help"):
                example = self.state.action_to_str(self.state.legal_actions(self.human)[0])
                self.console.print(HELP.format(example=escape(example)))
                continue
            if answer.strip().casefold() == HINT:
                self.console.print(self.hint())
                continue
            try:
                action = self.choose(answer)
            except ChoiceError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/]", highlight=False)
                continue
            self.state.apply(self.human, action)
            return

    def choose(self, answer: str) -> Action:
        """The legal action an answer names; `ChoiceError` for anything else, `Quit` for ``q``.

        A legal action's name wins; then ``#n`` or ``n`` is the n-th listed choice, except that a
        plain number naming an action that is not legal now is refused as such while some legal
        action's name is a number too (Heuschrecken Poker's spent bid ``2`` is not choice #2).
        """
        state, seat = self.state, self.human
        legal = state.legal_actions(seat)
        text = answer.strip()
        if not text:
            raise ChoiceError("type an action or its number (? for help)")
        try:
            named: Action | None = state.str_to_action(seat, text)
        except NotationError:
            named = None
        if named in legal:
            return named
        if text.casefold() in QUIT:
            raise Quit
        numbers_are_names = any(state.action_to_str(a).isdigit() for a in legal)
        number = text.removeprefix("#")
        if number.isdigit() and (text.startswith("#") or named is None or not numbers_are_names):
            if 1 <= int(number) <= len(legal):
                return legal[int(number) - 1]
            raise ChoiceError(f"there is no choice #{number}; the choices are #1…#{len(legal)}")
        if named is not None:
            raise ChoiceError(f"{text!r} is not legal now; choose one of: {self._legal_list()}")
        raise ChoiceError(
            f"{text!r} is not an action of {state.game.title}; choose one of: {self._legal_list()}"
        )

    def hint(self) -> str:
        """The search's best move for the human from the human's view, with its win chance
        and expected score (95% intervals); a refusal when hints are off."""
        if self.hints is None:
            return f"[yellow]{NO_HINTS}[/]"
        state, seat = self.state, self.human
        legal = state.legal_actions(seat)
        best = best_move(self.hints, state.game, state.view(seat), seat, legal, len(state.moves))
        return (
            f"hint: [bold]{escape(state.action_to_str(best.action))}[/] — win chance "
            f"{100 * best.win:.0f}% ({100 * best.win_low:.0f}–{100 * best.win_high:.0f}%), "
            f"expected score {best.score:.1f} ({best.score_low:.1f}–{best.score_high:.1f})"
        )

    def _legal_list(self) -> str:
        return ", ".join(self.state.action_to_str(a) for a in self.state.legal_actions(self.human))

    # -- drawing -------------------------------------------------------------------------------
    def _read_events(self) -> None:
        """Add the events the human may know to the log (describe's ``None`` leaves one out)."""
        new = self.state.events_for(self.human, self.seen_events)
        self.seen_events = len(self.state.events)
        lines = [line for e in new if (line := self.renderer.describe(e)) is not None]
        self.log.extend(lines)
        self.fresh = len(lines)

    def screen(self) -> RenderableType:
        """The table as the human's seat sees it, who is who, and the latest lines of the log."""
        state = self.state
        title = (
            f"{state.game.title} · {state.players} players · seed {state.seed} · "
            f"move {len(state.moves)}" + (" · hints on" if self.hints is not None else "")
        )
        table = Panel(
            self.renderer.render(state.view(self.human), self.human),
            title=f"your table ({self.labels[self.human]})",
            title_align="left",
        )
        return Group(Rule(escape(title)), table, self.seats(), self.log_panel())

    def seats(self) -> RenderableType:
        to_move = self.state.to_move
        cells = [
            Text.from_markup(("[bold]▶ [/]" if s in to_move else "  ") + escape(label))
            for s, label in enumerate(self.labels)
        ]
        return Columns(cells, padding=(0, 3))

    def log_panel(self) -> RenderableType:
        shown = self.log[-LOG_LINES:]
        old = len(shown) - min(self.fresh, len(shown))
        lines = [f"[dim]{line}[/]" for line in shown[:old]] + [
            f"[bold]{ln}[/]" for ln in shown[old:]
        ]
        body = Text.from_markup("\n".join(lines)) if lines else Text("(nothing yet)", style="dim")
        return Panel(body, title="log", title_align="left")

    def choices(self) -> RenderableType:
        """The numbered legal actions in notation; with their longer labels when few."""
        state = self.state
        legal = state.legal_actions(self.human)
        cells = []
        for i, action in enumerate(legal, 1):
            name, label = state.action_to_str(action), state.action_label(action)
            long = f" [dim]({escape(label)})[/]" if label != name and len(legal) <= LABELLED else ""
            cells.append(Text.from_markup(f"[cyan]#{i}[/] {escape(name)}{long}"))
        return Group(Text("Your move:", style="bold"), Columns(cells, padding=(0, 3)))

    def outcome(self) -> RenderableType:
        result = self.state.result()
        table = Table(title="Game over", title_justify="left")
        table.add_column("seat")
        table.add_column("score", justify="right")
        table.add_column("")
        for s, score in enumerate(result.scores):
            won = "winner" if s in result.winners else ""
            table.add_row(escape(self.labels[s]), f"{score:g}", won)
        return table
