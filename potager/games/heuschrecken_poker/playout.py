"""The search's playout policy for Heuschrecken Poker: random bids, sensible takes.

An ISMCTS iteration (`potager.agents.ismcts`) finishes each sampled state with a playout. The
bids stay random (any card may win a turn, and the search itself decides the bids that matter),
but a taker who picks at random takes grasshoppers as often as plants, which no player does. Here
a taker picks, on the full sampled state (the policy runs inside the search only), the kind worth
most to its garden (`worth`: a harvest first, then the most plants, grasshoppers last and never a
plague when there is a choice); one pick in ten is random, so that the playouts do not all follow
one line.
"""

from __future__ import annotations

import random
from typing import Final

from .data import GRASSHOPPER, HARVEST_SET, PLAGUE_AT
from .rules import PRESENT, TAKE, TAKE_BASE, HeuschreckenState

EPSILON: Final = 0.1
"""The share of picks made at random."""


def playout(state: HeuschreckenState, rng: random.Random) -> None:
    """Play ``state`` to its end with the policy of the module docstring."""
    getrandbits = rng.getrandbits
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        n = len(legal)
        if state.phase == TAKE and n > 1 and rng.random() >= EPSILON:
            garden, display = state.gardens[seat], state.display
            best, kind = -1e9, -1
            for k in PRESENT[state.kinds_shown]:
                value = worth(garden[k], display[k], k == GRASSHOPPER)
                if value > best:
                    best, kind = value, k
            state.apply(seat, TAKE_BASE + kind)
            continue
        bits = n.bit_length()
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        state.apply(seat, legal[r])


def worth(have: int, taken: int, grasshopper: bool) -> float:
    """A rough worth of taking ``taken`` cards of a kind of which the garden has ``have``: a
    plague is the worst, grasshoppers are bad, a harvest (a set of three) is best, then more
    plants."""
    if grasshopper:
        return -10.0 if have + taken >= PLAGUE_AT else -1.0 - taken
    return 2.0 * ((have + taken) // HARVEST_SET) + 0.3 * taken
