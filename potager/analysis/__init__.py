"""Game analysis, like lichess for these games: every decision of a seat evaluated by the search
from that seat's view at the time, the played action labelled against the best, the action of
the highest estimate (best / good / inaccuracy / mistake / blunder), a table, JSON and a
win-chance chart.

>>> from potager.analysis import THRESHOLDS
>>> [(round(100 * least), name) for least, name in THRESHOLDS]
[(20, 'blunder'), (10, 'mistake'), (5, 'inaccuracy')]
"""

from .labels import DECIDED, LABELS, THRESHOLDS, Label, decided, label, score_share
from .review import (
    FORMAT,
    HINT_LEVEL,
    ROUNDS,
    Analysis,
    Decision,
    Evaluator,
    MoveReview,
    SeatSummary,
    analyse,
    apart,
    best_move,
    decision_rng,
    decisions,
    evaluator,
    ranked,
    review,
    search,
)

__all__ = [
    "DECIDED",
    "FORMAT",
    "HINT_LEVEL",
    "LABELS",
    "ROUNDS",
    "THRESHOLDS",
    "Analysis",
    "Decision",
    "Evaluator",
    "Label",
    "MoveReview",
    "SeatSummary",
    "analyse",
    "apart",
    "best_move",
    "decided",
    "decision_rng",
    "decisions",
    "evaluator",
    "label",
    "ranked",
    "review",
    "score_share",
    "search",
]
