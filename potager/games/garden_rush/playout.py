"""The search's playout policy for Garden Rush: harvest what is complete, grow fields, cheaply.

An ISMCTS iteration (`potager.agents.ismcts`) finishes each sampled state with a playout. Random
play scatters tokens over the Potager and harvests by chance, so a random playout says little
about who will win the gnome race (issue 12: 0% of games against the heuristic). This policy plays
a crude version of `heuristic`, on the full sampled state (it runs inside the search only):

- when a field is complete, harvest the largest one (the gnome moves by its size);
- otherwise look at a few legal actions drawn at random (``CANDIDATES``: the lists hold about 50)
  and play the one that grows a field most: a vegetable next to more of its kind (+ 0.6 on its
  double column, as the heuristic), a mole into the opponent's Potager, a bonus rather than
  ``skip``;
- one decision in ten is random, so that the playouts do not all follow one line.
"""

from __future__ import annotations

import random
from typing import Final

from .actions import ARG1, ARG2, HARVEST, MOLE, OP, PLANT, SKIP
from .data import FIELDS, FIRST_TOOL, SIZE
from .heuristic import DOUBLE, NEIGHBOURS
from .rules import MAIN, GardenRushState

EPSILON: Final = 0.1
"""The share of decisions played at random."""
CANDIDATES: Final = 6
"""The legal actions drawn and compared at a decision without a complete field."""
FIELD_SIZE: Final = tuple(
    len(FIELDS[a1][a2]) if op == HARVEST else 0 for op, a1, a2 in zip(OP, ARG1, ARG2, strict=True)
)
"""``FIELD_SIZE[action]``: the size of a harvest action's field, 0 for any other action."""


def playout(state: GardenRushState, rng: random.Random) -> None:
    """Play ``state`` to its end with the policy of the module docstring."""
    random_ = rng.random
    while not state.is_over:
        seat = state.turn
        legal = state.legal_actions(seat)
        n = len(legal)
        if n == 1 or random_() < EPSILON:
            state.apply(seat, legal[rng.randrange(n)])
            continue
        ready = state.ready[seat] if state.phase == MAIN else None
        if ready:
            state.apply(seat, max(ready, key=FIELD_SIZE.__getitem__))
            continue
        best, choice = -1e9, legal[0]
        for _ in range(CANDIDATES):
            action = legal[rng.randrange(n)]
            value = _value(state, seat, action) + random_() * 0.1
            if value > best:
                best, choice = value, action
        state.apply(seat, choice)


def _value(state: GardenRushState, seat: int, action: int) -> float:
    """A rough worth of a non-harvest ``action`` (see the module docstring)."""
    op = OP[action]
    if op == PLANT:
        slot, q = ARG1[action], ARG2[action]
        kind = state.hedge[slot]
        if kind >= FIRST_TOOL:
            return 0.3
        value = float((NEIGHBOURS[q] & state.veg_masks[seat][kind]).bit_count())
        return value + DOUBLE if q % SIZE == slot else value
    if op == MOLE:
        return 0.8
    return -0.5 if op == SKIP else 0.2
