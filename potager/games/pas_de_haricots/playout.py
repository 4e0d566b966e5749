"""The search's playout policy for Pas de Haricots: random cards played, greedy takes.

An ISMCTS iteration (`potager.agents.ismcts`) finishes each sampled state with a playout. Here the
cards played stay random (what a card gives away depends on everyone's series, which the search
itself weighs at its own decisions), but a taker picks, on the full sampled state (the policy runs
inside the search only), the revealed card that adds most to its own score (`scoring.gain`, as
the heuristic's first rule) instead of any card; one take in ten is random, so that the playouts
do not all follow one line.
"""

from __future__ import annotations

import random
from typing import Final

from .rules import TAKE, TAKE_OFFSET, PasDeHaricotsState
from .scoring import gain, tally

EPSILON: Final = 0.1
"""The share of takes made at random."""


def playout(state: PasDeHaricotsState, rng: random.Random) -> None:
    """Play ``state`` to its end with the policy of the module docstring."""
    choice, random_ = rng.choice, rng.random
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if state.phase != TAKE or len(legal) == 1 or random_() < EPSILON:
            state.apply(seat, choice(legal))
        else:
            mine = tally(state.collected[seat])
            state.apply(seat, max(legal, key=lambda a: gain(mine, a - TAKE_OFFSET)))
