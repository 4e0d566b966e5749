"""Chance: where a state's rules draw from, and how a caller chooses what they draw next.

The rules draw inside `State.apply`, from piles they shuffled with the state's generator. An
adapter that shows every draw as a chance node (OpenSpiel's) reads the pools (`State.pools`), tries
an action on a clone to see how many components it takes from each, and stacks the outcomes it
chose on top (`State.stack`) before it applies the action itself. Both are built on demand and
never run in a playout, so the hot path (`legal_actions`, `apply`) is the same code as without
them; a state nobody stacks plays and replays exactly as before.

>>> restack(["corn", "grasshopper", "corn", "broccoli"], ["broccoli", "corn"])
['broccoli', 'corn', 'grasshopper', 'corn']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Pool:
    """One place the rules draw from: a pile, a bag, a deck dealt out whole, the contracts.

    ``taken``: how many components the rules have taken from it so far, counted over every deal
    of the game, so that the difference across one `apply` is the number of draws it made.
    ``undrawn``: what the next draws take, in the order they take it, in the game's notation;
    for a pool dealt out whole (a hand's deck, the contracts), what its next deal deals, the
    stacked components first; ``()`` when the rules will take nothing more from it. Hidden
    information: never for a player's view or its bot.
    """

    taken: int
    undrawn: tuple[str, ...]


def restack(undrawn: Sequence[T], first: Sequence[T]) -> list[T]:
    """``undrawn`` reordered so that ``first`` comes first, in its order, and the others follow
    in theirs. Raises `ValueError` when ``first`` is not part of ``undrawn``."""
    rest = list(undrawn)
    for item in first:
        try:
            rest.remove(item)
        except ValueError:
            raise ValueError(f"{item!r} is not among the components still to draw") from None
    return [*first, *rest]
