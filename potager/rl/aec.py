"""The PettingZoo AEC environment of a Potager game (`potager.rl.env`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import AECEnv

from potager.engine import IllegalAction

from .table import ILLEGAL_REWARD, IllegalPolicy, RewardKind, Seats, Table, agent_name


class PotagerAEC(Seats, AECEnv[str, dict[str, np.ndarray], int]):
    """One game, seats ``player_0…``, one agent acting per step.

    At a simultaneous decision (Heuschrecken Poker's bids, Pas de Haricots' face-down cards) the
    seats that decide step one after the other, lowest seat first; each commits a hidden choice
    that the others' observations do not show until all are in. Rewards come at the end of the
    game (`potager.rl.table.rewards`); ``max_cycles`` truncates the game after that many decisions
    (a simultaneous decision of several seats is one). An illegal action never reaches the game:
    by ``illegal`` (`potager.rl.table.ILLEGAL`) it ends the episode, the agent that played it
    losing (the default), or a random legal action is played instead, the agent's info saying
    so until its next step, or it raises `potager.engine.IllegalAction`. ``state()`` is the
    global state of `Table.global_state`. It enforces PettingZoo's order itself: a
    step, an observation or a drawing before `reset` raises `RuntimeError` (PettingZoo's
    ``OrderEnforcingWrapper`` would cost a quarter of a step's time).
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
        super().__init__()
        table = Table(game, players, variant, reward, render_mode, illegal)
        self._seat(table, max_cycles, is_parallelizable=True)
        self.agent_selection = self.possible_agents[0]
        self.seat_of = {a: s for s, a in enumerate(self.possible_agents)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        state = self._new_game(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._deciding = set(state.to_move)
        self.agent_selection = agent_name(state.to_move[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(self.seat_of[agent])

    def step(self, action: int | None) -> None:
        state = self.table.current
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of[agent]
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for agents that are done")
        if self.infos[agent]:
            self.infos[agent] = {}
        try:
            state.apply(seat, int(action))
        except IllegalAction as error:
            if self.table.illegal == "raise":
                raise
            if self.table.illegal == "lose":
                self._lose(agent, str(error))
                return
            state.apply(seat, self.table.substitute(seat, self.np_random))
            self.infos[agent] = {"illegal": str(error)}
        # Rewards are zero until the end: only the acting agent's cumulative reward is reset.
        self._cumulative_rewards[agent] = 0.0
        self._deciding.discard(seat)
        if not self._deciding:
            self.cycles += 1
            self._deciding = set(state.to_move)
        if state.is_over:
            for other, reward in zip(self.agents, self.table.final_rewards(), strict=True):
                self.rewards[other] = reward
                self.terminations[other] = True
                self.infos[other] = {"result": state.result().to_dict()}
            self.agent_selection = self.agents[0]
            self._accumulate_rewards()
        elif self.max_cycles is not None and self.cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[min(self._deciding)]
        if self.render_mode == "human":
            self.render()

    def _lose(self, agent: str, message: str) -> None:
        """End the episode on ``agent``'s illegal action: it gets `ILLEGAL_REWARD`, the others 0."""
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = ILLEGAL_REWARD
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal": message}
        self.agent_selection = self.agents[0]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()
