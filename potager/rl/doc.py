"""``python -m potager.rl.doc``: the observation tables of docs/rl.md, from the encoders."""

from __future__ import annotations

import sys

from potager import games

from .encoding import encoder


def tables() -> str:
    """Each game's feature table at its largest player count (fewer seats: fewer seat slots)."""
    parts = []
    for name in games.names():
        game = games.get(name)
        layout = encoder(game, game.max_players).layout
        parts.append(
            f"### {game.title} ({game.max_players} players: {layout.size} features)\n\n"
            + layout.markdown()
        )
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":
    sys.stdout.write(tables())
