"""Hidden commitments: the simultaneous decisions of the games (bids, face-down cards).

Every seat that must decide commits in any order; until the last one is in, a commitment is
known only to its owner (views show only *who* has committed). Then all resolve together
(tests/engine/test_engine.py shows the life of one). Compiled with the rules that use it on their
hot path (`potager.compiled`).
"""

from __future__ import annotations

from .types import Seat


class Commitments:
    __slots__ = ("_choices", "_seats")

    def __init__(self) -> None:
        self._seats: tuple[Seat, ...] = ()
        self._choices: dict[Seat, int] = {}

    def open(self, seats: tuple[Seat, ...]) -> None:
        """Start a simultaneous decision for ``seats``."""
        self._seats = seats
        self._choices = {}

    def commit(self, seat: Seat, choice: int) -> None:
        self._choices[seat] = choice

    @property
    def waiting(self) -> tuple[Seat, ...]:
        """Seats that must still commit (in seat order)."""
        return tuple(s for s in self._seats if s not in self._choices)

    @property
    def committed(self) -> tuple[Seat, ...]:
        """Seats that have committed, in seat order: this is all a view may show of others."""
        return tuple(s for s in self._seats if s in self._choices)

    @property
    def complete(self) -> bool:
        return len(self._choices) == len(self._seats)

    def choice(self, seat: Seat) -> int | None:
        """``seat``'s own pending choice (only ever shown to that seat)."""
        return self._choices.get(seat)

    def reveal(self) -> dict[Seat, int]:
        """Every choice, in the order they came; closes the decision."""
        choices = self._choices
        self._seats, self._choices = (), {}
        return choices

    def copy(self) -> Commitments:
        c = Commitments()
        c._seats, c._choices = self._seats, dict(self._choices)
        return c
