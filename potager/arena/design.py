"""Design studies: search a game's rule parameters for the settings whose measures meet goals.

A study varies some parameters (`Vary`: a range of whole numbers or a few choices), plays each
trial's setting as a simulation of bot games, measures it (`Stats`: seat win rates, mean scores,
game length and the game's own measures, each with its 95% interval) and scores how far the
measures miss the goals (`Goal`: a measure at, at most or at least a value). Optuna's TPE
sampler proposes the settings; its SQLite storage keeps every trial, so a study stopped at any
point carries on where it was. Every trial plays the same seeds (common random numbers): two
settings differ by what they change, not by the luck of the deal; a setting proposed again
plays new seeds, pooled with its earlier games. How to read one: docs/design.md.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from potager import agents, games
from potager.agents.action_value import Z95, wilson

from .simulate import Backend, GameRow, InlineBackend, game_seed, simulate

if TYPE_CHECKING:  # optuna is the study extra's, imported when a study runs
    import optuna

PLAN = "potager-design-plan"
"""The study's user attribute that holds its `DesignPlan` (checked when it is resumed)."""
STUDY = "potager-design"
"""The name of the one study a storage file holds."""
RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")


@dataclass(frozen=True)
class Vary:
    """A parameter the study varies: whole numbers ``low``..``high``, or ``choices``."""

    name: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()

    @classmethod
    def parse(cls, game: str, text: str) -> Vary:
        """``NAME=LOW..HIGH`` (a number parameter, within its range) or ``NAME=A,B,…`` (a
        choice parameter's choices; ``NAME=*`` for all); `ValueError` says what is wrong."""
        name, sep, spec = (part.strip() for part in text.partition("="))
        found = games.get(game).parameters
        if not sep or not name or not spec:
            raise ValueError(f"--vary takes NAME=LOW..HIGH or NAME=A,B, not {text!r}")
        if name not in found:
            known = ", ".join(sorted(found)) or "none"
            raise ValueError(f"unknown parameter {name!r} for {game}; parameters: {known}")
        parameter = found[name]
        if parameter.kind == "choice":
            chosen = parameter.choices if spec == "*" else tuple(c.strip() for c in spec.split(","))
            wrong = [c for c in chosen if c not in parameter.choices]
            if wrong or len(chosen) < 2 or len(set(chosen)) != len(chosen):
                raise ValueError(
                    f"{name} varies over two or more of its choices "
                    f"({', '.join(parameter.choices)}) or *, not {spec!r}"
                )
            return cls(name, choices=chosen)
        if parameter.kind == "table":
            raise ValueError(f"{name} is a table: set it with --param, a study varies numbers")
        bounds = RANGE.match(spec)
        if bounds is None:
            raise ValueError(f"{name} varies over LOW..HIGH (whole numbers), not {spec!r}")
        low, high = int(bounds[1]), int(bounds[2])
        assert parameter.low is not None and parameter.high is not None
        if not parameter.low <= low < high <= parameter.high:
            raise ValueError(
                f"{name} varies within its range {parameter.low}..{parameter.high}, low below "
                f"high, not {low}..{high}"
            )
        return cls(name, low, high)

    def suggest(self, trial: optuna.trial.BaseTrial) -> int | str:
        if self.choices:
            choice: str = trial.suggest_categorical(self.name, self.choices)
            return choice
        return trial.suggest_int(self.name, self.low, self.high)

    @property
    def text(self) -> str:
        return (
            f"{self.name}={','.join(self.choices) if self.choices else f'{self.low}..{self.high}'}"
        )


@dataclass(frozen=True)
class Goal:
    """A measure at (``=``), at most (``<=``) or at least (``>=``) a value: `miss` is how far
    a measured value is from meeting it, in the measure's units (0 when it is met)."""

    measure: str
    op: str
    value: float

    @classmethod
    def parse(cls, text: str) -> Goal:
        """``MEASURE=VALUE``, ``MEASURE<=VALUE``, ``MEASURE>=VALUE`` (``<``, ``>`` read as
        ``<=``, ``>=``); a value may be a percentage (``50%``: 0.5). `ValueError` otherwise."""
        found = re.match(r"^\s*([A-Za-z_][\w]*)\s*(<=|>=|=|<|>)\s*(-?[\d.]+)\s*(%?)\s*$", text)
        if found is None:
            raise ValueError(f"--goal takes MEASURE=VALUE, MEASURE<=VALUE or >=, not {text!r}")
        try:
            value = float(found[3])
        except ValueError:
            raise ValueError(f"--goal's value must be a number, not {found[3]!r}") from None
        op = {"<": "<=", ">": ">="}.get(found[2], found[2])
        return cls(found[1], op, value / 100 if found[4] else value)

    def miss(self, measured: float) -> float:
        if self.op == "<=":
            return max(0.0, measured - self.value)
        if self.op == ">=":
            return max(0.0, self.value - measured)
        return abs(measured - self.value)

    @property
    def text(self) -> str:
        return f"{self.measure}{self.op}{self.value:g}"


