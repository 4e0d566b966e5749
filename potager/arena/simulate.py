"""Many games between bots: win rates with confidence intervals, scores, game lengths.

Reproducible: game ``i`` of a simulation seeded ``S`` is played with the seed `game_seed(S, i)`
and fresh agents, in chunks whose size depends only on the number of games, tallied in chunk
order: the totals are the same for any number of workers and any `Backend` (`InlineBackend`,
`ProcessBackend`, `potager.arena.cluster.DaskBackend`). A game with ``k`` winners counts ``1/k``
of a win for each. With ``rotate``, game ``i`` seats the bots in `seat_orders` ``[i % len]``, so
each bot holds each seat equally often. Every game gives one `GameRow` (seat order, scores,
winners, length, the game's own measures: `potager.arena.measures`). How to run them and read
them: docs/study.md.

>>> [round(bound, 4) for bound in wilson(50, 100)]
[0.4038, 0.5962]
"""

from __future__ import annotations

import hashlib
import itertools
import math
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from typing import Any, Protocol, cast

from potager import agents, games
from potager.agents.action_value import wilson
from potager.engine import SeatHolder, signed
from potager.provenance import provenance

from . import measures
from .match import play_match
from .rows import GameRow

FORMAT = 1
"""The format of `Summary.to_dict` (``potager simulate --json``)."""
CHUNKS = 100
"""About this many chunks per simulation (between 1 and `MAX_CHUNK` games each)."""
MAX_CHUNK = 250
AHEAD = 2
"""Chunks a `ProcessBackend` worker is sent ahead of the rows it has sent back."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``: a hash of the two, the same on
    every machine.

    >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
    True
    """
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class Job:
    """What to simulate (picklable: it is sent to the workers). Game ``i`` seats the bots as
    ``seatings[i % len(seatings)]``: one seating, or every seat order in turn (rotation), or a
    tournament's every mix and order."""

    game: str
    seatings: tuple[tuple[str, ...], ...]
    seed: int
    variant: Mapping[str, Any] = field(default_factory=dict)
    records: str | None = None
    """A directory to write each game's record into (``game-000042.json``), or ``None``."""
    measure: bool = False
    """Compute the game's own measures (`potager.arena.measures`) into each row."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """The rule parameters changed from the rulebook's (`Game.tuned`), checked."""

    @property
    def bots(self) -> tuple[str, ...]:
        """The first seating: the bots as given."""
        return self.seatings[0]

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def rotate(self) -> bool:
        return len(self.seatings) > 1

    def seating(self, index: int) -> tuple[str, ...]:
        """The bot at each seat in game ``index``."""
        return self.seatings[index % len(self.seatings)]


def seat_orders(bots: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct order of ``bots`` around the table, in a fixed order.

    >>> seat_orders(["heuristic", "random", "random"])
    [('heuristic', 'random', 'random'), ('random', 'heuristic', 'random'), \
('random', 'random', 'heuristic')]
    """
    return list(dict.fromkeys(itertools.permutations(bots)))


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
    bot_wins: dict[str, float] = field(default_factory=dict)
    bot_scores: dict[str, float] = field(default_factory=dict)
    bot_seats: dict[str, int] = field(default_factory=dict)
    """Per bot level: wins, scores and the number of seats it held, over all games."""

    def __post_init__(self) -> None:
        self.wins = self.wins or [0.0] * self.players
        self.scores = self.scores or [0.0] * self.players

    def add(
        self,
        scores: Sequence[float],
        winners: Sequence[int],
        decisions: int,
        bots: Sequence[str],
    ) -> None:
        """One game: each seat's score, the winners, its length and the bot at each seat."""
        self.games += 1
        for seat, bot in enumerate(bots):
            share = 1 / len(winners) if seat in winners else 0.0
            self.wins[seat] += share
            self.scores[seat] += scores[seat]
            self.bot_wins[bot] = self.bot_wins.get(bot, 0.0) + share
            self.bot_scores[bot] = self.bot_scores.get(bot, 0.0) + scores[seat]
            self.bot_seats[bot] = self.bot_seats.get(bot, 0) + 1
        self.decisions += decisions
        self.shortest = decisions if self.shortest is None else min(self.shortest, decisions)
        self.longest = decisions if self.longest is None else max(self.longest, decisions)

    def add_row(self, row: GameRow) -> None:
        self.add(row.scores, row.winners, row.decisions, row.bots)


def play_chunk(job: Job, start: int, stop: int) -> list[GameRow]:
    """Play games ``start`` … ``stop - 1`` of ``job``, each with fresh agents: one row each."""
    game = games.get(job.game).tuned(job.params)
    rows = []
    for index in range(start, stop):
        bots = job.seating(index)
        seed = game_seed(job.seed, index)
        state = play_match(game, [agents.make(level, game) for level in bots], seed, job.variant)
        if job.records is not None:
            record = signed(state, [SeatHolder.bot(level) for level in bots])
            Path(job.records, f"game-{index:06d}.json").write_text(record.to_json() + "\n")
        result = state.result()
        found = measures.measure(state) if job.measure else {}
        rows.append(
            GameRow(index, seed, bots, result.scores, result.winners, len(state.moves), found)
        )
    return rows


def chunks(games_count: int) -> list[tuple[int, int]]:
    """``[(start, stop), ...]`` covering the games; sizes depend on the count alone."""
    size = max(1, min(MAX_CHUNK, games_count // CHUNKS))
    return [(start, min(start + size, games_count)) for start in range(0, games_count, size)]


Chunk = tuple[int, list[GameRow]]
"""A chunk's index among the spans and its rows."""


class Backend(Protocol):
    """Runs `play_chunk` for each ``(start, stop)``, yielding ``(chunk index, rows)`` as each
    finishes (in any order); ``workers`` is how many run at once."""

    workers: int

    def run(self, job: Job, spans: Sequence[tuple[int, int]]) -> Iterator[Chunk]: ...


class InlineBackend:
    """Every chunk in this process, one after the other."""

    workers = 1

    def run(self, job: Job, spans: Sequence[tuple[int, int]]) -> Iterator[Chunk]:
        for i, (start, stop) in enumerate(spans):
            yield i, play_chunk(job, start, stop)


class ProcessBackend:
    """A local pool of ``workers`` processes (forked where the platform can, so the workers
    share the parent's registry). The workers ignore Ctrl-C; they are terminated at once when
    the parent stops early.

    Each worker has its own pipe and `AHEAD` chunks sent to it ahead: it sends back each
    chunk's rows and is sent the next chunk (``None`` once it has none left) as they arrive, so
    it never waits on the parent between chunks. The parent runs no threads:
    ``multiprocessing.Pool``'s worker handler wakes whenever a result waits to be read, and the
    parent's share of the CPU must stay small for two workers to go nearly twice as fast as one
    (measured in docs/benchmarks.md)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(self, job: Job, spans: Sequence[tuple[int, int]]) -> Iterator[Chunk]:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        pending = iter([(i, start, stop) for i, (start, stop) in enumerate(spans)])
        processes: list[BaseProcess] = []
        pipes: list[Connection] = []
        owner: dict[Connection, BaseProcess] = {}
        queued: dict[Connection, int] = {}
        """Per worker still at work, the chunks sent to it whose rows have not come back."""

        def give(conn: Connection) -> None:
            """Send ``conn``'s worker the next chunk, or ``None`` once it has nothing queued."""
            task = next(pending, None)
            if task is not None:
                conn.send(task)
                queued[conn] += 1
            elif queued.get(conn) == 0:
                conn.send(None)
                del queued[conn]

        try:
            for _ in range(min(self.workers, len(spans))):
                ours, theirs = context.Pipe()
                pipes.append(ours)
                process: BaseProcess = context.Process(
                    target=_serve, args=(job, theirs), daemon=True
                )
                process.start()
                theirs.close()
                processes.append(process)
                owner[ours], queued[ours] = process, 0
                for _ in range(AHEAD):
                    give(ours)
            while queued:
                for ready in wait(list(queued)):
                    conn = cast(Connection, ready)
                    try:
                        index, rows, error = conn.recv()
                    except EOFError:
                        owner[conn].join()
                        raise RuntimeError(
                            f"a simulation worker stopped (exit code {owner[conn].exitcode})"
                        ) from None
                    if error is not None:
                        raise error
                    queued[conn] -= 1
                    give(conn)
                    yield index, rows
        finally:
            for process in processes:
                if process.is_alive() and queued:  # stopped early: the busy ones end now
                    process.terminate()
                process.join()
            for pipe in pipes:
                pipe.close()


def _serve(job: Job, conn: Connection) -> None:
    """A `ProcessBackend` worker: play each ``(chunk index, start, stop)`` it is sent, send back
    ``(index, rows, None)`` (or ``(index, None, error)`` and stop), until it is sent ``None``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while (task := conn.recv()) is not None:
        index, start, stop = task
        try:
            conn.send((index, play_chunk(job, start, stop), None))
        except Exception as error:
            try:
                conn.send((index, None, error))
            except Exception:  # an error that cannot be pickled: its text
                conn.send((index, None, RuntimeError(f"{type(error).__name__}: {error}")))
            return


def play_task(task: tuple[Job, int, int, int]) -> Chunk:
    """`play_chunk` of one ``(job, chunk index, start, stop)``: what a worker runs."""
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
    """The outcome of a simulation: the job, the totals, every game's row and how long it took."""

    job: Job
    tally: Tally
    seconds: float
    workers: int
    rows: list[GameRow] = field(default_factory=list, repr=False, compare=False)

    def seat_lines(self) -> list[Line]:
        """One line per seat (its bot, or every bot in turn when the seats were rotated)."""
        held = ROTATED if self.job.rotate else None
        return [
            self._line(held or bot, (seat,), self.tally.wins[seat], self.tally.scores[seat], 1)
            for seat, bot in enumerate(self.job.bots)
        ]

    def bot_lines(self) -> list[Line]:
        """One line per bot level, over every seat it held."""
        bots = self.job.bots
        tally = self.tally
        return [
            self._line(
                bot,
                tuple(s for s, b in enumerate(bots) if b == bot or self.job.rotate),
                tally.bot_wins.get(bot, 0.0),
                tally.bot_scores.get(bot, 0.0),
                bots.count(bot),
            )
            for bot in dict.fromkeys(bots)
        ]

    def _line(
        self, bot: str, seats: tuple[int, ...], wins: float, score: float, per_game: int
    ) -> Line:
        trials = self.tally.games * per_game
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
        """JSON-ready (``potager/schemas/simulate.json``): everything but the timing and what
        wrote it is the same for the same job and seed."""
        return {
            "format": FORMAT,
            **provenance(),
            "game": self.job.game,
            "players": self.job.players,
            "bots": list(self.job.bots),
            "rotate": self.job.rotate,
            "variant": dict(self.job.variant),
            **({"params": _json_params(self.job.params)} if self.job.params else {}),
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


ROTATED = "rotated"
"""The bot named in a seat's line when every bot held that seat in turn."""


def _json_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """Rule parameters as JSON: a table as a list."""
    return {k: list(v) if isinstance(v, tuple) else v for k, v in params.items()}


def _rate(total: float, n: int) -> float:
    return total / n if n else 0.0


def make_job(
    game: str,
    bots: Sequence[str],
    seed: int,
    variant: Mapping[str, Any] | None = None,
    *,
    records: str | None = None,
    rotate: bool = False,
    measure: bool = False,
    params: Mapping[str, Any] | None = None,
) -> Job:
    """A checked `Job`: the player count, the bot levels, the variant and the rule parameters
    are resolved by the game (`ValueError` naming what is wrong) before anything runs."""
    found = games.get(game)
    found.check_players(len(bots))
    tuned = found.tuned(params)
    if tuned.tuning:
        tuned.check_params(len(bots))
    for level in bots:
        agents.make(level, found)
    seatings = tuple(seat_orders(bots)) if rotate else (tuple(bots),)
    options = found.resolve_variant(variant)
    return Job(game, seatings, seed, options, records, measure, dict(tuned.tuning))


def play_spans(
    job: Job,
    spans: Sequence[tuple[int, int]],
    backend: Backend,
    on_chunk: Callable[[list[GameRow]], None] | None = None,
) -> list[GameRow]:
    """Every game of ``spans`` on ``backend``, as rows in game order; ``on_chunk(rows)`` is
    called as each chunk finishes (in the order they finish)."""
    done: dict[int, list[GameRow]] = {}
    for index, rows in backend.run(job, spans):
        done[index] = rows
        if on_chunk is not None:
            on_chunk(rows)
    return [row for i in range(len(spans)) for row in done[i]]


def simulate(
    game: str,
    bots: Sequence[str],
    games_count: int,
    seed: int,
    variant: Mapping[str, Any] | None = None,
    backend: Backend | None = None,
    progress: Callable[[int, int], None] | None = None,
    records: str | None = None,
    *,
    rotate: bool = False,
    measure: bool = False,
    params: Mapping[str, Any] | None = None,
) -> Summary:
    """Play ``games_count`` games of ``game`` with ``bots[i]`` (a level name) at seat ``i``, or
    with every seat order of ``bots`` in turn when ``rotate``.

    ``variant`` is resolved by the game (unknown options raise `ValueError`), as are the bot
    levels, before anything runs. ``progress(done, total)`` is called as chunks finish.
    ``records``: an existing directory where each game's record (with its bots and result) is
    written as ``game-NNNNNN.json`` (its index in the simulation). ``measure``: fill each row's
    measures (`potager.arena.measures`). ``params``: rule parameters changed from the
    rulebook's (`Game.tuned`), checked as the variant is.
    """
    job = make_job(
        game, bots, seed, variant, records=records, rotate=rotate, measure=measure, params=params
    )
    backend = backend or local_backend()
    started = time.perf_counter()
    played = 0

    def tick(rows: list[GameRow]) -> None:
        nonlocal played
        played += len(rows)
        if progress is not None:
            progress(played, games_count)

    rows = play_spans(job, chunks(games_count), backend, tick)
    tally = Tally(job.players)
    for row in rows:
        tally.add_row(row)
    return Summary(job, tally, time.perf_counter() - started, backend.workers, rows)
