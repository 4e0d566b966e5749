"""What the benchmark measures on Potager itself, each on one core unless said otherwise.

- random playouts: complete games of uniformly random legal actions (`random_playout`), new game
  set-up included; decisions/s and games/s per game, player count and variant;
- agents: a bot's decisions/s inside whole games where it holds every seat; ISMCTS iterations/s;
- simulation: `potager.arena.simulate` games/s on one worker (beside bare playouts of the same
  configuration, CPU time) and on every core (beside one worker, wall time).

Every single-core measurement runs whole games until its budget of this process's CPU time is
spent (no number is extrapolated from a partial game), in slices of which the fastest is kept
(three; six for random playouts measured in turn with an OpenSpiel anchor, `interleaved`). CPU
time, not wall time, so that other work on a shared machine slows the figures down less; the
simulation's speed-up over the cores is in wall time (several processes), as the user sees it.
"""

from __future__ import annotations

import math
import os
import random
import resource
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from potager import agents
from potager.agents import random_playout
from potager.arena.match import play_match
from potager.arena.simulate import Backend, InlineBackend, ProcessBackend, simulate
from potager.engine import Game, State

SLICES = 3
"""Each measurement is the best of this many slices of its budget."""

EXTRA_VARIANTS: dict[str, list[dict[str, Any]]] = {
    "garden-rush": [{"tools_and_moles": True}],
}
"""Variants measured besides the default one, at every player count."""


@dataclass
class Measure:
    """``decisions`` and ``games`` done in ``seconds``; ``what`` names the configuration."""

    section: str
    what: str
    decisions: int
    games: int
    seconds: float
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "what": self.what,
            "decisions": self.decisions,
            "games": self.games,
            "seconds": round(self.seconds, 4),
            "decisions_per_second": round(self.decisions_per_second, 1),
            "games_per_second": round(self.games_per_second, 2),
            **self.extra,
        }


Slice = tuple[int, int, float]
"""Decisions, games and CPU seconds of a slice of a measurement."""


def until_spent(seconds: float, one_game: Callable[[int], int], slices: int = SLICES) -> Slice:
    """Call ``one_game(i)`` (returning its decisions) for i = 0, 1, … in ``slices`` slices of
    ``seconds / slices`` of this process's CPU time each (at least one game per slice); keep the
    fastest slice. Returns its (decisions, games, CPU seconds)."""
    return interleaved(seconds, [one_game], slices)[0]


def interleaved(
    seconds: float, one_games: Sequence[Callable[[int], int]], slices: int = SLICES
) -> list[Slice]:
    """`until_spent` of each of ``one_games``, their slices taken in turn, so that a shared
    machine's changes of speed fall on all of them alike: the fastest slice of each."""
    best: list[Slice] = [(0, 0, 0.0)] * len(one_games)
    index = 0
    for _ in range(slices):
        for which, one_game in enumerate(one_games):
            decisions = done = 0
            start = time.process_time()
            elapsed = 0.0
            while done == 0 or elapsed < seconds / slices:
                decisions += one_game(index)
                index += 1
                done += 1
                elapsed = time.process_time() - start
            kept = best[which]
            if not kept[1] or decisions * kept[2] > kept[0] * elapsed:  # faster (no division)
                best[which] = (decisions, done, elapsed)
    return best


def configurations(game: Game) -> Iterator[tuple[int, dict[str, Any]]]:
    """Every player count with the default variant, then with each extra variant."""
    for variant in [{}, *EXTRA_VARIANTS.get(game.name, [])]:
        for players in range(game.min_players, game.max_players + 1):
            yield players, variant


def label(game: Game, players: int, variant: dict[str, Any]) -> str:
    options = "".join(f" {k}" if v is True else f" {k}={v}" for k, v in variant.items())
    return f"{game.name} {players}p{options}"


def random_playouts(
    game: Game,
    players: int,
    variant: dict[str, Any],
    seconds: float,
    anchor: Callable[[int], int] | None = None,
) -> Measure:
    """Random playouts of whole games, set-up included. With ``anchor`` (the games of an
    OpenSpiel anchor), that is measured in the slices between these, its decisions/s kept in
    ``extra["anchor"]``: both met the same changes of the machine's speed."""
    rng = random.Random(1)

    def one_game(i: int) -> int:
        return random_playout(game.new_game(players, i, variant), rng)

    what = label(game, players, variant)
    if anchor is None:
        return Measure("engine", what, *until_spent(seconds, one_game))
    (decisions, done, elapsed), (a_decisions, _, a_elapsed) = interleaved(
        seconds, [one_game, anchor], 2 * SLICES
    )
    extra = {"anchor": round(a_decisions / a_elapsed, 1)}
    return Measure("engine", what, decisions, done, elapsed, extra)


def agent_games(game: Game, level: str, seconds: float) -> Measure:
    """Whole games in which ``level`` holds every seat (views built for each decision)."""
    players = game.min_players
    seated = [agents.make(level, game) for _ in range(players)]

    def one_game(i: int) -> int:
        return len(play_match(game, seated, i).moves)

    decisions, done, elapsed = until_spent(seconds, one_game)
    return Measure("agents", f"{level}, {label(game, players, {})}", decisions, done, elapsed)


