"""The PettingZoo Parallel environment of a Potager game (`potager.rl.parallel_env`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from .table import RewardKind, Seats, Table, agent_name


class PotagerParallel(Seats, ParallelEnv[str, dict[str, np.ndarray], int]):
    """One game, seats ``player_0…``; one parallel step is one decision of the game.

    A simultaneous decision (every seat that bids or lays a card face down) is one step with an
    action from each of those seats; a sequential decision is a step with the one seat to move.
    Every live agent gets an observation each step; the seats that do not decide have an all-zero
    action mask, and an action given for them is ignored (PettingZoo's tests send one for every
    agent). A missing or illegal action of a deciding seat raises `ValueError` (an illegal one
    `potager.engine.IllegalAction`) before any action is applied, so the game is unchanged.
    Rewards come at the end (`potager.rl.table.rewards`); ``max_cycles`` truncates the game after
    that many steps.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variant: Mapping[str, Any] | None = None,
        reward: RewardKind = "win",
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self._seat(Table(game, players, variant, reward, render_mode), max_cycles)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self._new_game(seed)
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self.table.observe(s) for s, a in enumerate(self.possible_agents)}

    def step(
        self, actions: Mapping[str, int]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        state = self.table.current
        if not self.agents:
            raise ValueError("the game is over: call reset()")
        deciding = state.to_move
        missing = [agent_name(s) for s in deciding if agent_name(s) not in actions]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}, who decide now")
        chosen = [(s, int(actions[agent_name(s)])) for s in deciding]
        for seat, action in chosen:
            if not state.is_legal(seat, action):
                state.apply(seat, action)  # raises IllegalAction, naming the problem
        for seat, action in chosen:
            state.apply(seat, action)
        self.cycles += 1
        observations = self._observations()
        agents = self.agents
        rewards = dict.fromkeys(agents, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        over = state.is_over
        truncated = not over and self.max_cycles is not None and self.cycles >= self.max_cycles
        if over:
            rewards = dict(zip(agents, self.table.final_rewards(), strict=True))
            infos = {a: {"result": state.result().to_dict()} for a in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos
