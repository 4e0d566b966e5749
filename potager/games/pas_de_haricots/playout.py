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
from collections.abc import Callable
from typing import Any, Final

from potager.engine import Game, Seat

from .cards import CARD_SUIT
from .rules import TAKE, TAKE_OFFSET, PasDeHaricotsState
from .sampling import read_view, sample
from .scoring import PACKED, SERIES_MASK, SERIES_VALUE, SHIFTS, packed

EPSILON: Final = 0.1
"""The share of takes made at random."""


def playout(state: PasDeHaricotsState, rng: random.Random) -> None:
    """Play ``state`` to its end with the policy of the module docstring. A random card is the
    one ``rng.choice`` would pick, drawn inline as `random_playout` draws it; a take's gains are
    read from the taker's packed series (`scoring.PACKED`), the same as `scoring.gain`'s."""
    getrandbits, random_ = rng.getrandbits, rng.random
    while not state.is_over:
        seat = state.to_move[0]
        taking = state.phase == TAKE
        # The legal actions, read in place rather than copied (`legal_actions`): the offer
        # while taking, else the seat's hand; only read until the action is applied.
        legal = state.offer if taking else state.hands[seat]
        n = len(legal)
        if not taking or n == 1 or random_() < EPSILON:
            bits = n.bit_length()
            r = getrandbits(bits)
            while r >= n:
                r = getrandbits(bits)
            state.apply(seat, legal[r])
            continue
        series = packed(state.collected[seat])
        best, best_gain = legal[0], -(1 << 30)
        for action in legal:
            card = action - TAKE_OFFSET
            shift = SHIFTS[CARD_SUIT[card]]
            gain = (
                SERIES_VALUE[(series + PACKED[card]) >> shift & SERIES_MASK]
                - SERIES_VALUE[series >> shift & SERIES_MASK]
            )
            if gain > best_gain:
                best, best_gain = action, gain
        state.apply(seat, best)


def sampler(game: Game, view: Any, seat: Seat) -> Callable[[random.Random], PasDeHaricotsState]:
    """The search's samples of ``view`` (`potager.agents.ismcts.Sampler`): the view read once
    for the whole search, the states quiet (`PasDeHaricotsState.quiet`: their playouts keep no
    moves and no events). ``view`` is typed ``Any``: a bot is handed a `SeatView`, which compiled
    code would refuse as a dict."""
    reading = read_view(game, dict(view.items()), seat)  # a `SeatView` read as its dict

    def draw(rng: random.Random) -> PasDeHaricotsState:
        return sample(reading, rng, quiet=True)

    return draw