def random_point(game: Game, players: int, seed: int, rng: random.Random) -> State | None:
    """Game ``seed`` after 0 to 7 random decisions (``None`` if it ended by then): where the
    search rows start a decision."""
    state = game.new_game(players, seed)
    for _ in range(rng.randrange(8)):
        if state.is_over:
            return None
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return None if state.is_over else state


def ismcts_iterations(
    game: Game, seconds: float, iterations: int = 50, informed: bool = False
) -> Measure:
    """The ``ismcts`` level's decisions with a budget of ``iterations`` each (its heuristic's
    hint and merged actions included), from random points of random games, with random playouts
    or (``informed``) the game's own (`agents.game_playout`, as the level plays); ``decisions``
    counts iterations here."""
    playout = "game" if informed else "random"
    agent = agents.make(f"ismcts:iterations={iterations},playout={playout}", game)
    players = game.min_players
    rng = random.Random(2)

    def one_decision(i: int) -> int:
        state = random_point(game, players, i, rng)
        if state is None:
            return 0
        seat = state.to_move[0]
        agent.act(game, state.view(seat), seat, state.legal_actions(seat), rng)
        return iterations

    done_iterations, decisions, elapsed = until_spent(seconds, one_decision)
    kind = "game" if informed else "random"
    what = f"ismcts {iterations} it./decision, {kind} playouts, {label(game, players, {})}"
    return Measure("agents", what, done_iterations, decisions, elapsed, {"unit": "iterations"})


def sample_playouts(
    game: Game, seconds: float, per_view: int = 50, informed: bool = False
) -> Measure:
    """What an ISMCTS iteration costs the engine, the tree aside: ``game.sample`` of a seat's view
    then a playout of the sampled state (random, or with ``informed`` the game's own policy),
    ``per_view`` times from each view (a decision's budget), from random points of random games;
    ``decisions`` counts samples here."""
    playout = agents.game_playout(game) if informed else random_playout
    players = game.min_players
    rng = random.Random(3)

    def one_view(i: int) -> int:
        state = random_point(game, players, i, rng)
        if state is None:
            return 0
        seat = state.to_move[0]
        view = state.view(seat)
        for _ in range(per_view):
            playout(game.sample(view, seat, rng), rng)
        return per_view

    samples, views, elapsed = until_spent(seconds, one_view)
    what = f"sample + {'game' if informed else 'random'} playout, {label(game, players, {})}"
    return Measure("agents", what, samples, views, elapsed, {"unit": "iterations"})


def simulation(game: Game, seconds: float, repeats: int = 2) -> list[Measure]:
    """`simulate` games/s with random bots (the pipeline, not a bot's thinking), as the
    simulation's goals read, each against what it is compared with:

    - one worker beside bare random playouts of the same configuration measured just before
      (`random_playout`, no agent, no view), both in CPU time: the bot path's cost;
    - every core beside one worker with the same number of games (about ``seconds`` worth on one
      worker), taken in turn ``repeats`` times, the fastest of each kept: in wall time as a user
      waits for them, which only idle cores can show (read it beside the machine's load), and by
      CPU time, ``workers × one worker's CPU per game / the pool's`` (the parent's and its
      workers'): the speed-up the pool's own overheads leave, whatever else shares the cores."""
    players = min(4, game.max_players)
    bots = ["random"] * players
    bare = random_playouts(game, players, {}, seconds)
    bare.section, bare.what = "simulation", f"bare random playouts, {label(game, players, {})}"
    # The count from a probe's CPU time, so that a busy machine does not shorten the runs.
    started, probe = time.process_time(), 100
    simulate(game.name, bots, probe, 0, backend=InlineBackend())
    count = max(20, int(probe / (time.process_time() - started) * seconds))
    name = f"random ×{players}"  # the game is named on the bare playouts' row
    backends: list[Backend] = [InlineBackend(), ProcessBackend(os.cpu_count() or 1)]
    walls = [math.inf] * len(backends)
    cpus = [math.inf] * len(backends)
    decisions = 0
    for _ in range(repeats):
        for which, backend in enumerate(backends):
            started = _cpu_seconds()
            summary = simulate(game.name, bots, count, 0, backend=backend)
            cpus[which] = min(cpus[which], _cpu_seconds() - started)
            walls[which] = min(walls[which], summary.seconds)
            decisions = summary.tally.decisions
    cpu = Measure("simulation", f"{name}, 1 worker", decisions, count, cpus[0])
    cpu.extra["vs_playout"] = round(cpu.games_per_second / bare.games_per_second, 3)
    cpu.what += f" ({cpu.extra['vs_playout']:.2f}× bare)"
    one, every = (
        Measure(
            "simulation",
            f"{name}, {backend.workers} worker{'s' if backend.workers > 1 else ''}, wall",
            decisions,
            count,
            wall,
        )
        for backend, wall in zip(backends, walls, strict=True)
    )
    every.extra["vs_one_worker"] = round(every.games_per_second / one.games_per_second, 3)
    every.extra["vs_one_worker_cpu"] = round(backends[1].workers * cpus[0] / cpus[1], 3)
    every.what += (
        f" ({every.extra['vs_one_worker']:.2f}×; by CPU {every.extra['vs_one_worker_cpu']:.2f}×)"
    )
    return [bare, cpu, one, every]


def _cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (a pool's workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime
