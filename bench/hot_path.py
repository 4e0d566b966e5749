"""``python -m bench.hot_path GAME PLAYERS GAMES``: random playouts of GAMES new games through
the public API (`legal_actions` and `apply` at every decision, set-up included), then the total
of decisions. It measures nothing itself: time it as a whole process, one build against another
in turn (docs/openspiel.md shows the engine's chance API left this path as it was); equal totals
say both builds played the same games."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from potager import games
from potager.agents import random_playout


def main(argv: Sequence[str] | None = None) -> int:
    name, players, count = argv if argv is not None else sys.argv[1:]
    game = games.get(name)
    rng = random.Random(1)
    print(sum(random_playout(game.new_game(int(players), i), rng) for i in range(int(count))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
