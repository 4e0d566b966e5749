"""The search's playout policy for Heuschrecken Poker (random bids, sensible takes); its samples.

An ISMCTS iteration (`potager.agents.ismcts`) finishes each sampled state with a playout. The
bids stay random (any card may win a turn, and the search itself decides the bids that matter),
but a taker who picks at random takes grasshoppers as often as plants, which no player does. Here
a taker picks, on the full sampled state (the policy runs inside the search only), the kind worth
most to its garden (`worth`: a harvest first, then the most plants, grasshoppers last and never a
plague when there is a choice); one pick in ten is random, so that the playouts do not all follow
one line.

The search draws its states with `sampler`: quiet states (no record kept), where the bids that
other seats have already made in secret this turn are drawn as the heuristic would bid in their
place (`likely_bids`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from potager.engine import Game, Seat

from .data import GRASSHOPPER, HARVEST_SET, PLAGUE_AT
from .heuristic import HeuristicAgent
from .rules import (
    LEGAL_BIDS,
    LEGAL_TAKES,
    PRESENT,
    TAKE,
    TAKE_BASE,
    HeuschreckenState,
    read_view,
    sample,
)

EPSILON: Final = 0.1
"""The share of picks made at random."""

LIKELY: Final = 16
"""The heuristic's choices that stand for the bid of a seat that has bid in secret (`likely_bids`):
each seeded otherwise, they differ where its look-ahead's draws leave two bids close."""

Bids = tuple[int, ...]


def playout(state: HeuschreckenState, rng: random.Random) -> None:
    """Play ``state`` to its end with the policy of the module docstring. The legal actions are
    read from the rules' tables and played with `HeuschreckenState.play_legal`, without the
    copies and the checks that a caller's actions need."""
    getrandbits = rng.getrandbits
    legal: tuple[int, ...]
    while not state.is_over:
        seat = state.to_move[0]
        if state.phase == TAKE:
            legal = LEGAL_TAKES[state.kinds_shown]
            n = len(legal)
            if n > 1 and rng.random() >= EPSILON:
                garden, display = state.gardens[seat], state.display
                best, kind = -1e9, -1
                for k in PRESENT[state.kinds_shown]:
                    value = worth(garden[k], display[k], k == GRASSHOPPER)
                    if value > best:
                        best, kind = value, k
                state.play_legal(seat, TAKE_BASE + kind)
                continue
        else:
            legal = LEGAL_BIDS[state.hands[seat]]
            n = len(legal)
        bits = n.bit_length()
        r = getrandbits(bits)
        while r >= n:
            r = getrandbits(bits)
        state.play_legal(seat, legal[r])


def worth(have: int, taken: int, grasshopper: bool) -> float:
    """A rough worth of taking ``taken`` cards of a kind of which the garden has ``have``: a
    plague is the worst, grasshoppers are bad, a harvest (a set of three) is best, then more
    plants."""
    if grasshopper:
        return -10.0 if have + taken >= PLAGUE_AT else -1.0 - taken
    return 2.0 * ((have + taken) // HARVEST_SET) + 0.3 * taken


def sampler(game: Game, view: Any, seat: Seat) -> Callable[[random.Random], HeuschreckenState]:
    """The search's samples of ``view`` (`potager.agents.ismcts.Sampler`): the view read once
    for the whole search, the states quiet (`HeuschreckenState.quiet`: their playouts keep no
    moves and no events, a third of an iteration's time), and the bids that other seats have
    already made in secret this turn drawn as they would likely bid (`likely_bids`), not
    uniformly from their hands. ``view`` is typed ``Any``: a bot is handed a `SeatView`, which
    compiled code would refuse as a dict."""
    plain = dict(view.items())  # a `SeatView` read as its dict
    table, unseen, pending = read_view(game, plain, seat)
    if pending:
        pending = tuple((s, likely_bids(plain, s, allowed)) for s, allowed in pending)
    reading = (table, unseen, pending)

    def draw(rng: random.Random) -> HeuschreckenState:
        return sample(reading, rng, quiet=True)

    return draw


def likely_bids(view: dict[str, Any], seat: Seat, allowed: tuple[int, ...]) -> Bids:
    """The bids ``seat`` likely made, as `LIKELY` choices of the heuristic in its place (seeded
    ``0, 1, …``, so that a search stays reproducible): a bid drawn from them is drawn as often as
    the heuristic would make it (weighted determinizations). They are read from public
    information only (the gardens, the display, the hands with their pending bids), so the
    seat's actual bid stays hidden."""
    rngs = [random.Random(k) for k in range(LIKELY)]
    return tuple(HeuristicAgent().bids(view, seat, [*allowed], rngs))
