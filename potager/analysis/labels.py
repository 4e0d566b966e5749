"""How a played action is judged against the best one, in win-chance points (as lichess does).

The loss of a move is the best action's win chance minus the played action's, both the search's
estimates from the seat's view (one point is 0.01 of a win). 5, 10 and 20 points are an
inaccuracy, a mistake and a blunder (lichess's thresholds, the blunder's raised for games with
more luck: docs/analysis.md). A move is labelled worse than ``good`` only when the evidence says
so: the upper end of the played action's 95% interval below the best action's estimate.

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
"""The least loss (win chance, 0…1) of each label worse than ``good``, worst first."""


def label(loss: float, is_best: bool, sure: bool) -> Label:
    """The label of a move that lost ``loss`` of win chance against the best action; ``is_best``
    when it is the search's own first choice, ``sure`` when its interval is below the best's
    estimate (otherwise it is at worst ``good``)."""
    if is_best:
        return "best"
    if sure:
        for least, name in THRESHOLDS:
            if loss >= least:
                return name
    return "good"
