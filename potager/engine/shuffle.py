"""`shuffle`: ``rng.shuffle(items)``, the same permutation from the same random numbers, faster.

The games shuffle their decks at every set-up (and some at every hand): in a short random playout
that is a tenth of the time. `random.Random.shuffle` draws each index with ``_randbelow``, a
Python method call per card (``getrandbits`` of the bound's bit count, drawn again while too
large); here the same draws are inlined, with the bounds and bit counts from a table per length
(tests/engine/test_shuffle.py checks the permutations and the generator's state against
`random.Random.shuffle`). Compiled with the Garden Rush rules (`potager.compiled`).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any


@cache
def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """Per swap of a shuffle of ``length`` items: the index, the bound of the draw and its bits
    (the order of `random.Random.shuffle`: from the last index down to 1)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would, for ``rng`` a
    `random.Random` (not a subclass drawing otherwise): the states' own generator."""
    getrandbits = rng.getrandbits
    for i, bound, bits in _steps(len(items)):
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def below(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n`` > 0 (``rng.choice(items)`` is ``items[below(rng,
    len(items))]``) and a `random.Random` ``rng``: the same number from the same draws, without
    `randrange`'s Python frames."""
    bits = n.bit_length()
    r = rng.getrandbits(bits)
    while r >= n:
        r = rng.getrandbits(bits)
    return r


def copied(rng: random.Random) -> random.Random:
    """A copy of ``rng`` (the same state: the same numbers to come) for a state's `clone`,
    without seeding the new generator first (`random.Random(0)` costs as much as the copy)."""
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new
