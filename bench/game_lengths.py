"""``python -m bench.game_lengths``: how long each game lasts, measured, for the lobby.

The lobby and the rules pages state each game's typical length in minutes, for one person among
bots of each level (`potager.server.rules.minutes`), from what is measured here, never guessed:
heuristic bots at every seat play ``--games`` games of every game and player count (default
variant, seeded as `potager.arena.simulate` seeds them), and each configuration's mean decisions
per game (every seat's move counts, as `potager.arena.simulate.GameRow.decisions` counts them),
its 95% interval, the shortest and the longest game, and ``waits``, the moves of the other seats
one seat waits for (made while it has nothing to decide; a move the others make while it decides
too, a bid at once, costs it no time), are written to ``potager/server/lengths.json`` with the
command and the commit they come from. The server reads that file (`potager.server.rules`); run
this again when a game's rules change.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from potager import agents
from potager.arena.match import play_match
from potager.arena.simulate import game_seed
from potager.engine import State
from potager.games import get as get_game
from potager.server.manager import available_games
from potager.server.rules import LENGTH_SOURCE, LENGTHS

LEVEL = "heuristic"
"""The bot level at every seat: it plays the whole game as a person would, and instantly."""


def measure(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """One configuration's lengths: mean decisions per game and per player, with a 95% interval
    for the mean (normal approximation: a few hundred games), the shortest and longest game, and
    the mean moves a seat waits for in a game (`waits`)."""
    rules = get_game(game)
    lengths, waited = [], []
    for index in range(games):
        bots = [agents.make(LEVEL, rules) for _ in range(players)]
        state = play_match(rules, bots, game_seed(seed, index))
        lengths.append(len(state.moves))
        waited.append(statistics.fmean(waits(state)))
    mean = statistics.fmean(lengths)
    half = 1.96 * statistics.stdev(lengths) / math.sqrt(len(lengths))
    return {
        "players": players,
        "games": len(lengths),
        "decisions": round(mean, 1),
        "ci95": [round(mean - half, 1), round(mean + half, 1)],
        "per_player": round(mean / players, 1),
        "shortest": min(lengths),
        "longest": max(lengths),
        "waits": round(statistics.fmean(waited), 1),
    }


def waits(finished: State) -> list[int]:
    """For each seat of a finished game, the moves of the other seats made while it had nothing
    to decide (played again from its start). A simultaneous decision is one round, whatever
    order its moves are applied in: a seat in it waits for none of them."""
    state = finished.game.new_game(finished.players, finished.seed, finished.variant, finished.deck)
    count = [0] * state.players
    deciding: set[int] = set()
    left: set[int] = set()
    for seat, action in finished.moves:
        if not set(state.to_move) <= left:  # a new decision
            deciding, left = set(state.to_move), set(state.to_move)
        left.discard(seat)
        for s in range(state.players):
            if s not in deciding:
                count[s] += 1
        state.apply(seat, action)
    return count


def dumps(data: dict[str, Any]) -> str:
    """The file's text: a row per line, so that a new measurement reads as a diff of rows."""
    games = ",\n".join(
        f"  {json.dumps(name)}: [\n"
        + ",\n".join(f"   {json.dumps(row, ensure_ascii=False)}" for row in rows)
        + "\n  ]"
        for name, rows in data["games"].items()
    )
    return (
        f'{{\n "source": {json.dumps(data["source"], ensure_ascii=False)},\n'
        f' "games": {{\n{games}\n }}\n}}\n'
    )


def commit() -> str:
    """The short hash of the checkout measured, or ``unknown`` outside a git work tree."""
    found = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    return found.stdout.strip() or "unknown"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.game_lengths", description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--seed", type=int, default=1, help="seed of every simulation")
    parser.add_argument("--out", type=Path, default=LENGTHS, help="the JSON file to write")
    args = parser.parse_args(argv)
    found: dict[str, list[dict[str, Any]]] = {}
    for game in available_games():
        for players in range(game.min_players, game.max_players + 1):
            print(f"{game.name} {players} players…", file=sys.stderr)
            row = measure(game.name, players, args.games, args.seed)
            found.setdefault(game.name, []).append(row)
    data = {
        "source": LENGTH_SOURCE.format(games=args.games, seed=args.seed, commit=commit()),
        "games": found,
    }
    args.out.write_text(dumps(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
