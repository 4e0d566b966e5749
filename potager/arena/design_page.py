"""A design study's HTML page: the goals and the best settings found, every trial's settings
and measures with their 95% intervals, and each measure plotted against each varied parameter
(one PNG per parameter beside ``index.html``)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import html, plots
from .design import DesignPlan, Stats, Trial, Vary, best

if TYPE_CHECKING:  # matplotlib is imported when a figure is drawn
    from matplotlib.figure import Figure

BEST = 5
"""How many of the best settings the page lists."""


def shown(name: str, stats: Stats) -> str:
    """A measure's mean and interval: ``59.8% (54.2–65.2%)`` for a win rate, ``12.34
    (11.80–12.88)`` for any other."""
    centre, low, high = stats.estimate(name)
    if math.isnan(centre):
        return "–"
    if name.startswith("win_"):
        return f"{100 * centre:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"
    return f"{centre:.2f} ({low:.2f}–{high:.2f})"


def measures(plan: DesignPlan, trials: Sequence[Trial]) -> list[str]:
    """Every measure of the trials, those of the goals first."""
    first = [g.measure for g in plan.goals]
    rest = {name: None for t in trials for name in t.stats.names() if name not in first}
    return list(dict.fromkeys(first)) + list(rest)


def setting(trial: Trial) -> str:
    return ", ".join(f"{k}={v}" for k, v in trial.values.items())


def write(plan: DesignPlan, trials: Sequence[Trial], out: Path, context: str) -> Path:
    """Write ``out/index.html`` and its plots (``out/<parameter>.png``); the page's path."""
    out.mkdir(parents=True, exist_ok=True)
    names = measures(plan, trials)
    goals = ", ".join(g.text for g in plan.goals)
    top = best(trials, BEST)
    summary = html.Section(
        "Goals and the best settings",
        [
            f"Goals: {goals}; a setting's miss is the sum of how far each goal's measure is "
            "from meeting it (0: every goal met by the measured means). Intervals are 95% "
            "(Wilson for win rates). A setting proposed again pools its games, so the best "
            "are listed by their latest trial.",
        ],
    )
    if top:
        header = ["rank", "trial", "setting", "games", "miss", *[g.text for g in plan.goals]]
        rows = [
            [
                rank,
                t.number,
                setting(t),
                t.stats.games,
                f"{t.miss:.4f}",
                *[shown(g.measure, t.stats) for g in plan.goals],
            ]
            for rank, t in enumerate(top, 1)
        ]
        summary.tables.append((header, rows))
    else:
        summary.paragraphs.append("No trial has finished yet.")
    every = html.Section(
        "Every trial",
        ["Each trial's setting, its games (pooled with earlier plays of it) and measures."],
    )
    every.tables.append(
        (
            ["trial", *[v.name for v in plan.vary], "games", "miss", *names],
            [
                [
                    t.number,
                    *[t.values.get(v.name, "") for v in plan.vary],
                    t.stats.games,
                    f"{t.miss:.4f}",
                    *[shown(n, t.stats) if n in t.stats.sums else "–" for n in names],
                ]
                for t in trials
            ],
        )
    )
    drawn = html.Section(
        "Measures against each parameter",
        [
            "Each point is a setting (its latest trial), with its 95% interval; a dashed line "
            "is a goal. The other varied parameters differ from point to point."
        ],
    )
    latest = best(trials, len(trials))
    note = f"{plan.games} games per trial, bots {', '.join(plan.bots)}, seed {plan.seed}"
    for vary in plan.vary:
        if latest:
            path = out / f"{vary.name}.png"
            plots.save(figure(plan, vary, latest, names, note), path)
            drawn.images.append((path.name, f"every measure against {vary.name}"))
    page = html.page(f"{plan.game}: design study", context, [summary, every, drawn])
    index = out / "index.html"
    index.write_text(page)
    return index


def figure(
    plan: DesignPlan, vary: Vary, trials: Sequence[Trial], names: Sequence[str], note: str
) -> Figure:
    """One subplot per measure: its mean and interval at each value of ``vary``."""
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    columns = min(3, len(names))
    rows = math.ceil(len(names) / columns)
    fig = Figure(figsize=(4.0 * columns, 2.6 * rows + 0.6), dpi=100)
    axes = fig.subplots(rows, columns, squeeze=False)
    ticks = list(vary.choices)
    for i, name in enumerate(names):
        ax = axes[i // columns][i % columns]
        xs, ys, lows, highs = [], [], [], []
        for t in trials:
            if name not in t.stats.sums or vary.name not in t.values:
                continue
            centre, low, high = t.stats.estimate(name)
            value = t.values[vary.name]
            xs.append(ticks.index(value) if ticks else value)
            ys.append(centre)
            lows.append(centre - low)
            highs.append(high - centre)
        ax.errorbar(xs, ys, yerr=[lows, highs], fmt="o", color=plots.COLOURS[0], capsize=3)
        for goal in plan.goals:
            if goal.measure == name:
                ax.axhline(goal.value, color=plots.COLOURS[1], linestyle="--", linewidth=1)
        if ticks:
            ax.set_xticks(range(len(ticks)), ticks)
        else:
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(name, fontsize=9)
        ax.set_xlabel(vary.name, fontsize=8)
        ax.grid(alpha=0.3)
    for j in range(len(names), rows * columns):
        axes[j // columns][j % columns].set_visible(False)
    fig.suptitle(f"{plan.game}: every measure against {vary.name}")
    fig.text(0.01, 0.01, note, fontsize=7, color="#555555", ha="left", va="bottom")
    return fig
