"""What the games' ``figures`` share: bars of measures' means, win rates of groups of seats."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .. import balance, plots
from ..rows import GameRow

if TYPE_CHECKING:  # matplotlib is imported when a figure is drawn (`plots`)
    from matplotlib.figure import Figure

Figures = list[tuple[str, "Figure"]]
"""``(file stem, figure)`` pairs: what a game's ``figures(rows, note)`` draws."""


def column(rows: Sequence[GameRow], name: str) -> list[float]:
    """Measure ``name`` of every row."""
    return [row.measures[name] for row in rows]


def mean_bars(
    series: Sequence[Sequence[float]],
    labels: Sequence[str],
    title: str,
    note: str,
    ylabel: str,
) -> Figure:
    """Bars of the means of each series of per-game values, with their 95% intervals."""
    found = [balance.mean(values) for values in series]
    return plots.bars(
        title, note, labels, [m.mean for m in found], ylabel, [m.high - m.mean for m in found]
    )


def rate_bars(
    groups: Sequence[balance.GroupRate], labels: Sequence[str], title: str, note: str, players: int
) -> Figure:
    """Win rates of groups of seats with their Wilson intervals, beside the fair 1/players."""
    return plots.intervals(
        title,
        note,
        labels,
        [g.rate for g in groups],
        [g.interval[0] for g in groups],
        [g.interval[1] for g in groups],
        f"win rate (95% Wilson interval; dashed: 1/{players})",
        reference=1 / players,
    )
