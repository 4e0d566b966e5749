"""The ladder of bot levels, measured: ``python -m potager.arena.ladder`` (``make ladder``).

Each step of random < heuristic < ismcts < ismcts-strong is played head to head per game and
player count: one seat of the stronger level against the weaker at every other seat, game k
seeded k with the stronger level at seat k mod n. A step holds when the stronger seat's share of
wins (ties split) reaches 60% with 2 players, 1.3/n with n players. The search levels play at a
fixed iteration budget, so every figure replays from its seed on any machine.

Every game is kept as it ends, one JSON line in the results file (`RESULTS`) with its commit, and
a run plays only the games the file lacks: stop it at any moment, run it again to go on.
``--batch N`` grows every step by N games in turn; ``--table`` makes the table from the file
without playing; ``--write docs/ladder.md`` replaces it between the ladder markers there. The
table and its history: docs/ladder.md.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from itertools import pairwise, repeat
from pathlib import Path

from potager import agents, games
from potager.agents.action_value import wilson
from potager.agents.ismcts import close_pools

from .match import play_match

START, END = "<!-- ladder:start -->", "<!-- ladder:end -->"
"""The markers of the generated table in docs/ladder.md."""
StepKey = tuple[str, int, str, str]
"""A step: game, players, stronger level, weaker level."""
RESULTS = Path("docs/ladder.jsonl")
"""Every game played for the ladder's table, one JSON object a line (`Played`)."""
LEVELS = ("random", "heuristic", "ismcts", "ismcts-strong")
"""The ladder's levels, weakest first (a search level may carry parameters)."""


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
    try:
        winners = play_match(game, seated, seed=seed + number).result().winners
    finally:
        close_pools()  # ismcts-strong's workers: this may be a pool's worker itself
    return 1 / len(winners) if seat in winners else 0.0


@dataclass(frozen=True)
class Played:
    """One game of a step as the results file keeps it: the stronger level sat at ``seat``, the
    game was seeded ``seed``, and the stronger seat's share of the win was ``share`` (1, 0, or
    1/k for a tie between k winners); ``commit`` is the code it was played on."""

    game: str
    players: int
    stronger: str
    weaker: str
    seed: int
    seat: int
    share: float
    commit: str

    @property
    def step(self) -> StepKey:
        return self.game, self.players, self.stronger, self.weaker


def load(path: Path) -> list[Played]:
    """The games stored in ``path`` (none if it does not exist), each once: files of several
    runs may be joined, and a game stored twice is kept once. `SystemExit` names a bad line, or
    a game stored twice with two results (then the file mixes play that has changed)."""
    if not path.exists():
        return []
    played: dict[tuple[StepKey, int, int], Played] = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            game = Played(**json.loads(line))
        except (ValueError, TypeError) as exc:
            raise SystemExit(f"{path}:{number}: not a ladder game ({exc})") from None
        first = played.setdefault((game.step, game.seed, game.seat), game)
        if first.share != game.share:
            raise SystemExit(
                f"{path}:{number}: game {game.seed} of {' '.join(map(str, game.step))} is stored "
                f"with shares {first.share} ({first.commit}) and {game.share} ({game.commit})"
            )
    return list(played.values())


def steps(played: Iterable[Played]) -> list[Step]:
    """Each step of the stored games with its totals, in the ladder's order: game, players,
    then the stronger level's rung."""
    totals: dict[StepKey, list[float]] = {}
    for game in played:
        totals.setdefault(game.step, []).append(game.share)
    names = games.names()

    def order(step: StepKey) -> tuple[int, int, int, str]:
        name, players, stronger, _ = step
        rung = stronger.split(":", 1)[0]
        return (
            names.index(name) if name in names else len(names),
            players,
            LEVELS.index(rung) if rung in LEVELS else len(LEVELS),
            stronger,
        )

    return [
        Step(*step, games=len(shares), wins=sum(shares))
        for step, shares in sorted(totals.items(), key=lambda item: order(item[0]))
    ]


def missing(played: Iterable[Played], step: StepKey, count: int, seed: int) -> list[int]:
    """The game numbers below ``count`` of ``step`` that are not stored yet."""
    stored = {(game.seed, game.seat) for game in played if game.step == step}
    players = step[1]
    return [k for k in range(count) if (seed + k, k % players) not in stored]


def commit() -> str:
    """The commit of the package's checkout (``+`` when its files differ from it), else
    ``unknown`` (not a git checkout)."""
    package = Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=package,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        changed = subprocess.run(
            ["git", "status", "--porcelain", "--", "."],
            cwd=package,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if changed else "")


