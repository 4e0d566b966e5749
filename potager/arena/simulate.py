"""Many games between bots: win rates with confidence intervals, scores, game lengths.

>>> [round(bound, 4) for bound in wilson(50, 100)]
[0.4038, 0.5962]

Reproducible: game ``i`` of a simulation seeded ``S`` is played with the seed `game_seed(S, i)`
and fresh agents, whatever runs it. Games are cut into chunks whose size depends only on the
number of games; each chunk is tallied on its own and the tallies are added in chunk order, so
the totals are the same for any number of workers (and any backend).

Ties: a game with ``k`` winners counts ``1/k`` of a win for each of them, so the win rates of
one simulation add up to 1.

Backends run the chunks: `InlineBackend` in this process, `ProcessBackend` on a local process
pool. Anything with the `Backend` method can be passed to `simulate` (a Dask cluster backend,
later, for ``--scheduler tcp://...``).
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from potager import agents, games
from potager.engine import SeatHolder, signed

from .match import play_match

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""

CHUNKS = 100
"""About this many chunks per simulation (between 1 and `MAX_CHUNK` games each)."""
MAX_CHUNK = 250


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``: a hash of the two, the same on
    every machine.

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion ``wins / n`` (``wins`` may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


@dataclass(frozen=True)
class Job:
    """What to simulate (picklable: it is sent to the workers)."""

    game: str
    bots: tuple[str, ...]
    seed: int
    variant: Mapping[str, Any] = field(default_factory=dict)
    records: str | None = None
    """A directory to write each game's record into (``game-000042.json``), or ``None``."""

    @property
    def players(self) -> int:
        return len(self.bots)


@dataclass
class Tally:
    """Sums over a run of games, per seat; `add` one game, `merge` another tally."""

    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    decisions: int = 0
    shortest: int | None = None
    longest: int | None = None

    def __post_init__(self) -> None:
        self.wins = self.wins or [0.0] * self.players
        self.scores = self.scores or [0.0] * self.players

    def add(self, scores: Sequence[float], winners: Sequence[int], decisions: int) -> None:
        self.games += 1
        for seat in winners:
            self.wins[seat] += 1 / len(winners)
        for seat, score in enumerate(scores):
            self.scores[seat] += score
        self._lengths(decisions, decisions, decisions)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.scores = [a + b for a, b in zip(self.scores, other.scores, strict=True)]
        if other.games:
            assert other.shortest is not None and other.longest is not None
            self._lengths(other.decisions, other.shortest, other.longest)

    def _lengths(self, decisions: int, shortest: int, longest: int) -> None:
        self.decisions += decisions
        self.shortest = shortest if self.shortest is None else min(self.shortest, shortest)
        self.longest = longest if self.longest is None else max(self.longest, longest)


def play_chunk(job: Job, start: int, stop: int) -> Tally:
    """Play games ``start`` … ``stop - 1`` of ``job``, each with fresh agents, and tally them."""
    game = games.get(job.game)
    tally = Tally(job.players)
    for index in range(start, stop):
        seated = [agents.make(level, game) for level in job.bots]
        state = play_match(game, seated, game_seed(job.seed, index), job.variant)
        if job.records is not None:
            record = signed(state, [SeatHolder.bot(level) for level in job.bots])
            Path(job.records, f"game-{index:06d}.json").write_text(record.to_json() + "\n")
        result = state.result()
        tally.add(result.scores, result.winners, len(state.moves))
    return tally


