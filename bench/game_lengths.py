"""``python -m bench.game_lengths``: how long each game lasts, measured, for the lobby (issue 16).

The lobby and the rules pages state each game's typical length as the number of decisions a
player makes in a game. It is measured here, never guessed: heuristic bots at every seat play
``--games`` games of every game and player count (default variant, `potager.arena.simulate`,
seeded), and each configuration's mean decisions per game (every seat's, as
`potager.arena.simulate.GameRow.decisions` counts them: forced steps played for a seat are not
decisions), its 95% interval, the shortest and the longest game are written to
``potager/server/lengths.json``, with the command and the commit they come from. The server reads
that file (`potager.server.rules`); run this again when a game's rules change.
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

from potager.arena.simulate import InlineBackend, simulate
from potager.server.manager import available_games
from potager.server.rules import LENGTHS

LEVEL = "heuristic"
"""The bot level at every seat: it plays the whole game as a person would, and instantly."""


def measure(game: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """One configuration's lengths: mean decisions per game and per player, with a 95% interval
    for the mean (normal approximation: a few hundred games), the shortest and longest game."""
    summary = simulate(game, [LEVEL] * players, games, seed, backend=InlineBackend())
    lengths = [row.decisions for row in summary.rows]
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
    }


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
        "source": (
            f"python -m bench.game_lengths --games {args.games} --seed {args.seed} at commit "
            f"{commit()}: {LEVEL} bots at every seat, default variant; decisions of every seat "
            "per game (forced steps excluded), mean with its 95% interval"
        ),
        "games": found,
    }
    args.out.write_text(dumps(data))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
