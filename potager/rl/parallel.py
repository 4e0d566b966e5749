"""The PettingZoo Parallel environment of a Potager game (`potager.rl.parallel_env`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import ParallelEnv

from .table import RENDER_MODES, RewardKind, Table, agent_name, env_name


class PotagerParallel(ParallelEnv[str, dict[str, np.ndarray], int]):
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
        self.table = Table(game, players, variant, reward, render_mode)
        self.metadata = {
            "name": env_name(self.table.game),
            "render_modes": RENDER_MODES,
            "render_fps": 1,
        }
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [agent_name(s) for s in range(self.table.players)]
        self.agents: list[str] = []
        self.observation_spaces = dict.fromkeys(self.possible_agents, self.table.observation_space)
        self.action_spaces = {
            a: spaces.Discrete(self.table.num_actions) for a in self.possible_agents
        }
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        self.table.new_game(int(self.np_random.integers(2**63)))
        self.agents = self.possible_agents[:]
        self.cycles = 0
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

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.state = None