@dataclass
class Stats:
    """Sums over games, per measure: ``[games, sum, sum of squares]``; a seat's win rate
    (``win_<seat>``, its share of the win) has a Wilson interval, every other measure a normal
    one. `merge` pools another setting's games."""

    sums: dict[str, list[float]] = field(default_factory=dict)

    @classmethod
    def of(cls, rows: Sequence[GameRow]) -> Stats:
        stats = cls()
        for row in rows:
            for name, value in row_measures(row).items():
                entry = stats.sums.setdefault(name, [0.0, 0.0, 0.0])
                entry[0] += 1
                entry[1] += value
                entry[2] += value * value
        return stats

    def merge(self, other: Stats) -> Stats:
        merged = {name: list(entry) for name, entry in self.sums.items()}
        for name, entry in other.sums.items():
            mine = merged.setdefault(name, [0.0, 0.0, 0.0])
            for i in range(3):
                mine[i] += entry[i]
        return Stats(merged)

    @property
    def games(self) -> int:
        return int(self.sums["decisions"][0]) if "decisions" in self.sums else 0

    def names(self) -> list[str]:
        return list(self.sums)

    def estimate(self, name: str) -> tuple[float, float, float]:
        """``(mean, low, high)``: the measure's mean over its games and its 95% interval."""
        n, total, squares = self.sums[name]
        if n == 0:
            return math.nan, math.nan, math.nan
        centre = total / n
        if name.startswith("win_"):
            low, high = wilson(total, int(n))
            return centre, low, high
        spread = 0.0
        if n > 1:
            variance = max(0.0, (squares - n * centre * centre) / (n - 1))
            spread = Z95 * math.sqrt(variance / n)
        return centre, centre - spread, centre + spread


def row_measures(row: GameRow) -> dict[str, float]:
    """What a study measures of one game: each seat's share of the win (``win_<seat>``) and
    score (``score_<seat>``), its length in decisions, and the game's own measures (those of
    `potager.arena.measures`, per seat ones included)."""
    found: dict[str, float] = {}
    for seat in range(row.players):
        found[f"win_{seat}"] = 1 / len(row.winners) if seat in row.winners else 0.0
        found[f"score_{seat}"] = float(row.scores[seat])
    found["decisions"] = float(row.decisions)
    found.update(row.measures)
    return found


@dataclass(frozen=True)
class DesignPlan:
    """What a study plays: the game, its seats' bot levels, the games per trial, the seed,
    the variant, the parameters held fixed (``params``) and those varied, and the goals."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int
    variant: Mapping[str, Any]
    params: Mapping[str, Any]
    vary: tuple[Vary, ...]
    goals: tuple[Goal, ...]

    @property
    def players(self) -> int:
        return len(self.bots)

    def to_dict(self) -> dict[str, Any]:
        """As JSON: what a resumed study must match."""
        data = asdict(self)
        data["vary"] = [v.text for v in self.vary]
        data["goals"] = [g.text for g in self.goals]
        normal: dict[str, Any] = json.loads(json.dumps(data))  # tuples as lists
        return normal


def make_plan(
    game: str,
    bots: Sequence[str],
    games_count: int,
    seed: int,
    vary: Sequence[str],
    goals: Sequence[str],
    variant: Mapping[str, Any] | None = None,
    params: Mapping[str, Any] | None = None,
) -> DesignPlan:
    """A checked `DesignPlan`: `ValueError` names a bad ``--vary`` or ``--goal`` (a measure
    the game does not have: measured on one game, with the list), a level or a setting."""
    found = games.get(game)
    found.check_players(len(bots))
    for level in bots:
        agents.make(level, found)
    fixed = found.tuned(params)
    if not vary:
        raise ValueError("a study varies one parameter at least (--vary NAME=LOW..HIGH)")
    if not goals:
        raise ValueError("a study has one goal at least (--goal MEASURE=VALUE)")
    varied = tuple(Vary.parse(game, text) for text in vary)
    names = [v.name for v in varied]
    if len(set(names)) != len(names):
        raise ValueError(f"a parameter is varied once, not {names}")
    clash = sorted(set(names) & set(fixed.tuning))
    if clash:
        raise ValueError(f"{', '.join(clash)} is both varied and set with --param")
    aims = tuple(Goal.parse(text) for text in goals)
    options = found.resolve_variant(variant)
    known = measure_names(game, len(bots), options, fixed.tuning)
    for aim in aims:
        if aim.measure not in known:
            raise ValueError(
                f"unknown measure {aim.measure!r} for {game}; measures: {', '.join(known)}"
            )
    return DesignPlan(
        game, tuple(bots), games_count, seed, options, dict(fixed.tuning), varied, aims
    )


def measure_names(
    game: str, players: int, variant: Mapping[str, Any], params: Mapping[str, Any]
) -> list[str]:
    """The measures a study of ``game`` has: those of one game between random bots."""
    bots = ["random"] * players
    one = simulate(game, bots, 1, 0, variant, InlineBackend(), measure=True, params=params)
    return list(row_measures(one.rows[0]))


@dataclass(frozen=True)
class Trial:
    """A finished trial: its number, the varied parameters' values, the measures of every
    game its setting played so far (pooled) and how far they miss the goals."""

    number: int
    values: Mapping[str, Any]
    stats: Stats
    miss: float

    def settings(self, plan: DesignPlan) -> dict[str, Any]:
        """Every parameter the trial played with beyond the rulebook's: fixed and varied."""
        return {**plan.params, **self.values}


