"""The ladder of bot levels, measured: ``python -m potager.agents.ladder`` (``make ladder``).

For each game and player count, each step of random < heuristic < ismcts < ismcts-strong is
played head to head: one seat of the stronger level against the weaker level at every other seat,
the stronger seat rotated over the table game by game. A step holds when the stronger seat's share
of wins (ties split) reaches 60% with 2 players, 1.3/n with n players (issue 12); the table gives
each share with its Wilson 95% interval and the game count.

The search levels play at a fixed iteration budget (``--iterations``, ``--strong-iterations``)
that stands for their time budget, so that the figures are reproducible from the seeds on any
machine; ``--write README.md`` replaces the table between the ladder markers there.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import pairwise, repeat
from pathlib import Path

from potager import agents, games
from potager.arena.match import play_match

from .action_value import wilson

START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"
"""The markers of the generated table in README.md."""


@dataclass(frozen=True)
class Step:
    """One rung measured: ``stronger`` at one seat against ``weaker`` at the others."""

    game: str
    players: int
    stronger: str
    weaker: str
    games: int
    wins: float

    @property
    def share(self) -> float:
        return self.wins / self.games

    @property
    def target(self) -> float:
        """The share a stronger seat must reach: 60% with 2 players, 1.3/n with n players."""
        return 0.6 if self.players == 2 else 1.3 / self.players

    def verdict(self) -> str:
        """``yes`` when the whole interval clears the target, ``no`` when it is all below,
        ``open`` when the interval straddles it (more games needed)."""
        low, high = wilson(self.wins, self.games)
        return "yes" if low >= self.target else "no" if high < self.target else "open"


def play_step(
    game_name: str,
    players: int,
    stronger: str,
    weaker: str,
    count: int,
    seed: int = 0,
    jobs: int = 1,
) -> Step:
    """``count`` games of one stronger seat (rotated over the seats) against weaker ones, spread
    over ``jobs`` processes (game k is seeded ``seed + k`` wherever it runs: the same figures)."""
    numbers = range(count)
    settings = (game_name, players, stronger, weaker, seed)
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            wins = sum(pool.map(_play_one, repeat(settings), numbers))
    else:
        wins = sum(map(_play_one, repeat(settings), numbers))
    return Step(game_name, players, stronger, weaker, count, wins)


def _play_one(settings: tuple[str, int, str, str, int], number: int) -> float:
    """The stronger seat's share of game ``number`` (the seat rotates with the number)."""
    game_name, players, stronger, weaker, seed = settings
    game = games.get(game_name)
    seat = number % players
    seated = [agents.make(stronger if s == seat else weaker, game) for s in range(players)]
    winners = play_match(game, seated, seed=seed + number).result().winners
    return 1 / len(winners) if seat in winners else 0.0


def table(steps: Sequence[Step], note: str) -> str:
    """The Markdown table of the measured steps, with how they were measured."""
    lines = [
        "| game | players | step (stronger vs weaker) | games | stronger's win share (95%) "
        "| target | holds |",
        "|---|---|---|---|---|---|---|",
    ]
    for step in steps:
        low, high = wilson(step.wins, step.games)
        lines.append(
            f"| {step.game} | {step.players} | {step.stronger} vs {step.weaker} | {step.games} "
            f"| {step.share:.0%} ({low:.0%}–{high:.0%}) | {step.target:.0%} | {step.verdict()} |"
        )
    return "\n".join([*lines, "", note])


def write(path: Path, text: str) -> None:
    """Replace the table between the ladder markers of ``path``."""
    content = path.read_text()
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    if not pattern.search(content):
        raise SystemExit(f"{path} has no {START} ... {END} markers")
    path.write_text(pattern.sub(lambda _: f"{START}\n{text}\n{END}", content))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m potager.agents.ladder", description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games a step (default 1000)")
    parser.add_argument(
        "--search-games", type=int, help="games of the ismcts step (default: --games)"
    )
    parser.add_argument(
        "--strong-games", type=int, default=200, help="games of the ismcts-strong step"
    )
    parser.add_argument("--iterations", type=int, default=2000, help="ismcts's iterations")
    parser.add_argument(
        "--strong-iterations", type=int, default=5000, help="ismcts-strong's iterations a worker"
    )
    parser.add_argument("--game", action="append", help="a game (repeatable; default all)")
    parser.add_argument(
        "--players", type=int, action="append", help="a player count (default: each game's least)"
    )
    parser.add_argument(
        "--steps",
        default="random,heuristic,ismcts,ismcts-strong",
        help="the ladder's levels, weakest first",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes playing a step's games (same figures)"
    )
    parser.add_argument("--write", type=Path, help="replace the table in this file (README.md)")
    args = parser.parse_args(argv)
    budget = {
        "ismcts": f"ismcts:iterations={args.iterations}",
        "ismcts-strong": f"ismcts-strong:iterations={args.strong_iterations}",
    }
    rungs = [budget.get(level, level) for level in args.steps.split(",")]
    steps = []
    for name in args.game or games.names():
        game = games.get(name)
        counts = args.players or [game.min_players]
        for players in [p for p in counts if game.min_players <= p <= game.max_players]:
            for weaker, stronger in pairwise(rungs):
                count = (
                    args.strong_games
                    if stronger.startswith("ismcts-strong")
                    else (args.search_games or args.games)
                    if stronger.startswith("ismcts")
                    else args.games
                )
                started = time.perf_counter()
                step = play_step(name, players, stronger, weaker, count, args.seed, args.jobs)
                seconds = time.perf_counter() - started
                steps.append(step)
                low, high = wilson(step.wins, step.games)
                print(
                    f"{name} {players}p {stronger} vs {weaker}: {step.share:.1%} "
                    f"({low:.1%}-{high:.1%}) of {count} games, {seconds:.0f} s, {step.verdict()}",
                    flush=True,
                )
    note = (
        f"Measured by `python -m potager.agents.ladder {' '.join(argv or sys.argv[1:])}`; "
        f"ismcts at {args.iterations} iterations a decision, ismcts-strong at "
        f"{args.strong_iterations} a worker (2 workers), seeds from {args.seed}. "
        "*holds*: yes when the whole interval clears the target, open when it straddles it."
    )
    text = table(steps, note)
    print(text)
    if args.write:
        write(args.write, text)


if __name__ == "__main__":
    main()
