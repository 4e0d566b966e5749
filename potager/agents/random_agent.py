"""The `random` level: a uniformly random legal action. Also the fast random playout."""

from __future__ import annotations

import random

from potager.engine import Action, Game, Seat, State, View


class RandomAgent:
    """Plays a uniformly random legal action."""

    name = "random"

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        return rng.choice(legal_actions)


def random_playout(state: State, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play uniformly random legal actions until the end; return the number of decisions.

    The hot loop of benchmarks and search: no views, only `to_move`, `legal_actions`, `apply`.
    """
    steps = 0
    choice = rng.choice
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, choice(state.legal_actions(seat)))
        steps += 1
        if steps >= max_steps:
            raise RuntimeError(f"{state.game.name} did not end within {max_steps} decisions")
    return steps
