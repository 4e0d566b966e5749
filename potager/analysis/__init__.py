"""Game analysis, like lichess for these games: every decision of a seat evaluated by the search
from that seat's view at the time, the played action labelled against the best
(best / good / inaccuracy / mistake / blunder), a table, JSON and a win-chance chart.

>>> from potager.analysis import THRESHOLDS
>>> [(round(100 * least), name) for least, name in THRESHOLDS]
[(20, 'blunder'), (10, 'mistake'), (5, 'inaccuracy')]
"""

from .labels import LABELS, THRESHOLDS, Label, label
from .review import (
    HINT_LEVEL,
    Analysis,
    Decision,
    Evaluator,
    MoveReview,
    SeatSummary,
    analyse,
    best_move,
    decision_rng,
    decisions,
    evaluator,
    review,
)

__all__ = [
    "HINT_LEVEL",
    "LABELS",
    "THRESHOLDS",
    "Analysis",
    "Decision",
    "Evaluator",
    "Label",
    "MoveReview",
    "SeatSummary",
    "analyse",
    "best_move",
    "decision_rng",
    "decisions",
    "evaluator",
    "label",
    "review",
]
