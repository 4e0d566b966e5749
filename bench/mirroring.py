"""``python -m bench.mirroring``: how often two bots at one Heuschrecken Poker table bid alike.

Two bots that bid the same card cancel each other out (rules, "Das Pokern"), and the third player's
plain bid takes the display. Here two bots of the levels a pair names sit at a three-player table
with a third seat (``--other``, a random bot by default, standing for a person); game k is seeded
k, the third seat at seat k mod 3 and the pair in the other two in order. Every reveal counts one
bid turn; the pair bid alike when their two cards are the same. Printed per pair: games, bid turns,
turns bid alike, their share with its 95% Wilson interval (over turns, which are not independent
within a game: read it as a guide), and the fewest and most alike in one game. Two random bots
give the share of chance alone. Nothing here is asserted by the tests.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from potager import agents, games
from potager.agents.action_value import wilson
from potager.arena.match import play_match
from potager.engine import Action, Seat
from potager.games.heuschrecken_poker.data import BIDS

GAME = "heuschrecken-poker"
PLAYERS = 3
SEARCH = "ismcts:iterations=1000"
"""The search level measured: the ladder's stand-in for `ismcts`'s 1 s a move, reproducible."""
PAIRS = (("random", "random"), ("heuristic", "heuristic"), ("heuristic", SEARCH))


@dataclass(frozen=True)
class Mirroring:
    """One pair's figures over ``games`` games: ``turns`` reveals, ``alike`` of them with the two
    bids the same, ``share`` with its 95% interval, and the fewest and most alike in one game."""

    pair: tuple[str, str]
    other: str
    games: int
    turns: int
    alike: int
    share: float
    low: float
    high: float
    fewest: int
    most: int


def reveals(moves: Sequence[tuple[Seat, Action]], bids: int) -> list[dict[Seat, Action]]:
    """Each reveal's bids by seat, from a record's moves (an action below ``bids`` is a bid): a
    reveal ends at a take or when a seat that has bid bids again (a stalemate's new round).

    >>> reveals([(0, 3), (1, 3), (2, 5), (2, 9), (0, 1), (1, 2), (2, 2), (0, 4)], 8)
    [{0: 3, 1: 3, 2: 5}, {0: 1, 1: 2, 2: 2}, {0: 4}]
    """
    found: list[dict[Seat, Action]] = []
    current: dict[Seat, Action] = {}
    for seat, action in moves:
        if action >= bids or seat in current:
            if current:
                found.append(current)
            current = {}
        if action < bids:
            current[seat] = action
    if current:
        found.append(current)
    return found


def measure(pair: tuple[str, str], other: str, count: int) -> Mirroring:
    """``count`` games of ``pair`` beside ``other`` (the module docstring)."""
    game = games.get(GAME)
    turns = alike = 0
    per_game = []
    for seed in range(count):
        third = seed % PLAYERS
        seats = [s for s in range(PLAYERS) if s != third]
        levels = [other] * PLAYERS
        levels[seats[0]], levels[seats[1]] = pair
        state = play_match(game, [agents.make(level, game) for level in levels], seed)
        same = 0
        for reveal in reveals(state.record.moves, len(BIDS)):
            if seats[0] in reveal and seats[1] in reveal:
                turns += 1
                same += reveal[seats[0]] == reveal[seats[1]]
        alike += same
        per_game.append(same)
    low, high = wilson(alike, turns)
    share = alike / turns if turns else 0.0
    return Mirroring(
        pair, other, count, turns, alike, share, low, high, min(per_game), max(per_game)
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.mirroring", description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per pair (default 20)")
    parser.add_argument("--other", default="random", help="the third seat's level")
    parser.add_argument(
        "--pair", action="append", help="two levels, comma-separated (default: the three pairs)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per pair")
    args = parser.parse_args(argv)
    pairs = [tuple(p.split(",", 1)) for p in args.pair] if args.pair else PAIRS
    for a, b in pairs:
        found = measure((a, b), args.other, args.games)
        if args.json:
            print(json.dumps(asdict(found)))
        else:
            print(
                f"{a} + {b} beside {found.other}: {found.alike} of {found.turns} bid turns alike "
                f"over {found.games} games, {found.share:.1%} ({found.low:.1%}–{found.high:.1%}); "
                f"{found.fewest}–{found.most} in one game"
            )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