def open_study(plan: DesignPlan, path: Path) -> optuna.Study:
    """The study stored at ``path`` (SQLite), made for ``plan`` if new; `ValueError` when it
    was made for another plan (another game, goals, bots…). Trials an interruption left
    running are marked failed: they are played again."""
    import optuna
    from optuna.trial import TrialState

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage = f"sqlite:///{path.resolve()}"
    study = optuna.create_study(
        study_name=STUDY, storage=storage, load_if_exists=True, direction="minimize"
    )
    wanted = plan.to_dict()
    stored = study.user_attrs.get(PLAN)
    if stored is None:
        study.set_user_attr(PLAN, wanted)
    elif stored != wanted:
        differ = sorted(k for k in wanted if stored.get(k) != wanted[k])
        raise ValueError(
            f"the study in {path} was made for another plan (its {', '.join(differ)} differ): "
            "give another --study to start a new one"
        )
    for trial in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study.tell(trial.number, state=TrialState.FAIL)
    return study


def finished(study: optuna.Study) -> list[Trial]:
    """The study's complete trials, in order."""
    from optuna.trial import TrialState

    return [
        Trial(t.number, dict(t.params), Stats(t.user_attrs["stats"]), float(t.values[0]))
        for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
    ]


def miss(plan: DesignPlan, stats: Stats) -> float:
    """How far ``stats`` miss the plan's goals: the sum of each goal's miss."""
    return sum(goal.miss(stats.estimate(goal.measure)[0]) for goal in plan.goals)


def run(
    plan: DesignPlan,
    study: optuna.Study,
    budget: int,
    backend: Backend | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Trial]:
    """Play trials until the study holds ``budget`` complete ones (none if it does already):
    each asks the sampler for a setting, plays ``plan.games`` games of it on ``backend`` and
    tells the sampler the miss. ``progress(games played, games to play)`` as chunks finish.
    Returns every complete trial."""
    import optuna

    done = finished(study)
    todo = max(0, budget - len(done))
    study.sampler = optuna.samplers.TPESampler(seed=plan.seed + len(study.trials))
    total, played = todo * plan.games, 0
    for _ in range(todo):
        trial = study.ask()
        values = {v.name: v.suggest(trial) for v in plan.vary}
        earlier = [t for t in done if dict(t.values) == values]
        seed = plan.seed if not earlier else game_seed(plan.seed, 1_000_003 + len(earlier))

        def tick(count: int, _total: int, before: int = played) -> None:
            if progress is not None:
                progress(before + count, total)

        summary = simulate(
            plan.game,
            plan.bots,
            plan.games,
            seed,
            plan.variant,
            backend,
            tick,
            measure=True,
            params={**plan.params, **values},
        )
        played += plan.games
        stats = Stats.of(summary.rows)
        if earlier:
            stats = earlier[-1].stats.merge(stats)
        score = miss(plan, stats)
        trial.set_user_attr("stats", stats.sums)
        study.tell(trial, score)
        done.append(Trial(trial.number, values, stats, score))
    return done


def best(trials: Sequence[Trial], count: int = 5) -> list[Trial]:
    """The ``count`` settings that miss the goals least, each by its latest trial (the one
    whose games pool every play of it), best first."""
    latest: dict[tuple[tuple[str, Any], ...], Trial] = {}
    for trial in trials:
        latest[tuple(sorted(trial.values.items()))] = trial
    return sorted(latest.values(), key=lambda t: (t.miss, t.number))[:count]
