"""The Kraut & Rüben playout policy's shortcuts agree with the scoring they stand for."""

from __future__ import annotations

import random

from potager.games.kraut_und_rueben.notation import EMPTY
from potager.games.kraut_und_rueben.playout import _gain, _snail_change
from potager.games.kraut_und_rueben.scoring import CODE, WEIGHTS, points


def test_a_tiles_gain_is_the_points_after_less_the_points_before() -> None:
    """`_gain` (the principal vegetable's move of column computed without new counts) against
    `scoring.points` of the garden with and without one more tile, on random gardens."""
    rng = random.Random(5)
    for _ in range(2000):
        counts = [rng.randrange(6) for _ in CODE]
        contract = rng.choice(sorted(WEIGHTS))
        kind = rng.randrange(len(CODE))
        after = counts[:]
        after[kind] += 1
        assert _gain(contract, counts, kind) == points(contract, after) - points(contract, counts)


def test_a_snails_change_is_the_points_after_less_the_points_before() -> None:
    """`_snail_change` (read from the column's weights unless the column moves) against
    `scoring.points` of the garden with a snail over a tile of each kind, or over none."""
    rng = random.Random(6)
    snail = CODE["snail"]
    for _ in range(2000):
        counts = [rng.randrange(6) for _ in CODE]
        contract = rng.choice(sorted(WEIGHTS))
        covered = rng.choice([EMPTY, *(k for k, n in enumerate(counts) if n and k != snail)])
        after = counts[:]
        after[snail] += 1
        if covered != EMPTY:
            after[covered] -= 1
        change = points(contract, after) - points(contract, counts)
        assert _snail_change(contract, counts, covered) == change