def play_games(
    plan: Sequence[tuple[StepKey, int]], seed: int, jobs: int
) -> Iterator[tuple[StepKey, int, float]]:
    """Play each (step, game number) of ``plan``, yielding (step, number, share) as each game
    ends (in any order when ``jobs`` > 1)."""
    if jobs <= 1:
        for step, number in plan:
            yield step, number, _play_one((*step, seed), number)
        return
    with ProcessPoolExecutor(jobs) as pool:
        running: dict[Future[float], tuple[StepKey, int]] = {
            pool.submit(_play_one, (*step, seed), number): (step, number) for step, number in plan
        }
        for done in as_completed(running):
            step, number = running[done]
            yield step, number, done.result()


def record(path: Path, step: StepKey, seed: int, number: int, share: float, code: str) -> Played:
    """Append one game to the results file at once (a stopped run keeps every game it ended)."""
    game = Played(*step, seed=seed + number, seat=number % step[1], share=share, commit=code)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as out:
        out.write(json.dumps(asdict(game), ensure_ascii=False) + "\n")
    return game


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


def note(played: Sequence[Played], path: Path = RESULTS) -> str:
    """How the table's games were played: the file, the commits, the seeds."""
    commits = sorted({game.commit for game in played})
    return (
        f"Made by `python -m potager.arena.ladder --table --write docs/ladder.md` from the "
        f"{len(played):,} games of `{path}` (played on {', '.join(commits) or 'no commit'}): "
        "game k of a step is seeded k, the stronger level at seat k mod n; ismcts and "
        "ismcts-strong at the fixed iteration budget their name gives (ismcts-strong's a worker, "
        "2 workers), standing for their time budget. *holds*: yes when the whole 95% interval "
        "clears the target, no when it is all below, open when it straddles it."
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m potager.arena.ladder", description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games a step (default 1000)")
    parser.add_argument(
        "--search-games", type=int, help="games of the ismcts step (default: --games)"
    )
    parser.add_argument(
        "--strong-games", type=int, default=200, help="games of the ismcts-strong step"
    )
    parser.add_argument("--iterations", type=int, default=1000, help="ismcts's iterations")
    parser.add_argument(
        "--strong-iterations", type=int, default=5000, help="ismcts-strong's iterations a worker"
    )
    parser.add_argument("--game", action="append", help="a game (repeatable; default all)")
    parser.add_argument(
        "--players", type=int, action="append", help="a player count (default: every one)"
    )
    parser.add_argument(
        "--steps", default=",".join(LEVELS), help="the ladder's levels, weakest first"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes playing games at once (same figures)"
    )
    parser.add_argument(
        "--batch", type=int, help="play this many more games of every step in turn, round by round"
    )
    parser.add_argument("--results", type=Path, default=RESULTS, help=f"default {RESULTS}")
    parser.add_argument("--table", action="store_true", help="play nothing: the stored table")
    parser.add_argument(
        "--write", type=Path, help="replace the table in this file (docs/ladder.md)"
    )
    args = parser.parse_args(argv)
    budget = {
        "ismcts": f"ismcts:iterations={args.iterations}",
        "ismcts-strong": f"ismcts-strong:iterations={args.strong_iterations}",
    }
    rungs = [budget.get(level, level) for level in args.steps.split(",")]
    plan: list[tuple[StepKey, int]] = []
    for name in [] if args.table else args.game or games.names():
        game = games.get(name)
        counts = args.players or range(game.min_players, game.max_players + 1)
        for players in [p for p in counts if game.min_players <= p <= game.max_players]:
            for weaker, stronger in pairwise(rungs):
                count = (
                    args.strong_games
                    if stronger.startswith("ismcts-strong")
                    else (args.search_games or args.games)
                    if stronger.startswith("ismcts")
                    else args.games
                )
                plan.append(((name, players, stronger, weaker), count))
    played = load(args.results)
    code = commit()
    while True:
        todo = [
            (step, number)
            for step, count in plan
            for number in missing(played, step, count, args.seed)[: args.batch]
        ]
        if not todo:
            break
        for step, number, share in play_games(todo, args.seed, args.jobs):
            played.append(record(args.results, step, args.seed, number, share, code))
        for so_far in steps(played):
            low, high = wilson(so_far.wins, so_far.games)
            print(
                f"{so_far.game} {so_far.players}p {so_far.stronger} vs {so_far.weaker}: "
                f"{so_far.share:.1%} ({low:.1%}-{high:.1%}) of {so_far.games}, "
                f"{so_far.verdict()}",
                flush=True,
            )
        if args.write:  # each round: a run stopped later leaves the table as far as it went
            write(args.write, table(steps(played), note(played, args.results)))
    text = table(steps(played), note(played, args.results))
    print(text)
    if args.write:
        write(args.write, text)


if __name__ == "__main__":
    main()
