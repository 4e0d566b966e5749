"""What designers ask of a game first, as balance-report sections: how close games are (score
margins), how long (turns and rounds), whether the lead changes hands, how much skill counts
against luck, the seat advantage at each bot strength, what a card or tile is worth by when it
is taken, and the variant options crossed. Each section is built from game rows alone
(`GameRow`, their measures' `course`); the report plays the runs (docs/study.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from potager.agents.action_value import wilson

from . import balance, html, plots
from .measures.course import PHASES, taken_item
from .rows import GameRow

Rows = Mapping[str, Sequence[GameRow]]
"""Rows by the label of their run."""


def degenerate_section(left_out: Mapping[str, Mapping[str, float]], games: int) -> html.Section:
    """The warning of every measure left out of a run because it never varied."""
    lines = [
        f"{label}: {name} is {value:g} in every one of its {games} games, so it tells nothing "
        "and is left out of the game's plots and measures tables."
        for label, constant in left_out.items()
        for name, value in constant.items()
    ]
    return html.Section("Warnings: measures that never vary", paragraphs=lines)


def margins_section(main: Rows, note: str, out: Path) -> html.Section:
    """The winner's lead over the runner-up per player count, in the game's score."""
    margins = {label: [balance.margin(r) for r in rows] for label, rows in main.items()}
    plots.save(
        plots.histograms(
            "Score margin: winner against runner-up",
            note,
            margins,
            "winner's score less the runner-up's",
        ),
        out / "margins.png",
    )
    table = []
    for label, values in margins.items():
        found = balance.mean(values)
        level = sum(v == 0 for v in values)
        low, high = wilson(level, len(values))
        table.append(
            [
                label,
                f"{found.mean:.2f} ({found.low:.2f}–{found.high:.2f})",
                f"{sorted(values)[len(values) // 2]:g}",
                f"{100 * level / len(values):.1f}% ({100 * low:.1f}–{100 * high:.1f}%)",
            ]
        )
    header = ["configuration", "mean margin (95%)", "median", "top shared (95% Wilson)"]
    return html.Section(
        "How close games are",
        paragraphs=[
            "The margin: the winner's score less the runner-up's, in the game's own unit (0 when "
            "the top is shared; a tie-break winner may win by 0)."
        ],
        tables=[(header, table)],
        images=[("margins.png", "score margins")],
    )


def length_section(main: Rows, note: str, out: Path) -> html.Section:
    """Game length in decisions, turns and rounds per player count."""
    turns = {label: _column(rows, "turns") for label, rows in main.items()}
    decisions = {label: [float(r.decisions) for r in rows] for label, rows in main.items()}
    plots.save(
        plots.histograms("Game length", note, decisions, "decisions per game"), out / "length.png"
    )
    images = [("length.png", "game length in decisions")]
    if any(turns.values()):
        plots.save(
            plots.histograms("Game length", note, turns, "turns per game"), out / "turns.png"
        )
        images.append(("turns.png", "game length in turns"))
    table = []
    for label, rows in main.items():
        cells: list[object] = [label]
        for values in (decisions[label], turns[label], _column(rows, "rounds")):
            cells.append(_spread(values) if values else "—")
        table.append(cells)
    header = ["configuration", "decisions", "turns", "rounds"]
    return html.Section(
        "Game length",
        paragraphs=[
            "Mean (95% interval), min–max. A decision is one seat's action; a turn is the game's "
            "own (a reveal, a trick, a seat's draw or planting); a round is the game's round, "
            "hand, or every seat's turn once."
        ],
        tables=[(header, table)],
        images=images,
    )


def leads_section(main: Rows, note: str, out: Path) -> html.Section:
    """Lead changes per game and the share of comebacks per player count, where the scores are
    public during the game."""
    table = []
    changes, labels, comebacks = [], [], []
    for label, rows in main.items():
        measured = [r for r in rows if "lead_changes" in r.measures]
        if not measured:
            table.append([label, "—", "—", "not measured: no score is public before the end"])
            continue
        found = balance.mean(_column(measured, "lead_changes"))
        back = sum(r.measures["comeback"] for r in measured)
        low, high = wilson(back, len(measured))
        table.append(
            [
                label,
                f"{found.mean:.2f} ({found.low:.2f}–{found.high:.2f})",
                f"{100 * back / len(measured):.1f}% ({100 * low:.1f}–{100 * high:.1f}%)",
                f"{len(measured)} games",
            ]
        )
        labels.append(label)
        changes.append(found)
        comebacks.append((back / len(measured), low, high))
    images = []
    if labels:
        plots.save(
            plots.intervals(
                "Comebacks: the winner was behind at half-time",
                note,
                labels,
                [c[0] for c in comebacks],
                [c[1] for c in comebacks],
                [c[2] for c in comebacks],
                "share of games (95% Wilson interval)",
            ),
            out / "comebacks.png",
        )
        images.append(("comebacks.png", "comebacks"))
    return html.Section(
        "Lead changes and comebacks",
        paragraphs=[
            "A lead change: another seat alone at the top of the public scores (a shared top keeps "
            "the last leader). A comeback: no winner at the top, alone or shared, at half-time "
            "(the scores after half the game's turns)."
        ],
        tables=[(["configuration", "lead changes (95%)", "comebacks (95% Wilson)", ""], table)],
        images=images,
    )


def skill_section(
    runs: Mapping[str, tuple[str, str, Sequence[GameRow]]], note: str, out: Path
) -> html.Section:
    """How often one seat of the stronger level wins against the weaker ones, per player count
    (``runs``: label → (strong, weak, rows))."""
    table, labels, shares = [], [], []
    for label, (strong, weak, rows) in runs.items():
        players = rows[0].players
        wins = sum(
            balance.win_share(row, seat)
            for row in rows
            for seat, bot in enumerate(row.bots)
            if bot == strong
        )
        rate = wins / len(rows)
        low, high = wilson(wins, len(rows))
        fair = 1 / players
        share = [(x - fair) / (1 - fair) for x in (rate, low, high)]
        table.append(
            [
                label,
                f"{strong} against {weak}",
                f"{100 * rate:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)",
                f"{100 * fair:.1f}%",
                f"{share[0]:.2f} ({share[1]:.2f}–{share[2]:.2f})",
            ]
        )
        labels.append(f"{players} players")
        shares.append(share)
    plots.save(
        plots.intervals(
            "Skill against luck: one seat of the stronger level against the weaker",
            note,
            labels,
            [s[0] for s in shares],
            [s[1] for s in shares],
            [s[2] for s in shares],
            "skill share: 0 wins its fair share (luck), 1 always wins (95% Wilson)",
            reference=0.0,
        ),
        out / "skill.png",
    )
    header = ["configuration", "levels", "stronger seat wins (95% Wilson)", "fair share", "skill"]
    return html.Section(
        "Skill against luck",
        paragraphs=[
            "One seat of the stronger level, the others of the next weaker, every seat order in "
            "turn. Skill share: (win rate − 1/players) / (1 − 1/players): 0 when the stronger "
            "seat wins only its fair share, 1 when it always wins."
        ],
        tables=[(header, table)],
        images=[("skill.png", "skill against luck")],
    )


def strengths_section(
    by_count: Mapping[int, Mapping[str, Sequence[GameRow]]], note: str, out: Path
) -> html.Section:
    """The seat advantage with every seat at each bot level, per player count (``by_count``:
    players → level → rows)."""
    table, images = [], []
    for players, levels in by_count.items():
        labels, rates, lows, highs = [], [], [], []
        for level, rows in levels.items():
            found = balance.seat_rates(rows)
            table.append(
                [
                    f"{players} players",
                    level,
                    *(f"{100 * r:.1f}%" for r in found.rates),
                    *([""] * (max(by_count) - players)),
                    f"{found.p_value:.3g}",
                ]
            )
            for seat, rate in enumerate(found.rates):
                labels.append(f"{level}: seat {seat}")
                rates.append(rate)
                lows.append(found.intervals[seat][0])
                highs.append(found.intervals[seat][1])
        name = f"strengths-{players}p.png"
        plots.save(
            plots.intervals(
                f"Seat advantage at each bot strength, {players} players",
                note,
                labels,
                rates,
                lows,
                highs,
                f"win rate (95% Wilson interval; dashed: 1/{players})",
                reference=1 / players,
            ),
            out / name,
        )
        images.append((name, f"seat advantage by strength, {players} players"))
    seats = [f"seat {s}" for s in range(max(by_count))]
    return html.Section(
        "Seat advantage at each bot strength",
        paragraphs=[
            "Every seat held by the same level: does the first seat's edge grow or vanish as the "
            "bots get stronger? The p: the chi-square test of equal chances."
        ],
        tables=[(["configuration", "bots", *seats, "equal chances p"], table)],
        images=images,
    )


def taken_section(label: str, rows: Sequence[GameRow], note: str, out: Path) -> html.Section | None:
    """What each thing taken is worth by the third of the game it is taken in: the win rate of
    the seats that took one then, best first, with Bonferroni-corrected intervals; ``None`` when
    the game notes nothing taken."""
    players = rows[0].players
    groups: list[tuple[str, balance.GroupRate]] = []
    for item, when in _taken(rows):
        seats, wins = 0, 0.0
        for row in rows:
            for seat in range(players):
                if row.measures.get(f"take_{item}_{when}_{seat}", 0.0) > 0:
                    seats += 1
                    wins += balance.win_share(row, seat)
        if seats:
            group = balance.GroupRate(len(groups), seats, wins, wins / seats, (0.0, 0.0))
            groups.append((f"{item}, {when}", group))
    if not groups:
        return None
    ordered = balance.corrected(groups)
    stem = f"taken-{players}p.png"
    plots.save(
        plots.intervals(
            f"What a thing taken is worth, by when, {label}",
            note,
            [f"{name} ({g.seats} seats)" for name, g in ordered],
            [g.rate for _, g in ordered],
            [g.interval[0] for _, g in ordered],
            [g.interval[1] for _, g in ordered],
            f"win rate of the seats that took one (Bonferroni-corrected for {len(ordered)}: "
            f"95% together; dashed: 1/{players})",
            reference=1 / players,
        ),
        out / stem,
    )
    table = [
        [
            name,
            g.seats,
            f"{100 * g.rate:.1f}%",
            f"{100 * g.interval[0]:.1f}–{100 * g.interval[1]:.1f}%",
        ]
        for name, g in ordered
    ]
    return html.Section(
        f"Value by when it is taken, {label}",
        paragraphs=[
            "For each thing taken (a card kind, a trump, a garden, a harvested vegetable) and "
            "each third of the game by turns: the win rate of the seats that took at least one "
            f"then, best first. The {len(ordered)} intervals are Wilson intervals corrected by "
            f"Bonferroni (each at 1 − 0.05/{len(ordered)}), so that all hold at 95% together."
        ],
        tables=[(["taken", "seats", "win rate", "corrected 95% interval"], table)],
        images=[(stem, f"value by when taken, {label}")],
    )


def crossed_section(
    runs: Mapping[str, tuple[Mapping[str, Any], Sequence[GameRow]]],
    docs: Mapping[str, str],
    note: str,
    out: Path,
) -> html.Section:
    """Every crossing of the variant options at one player count (``runs``: label → (variant,
    rows), the default first): the first seat's win rate, the length and the margin."""
    labels, firsts, table = [], [], []
    for label, (_variant, rows) in runs.items():
        rates = balance.seat_rates(rows)
        turns = _column(rows, "turns")
        labels.append(label)
        firsts.append(rates)
        table.append(
            [
                label,
                len(rows),
                f"{100 * rates.rates[0]:.1f}% ({100 * rates.intervals[0][0]:.1f}–"
                f"{100 * rates.intervals[0][1]:.1f}%)",
                f"{rates.p_value:.3g}",
                f"{balance.mean([float(r.decisions) for r in rows]).mean:.1f}",
                f"{balance.mean(turns).mean:.1f}" if turns else "—",
                f"{balance.mean([balance.margin(r) for r in rows]).mean:.2f}",
            ]
        )
    players = next(iter(runs.values()))[1][0].players
    plots.save(
        plots.intervals(
            "Variants crossed: the first seat's win rate",
            note,
            labels,
            [r.rates[0] for r in firsts],
            [r.intervals[0][0] for r in firsts],
            [r.intervals[0][1] for r in firsts],
            f"seat 0's win rate (95% Wilson interval; dashed: 1/{players})",
            reference=1 / players,
        ),
        out / "variants.png",
    )
    header = ["variant", "games", "seat 0 wins", "equal chances p", "decisions", "turns", "margin"]
    return html.Section(
        "Variants crossed",
        paragraphs=[
            "Every value of each option with every value of the others (not one option at a "
            f"time), played with {players} players and the same seeds.",
            *(f"{option}: {doc}." for option, doc in docs.items()),
        ],
        tables=[(header, table)],
        images=[("variants.png", "variants crossed: seat 0")],
    )


def _taken(rows: Sequence[GameRow]) -> list[tuple[str, str]]:
    """Every (item, phase) some row notes as taken, items in their first order, phases in
    order."""
    items = dict.fromkeys(
        found[0] for row in rows for name in row.measures if (found := taken_item(name))
    )
    return [(item, when) for item in items for when in PHASES]


def _column(rows: Sequence[GameRow], name: str) -> list[float]:
    """Measure ``name`` of every row that has it."""
    return [row.measures[name] for row in rows if name in row.measures]


def _spread(values: Sequence[float]) -> str:
    found = balance.mean(values)
    return f"{found.mean:.1f} ({found.low:.1f}–{found.high:.1f}), {min(values):g}–{max(values):g}"
