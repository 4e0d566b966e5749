"""Balance reports: many bot games of one game, read at a glance (HTML with PNG plots).

A report plays, for each player count asked, ``games`` games with the default variant (the seat
advantage, the scores by seat, the game length, the game's own measures), then for each variant
option each other value at the first player count. Every run uses the same seeds, so runs differ
by what they change, not by the luck of the deal. One level holds every seat, or several are
seated in turn in every order; the default is the strongest level whose estimated time fits the
budget (`strongest_level`). A run's rows are cached in ``DIR/cache/<key>.json`` under a key of
everything that decides them; ``DIR/games.csv`` and ``DIR/games.parquet`` hold every game's row.
How to read one: docs/study.md, "Balance reports".
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from potager import agents, games

from . import balance, html, measures, plots
from .rows import frame
from .simulate import (
    Backend,
    GameRow,
    InlineBackend,
    Job,
    chunks,
    game_seed,
    play_spans,
    seat_orders,
)

LADDER = ("ismcts-strong", "ismcts", "heuristic", "random")
"""Bot levels from the strongest down, as far as a game has them."""

BUDGET = 600.0
"""Default time budget (seconds) for choosing the bots."""

CACHE_FORMAT = 1
"""Part of every cache key: a change of what a row holds makes new keys."""


@dataclass(frozen=True, eq=False)
class Run:
    """One configuration of the report: a label, the player count and the variant."""

    label: str
    players: int
    variant: Mapping[str, Any]
    option: str | None = None
    """The variant option this run varies (``None`` for a player count's main run)."""


@dataclass(frozen=True)
class ReportPlan:
    game: str
    players: tuple[int, ...]
    bots: tuple[str, ...]
    games: int
    seed: int = 1
    variant: Mapping[str, Any] = field(default_factory=dict)

    def seatings(self, players: int) -> tuple[tuple[str, ...], ...]:
        """The bots of ``players`` seats, every order in turn (one seating for one level)."""
        mix = [self.bots[i % len(self.bots)] for i in range(players)]
        return tuple(seat_orders(mix))

    def mix(self) -> str:
        """The bot mix as every plot states it."""
        if len(self.bots) == 1:
            return f"{self.bots[0]} at every seat"
        return f"{', '.join(self.bots)} seated in turn in every order"

    def runs(self) -> list[Run]:
        found = [Run(f"{n} players", n, dict(self.variant)) for n in self.players]
        first = self.players[0]
        spec = games.get(self.game).variants
        for option, (values, _default, _doc) in spec.items():
            for value in values:
                if value == self.variant[option]:
                    continue
                changed = {**self.variant, option: value}
                label = f"{first} players, {option}={_spelling(value)}"
                found.append(Run(label, first, changed, option))
        return found

    def key(self, run: Run) -> str:
        text = json.dumps(
            [
                CACHE_FORMAT,
                self.game,
                run.players,
                dict(run.variant),
                self.bots,
                self.games,
                self.seed,
            ],
            sort_keys=True,
        )
        return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()

    def job(self, run: Run) -> Job:
        seed = game_seed(self.seed, run.players)
        return Job(self.game, self.seatings(run.players), seed, run.variant, measure=True)


def _spelling(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def make_plan(
    game: str,
    players: Sequence[int],
    bots: Sequence[str],
    games_count: int,
    seed: int = 1,
    variant: Mapping[str, Any] | None = None,
) -> ReportPlan:
    """A checked `ReportPlan` (`ValueError` naming a bad level, player count or option)."""
    found = games.get(game)
    for count in players:
        found.check_players(count)
    for level in bots:
        agents.make(level, found)
    if not bots:
        raise ValueError("a report needs one bot level at least")
    counts = tuple(sorted(set(players)))
    return ReportPlan(game, counts, tuple(bots), games_count, seed, found.resolve_variant(variant))


def strongest_level(
    game: str, players: Sequence[int], games_total: int, workers: int, budget: float
) -> tuple[str, dict[str, float]]:
    """The strongest level of `LADDER` whose estimated time for ``games_total`` games on
    ``workers`` workers fits ``budget`` seconds, and the estimates made: one game timed at the
    largest player count for each level, from the weakest up, until one does not fit."""
    found = games.get(game)
    available = [level for level in LADDER if level in _levels(found)]
    estimates: dict[str, float] = {}
    chosen = available[-1]
    for level in reversed(available):
        job = Job(game, ((level,) * max(players),), 0, found.resolve_variant(None))
        started = time.perf_counter()
        list(InlineBackend().run(job, [(0, 1)]))
        estimates[level] = (time.perf_counter() - started) * games_total / workers
        if estimates[level] > budget:
            break
        chosen = level
    return chosen, estimates


def _levels(game: Any) -> list[str]:
    names = []
    for level in [*agents.levels(game), *LADDER]:
        try:
            agents.make(level, game)
        except ValueError:
            continue
        names.append(level)
    return names


def play(
    plan: ReportPlan,
    out: Path,
    backend: Backend,
    progress: Callable[[int, int], None] | None = None,
) -> dict[Run, list[GameRow]]:
    """Every run's rows, from ``out/cache`` or played (and then cached)."""
    cache = out / "cache"
    cache.mkdir(parents=True, exist_ok=True)
    runs = plan.runs()
    total = plan.games * len(runs)
    done = 0
    found: dict[Run, list[GameRow]] = {}
    for run in runs:
        path = cache / f"{plan.key(run)}.json"
        if path.exists():
            found[run] = [_row(entry) for entry in json.loads(path.read_text())]
            done += len(found[run])
            if progress is not None:
                progress(done, total)
            continue

        def tick(rows: list[GameRow]) -> None:
            nonlocal done
            done += len(rows)
            if progress is not None:
                progress(done, total)

        rows = play_spans(plan.job(run), chunks(plan.games), backend, tick)
        path.write_text(json.dumps([asdict(row) for row in rows]))
        found[run] = rows
    return found


def _row(entry: dict[str, Any]) -> GameRow:
    return GameRow(
        entry["index"],
        entry["seed"],
        tuple(entry["bots"]),
        tuple(entry["scores"]),
        tuple(entry["winners"]),
        entry["decisions"],
        entry["measures"],
    )


def write(plan: ReportPlan, played: dict[Run, list[GameRow]], out: Path, context: str) -> Path:
    """Draw every plot into ``out``, write the rows and ``index.html``; return the page's path."""
    note = (
        f"{plan.game}; bots: {plan.mix()}; {plan.games} games per configuration; seed {plan.seed}"
    )
    sections = []
    main = [run for run in played if run.option is None]
    for run in main:
        sections.append(_seats_section(run, played[run], note, out))
    sections.append(_length_section(main, played, note, out))
    options = list(dict.fromkeys(run.option for run in played if run.option is not None))
    for option in options:
        runs = [main[0], *(run for run in played if run.option == option)]
        sections.append(_variant_section(plan, option, runs, played, note, out))
    for run in main:
        section = html.Section(f"What matters, {run.label}")
        for stem, fig in measures.figures(games.get(plan.game), played[run], note):
            name = f"{stem}-{run.players}p.png"
            plots.save(fig, out / name)
            section.images.append((name, f"{stem}, {run.label}"))
        section.tables.append(_measures_table([run], played))
        sections.append(section)
    _write_rows(played, out)
    sections.append(
        html.Section(
            "Data",
            paragraphs=[
                "Every game's row: games.csv and games.parquet (run, variant, bot, score and "
                "win share per seat, length in decisions, the game's measures). "
                f"Bots: {plan.mix()}. Ties: a game with k winners counts 1/k win for each.",
            ],
        )
    )
    page = out / "index.html"
    page.write_text(html.page(f"{plan.game}: balance report", context, sections))
    return page


def _seats_section(run: Run, rows: list[GameRow], note: str, out: Path) -> html.Section:
    rates = balance.seat_rates(rows)
    seats = [f"seat {s}" for s in range(run.players)]
    fig = plots.intervals(
        f"Win rate by seat, {run.label} (equal chances: p = {rates.p_value:.3g})",
        note,
        seats,
        rates.rates,
        [i[0] for i in rates.intervals],
        [i[1] for i in rates.intervals],
        f"win rate (95% Wilson interval; dashed: 1/{run.players})",
        reference=1 / run.players,
    )
    seats_png = f"seats-{run.players}p.png"
    plots.save(fig, out / seats_png)
    scores = {f"seat {s}": [row.scores[s] for row in rows] for s in range(run.players)}
    scores_png = f"scores-{run.players}p.png"
    plots.save(
        plots.histograms(f"Scores by seat, {run.label}", note, scores, "score"), out / scores_png
    )
    table = [
        [
            f"seat {s}",
            f"{100 * rates.rates[s]:.1f}%",
            f"{100 * rates.intervals[s][0]:.1f}–{100 * rates.intervals[s][1]:.1f}%",
            f"{balance.mean(scores[f'seat {s}']).mean:.2f}",
        ]
        for s in range(run.players)
    ]
    return html.Section(
        f"Seat advantage, {run.label}",
        paragraphs=[
            f"{rates.games} games. Chi-square test of equal chances: χ² = {rates.chi2:.2f} with "
            f"{run.players - 1} degrees of freedom, p = {rates.p_value:.3g} (a small p says the "
            "seats do not win equally often)."
        ],
        tables=[(["seat", "win rate", "95% CI", "mean score"], table)],
        images=[
            (seats_png, f"win rate by seat, {run.label}"),
            (scores_png, f"scores, {run.label}"),
        ],
    )


def _length_section(
    main: list[Run], played: dict[Run, list[GameRow]], note: str, out: Path
) -> html.Section:
    lengths = {run.label: [float(row.decisions) for row in played[run]] for run in main}
    plots.save(
        plots.histograms("Game length", note, lengths, "decisions per game"), out / "length.png"
    )
    rows = [
        [label, f"{balance.mean(v).mean:.1f}", f"{min(v):g}", f"{max(v):g}"]
        for label, v in lengths.items()
    ]
    return html.Section(
        "Game length",
        tables=[(["configuration", "mean decisions", "min", "max"], rows)],
        images=[("length.png", "game length")],
    )


def _variant_section(
    plan: ReportPlan,
    option: str,
    runs: list[Run],
    played: dict[Run, list[GameRow]],
    note: str,
    out: Path,
) -> html.Section:
    labels = [f"{option}={_spelling(run.variant[option])}" for run in runs]
    firsts = [balance.seat_rates(played[run]) for run in runs]
    fig = plots.intervals(
        f"{option}: the first seat's win rate",
        note,
        labels,
        [r.rates[0] for r in firsts],
        [r.intervals[0][0] for r in firsts],
        [r.intervals[0][1] for r in firsts],
        f"seat 0's win rate (95% Wilson interval; dashed: 1/{runs[0].players})",
        reference=1 / runs[0].players,
    )
    name = f"variant-{option}.png"
    plots.save(fig, out / name)
    lengths = [balance.mean([float(r.decisions) for r in played[run]]) for run in runs]
    length_png = f"variant-{option}-length.png"
    plots.save(
        plots.bars(
            f"{option}: game length",
            note,
            labels,
            [m.mean for m in lengths],
            "decisions per game (mean, 95% interval)",
            [m.high - m.mean for m in lengths],
        ),
        out / length_png,
    )
    doc = games.get(plan.game).variants[option][2]
    rows = [
        [label, len(played[run]), f"{100 * r.rates[0]:.1f}%", f"{r.p_value:.3g}", f"{m.mean:.1f}"]
        for label, run, r, m in zip(labels, runs, firsts, lengths, strict=True)
    ]
    return html.Section(
        f"Variant {option}",
        paragraphs=[f"{option}: {doc}. Played with {runs[0].players} players."],
        tables=[
            (["variant", "games", "seat 0 wins", "equal chances p", "mean decisions"], rows),
            _measures_table(runs, played),
        ],
        images=[(name, f"{option}: seat 0"), (length_png, f"{option}: length")],
    )


def _measures_table(
    runs: Sequence[Run], played: dict[Run, list[GameRow]]
) -> tuple[list[str], list[list[object]]]:
    """The mean of every measure per run (one column per run)."""
    names = list(
        dict.fromkeys(name for run in runs for row in played[run] for name in row.measures)
    )
    names = [n for n in names if not n.startswith("contract_")]
    table: list[list[object]] = []
    for name in names:
        cells: list[object] = [name]
        for run in runs:
            found = balance.mean(
                [row.measures[name] for row in played[run] if name in row.measures]
            )
            cells.append(f"{found.mean:.2f} ± {found.high - found.mean:.2f}")
        table.append(cells)
    return (["measure (mean per game ± 95%)", *(run.label for run in runs)], table)


def _write_rows(played: dict[Run, list[GameRow]], out: Path) -> None:
    flat = []
    for run, rows in played.items():
        for row in rows:
            variant = {f"variant_{k}": _spelling(v) for k, v in run.variant.items()}
            flat.append({"run": run.label, **variant, **row.flat()})
    table = frame(flat)
    table.to_csv(out / "games.csv", index=False)
    table.to_parquet(out / "games.parquet", index=False)
