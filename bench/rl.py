"""PettingZoo's ``performance_benchmark`` shape for the AEC environments (`potager.rl`).

Whole games through ``rl.env(...)`` as PettingZoo's benchmark drives one: every step calls
``env.last()`` (the observation encoded from the seat's view, and its action mask) and then
``env.step`` with a uniformly random legal action (``None`` for an agent that is done). A step is
one call of ``env.step``, the agents' final ``None`` steps included, as PettingZoo counts turns.
CPU time on one core, the fastest of `measure.SLICES` slices, like the engine rows.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from potager.engine import Game

from .measure import Measure, label, until_spent


def measured(game: Game) -> bool:
    """Whether ``game`` has an AEC environment (an observation encoder) to measure."""
    from potager.rl.encoding import encoder

    try:
        encoder(game, game.min_players)
    except ValueError:
        return False
    return True


def aec_steps(game: Game, players: int, variant: dict[str, Any], seconds: float) -> Measure:
    from potager import rl

    env = rl.env(game.name, players=players, variant=variant)
    rng = random.Random(0)

    def one_game(index: int) -> int:
        env.reset(seed=index)
        steps = 0
        for _agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
            else:
                env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            steps += 1
        return steps

    steps, games, spent = until_spent(seconds, one_game)
    return Measure("rl", f"AEC steps, {label(game, players, variant)}", steps, games, spent)
