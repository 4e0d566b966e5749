"""What every game's terminal renderer shares: `Renderer`, the seats in words (`Who`), and the
generic drawing of a game without a renderer of its own."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.markup import escape
from rich.table import Table

from potager.engine import PRIVATE_TO, Action, Event, Seat, State, View

from ..language import current, seat_name, t

Render = Callable[[View, Seat | None], RenderableType]
Describe = Callable[[Event, Seat | None], str | None]
Label = Callable[[str], str | None]


@dataclass(frozen=True)
class Who:
    """A seat as a log line names it for ``viewer``: "you" for the viewer's own seat, with
    the verb to match ("you take", never "You takes"). A sentence whose subject is a seat is
    written twice, for "you" and for a seat, as the verb and the words around it change with
    the subject in every language (`says`).

    >>> Who(1, 1).says("You take it.", "Seat {seat} takes it.")
    'You take it.'
    >>> Who(2, 1).says("You take it.", "Seat {seat} takes it."), str(Who(2, None)), str(Who(1, 1))
    ('Seat 2 takes it.', 'seat 2', 'you')
    """

    seat: int
    viewer: Seat | None

    @property
    def you(self) -> bool:
        return self.seat == self.viewer

    def __str__(self) -> str:
        return t("you") if self.you else seat_name(self.seat)

    def says(self, you: str, other: str, /, **params: Any) -> str:
        """The sentence ``you`` when this seat is the viewer's, else ``other`` with ``{seat}``,
        in the terminal's language, with ``params``."""
        if self.you:
            return t(you, **params)  # i18n: checked elsewhere
        return t(other, seat=self.seat, **params)  # i18n: checked elsewhere


def per_seat(values: list[str], viewer: Seat | None) -> str:
    """One value per seat, each after its seat: ``you 35, seat 1 39``."""
    return ", ".join(f"{Who(s, viewer)} {v}" for s, v in enumerate(values))


def seats_text(seats: list[int], viewer: Seat | None) -> str:
    """``you, seat 2``; ``nobody`` for none."""
    return ", ".join(str(Who(s, viewer)) for s in seats) or t("nobody")


def generic_render(view: View, seat: Seat | None) -> RenderableType:
    """The view itself: one line per key, its value as compact JSON."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    for key, value in view.items():
        grid.add_row(escape(str(key)), escape(json.dumps(value, ensure_ascii=False)))
    return grid


def generic_describe(event: Event, viewer: Seat | None = None) -> str | None:
    """``type: key=value, ...`` (the seat first, "you" for the viewer's; the addressee left out)."""
    fields = {k: v for k, v in event.items() if k not in ("type", PRIVATE_TO)}
    who = f"{Who(fields.pop('seat'), viewer)} " if "seat" in fields else ""
    rest = ", ".join(f"{k}={v}" for k, v in fields.items())
    return escape(f"{who}{event.get('type', 'event')}" + (f": {rest}" if rest else ""))


def generic_label(notation: str) -> str | None:
    """No words for a move: its notation says it."""
    return None


@dataclass(frozen=True)
class Renderer:
    """The drawing functions for one game."""

    render: Render
    describe: Describe
    label: Label = generic_label

    def words(self, state: State, action: Action) -> str:
        """``action`` (legal in ``state``) in words for the player: the engine's label in
        English, else the game's `label` of its notation, else the notation."""
        if current() == "en":
            return state.action_label(action)
        notation = state.action_to_str(action)
        return self.label(notation) or notation


GENERIC = Renderer(generic_render, generic_describe)
"""The view pretty-printed, each event as its type and fields."""
