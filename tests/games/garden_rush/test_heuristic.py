"""The heuristic bot beats random clearly (the 2,000-game figures are in docs/bots.md)."""

from __future__ import annotations

import math
import random

import pytest

from potager import agents
from potager.arena.match import play_match
from potager.games.garden_rush.actions import SKIP, SWAP_ID
from potager.games.garden_rush.data import SQUARE_NAMES, SQUARES

from .scripted import GAME, new, put

GAMES = 60


@pytest.mark.slow
@pytest.mark.parametrize("module", [False, True])
def test_heuristic_beats_random(module: bool) -> None:
    heuristic, rand = agents.make("heuristic", GAME), agents.make("random", GAME)
    wins = 0.0
    for i in range(GAMES):
        seat = i % 2
        seats = [heuristic, rand] if seat == 0 else [rand, heuristic]
        result = play_match(GAME, seats, seed=i, variant={"tools_and_moles": module}).result()
        wins += (seat in result.winners) / len(result.winners)
    rate = wins / GAMES
    low = rate - 1.96 * math.sqrt(rate * (1 - rate) / GAMES)
    assert rate >= 0.9 and low > 0.75, rate


def test_a_swap_with_no_free_square_of_ones_own_is_worth_declining() -> None:
    """Swap is offered where a swapped token can be placed, a tool token as a mole too: with the
    seat's Potager full, the heuristic values it (as ``skip``) rather than failing."""
    state = new(["tomato", "carrot", "broccoli", "potato", "aubergine", "tomato"], module=True)
    for q in SQUARES:
        put(state, 0, SQUARE_NAMES[q], "carrot", "single")
    legal = [SKIP, SWAP_ID[0]]
    heuristic = agents.make("heuristic", GAME)
    assert heuristic.act(GAME, state.view(0), 0, legal, random.Random(1)) in legal
