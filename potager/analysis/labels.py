"""How a played action is judged against the best one: by the win chance it lost (as lichess
does), or in a decided game by the share of the score it lost (docs/analysis.md).

5, 10 and 20 points (of win chance, or percent of the score) are an inaccuracy, a mistake and a
blunder. A move is labelled worse than ``good`` only when the evidence says so: its 95% interval
and the best action's do not overlap.

>>> label(0.0, is_best=True, sure=True), label(0.03, False, True), label(0.07, False, True)
('best', 'good', 'inaccuracy')
>>> label(0.12, False, True), label(0.31, False, True), label(0.31, False, sure=False)
('mistake', 'blunder', 'good')
"""

from __future__ import annotations

from typing import Final, Literal

Label = Literal["best", "good", "inaccuracy", "mistake", "blunder"]

LABELS: Final[tuple[Label, ...]] = ("best", "good", "inaccuracy", "mistake", "blunder")

THRESHOLDS: Final[tuple[tuple[float, Label], ...]] = (
    (0.20, "blunder"),
    (0.10, "mistake"),
    (0.05, "inaccuracy"),
)
"""The least loss (win chance, 0…1; or share of the score) of each label worse than ``good``,
worst first."""

DECIDED: Final = 0.005
"""A win chance within this of 0 or 1 is a decided game's (it reads 0% or 100%)."""


def label(loss: float, is_best: bool, sure: bool) -> Label:
    """The label of a move that lost ``loss`` (of win chance, or of the score's share) against
    the best action; ``is_best`` when its estimates are the best's, ``sure`` when its interval
    and the best's do not overlap (otherwise it is at worst ``good``)."""
    if is_best:
        return "best"
    if sure:
        for least, name in THRESHOLDS:
            if loss >= least:
                return name
    return "good"


def decided(best: float, played: float) -> bool:
    """Whether the win chances of the best and of the played action are both 0 or both 1 (within
    `DECIDED`): the move could not change who wins, as far as the search saw.

    >>> decided(1.0, 0.997), decided(0.0, 0.0), decided(1.0, 0.6), decided(0.5, 0.5)
    (True, True, False, False)
    """
    return (best <= DECIDED and played <= DECIDED) or (best >= 1 - DECIDED <= played)


def score_share(best: float, played: float) -> float:
    """The share of the score lost by playing ``played`` (an expected score) instead of ``best``:
    the difference over the larger of the two in magnitude, and over 1 (one unit of the game's
    score) at least; never below 0.

    >>> round(score_share(38.0, 26.6), 2), score_share(-5.0, -10.0), score_share(0.2, 0.0)
    (0.3, 0.5, 0.2)
    """
    return max(0.0, best - played) / max(abs(best), abs(played), 1.0)
