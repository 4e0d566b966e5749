"""The heuristic bot beats random clearly (the 2,000-game figures are in docs/games)."""

from __future__ import annotations

import math

import pytest

from potager import agents
from potager.arena.match import play_match

from .scripted import GAME

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
