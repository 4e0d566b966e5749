"""``python -m potager.rl.doc``: the tables of docs/rl.md that the code defines: the observations'
features (from the encoders), the options of the training (`potager.rl.train.Settings`) and of
the MaskablePPO example (`potager.rl.sb3_example.Settings`)."""

from __future__ import annotations

import sys

from potager import games

from . import sb3_example, train
from .encoding import encoder
from .options import markdown


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


def options() -> str:
    """The options of ``python -m potager.rl.train`` as a Markdown table: default and meaning."""
    return markdown(train.Settings)


def example_options() -> str:
    """The options of ``python -m potager.rl.sb3_example`` as a Markdown table."""
    return markdown(sb3_example.Settings)


if __name__ == "__main__":
    sys.stdout.write("\n".join((tables(), options(), example_options())))
