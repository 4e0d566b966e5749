"""Balance reports: many bot games of one game, read at a glance (HTML with PNG plots).

A report plays ``games`` games of each run (`ReportPlan.runs`): each player count with the
default variant, every crossing of the variant options at the first player count, and per
player count each weaker bot level at every seat and one seat of the strongest against the next
weaker (skill against luck); every run uses the same seeds. Its sections: `questions`, and the
game's own measures (`measures`), less those that never vary, which it names. One level holds
every seat, or several are seated in turn; the default is the strongest level whose estimated
time fits the budget (`strongest_level`). A run's rows are cached in ``DIR/cache/<key>.json``
under a key of everything that decides them; ``DIR/games.csv`` and ``DIR/games.parquet`` hold
every game's row. How to read one: docs/study.md, "Balance reports".
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from potager import agents, games

from . import balance, html, measures, plots, questions
from .measures.course import TAKE
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

CACHE_FORMAT = 2
"""Part of every cache key: a change of what a row holds makes new keys."""


Kind = Literal["main", "variant", "strength", "skill"]
"""What a run is for: a player count's own (``main``), a crossing of variant options at the
first player count, every seat at one weaker bot level (``strength``), or one seat of the
strongest level against the next weaker one (``skill``)."""


@dataclass(frozen=True, eq=False)
class Run:
    """One configuration of the report: a label, the player count, the variant, the bots."""

    label: str
    players: int
    variant: Mapping[str, Any]
    kind: Kind = "main"
    seatings: tuple[tuple[str, ...], ...] = ()
    """The bots at the seats, game ``i`` the ``i``-th in turn."""


@dataclass(frozen=True)
class ReportPlan:
    game: str
    players: tuple[int, ...]
    bots: tuple[str, ...]
    games: int
    seed: int = 1
    variant: Mapping[str, Any] = field(default_factory=dict)
    params: Mapping[str, Any] = field(default_factory=dict)
    """The rule parameters changed from the rulebook's (`Game.tuned`), checked."""

    def seatings(self, players: int) -> tuple[tuple[str, ...], ...]:
        """The bots of ``players`` seats, every order in turn (one seating for one level)."""
        mix = [self.bots[i % len(self.bots)] for i in range(players)]
        return tuple(seat_orders(mix))

    def mix(self) -> str:
        """The bot mix as every plot states it."""
        if len(self.bots) == 1:
            return f"{self.bots[0]} at every seat"
        return f"{', '.join(self.bots)} seated in turn in every order"

    def strongest(self) -> str:
        """The plan's strongest level by `LADDER` (the first given where none is on it)."""
        ranked = [b for b in self.bots if _rung(b) is not None]
        return min(ranked, key=lambda b: _rung(b) or 0) if ranked else self.bots[0]

    def weaker(self) -> list[str]:
        """The `LADDER` levels below the strongest, strongest first, that the game has."""
        rung = _rung(self.strongest())
        if rung is None:
            return []
        known = set(_levels(games.get(self.game)))
        return [level for level in LADDER[rung + 1 :] if level in known]

    def runs(self) -> list[Run]:
        """Each player count's main run; each crossing of the variant options (every value of
        each with every value of the others) at the first player count; per player count, every
        seat at each weaker level (the seat advantage at each strength) and one seat of the
        strongest level against the next weaker one in every order (skill against luck); the
        strongest at every seat too when the plan mixes levels."""
        found = [
            Run(f"{n} players", n, dict(self.variant), "main", self.seatings(n))
            for n in self.players
        ]
        first = self.players[0]
        spec = games.get(self.game).variants
        names = list(spec)
        for values in itertools.product(*(spec[name][0] for name in names)):
            crossed = dict(zip(names, values, strict=True))
            if crossed == dict(self.variant):
                continue
            changed = ", ".join(
                f"{k}={_spelling(v)}" for k, v in crossed.items() if v != self.variant[k]
            )
            found.append(
                Run(f"{first} players, {changed}", first, crossed, "variant", self.seatings(first))
            )
        weaker = self.weaker()
        alone = weaker if len(self.bots) == 1 else [self.strongest(), *weaker]
        for n in self.players:
            for level in alone:
                seating = ((level,) * n,)
                found.append(
                    Run(f"{n} players, {level}", n, dict(self.variant), "strength", seating)
                )
            if weaker:
                strong = self.strongest()
                orders = tuple(seat_orders([strong, *[weaker[0]] * (n - 1)]))
                label = f"{n} players, one {strong} against {weaker[0]}"
                found.append(Run(label, n, dict(self.variant), "skill", orders))
        return found

    def key(self, run: Run) -> str:
        """The run's cache key; the rule parameters are part of it only when some are
        changed, so that a rulebook report keeps its cache."""
        parts: list[Any] = [
            CACHE_FORMAT,
            self.game,
            run.players,
            dict(run.variant),
            run.seatings,
            self.games,
            self.seed,
        ]
        if self.params:
            parts.append(
                {k: list(v) if isinstance(v, tuple) else v for k, v in self.params.items()}
            )
        text = json.dumps(parts, sort_keys=True)
        return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()

    def job(self, run: Run) -> Job:
        seed = game_seed(self.seed, run.players)
        return Job(self.game, run.seatings, seed, run.variant, measure=True, params=self.params)


