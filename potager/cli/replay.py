"""``potager replay``: step through a saved game record.

Without ``--seat`` the replay is the spectator's view with every move named (a record holds every
move, hidden ones included); with ``--seat N`` it is what seat N saw: its view, the events it was
told, its own moves named and the others' only through those events ("seat s moved" when none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from potager import games
from potager.engine import GameRecord, RecordError, Seat, SeatHolder, State

from . import render
from .language import seat_name, speaking, t, tn
from .options import Lang, fail, language, title
from .render.shared import Who, per_seat, seats_text


def replay(
    path: Annotated[Path, typer.Argument(metavar="RECORD", help="a game record (JSON)")],
    seat: Annotated[int | None, typer.Option(help="view the game as this seat")] = None,
    all_steps: Annotated[
        bool, typer.Option("--all", help="print every step, without waiting for keys")
    ] = False,
    move: Annotated[
        int, typer.Option(metavar="N", min=0, help="start at move N (beyond the last: the end)")
    ] = 0,
    lang: Lang = None,
) -> None:
    """Step through a saved game: Enter for the next move, b to go back, a number to go to that
    move, e to the end, q to quit."""
    with speaking(language(lang)):
        replay_record(path, seat, all_steps, move)


def replay_record(path: Path, seat: int | None, all_steps: bool, move: int) -> None:
    """`replay` once its language is chosen."""
    record = load_record(path)
    steps = steps_of(record)
    players = steps[0].players
    if seat is not None and not 0 <= seat < players:
        fail(
            t(
                "must be a seat of this {players}-player game, 0…{last}, not {seat}",
                players=players,
                last=players - 1,
                seat=seat,
            ),
            "--seat",
        )
    console = Console()
    viewer = Replay(steps, seat, record.seats, record.stand_in_moves)
    start = min(move, len(steps) - 1)
    if all_steps:
        for i in range(start, len(steps)):
            console.print(viewer.screen(i))
    else:
        viewer.browse(console, console.input, start)


def load_record(path: Path) -> GameRecord:
    """The record in ``path``, checked by replaying it; `fail` (exit 2) for a bad record."""
    try:
        text = path.read_bytes()
    except OSError as exc:
        fail(t("cannot read {path}: {why}", path=path, why=exc.strerror), "RECORD")
    try:
        record = GameRecord.from_json(text)
        games.replay(record)
    except (RecordError, ImportError) as exc:
        fail(t("{path} is not a record Potager can replay: {why}", path=path, why=exc), "RECORD")
    return record


def load_steps(path: Path) -> list[State]:
    """The state before the first move and after each move; `fail` (exit 2) for a bad record."""
    return steps_of(load_record(path))


def steps_of(record: GameRecord) -> list[State]:
    """The state before the first move and after each move of a record that replays."""
    state = games.get(record.game).new_game(
        record.players, record.seed, record.variant, record.deck, record.params
    )
    steps = [state.clone()]
    for seat, action in record.moves:
        state.apply(seat, action)
        steps.append(state.clone())
    return steps


class Replay:
    """The screens of a replay: step ``i`` is the table after ``i`` moves."""

    def __init__(
        self,
        steps: list[State],
        seat: Seat | None,
        holders: list[SeatHolder] | None = None,
        stand_in_moves: Sequence[int] = (),
    ) -> None:
        """``holders``: who sat where, when the record says; ``stand_in_moves``: the moves (from
        0) a table's stand-in bot made for a timed-out person (`GameRecord.stand_in_moves`)."""
        self.steps = steps
        self.seat = seat
        self.holders = holders
        self.stand_in_moves = frozenset(stand_in_moves)
        self.renderer = render.for_game(steps[0].game)

    def screen(self, i: int) -> RenderableType:
        """The table after ``i`` moves in a panel (the replay in its title, who sat where at its
        foot), then the move that led there and what it caused, as the play screen puts the log
        under the table: 80 × 24 holds it."""
        state = self.steps[i]
        title = " · ".join(
            (
                state.game.title,
                tn(state.players, "{n} player", "{n} players"),
                t("move {n}/{last}", n=i, last=len(self.steps) - 1),
                t("as the spectator") if self.seat is None else t("as seat {n}", n=self.seat),
            )
        )
        holders = (
            None
            if self.holders is None
            else escape(
                " · ".join(f"{seat_name(s)}: {holder_name(h)}" for s, h in enumerate(self.holders))
            )
        )
        board = self.renderer.render(state.view(self.seat), self.seat)
        parts: list[RenderableType] = [
            Panel(
                board,
                title=escape(title),
                title_align="left",
                subtitle=holders,
                subtitle_align="left",
            )
        ]
        if i:
            parts.append(self.move_lines(i))
        if state.is_over:
            parts.append(self.end_line(state))
        return Group(*parts)

    def end_line(self, state: State) -> str:
        """The scores and the winners, "you" for the viewer's seat."""
        result = state.result()
        scores = escape(per_seat([f"{v:g}" for v in result.scores], self.seat))
        winners = list(result.winners)
        names = escape(seats_text(winners, self.seat))
        over = f"[bold]{t('Game over')}[/]"
        if winners == [self.seat]:
            return t("{over} — {scores}; you win.", over=over, scores=scores)
        if len(winners) == 1:
            return t("{over} — {scores}; {names} wins.", over=over, scores=scores, names=names)
        return t("{over} — {scores}; {names} win.", over=over, scores=scores, names=names)

    def move_lines(self, i: int) -> RenderableType:
        """The move that led to step ``i`` and the events it caused that the viewer may know."""
        before, after = self.steps[i - 1], self.steps[i]
        seat, action = after.moves[-1]
        events = after.events_for(self.seat, len(before.events))
        lines = [d for e in events if (d := self.renderer.describe(e, self.seat)) is not None]
        who = Who(seat, self.seat)
        if self.seat is None or who.you:
            label = self.renderer.words(before, action)
            lines.insert(0, f"{str(who).capitalize()}: [bold]{escape(label)}[/]")
        elif not lines:
            lines.append(Who(seat, self.seat).says("You moved.", "Seat {seat} moved."))
        lines[0] = f"[cyan]{t('move {n}', n=i)}[/] {lines[0]}"
        if i - 1 in self.stand_in_moves:
            lines[0] += f" [dim]({t('stand-in bot')})[/]"
        return Text.from_markup("\n".join(lines))

    def browse(self, console: Console, ask: Callable[[str], str], start: int = 0) -> None:
        """Interactive stepping from move ``start``: Enter, ``b``, a move number (beyond the
        last: the end), ``e`` for the end; ``q`` or the end of input quits."""
        i, last = start, len(self.steps) - 1
        console.print(self.screen(i))
        while True:
            try:
                key = ask(f"({instructions()}) ").strip().casefold()
            except (EOFError, KeyboardInterrupt):
                return
            if key == "q":
                return
            if key == "b":
                i = max(0, i - 1)
            elif key == "e":
                i = last
            elif key.isdigit():
                i = min(int(key), last)
            elif key == "":
                if i == last:
                    console.print(
                        t("End of the game, move {last} (b: back, N: move N, q: quit).", last=last)
                    )
                    continue
                i += 1
            else:
                unknown = t("unknown key {key}", key=escape(repr(key)))
                console.print(f"[red]{unknown}[/]; {instructions()}")
                continue
            if console.is_terminal:
                console.clear()
            console.print(self.screen(i))


def instructions() -> str:
    """The keys of the replay, in the terminal's language."""
    return t("Enter: next · b: back · N: move N · e: end · q: quit")


def holder_name(holder: SeatHolder) -> str:
    """Who sat at a seat: a person's name, "a person" (no name given), or a bot by its level's
    name for players, "Casual bot" (`title`)."""
    if holder.kind == "bot":
        return t("{level} bot", level=title(holder.level or ""))
    return holder.name or t("a person")
