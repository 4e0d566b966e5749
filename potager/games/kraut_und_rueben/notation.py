"""The action space and its notation (docs/reference/games.md, "Kraut & Rüben").

With N gardens (N = players + 1) the actions are, in this order: ``draw`` (0), ``place <garden>
<space>`` (1 + 12·g + s), ``mole <garden> <space>`` (1 + 12·N + 12·g + s), ``take <garden>``
(1 + 24·N + g) and ``pass`` (1 + 25·N), garden g = 0…N−1 shown as 1…N, space ``s`` a column
``a``…``d`` and a row ``1``…``3`` (``a1 b1 c1 d1 a2 … d3``).

>>> space = ActionSpace.of(3)
>>> space.names[space.place + 12 * 1 + 9], space.names[space.pass_]
('place 2 b3', 'pass')
>>> len(space.names)
77
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from .data import MAX_PLAYERS, SPACES, gardens_for

SIZE = len(SPACES)
MOST_GARDENS = gardens_for(MAX_PLAYERS)
MOST_SPACES = SIZE * MOST_GARDENS
"""The gardens and their spaces with the most players (flat spaces ``12 · g + s``)."""

MASK_SPACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in range(SIZE) if mask >> s & 1) for mask in range(1 << SIZE)
)
"""The spaces (indices) of every 12-bit set of spaces."""

DRAW = 0

EMPTY = -1
"""The kind code of no tile (an empty space, no cover, nothing drawn)."""

DRAWING, PLACING, TAKING, OVER = range(4)
PHASES = ("draw", "place", "take", "over")
"""A turn's steps, as views name them: draw (or play the mole), place the drawn tile, take a
garden or pass; and the end."""


@dataclass(frozen=True)
class ActionSpace:
    """Offsets of each action family for ``gardens`` gardens, and lookup tables for the hot
    path: ``place_at[g][mask]`` / ``mole_at[g][mask]`` are the actions onto the spaces of
    ``mask`` in garden ``g``."""

    gardens: int
    place: int
    mole: int
    take: int
    pass_: int
    names: tuple[str, ...]
    place_at: tuple[tuple[tuple[int, ...], ...], ...]
    mole_at: tuple[tuple[tuple[int, ...], ...], ...]

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        """A copy or a save names the configuration's one table (`of`) rather than holding
        its own."""
        return (ActionSpace.of, (self.gardens,))

    @staticmethod
    @cache
    def of(gardens: int) -> ActionSpace:
        place = 1
        mole = place + SIZE * gardens
        take = mole + SIZE * gardens
        pass_ = take + gardens
        names = (
            ["draw"]
            + [f"place {g + 1} {s}" for g in range(gardens) for s in SPACES]
            + [f"mole {g + 1} {s}" for g in range(gardens) for s in SPACES]
            + [f"take {g + 1}" for g in range(gardens)]
            + ["pass"]
        )
        return ActionSpace(
            gardens,
            place,
            mole,
            take,
            pass_,
            tuple(names),
            _tables(place, gardens),
            _tables(mole, gardens),
        )


def _tables(first: int, gardens: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(
        tuple(tuple(first + SIZE * g + s for s in spaces) for spaces in MASK_SPACES)
        for g in range(gardens)
    )
