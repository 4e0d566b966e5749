"""The search's samples (`playout.sampler`): quiet states, which play the rules as the
game's own samples do and keep no record, with the others' contracts dealt as their gardens
suggest."""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from potager import agents
from potager.games.kraut_und_rueben import GAME
from potager.games.kraut_und_rueben.playout import INFERENCE, placements, playout, sampler
from potager.games.kraut_und_rueben.scoring import points
from tests.invariants import assert_quiet_samples

from .scripted import new, turn


def same_contracts(loud: Any, quiet: Any) -> None:
    loud.contracts[:] = quiet.contracts


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    match=st.booleans(),
    steps=st.integers(0, 150),
    draw=st.integers(0, 2**32),
)
def test_a_quiet_sample_plays_as_the_games_sample_and_keeps_no_record(
    seed: int, players: int, match: bool, steps: int, draw: int
) -> None:
    state = GAME.new_game(players, seed, {"match": match})
    loud = assert_quiet_samples(GAME, sampler, playout, state, steps, draw, same_contracts)
    assert loud is None or loud.events[-1]["type"] == "game_over"


def _played(players: int, seed: int, until: Any) -> Any:
    """A game of heuristic seats played until ``until(state)`` holds."""
    state = GAME.new_game(players, seed)
    heuristic = agents.make("heuristic", GAME)
    rng = random.Random(seed)
    while not until(state):
        seat = state.to_move[0]
        legal = list(state.legal_actions(seat))
        state.apply(seat, heuristic.act(GAME, state.view(seat), seat, legal, rng))
    return state


def test_the_others_contracts_are_dealt_as_their_own_gardens_suggest() -> None:
    """Seat 0 asks late in a game where seat 1 owns two gardens: each contract seat 0 has not
    seen is dealt to seat 1 in proportion to exp(INFERENCE x the points those gardens are worth
    under it) times what its placements say (`placements`), and the contract seat 1 really
    holds far more often than a uniform deal would."""
    state = _played(2, 4, lambda s: len(s.pile) < 30 and s.to_move == (0,))
    assert len(state.owned[1]) == 2
    draw = sampler(GAME, state.view(0), 0)
    rng = random.Random(1)
    n = 4000
    dealt = Counter(draw(rng).contracts[1] for _ in range(n))
    mine = state.contracts[0]
    assert mine not in dealt
    gardens = [state.top_counts(g) for g in state.owned[1]]
    table, _, others = GAME.read_view(state.view(0), 0)
    told = dict(zip(others, placements(table, 0, others)[1], strict=True))
    weight = {c: math.exp(INFERENCE * sum(points(c, g) for g in gardens)) * told[c] for c in told}
    total = sum(weight.values())
    for contract, w in weight.items():
        p = w / total
        assert abs(dealt[contract] / n - p) < 4 * math.sqrt(p * (1 - p) / n) + 1e-9, contract
    assert dealt[state.contracts[1]] / n > 3 / len(weight)  # uniform: 1 / 11


def test_before_anyone_owns_a_garden_every_contract_is_as_likely() -> None:
    state = GAME.new_game(5, 3)
    draw = sampler(GAME, state.view(0), 0)
    rng = random.Random(2)
    n = 2000
    dealt: Counter[int] = Counter()
    for _ in range(n):
        contracts = draw(rng).contracts
        assert contracts[0] == state.contracts[0]
        assert len(set(contracts)) == 5  # no contract dealt twice
        dealt.update(contracts[1:])
    assert state.contracts[0] not in dealt
    share = 4 / 11  # four of the eleven others' contracts dealt a sample
    for contract, times in dealt.items():
        assert abs(times / n - share) < 4 * math.sqrt(share * (1 - share) / n), contract


TELLING = (
    ("tomato", "1 a1"), ("salad", "1 b1"), ("tomato", "1 c1"), ("carrot", "1 d1"),
    ("clover", "2 a1"), ("asparagus", "5 a1"), ("clover", "2 b1"), ("salad", "1 a2"),
    ("dandelion", "3 a1"), ("tomato", "5 b1"), ("dandelion", "3 b1"), ("tomato", "4 a1"),
    ("clover", "2 c1"), ("carrot", "1 b2"), ("dandelion", "3 c1"), ("salad", "1 c2"),
    ("clover", "2 d1"), ("asparagus", "4 b1"),
)  # fmt: skip
"""Two players' tiles and where they go, seat 0 first. Seat 1 holds contract 1 (tomato the
principal vegetable, carrot and salad scoring, asparagus -2): it puts salads and carrots beside
seat 0's two tomatoes, the asparagus and further tomatoes elsewhere; seat 0 plays clover and
dandelions, which say little."""


def test_the_others_contracts_are_dealt_as_their_placements_suggest() -> None:
    """Seat 1 owns no garden, so its gardens say nothing, but its placements do: seat 0's
    samples deal it its contract most often, over twice as often as a uniform deal (1 in 11),
    the other contracts that value salads and carrots beside two tomatoes next."""
    state = new(2, top=[kind for kind, _ in TELLING], contracts=(12, 1))
    for _, where in TELLING:
        turn(state, where)
    assert state.owned == [[], []]
    draw = sampler(GAME, state.view(0), 0)
    rng = random.Random(1)
    n = 2000
    dealt = Counter(draw(rng).contracts[1] for _ in range(n))
    assert dealt.most_common(1)[0][0] == 1 and dealt[1] / n > 2.5 / 11
    assert min(dealt[c] for c in (1, 2, 9)) > max(dealt[c] for c in (4, 5, 6))
