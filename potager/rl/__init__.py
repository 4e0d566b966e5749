"""Reinforcement-learning environments for the four games (docs/rl.md is the reference page).

PettingZoo, as its classic environments are used::

    >>> from potager import rl
    >>> env = rl.env("heuschrecken-poker", players=3)
    >>> env.reset(seed=1)
    >>> env.agent_selection, env.possible_agents
    ('player_0', ['player_0', 'player_1', 'player_2'])
    >>> observation, reward, termination, truncation, info = env.last()
    >>> int(observation["action_mask"].sum())     # the eight poker cards may be bid
    8

- `env(game, players=None, variant=None, reward="win", max_cycles=None, render_mode=None,
  illegal="lose")`: the AEC environment (`raw_env` is the same: it enforces PettingZoo's order of
  calls itself, without the wrapper's cost); ``illegal`` says what an illegal action does
  (`potager.rl.table.ILLEGAL`: the agent loses, a random legal action instead, or it raises);
- `parallel_env(...)`: the Parallel environment (a simultaneous decision is one step);
- one module per game with PettingZoo's versioned names (`potager.rl.heuschrecken_poker_v0`,
  `pas_de_haricots_v0`, `kraut_und_rueben_v0`, `garden_rush_v0`), each with `env`, `raw_env` and
  `parallel_env` for that game;
- Gymnasium single-agent environments, registered on import: ``gymnasium.make(
  "potager/HeuschreckenPoker-v0", opponents="heuristic")`` (`GYMNASIUM_IDS`).

Observations are ``{"observation": float32 vector, "action_mask": int8 vector}`` encoded from the
seat's own view alone (`potager.rl.encoding`); ``players`` defaults to the game's fewest.
``state()`` and ``state_space`` are the global state for centralised critics: every seat's
observation, hidden information included, for training only.
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
