"""`SeatView`: a seat's view for one decision, built only if it is read.

`State.view(seat)` builds the whole JSON view: what interfaces need, but most of the cost of a
simulation whose bots never look at it (a random bot) or look at a few keys. A `SeatView` is a
read-only mapping that calls ``state.view(seat)`` on its first read and keeps the result: it holds
that seat's view and nothing else, exactly `State.view`'s dict once read. It lives for one
decision: `expire` (called by whoever handed it over, when the decision is made) makes a view
never read unreadable, so that a bot keeping it cannot read a later position through it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from .types import Seat, View

if TYPE_CHECKING:
    from .game import State


class ExpiredView(RuntimeError):
    """A `SeatView` read for the first time after its decision was made."""


class SeatView(Mapping[str, Any]):
    """``state.view(seat)``, built on the first read (see the module's docstring)."""

    __slots__ = ("_built", "_seat", "_state")

    def __init__(self, state: State, seat: Seat) -> None:
        self._state: State | None = state
        self._seat = seat
        self._built: View | None = None

    def _view(self) -> View:
        built = self._built
        if built is None:
            if self._state is None:
                raise ExpiredView(f"seat {self._seat}'s view was not read during its decision")
            built = self._built = self._state.view(self._seat)
            self._state = None
        return built

    def expire(self) -> None:
        """The decision is made: an unread view can no longer be read."""
        self._state = None

    @property
    def seat(self) -> Seat:
        return self._seat

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())

    def __contains__(self, key: object) -> bool:
        return key in self._view()

    def get(self, key: str, default: Any = None) -> Any:
        return self._view().get(key, default)

    def __eq__(self, other: object) -> bool:
        return self._view() == (other._view() if isinstance(other, SeatView) else other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = "read" if self._built is not None else "unread" if self._state else "expired"
        return f"<SeatView of seat {self._seat}, {state}>"
