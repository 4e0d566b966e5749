"""The modules of the hot paths, a playout's and the server's move's, that an install compiles with
mypyc (`setup.py`).

They stay plain Python source: mypyc turns the same files into C extensions, which Python imports
in place of the source, and the rules still import only `potager.engine`. An install without a C
compiler, or with ``POTAGER_PURE=1``, runs the source as it is, with the same behaviour, slower
(`make bench` prints which one it measured). ``setup.py`` reads `MODULES` from this file without
importing the package, so it holds data and the standard library only.
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

MODULES = (
    "potager.agents.ismcts",
    "potager.agents.random_agent",
    "potager.engine.ascending",
    "potager.engine.commitments",
    "potager.engine.shuffle",
    "potager.games.garden_rush.actions",
    "potager.games.garden_rush.data",
    "potager.games.garden_rush.heuristic",
    "potager.games.garden_rush.rules",
    "potager.games.heuschrecken_poker.data",
    "potager.games.heuschrecken_poker.playout",
    "potager.games.heuschrecken_poker.rules",
    "potager.games.heuschrecken_poker.views",
    "potager.games.kraut_und_rueben.playout",
    "potager.games.kraut_und_rueben.rules",
    "potager.games.kraut_und_rueben.scoring",
    "potager.games.kraut_und_rueben.views",
    "potager.games.pas_de_haricots.cards",
    "potager.games.pas_de_haricots.playout",
    "potager.games.pas_de_haricots.rules",
    "potager.games.pas_de_haricots.scoring",
    "potager.server.actor",
    "potager.server.announce",
    "potager.server.messages",
    "potager.server.moves",
    "potager.server.turns",
)
"""Compiled together, into one library."""
GROUP = "potager_compiled"
"""The name of that library (``GROUP__mypyc.*.so`` beside the package)."""


def status() -> dict[str, bool]:
    """For each module of `MODULES`, whether it runs compiled in this process."""
    return {
        name: str(importlib.import_module(name).__file__).endswith(tuple(EXTENSION_SUFFIXES))
        for name in MODULES
    }