def chunks(games_count: int) -> list[tuple[int, int]]:
    """``[(start, stop), ...]`` covering the games; sizes depend on the count alone."""
    size = max(1, min(MAX_CHUNK, games_count // CHUNKS))
    return [(start, min(start + size, games_count)) for start in range(0, games_count, size)]


class Backend(Protocol):
    """Runs `play_chunk` for each ``(start, stop)``, yielding ``(chunk index, tally)`` as each
    finishes (in any order); ``workers`` is how many run at once."""

    workers: int

    def run(self, job: Job, spans: Sequence[tuple[int, int]]) -> Iterator[tuple[int, Tally]]: ...


class InlineBackend:
    """Every chunk in this process, one after the other."""

    workers = 1

    def run(self, job: Job, spans: Sequence[tuple[int, int]]) -> Iterator[tuple[int, Tally]]:
        for i, (start, stop) in enumerate(spans):
            yield i, play_chunk(job, start, stop)


class ProcessBackend:
    """A local pool of ``workers`` processes (forked where the platform can, so the workers
    share the parent's registry). The workers ignore Ctrl-C; the pool is terminated at once
    when the parent stops early."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, job: Job, spans: Sequence[tuple[int, int]]) -> Iterator[tuple[int, Tally]]:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        tasks = [(job, i, start, stop) for i, (start, stop) in enumerate(spans)]
        with context.Pool(self.workers, initializer=_ignore_interrupts) as pool:
            yield from pool.imap_unordered(_play_task, tasks)


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_task(task: tuple[Job, int, int, int]) -> tuple[int, Tally]:
    job, index, start, stop = task
    return index, play_chunk(job, start, stop)


def local_backend(workers: int | None = None) -> Backend:
    """In this process for one worker, else a process pool (all cores by default)."""
    workers = workers or os.cpu_count() or 1
    return InlineBackend() if workers == 1 else ProcessBackend(workers)


@dataclass(frozen=True)
class Line:
    """A bot's wins and scores over some seats: ``games × len(seats)`` trials (the seats of one
    game are not independent, so the interval is a rough guide when a level holds several)."""

    bot: str
    seats: tuple[int, ...]
    wins: float
    win_rate: float
    ci95: tuple[float, float]
    mean_score: float

    def to_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "seats": list(self.seats), "ci95": list(self.ci95)}


@dataclass(frozen=True)
class Summary:
    """The outcome of a simulation: the job, the totals and how long it took."""

    job: Job
    tally: Tally
    seconds: float
    workers: int

    def seat_lines(self) -> list[Line]:
        """One line per seat."""
        return [self._line(bot, (seat,)) for seat, bot in enumerate(self.job.bots)]

    def bot_lines(self) -> list[Line]:
        """One line per bot level, over every seat it held."""
        bots = self.job.bots
        return [
            self._line(bot, tuple(s for s, b in enumerate(bots) if b == bot))
            for bot in dict.fromkeys(bots)
        ]

    def _line(self, bot: str, seats: tuple[int, ...]) -> Line:
        wins = sum(self.tally.wins[s] for s in seats)
        score = sum(self.tally.scores[s] for s in seats)
        trials = self.tally.games * len(seats)
        return Line(
            bot, seats, wins, _rate(wins, trials), wilson(wins, trials), _rate(score, trials)
        )

    @property
    def mean_length(self) -> float:
        return _rate(self.tally.decisions, self.tally.games)

    @property
    def games_per_second(self) -> float:
        return self.tally.games / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: everything but the timing is the same for the same job and seed."""
        return {
            "game": self.job.game,
            "players": self.job.players,
            "bots": list(self.job.bots),
            "variant": dict(self.job.variant),
            "seed": self.job.seed,
            "games": self.tally.games,
            "ties": "a game with k winners counts 1/k win for each",
            "seats": [line.to_dict() for line in self.seat_lines()],
            "bot_levels": [line.to_dict() for line in self.bot_lines()],
            "decisions": {
                "mean": self.mean_length,
                "min": self.tally.shortest,
                "max": self.tally.longest,
            },
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "workers": self.workers,
        }


def _rate(total: float, n: int) -> float:
    return total / n if n else 0.0


def simulate(
    game: str,
    bots: Sequence[str],
    games_count: int,
    seed: int,
    variant: Mapping[str, Any] | None = None,
    backend: Backend | None = None,
    progress: Callable[[int, int], None] | None = None,
    records: str | None = None,
) -> Summary:
    """Play ``games_count`` games of ``game`` with ``bots[i]`` (a level name) at seat ``i``.

    ``variant`` is resolved by the game (unknown options raise `ValueError`), as are the bot
    levels, before anything runs. ``progress(done, total)`` is called as chunks finish.
    ``records``: an existing directory where each game's record (with its bots and result) is
    written as ``game-NNNNNN.json`` (its index in the simulation).
    """
    found = games.get(game)
    found.check_players(len(bots))
    for level in bots:
        agents.make(level, found)
    job = Job(game, tuple(bots), seed, found.resolve_variant(variant), records)
    spans = chunks(games_count)
    backend = backend or local_backend()
    started = time.perf_counter()
    tallies: dict[int, Tally] = {}
    done = 0
    for index, tally in backend.run(job, spans):
        tallies[index] = tally
        done += tally.games
        if progress is not None:
            progress(done, games_count)
    total = _merge(Tally(job.players), (tallies[i] for i in range(len(spans))))
    return Summary(job, total, time.perf_counter() - started, backend.workers)


def _merge(total: Tally, parts: Iterable[Tally]) -> Tally:
    for part in parts:
        total.merge(part)
    return total
