"""The win-chance chart: one panel per seat, the seat's win chance at each of its decisions.

The line is the best action's win chance, the highest of every action's estimate (the position's
value as the seat saw it, with its 95% interval shaded), so never below the action played; a dot
marks the action played, coloured by its label, a cross instead where the table's stand-in bot
played for a timed-out person. Older analyses (format 1, whose first action was the most
searched) are drawn by the same rule. Drawn with matplotlib's Agg backend (no display needed)
into a PNG.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, Final

from potager.engine import SeatHolder

from .labels import Label

COLOURS: Final[dict[Label, str]] = {
    "best": "#2e7d32",
    "good": "#8bc34a",
    "inaccuracy": "#f9a825",
    "mistake": "#ef6c00",
    "blunder": "#c62828",
}


@dataclass(frozen=True)
class Panel:
    """One seat's panel: at each of its decisions (move numbers ``x``, 1-based) the best
    action's win chance in percent (``best``, ``low``..``high``), and the action played
    (``played``, its ``labels`` and whether the stand-in bot played it)."""

    seat: int
    x: list[int]
    best: list[float]
    low: list[float]
    high: list[float]
    played: list[float]
    labels: list[Label]
    stand_in: list[bool]


def panels(analysis: dict[str, Any]) -> list[Panel]:
    """What the chart draws of ``analysis`` (`Analysis.to_dict`'s form, any format), per seat."""
    moves = analysis["moves"]
    found = []
    for seat in sorted({m["seat"] for m in moves}):
        mine = [m for m in moves if m["seat"] == seat]
        best = [max(m["actions"], key=lambda a: a["win"]) for m in mine]
        found.append(
            Panel(
                seat,
                [m["ply"] + 1 for m in mine],
                [100 * b["win"] for b in best],
                [100 * b["win_low"] for b in best],
                [100 * b["win_high"] for b in best],
                [100 * m["win"] for m in mine],
                [m["label"] for m in mine],
                # Analyses stored before stand-in moves were marked have no "stand_in": the seat's.
                [bool(m.get("stand_in")) for m in mine],
            )
        )
    return found


def draw(analysis: dict[str, Any], path: Path | str | BinaryIO, title: str) -> None:
    """Write the chart of every analysed seat of ``analysis`` (`Analysis.to_dict`'s form, as
    ``--json`` writes it and the server stores it) to ``path`` (PNG)."""
    # Imported here: matplotlib takes a second to import, and only the chart needs it.
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    found = panels(analysis)
    rows = max(1, len(found))
    figure, axes = pyplot.subplots(rows, 1, figsize=(9, 2.4 * rows), sharex=True, squeeze=False)
    holders = analysis.get("seats")
    for panel, ax in zip(found, axes[:, 0], strict=False):
        ax.fill_between(panel.x, panel.low, panel.high, color="#90caf9", alpha=0.4, linewidth=0)
        ax.plot(panel.x, panel.best, color="#1565c0", linewidth=1.2)
        for stand_in, marker in ((False, "o"), (True, "x")):
            these = [i for i, s in enumerate(panel.stand_in) if s == stand_in]
            ax.scatter(
                [panel.x[i] for i in these],
                [panel.played[i] for i in these],
                c=[COLOURS[panel.labels[i]] for i in these],
                marker=marker,
                s=14,
                zorder=3,
            )
        seat = panel.seat
        who = f"seat {seat}" + (f" ({_holder(holders[seat])})" if holders else "")
        ax.set_title(who, loc="left", fontsize=9)
        ax.set_ylim(0, 100)
        ax.set_ylabel("win chance %")
        ax.grid(alpha=0.3)
    axes[-1, 0].set_xlabel("move")
    handles = [pyplot.Line2D([], [], color="#1565c0", label="best action (95%)")] + [
        pyplot.Line2D([], [], marker="o", linestyle="", color=c, label=f"played: {name}")
        for name, c in COLOURS.items()
    ]
    if any(m.get("stand_in") for m in analysis["moves"]):
        crossed = "played by the stand-in bot"
        handles.append(
            pyplot.Line2D([], [], marker="x", linestyle="", color="#555555", label=crossed)
        )
    figure.legend(handles=handles, loc="upper right", ncols=3, fontsize=8, frameon=False)
    figure.suptitle(title, x=0.01, ha="left", fontsize=10)
    figure.tight_layout(rect=(0, 0, 1, 0.95))
    figure.savefig(path, dpi=100, format="png")
    pyplot.close(figure)


def _holder(data: dict[str, Any]) -> str:
    return SeatHolder.from_dict(data, 0).label
