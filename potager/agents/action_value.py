"""`ActionValue`: what a search says of one legal action, for analysis and hints."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from potager.engine import Action

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


@dataclass(frozen=True)
class ActionValue:
    """One action's estimate from a search, seen from the seat that asked.

    ``visits``: the iterations that tried it at the root. ``win``: the mean share of a win for the
    seat (a tie between k winners counts 1/k), with its Wilson 95% interval ``win_low``..
    ``win_high``. ``score``: the mean of the seat's final score in the game's own unit, with its
    normal 95% interval. An action the search never tried has 0 visits, the uninformed win
    interval 0..1 and the score of the root (all the search saw) with that interval.
    """

    action: Action
    visits: int
    win: float
    win_low: float
    win_high: float
    score: float
    score_low: float
    score_high: float


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may be fractional: ties split).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(total: float, squares: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The normal 95% interval of a mean from its sum and sum of squares (a point for n < 2).

    >>> [round(x, 3) for x in mean_interval(6.0, 14.0, 3)]
    [0.868, 3.132]
    """
    mean = total / n
    if n < 2:
        return mean, mean
    variance = max(0.0, (squares - n * mean * mean) / (n - 1))
    half = z * math.sqrt(variance / n)
    return mean - half, mean + half


def pooled(values: Sequence[ActionValue]) -> ActionValue:
    """One action's estimates from independent searches taken together, as root parallelism sums
    its trees' statistics: the visits added, the win share and the score their visit-weighted
    means, each interval that of the pooled sums (a search's sum of squared scores is read back
    from its score interval). One search's estimate is itself; never tried by any: the first
    search's uninformed estimate.

    >>> one = ActionValue(3, 10, 0.5, 0.24, 0.76, 20.0, 18.0, 22.0)
    >>> both = pooled([one, one])
    >>> both.visits, both.win, round(both.win_low, 3), both.score
    (20, 0.5, 0.299, 20.0)
    >>> round(one.score_high - one.score_low, 3), round(both.score_high - both.score_low, 3)
    (4.0, 2.753)
    """
    action = values[0].action
    if any(v.action != action for v in values):
        raise ValueError("pooled estimates must all be of one action")
    tried = [v for v in values if v.visits]
    if len(tried) <= 1:
        return tried[0] if tried else values[0]
    n = sum(v.visits for v in tried)
    wins = sum(v.win * v.visits for v in tried)
    total = sum(v.score * v.visits for v in tried)
    squares = 0.0
    for v in tried:
        spread = (v.score_high - v.score_low) / (2 * Z95)  # the standard error of its mean
        variance = spread * spread * v.visits
        squares += variance * (v.visits - 1) + v.visits * v.score * v.score
    win_low, win_high = wilson(wins, n)
    score_low, score_high = mean_interval(total, squares, n)
    return ActionValue(action, n, wins / n, win_low, win_high, total / n, score_low, score_high)
