"""What matters in each game, measured on a finished game from its public events and result.

`measure(state)` gives one flat ``{name: number}`` per game, from what the spectator may know
(`State.events_for(None)`, `State.result`): never from inside the rules. Each game has its
module here (``potager/arena/measures/<package>.py`` with ``measure(events, result, players)``
and ``figures(rows, note)``, its plots for the balance report); a game without one measures
nothing beyond the row's own figures.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from potager.engine import Event, Result, State

if TYPE_CHECKING:  # the simulation imports this package: no import back at run time
    from matplotlib.figure import Figure

    from ..simulate import GameRow

Measure = Callable[[Sequence[Event], Result, int], dict[str, float]]


@cache
def measurer(game: str) -> Measure | None:
    """The measures of ``game`` (its registry name), or ``None`` for a game without them."""
    module = game.replace("-", "_")
    try:
        found: Any = importlib.import_module(f"{__name__}.{module}")
    except ModuleNotFoundError:
        return None
    measure: Measure = found.measure
    return measure


def measure(state: State) -> dict[str, float]:
    """The game's own measures of a finished ``state`` (``{}`` when the game has none)."""
    found = measurer(state.game.name)
    if found is None:
        return {}
    return found(state.events_for(None), state.result(), state.players)


Figures = list[tuple[str, "Figure"]]
"""``(file stem, figure)`` pairs: what a game's ``figures(rows, note)`` draws."""


def figures(game: str, rows: Sequence[GameRow], note: str) -> Figures:
    """The game's own plots of ``rows`` (one player count), each with ``note`` on it."""
    module = game.replace("-", "_")
    try:
        found: Any = importlib.import_module(f"{__name__}.{module}")
    except ModuleNotFoundError:
        return []
    drawn: Figures = found.figures(rows, note)
    return drawn
