"""PNG plots of tournaments and balance reports (matplotlib figures without pyplot: no
window, no global state).

Every figure carries a footnote (``note``) that says which bots played and how many games it
stands on: a balance measured with weak bots says little, so the bot mix is on every plot.
"""

from __future__ import annotations

import io
import itertools
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # matplotlib is imported when a figure is drawn, not with the command line
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

COLOURS = ("#3a7d44", "#d1495b", "#edae49", "#00798c", "#6c4f99", "#8d6a4f")
"""Garden colours, one per seat or bot, in turn."""


def figure(title: str, note: str, width: float = 7.0, height: float = 4.0) -> tuple[Figure, Axes]:
    """A new figure with its title and its footnote (the bot mix and the games)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    axes = fig.subplots()
    axes.set_title(textwrap.fill(title, 64))
    fig.text(0.01, 0.01, note, fontsize=7, color="#555555", ha="left", va="bottom", wrap=True)
    return fig, axes


def png(fig: Figure) -> bytes:
    """The figure as PNG bytes."""
    out = io.BytesIO()
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    fig.savefig(out, format="png")
    return out.getvalue()


def save(fig: Figure, path: Path) -> Path:
    path.write_bytes(png(fig))
    return path


def intervals(
    title: str,
    note: str,
    labels: Sequence[str],
    values: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    xlabel: str,
    reference: float | None = None,
) -> Figure:
    """Horizontal points with 95% intervals, one line per label (first on top)."""
    fig, axes = figure(title, note, height=1.8 + 0.45 * len(labels))
    ys = list(range(len(labels)))[::-1]
    errors = [  # never below 0: a bound equal to its value may differ in the last bit
        [max(0.0, v - lo) for v, lo in zip(values, lows, strict=True)],
        [max(0.0, hi - v) for v, hi in zip(values, highs, strict=True)],
    ]
    axes.errorbar(values, ys, xerr=errors, fmt="o", color=COLOURS[0], ecolor="#777777", capsize=4)
    axes.set_yticks(ys, labels)
    axes.set_xlabel(textwrap.fill(xlabel, 60))
    if reference is not None:
        axes.axvline(reference, color="#999999", linestyle="--", linewidth=1)
    axes.grid(axis="x", alpha=0.3)
    return fig


def matrix(
    title: str, note: str, labels: Sequence[str], cells: Sequence[Sequence[float | None]]
) -> Figure:
    """A square heatmap of shares 0…1 (row against column), each cell written in percent."""
    size = 1.5 + 0.8 * len(labels)
    fig, axes = figure(title, note, width=size + 1.5, height=size)
    data = [[float("nan") if c is None else c for c in row] for row in cells]
    image = axes.imshow(data, vmin=0, vmax=1, cmap="RdYlGn")
    axes.set_xticks(range(len(labels)), labels, rotation=30, ha="right")
    axes.set_yticks(range(len(labels)), labels)
    for i, row in enumerate(cells):
        for j, cell in enumerate(row):
            if cell is not None:
                axes.text(j, i, f"{100 * cell:.0f}%", ha="center", va="center", fontsize=9)
    fig.colorbar(image, ax=axes, fraction=0.046, pad=0.04)
    return fig


def histograms(
    title: str, note: str, series: Mapping[str, Sequence[float]], xlabel: str, bins: int = 20
) -> Figure:
    """Overlaid histograms (step outlines), one per named series; whole numbers over a short
    range get one bin each."""
    fig, axes = figure(title, note)
    every = [v for values in series.values() for v in values]
    edges: int | list[float] = bins
    if every and all(float(v).is_integer() for v in every) and max(every) - min(every) <= 60:
        edges = [v - 0.5 for v in range(int(min(every)), int(max(every)) + 2)]
    for colour, (label, values) in zip(itertools.cycle(COLOURS), series.items(), strict=False):
        axes.hist(values, bins=edges, histtype="step", linewidth=1.5, label=label, color=colour)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    axes.legend(fontsize=8)
    return fig


def bars(
    title: str,
    note: str,
    labels: Sequence[str],
    values: Sequence[float],
    ylabel: str,
    errors: Sequence[float] | None = None,
) -> Figure:
    """Vertical bars, with symmetric error bars when given."""
    fig, axes = figure(title, note)
    axes.bar(labels, values, yerr=errors, color=COLOURS[0], ecolor="#555555", capsize=4)
    axes.set_ylabel(ylabel)
    axes.tick_params(axis="x", labelrotation=20)
    axes.grid(axis="y", alpha=0.3)
    return fig


def lines(
    title: str, note: str, series: Mapping[str, Sequence[float]], xlabel: str, ylabel: str
) -> Figure:
    """One line per named series over its index (1 first), a legend naming them."""
    fig, axes = figure(title, note)
    for colour, (label, values) in zip(itertools.cycle(COLOURS), series.items(), strict=False):
        axes.plot(range(1, len(values) + 1), values, color=colour, linewidth=1.4, label=label)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.grid(alpha=0.3)
    axes.legend(fontsize=8)
    return fig