def _rung(level: str) -> int | None:
    """Where a level (its name before any parameters) stands on `LADDER`, 0 the strongest."""
    base = level.partition(":")[0]
    return LADDER.index(base) if base in LADDER else None


def variant_runs(game: str) -> int:
    """How many crossings of the variant options a report plays beside the main runs."""
    return math.prod(len(spec[0]) for spec in games.get(game).variants.values()) - 1


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
    params: Mapping[str, Any] | None = None,
) -> ReportPlan:
    """A checked `ReportPlan` (`ValueError` naming a bad level, player count, option or rule
    parameter)."""
    found = games.get(game)
    tuned = found.tuned(params)
    for count in players:
        found.check_players(count)
        if tuned.tuning:
            tuned.check_params(count)
    for level in bots:
        agents.make(level, found)
    if not bots:
        raise ValueError("a report needs one bot level at least")
    counts = tuple(sorted(set(players)))
    options = found.resolve_variant(variant)
    return ReportPlan(game, counts, tuple(bots), games_count, seed, options, dict(tuned.tuning))


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


GROUPED = ("contract_", TAKE)
"""Measures that are grouped data (a seat's contract card, what it took when), not measures of
the game: neither in the measures tables nor checked for never varying."""


def write(plan: ReportPlan, played: dict[Run, list[GameRow]], out: Path, context: str) -> Path:
    """Draw every plot into ``out``, write the rows and ``index.html``; return the page's path."""
    note = (
        f"{plan.game}; bots: {plan.mix()}; {plan.games} games per configuration; seed {plan.seed}"
    )
    measured = [run for run in played if run.kind in ("main", "variant")]
    left_out = {run.label: balance.constant(played[run], GROUPED) for run in measured}
    sections = []
    if any(left_out.values()):
        sections.append(questions.degenerate_section(left_out, plan.games))
    main = [run for run in played if run.kind == "main"]
    for run in main:
        sections.append(_seats_section(run, played[run], note, out))
    by_label = {run.label: played[run] for run in main}
    sections.append(questions.margins_section(by_label, note, out))
    sections.append(questions.length_section(by_label, note, out))
    sections.append(questions.leads_section(by_label, note, out))
    sections += _strength_sections(plan, played, note, out)
    variants = [main[0], *(run for run in played if run.kind == "variant")]
    if len(variants) > 1:
        spec = games.get(plan.game).variants
        crossed = {_variant_label(run.variant): (run.variant, played[run]) for run in variants}
        section = questions.crossed_section(
            crossed, {option: doc for option, (_, _, doc) in spec.items()}, note, out
        )
        section.tables.append(_measures_table(variants, played, left_out))
        sections.append(section)
    for run in main:
        section = html.Section(f"What matters, {run.label}")
        game = games.get(plan.game)
        for stem, fig in measures.figures(game, played[run], note, left_out[run.label]):
            name = f"{stem}-{run.players}p.png"
            plots.save(fig, out / name)
            section.images.append((name, f"{stem}, {run.label}"))
        section.tables.append(_measures_table([run], played, left_out))
        sections.append(section)
        taken = questions.taken_section(run.label, played[run], note, out)
        if taken is not None:
            sections.append(taken)
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


def _strength_sections(
    plan: ReportPlan, played: dict[Run, list[GameRow]], note: str, out: Path
) -> list[html.Section]:
    """Skill against luck and the seat advantage at each strength (the main run counts as its
    level's when one level holds every seat); a note when no weaker level exists."""
    weaker = plan.weaker()
    if not weaker:
        reason = (
            f"Not measured: no level of {', '.join(LADDER)} below {plan.strongest()} in this game."
        )
        return [html.Section("Skill against luck", paragraphs=[reason])]
    strong = plan.strongest()
    skill = {run.label: (strong, weaker[0], played[run]) for run in played if run.kind == "skill"}
    by_count: dict[int, dict[str, list[GameRow]]] = {}
    for run in played:
        if run.kind == "main" and len(plan.bots) == 1:
            by_count.setdefault(run.players, {})[plan.bots[0]] = played[run]
        elif run.kind == "strength":
            by_count.setdefault(run.players, {})[run.seatings[0][0]] = played[run]
    return [
        questions.skill_section(skill, note, out),
        questions.strengths_section(by_count, note, out),
    ]


def _variant_label(variant: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_spelling(v)}" for k, v in variant.items())


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


def _measures_table(
    runs: Sequence[Run],
    played: dict[Run, list[GameRow]],
    left_out: Mapping[str, Mapping[str, float]],
) -> tuple[list[str], list[list[object]]]:
    """The mean of every measure per run (one column per run), but grouped data and those that
    never vary in any of the runs."""
    names = list(
        dict.fromkeys(name for run in runs for row in played[run] for name in row.measures)
    )
    names = [
        n
        for n in names
        if not n.startswith(GROUPED) and not all(n in left_out[run.label] for run in runs)
    ]
    table: list[list[object]] = []
    for name in names:
        cells: list[object] = [name]
        for run in runs:
            found = balance.mean(
                [row.measures[name] for row in played[run] if name in row.measures]
            )
            cells.append(f"{found.mean:.2f} ± {found.high - found.mean:.2f}" if found.n else "—")
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
