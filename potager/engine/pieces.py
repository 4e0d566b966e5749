"""What a game brings besides its rules, declared once in its package (``pieces.py``) and held by
the games' registry (`potager.games.pieces`): its bot, what it tells a search, its tutorial.

`SearchKnowledge` is the game's knowledge the search levels read (`potager.agents.ismcts`), as
OpenSpiel's ``Evaluator`` is an MCTS's: how a sampled state is played to its end, how states are
drawn from a view, which actions are one, how the root compares its choices, which actions come
first. Every piece is optional: a game without them is searched with random playouts over
`Game.sampler`. The interfaces' own pieces (terminal renderer, RL encoder, report measures,
OpenSpiel spec) are in their interface's table, keyed by the game's class (docs/architecture.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import Any, Generic

from typing_extensions import TypeVar

from .agent import Agent
from .game import Game, State
from .types import Action, Seat

S = TypeVar("S", bound=State, default=State)

Playout = Callable[[S, random.Random], object]
"""Plays a sampled state to its end."""
Draw = Callable[[random.Random], S]
"""Draws one state from a view read once: an iteration's determinization."""
Sampler = Callable[[Game, Any, Seat], Draw[S]]
"""Reads a seat's view once (``Any``: a bot is handed a `SeatView`) and returns the `Draw` of the
states made for the search."""
Merge = Callable[[S, list[Action]], list[Action]]
"""For each legal action, the first of those that lead to the same game but for a detail that
never matters, read from public information only."""
FollowUp = Callable[[S, Seat], bool]
"""Whether the decision due in a state is the seat's again, in the same turn, with nothing drawn
or revealed since its last, so that a paired root may plan the two together."""
Order = Callable[[S, Seat, list[Action]], list[Action]]
"""The actions best first by the game's rules of thumb, for progressive widening."""


@dataclass(frozen=True)
class SearchKnowledge(Generic[S]):
    """What a game tells the search; each field ``None`` (or 0) where it has nothing to say.

    ``playout``: how a sampled state is played to its end (random play when ``None``).
    ``sampler``: how the search draws states from one view (`Game.sampler` when ``None``).
    ``merge``: the actions searched as one. ``paired``: the root is flat, its choices compared
    on common random numbers. ``follow_up``: what a paired root may plan with a choice
    (``plan=1``). ``order``: the actions best first, for progressive widening. ``widening``,
    ``choice``, ``mix``: the game's defaults of the search levels' parameters of those names.
    """

    playout: Playout[S] | None = None
    sampler: Sampler[S] | None = None
    merge: Merge[S] | None = None
    paired: bool = False
    follow_up: FollowUp[S] | None = None
    order: Order[S] | None = None
    widening: float = 0.0
    choice: float = 0.0
    mix: float = 0.0


@dataclass(frozen=True)
class GamePieces(Generic[S]):
    """One game's entry in the registry: ``game`` (its rules), ``heuristic`` (makes its own bot,
    the ``heuristic`` level), ``search`` (`SearchKnowledge`), ``tutorial`` (its
    ``tutorial.toml``)."""

    game: Game[S]
    heuristic: Callable[[], Agent] | None = None
    search: SearchKnowledge[S] = field(default_factory=SearchKnowledge)
    tutorial: Traversable | None = None
