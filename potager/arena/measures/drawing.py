"""What the games' ``figures`` share: bars of measures' means, win rates of groups of seats."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
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


def kept(left_out: Collection[str], names: Sequence[str], labels: Sequence[str]) -> dict[str, str]:
    """Each of ``names`` not ``left_out``, with its label: the report leaves out a measure that
    is the same in every game (`potager.arena.balance.constant`)."""
    return {name: label for name, label in zip(names, labels, strict=True) if name not in left_out}


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
    groups: Sequence[balance.GroupRate],
    label: Callable[[balance.GroupRate], str],
    title: str,
    note: str,
    players: int,
) -> Figure:
    """Win rates of groups of seats, best first, named by ``label``, beside the fair 1/players,
    with Wilson intervals corrected by Bonferroni for the number of groups (`balance.corrected`:
    together they hold at 95%)."""
    ordered = balance.corrected([(label(g), g) for g in groups])
    return plots.intervals(
        title,
        note,
        [name for name, _ in ordered],
        [g.rate for _, g in ordered],
        [g.interval[0] for _, g in ordered],
        [g.interval[1] for _, g in ordered],
        f"win rate (Wilson intervals, Bonferroni-corrected for {len(ordered)}: 95% together; "
        f"dashed: 1/{players})",
        reference=1 / players,
    )
