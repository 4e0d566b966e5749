"""``python -m potager.rl.doc``: the tables of docs/rl.md that the code defines, the observations'
features (from the encoders) and the training's options (from `potager.rl.train.Settings`)."""

from __future__ import annotations

import dataclasses
import sys

from potager import games

from .encoding import encoder
from .train import Settings


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
    rows = ["| option | default | meaning |", "|---|---|---|"]
    for setting in dataclasses.fields(Settings):
        default = {} if setting.name == "variant" else setting.default
        meaning = str(setting.metadata["help"]).replace("|", "\\|")
        rows.append(f"| `--{setting.name.replace('_', '-')}` | `{default}` | {meaning} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    sys.stdout.write(tables() + "\n" + options())
