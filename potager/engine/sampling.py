"""`LastView`: a game's reading of the last view it sampled from, kept for the next sample.

A search calls ``game.sample(view, seat, rng)`` with one view at every iteration, and reading a
view costs more than drawing the hidden part: a game's `sample` reads a view once into a form of
its own and then only copies it and draws. The view is compared with a copy of the one that was
read, so the sample depends on the view's content alone, however the caller changes it.

>>> reads = []
>>> last = LastView(lambda view, seat: reads.append(seat) or len(view["cards"]))
>>> view = {"cards": [1, 2]}
>>> last(view, 0), last({"cards": [1, 2]}, 0), reads
(2, 2, [0])
>>> view["cards"].append(3)
>>> last(view, 0), last(view, 1), reads
(3, 3, [0, 0, 1])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from .game import State
from .types import Seat, View

T = TypeVar("T")
S = TypeVar("S", bound=State)


class LastView(Generic[T]):
    """``read(view, seat)``, kept for the last (view, seat) asked: called with an equal view and
    the same seat again, it returns the kept reading. One entry, replaced as a whole (a tuple), so
    that two threads sampling at once at worst read a view twice."""

    def __init__(self, read: Callable[[View, Seat], T]) -> None:
        self.read = read
        self.last: tuple[Seat, View, T] | None = None

    def __call__(self, view: View, seat: Seat) -> T:
        last = self.last
        if last is not None and last[0] == seat and last[1] == view:
            return last[2]
        kept = _copy(view)  # a dict, even from a `SeatView`
        reading = self.read(kept, seat)
        self.last = (seat, kept, reading)
        return reading


def _copy(value: Any) -> Any:
    """A copy of a view's JSON value (mappings such as a `SeatView` copied as dicts, lists and
    tuples copied, the rest immutable): `copy.deepcopy` without its memo, several times faster.
    The exact types come first: asking a number or a string whether it is a `Mapping` (an ABC)
    cost half of the copy, which the server's undo test makes once for each viewer."""
    kind = type(value)
    if kind is dict:
        return {k: _copy(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return kind(map(_copy, value))
    if kind is int or kind is str or value is None or kind is bool or kind is float:
        return value
    if isinstance(value, Mapping):
        return {k: _copy(v) for k, v in value.items()}
    return value


def start_sample(table: S, blank: S, rng: random.Random, quiet: bool = False) -> S:
    """``blank`` (a state of ``table``'s class made blank, as its `clone` makes one) with
    ``table``'s engine attributes (`State._copy_engine_attributes`) and a sample's own: a seed
    drawn from ``rng``, no moves and no events, and a generator for the rules' draws to come. A
    ``quiet`` sample (a search's own, whose play nobody reads back) takes ``rng`` itself; another
    gets one seeded with its seed, or shares ``table``'s where the rules will not draw again
    (`State.deals_ahead`): seeding a generator costs a third of a sample. The game's `sample`
    then lays the table it read from the view out in it and draws what is hidden."""
    table._copy_engine_attributes(blank)
    blank.seed = seed = rng.getrandbits(63)
    if quiet:
        blank.rng = rng
    else:
        blank.rng = random.Random(seed) if table.deals_ahead() else table.rng
    blank.moves = []
    blank.events = []
    return blank
