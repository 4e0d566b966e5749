"""The win-chance chart: one panel per seat, the seat's win chance at each of its decisions.

The line is the best action's win chance (the position's value as the seat saw it, with its 95%
interval shaded); a dot marks the action played, coloured by its label. Drawn with matplotlib's
Agg backend (no display needed) into a PNG.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from .labels import Label
from .review import Analysis

COLOURS: Final[dict[Label, str]] = {
    "best": "#2e7d32",
    "good": "#8bc34a",
    "inaccuracy": "#f9a825",
    "mistake": "#ef6c00",
    "blunder": "#c62828",
}


def draw(analysis: Analysis, path: Path | str, title: str) -> None:
    """Write the chart of every analysed seat to ``path`` (PNG)."""
    # Imported here: matplotlib takes a second to import, and only the chart needs it.
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    seats = analysis.seats()
    figure, axes = pyplot.subplots(
        max(1, len(seats)), 1, figsize=(9, 2.4 * max(1, len(seats))), sharex=True, squeeze=False
    )
    holders = analysis.record.seats
    for seat, ax in zip(seats, axes[:, 0], strict=False):
        mine = [r for r in analysis.reviews if r.decision.seat == seat]
        moves = [r.decision.ply + 1 for r in mine]
        ax.fill_between(
            moves,
            [100 * r.best.win_low for r in mine],
            [100 * r.best.win_high for r in mine],
            color="#90caf9",
            alpha=0.4,
            linewidth=0,
        )
        ax.plot(moves, [100 * r.best.win for r in mine], color="#1565c0", linewidth=1.2)
        ax.scatter(
            moves,
            [100 * r.played.win for r in mine],
            c=[COLOURS[r.label] for r in mine],
            s=14,
            zorder=3,
        )
        who = f"seat {seat}" + (f" ({holders[seat].label})" if holders is not None else "")
        ax.set_title(who, loc="left", fontsize=9)
        ax.set_ylim(0, 100)
        ax.set_ylabel("win chance %")
        ax.grid(alpha=0.3)
    axes[-1, 0].set_xlabel("move")
    handles = [pyplot.Line2D([], [], color="#1565c0", label="best action (95%)")] + [
        pyplot.Line2D([], [], marker="o", linestyle="", color=c, label=f"played: {name}")
        for name, c in COLOURS.items()
    ]
    figure.legend(handles=handles, loc="upper right", ncols=3, fontsize=8, frameon=False)
    figure.suptitle(title, x=0.01, ha="left", fontsize=10)
    figure.tight_layout(rect=(0, 0, 1, 0.95))
    figure.savefig(path, dpi=100)
    pyplot.close(figure)
