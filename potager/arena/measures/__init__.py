"""What matters in each game, measured on a finished game from its public events and result.

`measure(state)` gives one flat ``{name: number}`` per game, from what the spectator may know
(`State.events_for(None)`, `State.result`): never from inside the rules. Each game has its
module here (``heuschrecken_poker.py``, … with ``measure(events, result, players)`` and
``figures(rows, note, left_out)``, its plots for the balance report), held by `MEASURES` by the
game's class; its measures include its `course` (turns, rounds, leads, what was taken when). A
game without one measures nothing beyond the row's own figures.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from potager.engine import Event, Game, Result, State
from potager.games.garden_rush import GardenRush
from potager.games.heuschrecken_poker import HeuschreckenPoker
from potager.games.kraut_und_rueben import KrautUndRueben
from potager.games.pas_de_haricots import PasDeHaricots

from ..rows import GameRow
from . import garden_rush, heuschrecken_poker, kraut_und_rueben, pas_de_haricots
from .drawing import Figures

Measure = Callable[[Sequence[Event], Result, int], dict[str, float]]
"""A finished game's measures from its public events, its result and its player count."""
Draw = Callable[[Sequence[GameRow], str, Collection[str]], Figures]
"""A game's plots of some rows (one player count), each with a note on it, without the measures
left out."""


@dataclass(frozen=True)
class GameMeasures:
    """One game's measures and the plots of them."""

    measure: Measure
    figures: Draw


MEASURES: dict[type[Game], GameMeasures] = {
    HeuschreckenPoker: GameMeasures(heuschrecken_poker.measure, heuschrecken_poker.figures),
    PasDeHaricots: GameMeasures(pas_de_haricots.measure, pas_de_haricots.figures),
    KrautUndRueben: GameMeasures(kraut_und_rueben.measure, kraut_und_rueben.figures),
    GardenRush: GameMeasures(garden_rush.measure, garden_rush.figures),
}
"""Each game's measures, by the game's class."""


def measure(state: State) -> dict[str, float]:
    """The game's own measures of a finished ``state`` (``{}`` when the game has none)."""
    found = MEASURES.get(type(state.game))
    if found is None:
        return {}
    return found.measure(state.events_for(None), state.result(), state.players)


def figures(
    game: Game, rows: Sequence[GameRow], note: str, left_out: Collection[str] = ()
) -> Figures:
    """The game's own plots of ``rows`` (one player count), each with ``note`` on it, without
    the measures ``left_out`` (the same in every game)."""
    found = MEASURES.get(type(game))
    return [] if found is None else found.figures(rows, note, left_out)
