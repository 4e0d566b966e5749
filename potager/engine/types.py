"""The vocabulary shared by every game: seats, actions, results."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, TypeAlias

Seat: TypeAlias = int
"""A player's place at the table, 0-based."""

Action: TypeAlias = int
"""An action: an int in ``range(game.num_actions(players, variant))``."""

View: TypeAlias = dict[str, Any]
"""What one seat (or a spectator, ``None``) may know: JSON-serialisable."""

Event: TypeAlias = dict[str, Any]
"""One thing that happened: ``{"type": ..., ...}``; with the `PRIVATE_TO` key it is addressed to
that seat alone, without it is public. Events are read-only values: a game may share one dict
between states and games (the same bid, the same reveal), so a consumer copies before it changes
one."""

PRIVATE_TO: Final = "private_to"
"""The reserved key of an event addressed to one seat alone (its value is that seat). It is the
engine's, never a game's own field (a square, a track position, a destination), so that
`State.events_for` cannot hide a public event: the invariants tests check every game's events."""


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``scores``: each seat's score in the game's own unit (chips, points, gnome position).
    ``winners``: the winning seats (several when the rules let a tie stand).
    ``details``: game-specific breakdown (tie-breaks, per-hand score sheets...), JSON-serialisable.
    """

    scores: tuple[float, ...]
    winners: tuple[Seat, ...]
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "details": self.details}
