"""`potager.engine.shuffle.shuffle` is `random.Random.shuffle` (the same permutation), and `below`
is `random.Random.randrange` (the same number), from the same draws; `copied` copies a
generator."""

from __future__ import annotations

import random

import pytest

from potager.engine.shuffle import below, copied, shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 60, 85, 129])
def test_the_same_permutation_as_random_shuffle(length: int) -> None:
    for seed in range(50):
        mine, theirs = list(range(length)), list(range(length))
        mine_rng, their_rng = random.Random(seed), random.Random(seed)
        shuffle(mine, mine_rng)
        their_rng.shuffle(theirs)
        assert mine == theirs
        assert mine_rng.getstate() == their_rng.getstate()


@pytest.mark.parametrize("bound", [1, 2, 3, 5, 8, 13, 64, 100, 2**63])
def test_the_same_number_as_random_randrange(bound: int) -> None:
    mine_rng, their_rng = random.Random(bound), random.Random(bound)
    for _ in range(200):
        assert below(mine_rng, bound) == their_rng.randrange(bound)
    assert mine_rng.getstate() == their_rng.getstate()


def test_a_copied_generator_draws_what_the_original_draws() -> None:
    original = random.Random(7)
    original.random(), original.gauss(0.0, 1.0)  # a gauss keeps half a pair for the next
    copy = copied(original)
    assert copy is not original
    assert copy.getstate() == original.getstate()
    assert [copy.random(), copy.gauss(0.0, 1.0)] == [original.random(), original.gauss(0.0, 1.0)]
