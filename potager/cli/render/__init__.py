"""Drawing a game in the terminal: each game's own renderer, or the generic one.

Each game's module here (``heuschrecken_poker.py``, …) declares its `Renderer`, ``RENDERER``:
``render(view, seat)`` (the table as ``seat`` sees it, from the view alone: a Rich renderable),
``describe(event, viewer)`` (one line of the log as ``viewer`` reads it, "you" for its own seat
with the verb to match: `Who`; ``None`` leaves the event out) and ``label(notation)`` (a move in
words in the terminal's language). They speak the terminal's language (`potager.cli.language`).
`RENDERERS` holds them by the game's class; a game without one is drawn by the generic renderer
(`GENERIC`): the view pretty-printed, each event as its type and fields. The contract in full:
docs/terminal.md.
"""

from __future__ import annotations

from potager.engine import Game
from potager.games.garden_rush import GardenRush
from potager.games.heuschrecken_poker import HeuschreckenPoker
from potager.games.kraut_und_rueben import KrautUndRueben
from potager.games.pas_de_haricots import PasDeHaricots

from . import garden_rush, heuschrecken_poker, kraut_und_rueben, pas_de_haricots
from .shared import GENERIC, Renderer

RENDERERS: dict[type[Game], Renderer] = {
    HeuschreckenPoker: heuschrecken_poker.RENDERER,
    PasDeHaricots: pas_de_haricots.RENDERER,
    KrautUndRueben: kraut_und_rueben.RENDERER,
    GardenRush: garden_rush.RENDERER,
}
"""Each game's renderer, by the game's class."""


def for_game(game: Game) -> Renderer:
    """The game's own renderer where it has one, else the generic one."""
    return RENDERERS.get(type(game), GENERIC)
