"""Reinforcement-learning environments for the four games (docs/rl.md is the reference page).

`env(game, players=None, variant=None, reward="win", max_cycles=None, render_mode=None,
illegal="lose")` is PettingZoo's AEC environment (`raw_env` the same, enforcing PettingZoo's order
of calls itself), `parallel_env(...)` its Parallel one; `potager.rl.heuschrecken_poker_v0` and the
other games' modules hold them under PettingZoo's versioned names, and Gymnasium's single-agent
environments are registered on import (`GYMNASIUM_IDS`). Observations are encoded from the seat's
own view alone (`potager.rl.encoding`); ``state()`` holds every seat's, for training only.

>>> from potager import rl
>>> env = rl.env("heuschrecken-poker", players=3)
>>> env.reset(seed=1)
>>> observation, reward, termination, truncation, info = env.last()
>>> int(observation["action_mask"].sum())     # the eight poker cards may be bid
8
"""

from __future__ import annotations

import gymnasium

from .aec import PotagerAEC
from .parallel import PotagerParallel
from .single import PotagerSingle

GYMNASIUM_IDS = {
    "heuschrecken-poker": "potager/HeuschreckenPoker-v0",
    "pas-de-haricots": "potager/PasDeHaricots-v0",
    "kraut-und-rueben": "potager/KrautUndRueben-v0",
    "garden-rush": "potager/GardenRush-v0",
}
"""Each game's Gymnasium id (the single-agent environment `PotagerSingle`)."""


env = PotagerAEC
"""``env(game, players=None, variant=None, reward="win", max_cycles=None, render_mode=None,
illegal="lose")``: the AEC environment of ``game``."""
raw_env = PotagerAEC
"""PettingZoo's name for the environment without wrappers: ours has none."""
parallel_env = PotagerParallel
"""``parallel_env(game, ...)``, with the same arguments: the Parallel environment of ``game``."""

for _game, _id in GYMNASIUM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(
            _id, entry_point="potager.rl.single:PotagerSingle", kwargs={"game": _game}
        )

__all__ = [
    "GYMNASIUM_IDS",
    "PotagerAEC",
    "PotagerParallel",
    "PotagerSingle",
    "env",
    "parallel_env",
    "raw_env",
]
