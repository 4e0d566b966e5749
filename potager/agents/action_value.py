"""`ActionValue`: what a search says of one legal action, for analysis and hints."""

from __future__ import annotations

import math
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
