"""The `Agent` protocol: a computer opponent sees its own view and nothing else."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from .types import Action, Seat, View

if TYPE_CHECKING:
    from .game import Game


@runtime_checkable
class Agent(Protocol):
    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        """Choose one of ``legal_actions`` from ``view`` (the seat's own view) alone.

        ``view`` is read, never changed: in simulations it is a `SeatView`, a read-only mapping
        that builds the seat's `State.view` dict on its first read (typed as that dict)."""
        ...
