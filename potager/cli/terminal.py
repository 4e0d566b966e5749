"""Playing at the terminal: the table as the human's seat sees it, the running log, the prompt.

The human answers by notation (``corn``) or by the number of a listed choice (``#3``, or ``3`` when
``3`` is not itself an action's name). A long list of choices is grouped by the words of the
notation (`potager.cli.choices`): a group's number or words list its actions, Enter goes back.
A decision with a single choice is played for the human and said in the log. ``?`` shows help
and the game's notation, ``rules`` its rules in brief, ``q`` quits. A wrong answer gets a message
and a new prompt. The screen is sized to the terminal: the log shows as many lines as fit under
the table, so the table stays in sight. Everything is said in the player's language
(`potager.cli.language`); the notation typed stays the same. Bots act from their own view only.
Input and output are injected (a `Console` and an ``ask`` function), so the loop is driven by
scripted input in the tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from potager.analysis import Evaluator, best_move
from potager.engine import Action, Agent, NotationError, Seat, State

from . import reference, render
from .choices import Entry, Menu
from .language import current, seat_name, t, tn

Ask = Callable[[str], str]
"""Reads one answer after showing a prompt (`Console.input` at a real terminal)."""

LOG_LINES = 14
"""The log shows at most this many lines, fewer when the terminal is short."""
MIN_LOG_LINES = 1
"""... and at least the last line, even when the table alone is taller than the terminal."""
LABELLED_LINES = 2
"""The choices are listed with their long labels too when that takes at most this many lines."""
QUIT = {"q", "quit", "exit"}
HINT = "hint"
RULES = "rules"


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
        self.seen_lines = 0
        """Lines of the log on the screens of earlier decisions: the later ones are drawn bold."""
        self.new_from = 0
        """The first log line that is new on the screens of this decision."""

    def run(self) -> None:
        """Play until the game is over; `Quit`, `EOFError`, `KeyboardInterrupt` stop it early."""
        state = self.state
        while not state.is_over:
            bots = [s for s in state.to_move if s in self.bots]
            if bots:
                self._bot_turn(bots[0])
            else:
                self._human_turn()
        self.read_events()
        self.new_decision()
        self.console.print(self.screen())
        self.console.print(self.outcome())

    # -- turns ---------------------------------------------------------------------------------
    def _bot_turn(self, seat: Seat) -> None:
        """A bot's decision; at a terminal a spinner says who is thinking (a search level takes
        seconds, and the screen would seem stuck)."""
        state = self.state
        agent = self.bots[seat]
        view, legal = state.view(seat), state.legal_actions(seat)
        if self.console.is_terminal:
            with self.console.status(t("{name} is thinking…", name=escape(self.labels[seat]))):
                action = agent.act(state.game, view, seat, legal, self.rng)
        else:
            action = agent.act(state.game, view, seat, legal, self.rng)
        state.apply(seat, action)

    def _human_turn(self) -> None:
        self.read_events()
        legal = self.state.legal_actions(self.human)
        if len(legal) == 1:
            self.log.append(
                t(
                    "Your only choice, played for you: {action}.",
                    action=f"[bold]{escape(self._name(legal[0]))}[/]",
                )
            )
            self.state.apply(self.human, legal[0])
            return
        menu = self.menu()
        self.new_decision()
        self._draw(menu)
        while True:
            answer = self.ask(self.prompt(menu))
            text = answer.strip()
            if text in ("?", "help"):
                self.console.print(self.help())
                continue
            if text.casefold() == RULES:
                rules = reference.section(self.state.game, reference.RULES, current())
                self.console.print(rules or f"[yellow]{t('this game has no rules page')}[/]")
                continue
            if text.casefold() == HINT:
                self.console.print(self.hint())
                continue
            try:
                chosen = self.choose(answer, menu)
            except ChoiceError as exc:
                self.console.print(f"[red]{escape(str(exc))}[/]", highlight=False)
                continue
            if isinstance(chosen, Menu):
                menu = chosen
                self._draw(menu)
                continue
            self.state.apply(self.human, chosen)
            return

    def new_decision(self) -> None:
        """Mark the log lines added since the last decision as new (they are drawn bold)."""
        self.new_from = self.seen_lines
        self.seen_lines = len(self.log)

    def _draw(self, menu: Menu) -> None:
        """The whole screen with ``menu`` at a terminal (so an opened group keeps the table in
        sight); elsewhere (a pipe, the tests) the screen once a decision, then only the menu."""
        if self.console.is_terminal:
            self.console.clear()
            self.console.print(self.screen(self.choices(menu)))
        elif menu.opened:
            self.console.print(self.choices(menu))
        else:
            self.console.print(self.screen(self.choices(menu)))

    def menu(self) -> Menu:
        """The human's legal actions as a menu (grouped when they are many)."""
        legal = self.state.legal_actions(self.human)
        return Menu.of([(a, self._name(a)) for a in legal])

    def choose(self, answer: str, menu: Menu | None = None) -> Action | Menu:
        """The legal action an answer names, or the menu of the group it opens; `ChoiceError` for
        anything else, `Quit` for ``q``.

        A legal action's name wins (typed in full, or after the words of the open group); then a
        group's words; then ``#n`` or ``n`` is the n-th listed choice, except that a plain number
        naming an action that is not legal now is refused as such while some listed choice's name
        is a number too (Heuschrecken Poker's spent bid ``2`` is not choice #2). An empty answer
        is the table and all choices again (after a help, or from an open group).
        """
        menu = menu or self.menu()
        legal = self.state.legal_actions(self.human)
        text = " ".join(answer.split())
        if not text:
            return self.menu()
        readings = [self._parse(" ".join((*menu.prefix, text)))] if menu.prefix else []
        readings.append(self._parse(text))
        named = next((a for a in readings if a in legal), None)
        if named is not None:
            return named
        named = next((a for a in readings if a is not None), None)
        group = menu.find(text)
        if group is not None:
            return menu.open(group)
        if text.casefold() in QUIT:
            raise Quit
        numbers_are_names = any(e.label.isdigit() for e in menu.entries)
        number = text.removeprefix("#")
        if number.isdigit() and (text.startswith("#") or named is None or not numbers_are_names):
            if 1 <= int(number) <= len(menu.entries):
                entry = menu.entries[int(number) - 1]
                return menu.open(entry) if entry.is_group else entry.actions[0]
            raise ChoiceError(
                t(
                    "there is no choice #{number}; the choices are #1…#{last}",
                    number=number,
                    last=len(menu.entries),
                )
            )
        listed = ", ".join(_entry_name(e) for e in menu.entries)
        if named is not None:
            raise ChoiceError(
                t(
                    "{answer} is not legal now; choose one of: {choices}",
                    answer=repr(text),
                    choices=listed,
                )
            )
        raise ChoiceError(
            t(
                "{answer} is not an action of {game}; choose one of: {choices}",
                answer=repr(text),
                game=self.state.game.title,
                choices=listed,
            )
        )

    def hint(self) -> str:
        """The search's best move for the human from the human's view, with its win chance
        and expected score (95% intervals); a refusal when hints are off."""
        if self.hints is None:
            off = t("hints are off in this game (start it with --hints to ask for them)")
            return f"[yellow]{off}[/]"
        state, seat = self.state, self.human
        legal = state.legal_actions(seat)
        best = best_move(self.hints, state.game, state.view(seat), seat, legal, len(state.moves))
        return t(
            "hint: {move} — win chance {win} ({low}–{high}), expected score {score} "
            "({score_low}–{score_high})",
            move=f"[bold]{escape(state.action_to_str(best.action))}[/]",
            win=f"{100 * best.win:.0f}%",
            low=f"{100 * best.win_low:.0f}",
            high=f"{100 * best.win_high:.0f}%",
            score=f"{best.score:.1f}",
            score_low=f"{best.score_low:.1f}",
            score_high=f"{best.score_high:.1f}",
        )

    def help(self) -> RenderableType:
        """How to answer, then the game's notation from its reference page."""
        example = self._name(self.state.legal_actions(self.human)[-1])
        parts: list[RenderableType] = [
            Text.from_markup(
                t(
                    "Type an action in the game's notation (e.g. [bold]{example}[/]) or the number "
                    "of a listed choice ([bold]#1[/], or [bold]1[/] when that is not an action's "
                    "name). A choice ending in [bold]…[/] is a group: its number or its words list "
                    "its actions. [bold]Enter[/] shows the table and all choices again. "
                    "[bold]rules[/] prints the rules in brief, [bold]hint[/] asks the search for "
                    "the best move (when the game was started with --hints), [bold]?[/] shows "
                    "this help, [bold]q[/] quits (the record is saved if you asked for one).",
                    example=escape(example),
                )
            )
        ]
        notation = reference.section(self.state.game, reference.NOTATION, current())
        if notation is not None:
            parts.append(notation)
        return Group(*parts)

    def prompt(self, menu: Menu) -> str:
        """``seat 0: you > `` and, in an open group, its words, as the answer completes them."""
        return f"{self.labels[self.human]} > " + "".join(f"{w} " for w in menu.prefix)

    def _parse(self, text: str) -> Action | None:
        try:
            return self.state.str_to_action(self.human, text)
        except NotationError:
            return None

    def _name(self, action: Action) -> str:
        return self.state.action_to_str(action)

    # -- drawing -------------------------------------------------------------------------------
    def read_events(self) -> None:
        """Add the events the human may know to the log (describe's ``None`` leaves one out)."""
        new = self.state.events_for(self.human, self.seen_events)
        self.seen_events = len(self.state.events)
        describe = self.renderer.describe
        self.log.extend(line for e in new if (line := describe(e, self.human)) is not None)

    def screen(self, below: RenderableType | None = None) -> RenderableType:
        """The table as the human's seat sees it (who is who at its foot), then the latest lines
        of the log, as many as fit above ``below`` (the choices) and the prompt."""
        state = self.state
        title = " · ".join(
            (
                state.game.title,
                tn(state.players, "{n} player", "{n} players"),
                t("seed {seed}", seed=state.seed),
                t("move {n}", n=len(state.moves)),
                *([t("hints on")] if self.hints is not None else []),
            )
        )
        table = Panel(
            self.renderer.render(state.view(self.human), self.human),
            title=escape(title),
            title_align="left",
            subtitle=self.seats(),
            subtitle_align="left",
        )
        used = self._height(table) + (self._height(below) if below is not None else 0) + 1
        room = max(MIN_LOG_LINES, min(LOG_LINES, self.console.size.height - used))
        parts = [table, self.log_lines(room)]
        return Group(*parts, *([below] if below is not None else []))

    def _height(self, renderable: RenderableType) -> int:
        return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def seats(self) -> Text:
        """Every seat's label, ``▶`` before those to move; where that is wider than the table's
        frame, a run of seats held alike ("seat 2: Casual", "seat 3: Casual") is said once,
        "seats 2–3: Casual", so that every seat stays in sight."""
        to_move = self.state.to_move
        runs: list[list[int]] = []
        for s in range(len(self.labels)):
            if runs and self._alike(runs[-1][-1], s) and (s in to_move) == (s - 1 in to_move):
                runs[-1].append(s)
            else:
                runs.append([s])
        strip = self._strip([[s] for s in range(len(self.labels))])
        if strip.cell_len + 4 > self.console.width:
            strip = self._strip(runs)
        return strip

    def _alike(self, seat: Seat, other: Seat) -> bool:
        """Both seats are labelled "seat n: …" and held alike (both a Casual bot, say)."""
        held = [self.labels[s].removeprefix(seat_name(s)) for s in (seat, other)]
        return held[0] == held[1] and all(
            self.labels[s].startswith(seat_name(s)) for s in (seat, other)
        )

    def _strip(self, runs: list[list[Seat]]) -> Text:
        to_move = self.state.to_move
        said = []
        for run in runs:
            label = self.labels[run[0]]
            if len(run) > 1:
                first, last = run[0], run[-1]
                held = label.removeprefix(seat_name(first))
                label = t("seats {first}–{last}", first=first, last=last) + held
            mark = "[bold]▶ [/]" if run[0] in to_move else ""
            said.append(Text.from_markup(mark + escape(label)))
        return Text("   ").join(said)

    def log_lines(self, room: int) -> RenderableType:
        """The latest lines of the log that fit ``room`` terminal lines (a long one wraps), at
        least the last one: those new since the last decision in bold."""
        lines: list[Text] = []
        used = 0
        for i in range(len(self.log) - 1, -1, -1):
            style = "bold" if i >= self.new_from else "dim"
            line = Text.from_markup(f"[{style}]{self.log[i]}[/]")
            used += self._height(line)
            if lines and used > room:
                break
            lines.insert(0, line)
        return Text("\n").join(lines) if lines else Text(t("(nothing yet)"), style="dim")

    def choices(self, menu: Menu) -> RenderableType:
        """The numbered entries of a menu in notation (a group as its words and ``…``), packed
        into lines after "Your move:"; with their longer labels (when they say more than the
        notation) if that still takes at most `LABELLED_LINES` lines."""
        if menu.prefix:
            head = Text.assemble(
                (t("Your move:") + " ", "bold"),
                (" ".join(menu.prefix) + " …", "bold cyan"),
                (" " + t("(Enter: all choices)") if menu.opened else "", "dim"),
            )
        else:
            head = Text(t("Your move:"), style="bold")
        plain, labelled = [head], [head]
        for i, entry in enumerate(menu.entries, 1):
            cell = Text.from_markup(f"[cyan]#{i}[/] {escape(_entry_name(entry))}")
            plain.append(cell)
            label = self.renderer.words(self.state, entry.actions[0])
            if not entry.is_group and not label.startswith(self._name(entry.actions[0])):
                cell = cell + Text(f" ({label})", style="dim")
            labelled.append(cell)
        lines = _packed(labelled, self.console.width)
        if len(lines) > LABELLED_LINES:
            lines = _packed(plain, self.console.width)
        return Text("\n").join(lines)

    def outcome(self) -> RenderableType:
        result = self.state.result()
        table = Table(title=t("Game over"), title_justify="left")
        table.add_column(t("seat"))
        table.add_column(t("score"), justify="right")
        table.add_column("")
        for s, score in enumerate(result.scores):
            won = t("winner") if s in result.winners else ""
            table.add_row(escape(self.labels[s]), f"{score:g}", won)
        return table


def _packed(cells: list[Text], width: int, gap: int = 3) -> list[Text]:
    """``cells`` in lines of at most ``width`` columns, ``gap`` spaces apart, in order (a cell
    wider than a line has a line of its own)."""
    lines: list[Text] = []
    for cell in cells:
        if lines and lines[-1].cell_len + gap + cell.cell_len <= width:
            lines[-1] = lines[-1] + Text(" " * gap) + cell
        else:
            lines.append(cell)
    return lines


def _entry_name(entry: Entry) -> str:
    """An entry as listed: a group's words end with ``…`` and its number of actions."""
    if entry.is_group:
        return f"{entry.label} … ({len(entry.actions)})"
    return entry.label
