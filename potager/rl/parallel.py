"""The PettingZoo Parallel environment of a Potager game (`potager.rl.parallel_env`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from potager.engine import IllegalAction

from .table import ILLEGAL_REWARD, IllegalPolicy, RewardKind, Seats, Table, agent_name

Step = tuple[
    dict[str, dict[str, np.ndarray]],
    dict[str, float],
    dict[str, bool],
    dict[str, bool],
    dict[str, dict[str, Any]],
]
"""What a parallel step returns: observations, rewards, terminations, truncations, infos."""


class PotagerParallel(Seats, ParallelEnv[str, dict[str, np.ndarray], int]):
    """One game, seats ``player_0…``; one parallel step is one decision of the game.

    A simultaneous decision (every seat that bids or lays a card face down) is one step with an
    action from each of those seats; a sequential decision is a step with the one seat to move.
    Every live agent gets an observation each step; the seats that do not decide have an all-zero
    action mask, and an action given for them is ignored (PettingZoo's tests send one for every
    agent). A missing action of a deciding seat raises `ValueError` before any action is applied.
    The deciding seats' actions are checked before any is applied, and an illegal one never reaches
    the game: by ``illegal`` (`potager.rl.table.ILLEGAL`) the episode ends, each agent that played
    one losing (the default), or a random legal action is played instead (``info["illegal"]``
    says so), or `potager.engine.IllegalAction` is raised with the game unchanged. Rewards come at
    the end (`potager.rl.table.rewards`); ``max_cycles`` truncates the game after that many steps.
    ``state()`` is the global state of `Table.global_state`.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variant: Mapping[str, Any] | None = None,
        reward: RewardKind = "win",
        max_cycles: int | None = None,
        render_mode: str | None = None,
        illegal: IllegalPolicy = "lose",
    ) -> None:
        self._seat(Table(game, players, variant, reward, render_mode, illegal), max_cycles)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self._new_game(seed)
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {a: self.table.observe(s) for s, a in enumerate(self.possible_agents)}

    def step(self, actions: Mapping[str, int]) -> Step:
        state = self.table.current
        if not self.agents:
            raise ValueError("the game is over: call reset()")
        deciding = state.to_move
        missing = [agent_name(s) for s in deciding if agent_name(s) not in actions]
        if missing:
            raise ValueError(f"no action for {', '.join(missing)}, who decide now")
        chosen = [(s, int(actions[agent_name(s)])) for s in deciding]
        agents = self.agents
        infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        for index, (seat, action) in enumerate(chosen):
            if state.is_legal(seat, action):
                continue
            try:
                state.apply(seat, action)  # raises IllegalAction, naming the problem
            except IllegalAction as error:
                if self.table.illegal == "raise":
                    raise
                infos[agent_name(seat)] = {"illegal": str(error)}
            if self.table.illegal == "random":
                chosen[index] = (seat, self.table.substitute(seat, self.np_random))
        if self.table.illegal == "lose" and any(infos.values()):
            return self._lose(infos)
        for seat, action in chosen:
            state.apply(seat, action)
        self.cycles += 1
        observations = self._observations()
        rewards = dict.fromkeys(agents, 0.0)
        over = state.is_over
        truncated = not over and self.max_cycles is not None and self.cycles >= self.max_cycles
        if over:
            rewards = dict(zip(agents, self.table.final_rewards(), strict=True))
            infos = {a: {**infos[a], "result": state.result().to_dict()} for a in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, truncated)
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _lose(self, infos: dict[str, dict[str, Any]]) -> Step:
        """End the episode on illegal actions, the game unchanged: each agent that played one
        gets `ILLEGAL_REWARD`, the others 0 (their ``infos`` name the refused actions)."""
        agents, self.agents = self.agents, []
        rewards = {a: ILLEGAL_REWARD if infos[a] else 0.0 for a in agents}
        done = dict.fromkeys(agents, True)
        if self.render_mode == "human":
            self.render()
        return self._observations(), rewards, done, dict.fromkeys(agents, False), infos
