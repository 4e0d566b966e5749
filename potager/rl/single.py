"""Gymnasium single-agent environments: one seat learns, bots hold the others.

``gymnasium.make("potager/HeuschreckenPoker-v0", opponents="heuristic")`` (ids in
`potager.rl.GYMNASIUM_IDS`). The opponents are bot levels of `potager.agents.make`, each acting
from its own seat's view; the learner's observation is its own view's encoding. ``action_masks()``
gives the legal actions (sb3-contrib's MaskablePPO reads it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from potager import agents
from potager.engine import Agent, IllegalAction, Seat

from .table import ILLEGAL_REWARD, RENDER_MODES, IllegalPolicy, RewardKind, Table


class PotagerSingle(gymnasium.Env[dict[str, np.ndarray], int]):
    """The game from ``seat``'s chair; ``opponents`` is one level for every other seat or one
    level per other seat, in seat order. An episode is one game; the reward comes at its end
    (`potager.rl.table.rewards`), and ``info["result"]`` holds the game's result then.

    An illegal action never reaches the game; by ``illegal`` (`potager.rl.table.ILLEGAL`) it ends
    the episode with a reward of -1 (``"lose"``, the default: PettingZoo's classic convention,
    which makes every action of the space valid input, as Gymnasium's ``check_env`` sends), or a
    random legal action is played instead (``"random"``), the error's message in
    ``info["illegal"]`` either way, or it raises `potager.engine.IllegalAction` (``"raise"``).
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 1}  # noqa: RUF012 (Gymnasium's)

    def __init__(
        self,
        game: str,
        players: int | None = None,
        variant: Mapping[str, Any] | None = None,
        opponents: str | Sequence[str] = "random",
        seat: Seat = 0,
        reward: RewardKind = "win",
        illegal: IllegalPolicy = "lose",
        render_mode: str | None = None,
    ) -> None:
        self.table = Table(game, players, variant, reward, render_mode, illegal)
        players = self.table.players
        if not 0 <= seat < players:
            raise ValueError(f"seat must be in 0…{players - 1}, not {seat}")
        others = [s for s in range(players) if s != seat]
        levels = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(levels) != len(others):
            raise ValueError(f"{len(others)} opponent level(s) needed, not {len(levels)}")
        self.opponents: dict[Seat, Agent] = {
            s: agents.make(level, self.table.game) for s, level in zip(others, levels, strict=True)
        }
        self.render_mode = render_mode
        self.seat = seat
        self.observation_space = self.table.observation_space  # type: ignore[assignment]
        self.action_space = self.table.action_space  # type: ignore[assignment]
        self._bots_rng = random.Random()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.table.new_game(int(self.np_random.integers(2**63)))
        self._bots_rng.seed(int(self.np_random.integers(2**63)))
        self._play_opponents()
        return self.table.observe(self.seat), {}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self.table.current
        info: dict[str, Any] = {}
        try:
            state.apply(self.seat, int(action))
        except IllegalAction as error:
            if self.table.illegal == "raise":
                raise
            info["illegal"] = str(error)
            if self.table.illegal == "lose":
                return self.table.observe(self.seat), ILLEGAL_REWARD, True, False, info
            state.apply(self.seat, self.table.substitute(self.seat, self.np_random))
        self._play_opponents()
        reward = 0.0
        if state.is_over:
            reward = self.table.final_rewards()[self.seat]
            info["result"] = state.result().to_dict()
        if self.render_mode == "human":
            self.render()
        return self.table.observe(self.seat), reward, state.is_over, False, info

    def _play_opponents(self) -> None:
        """The bots play until the learner is to move or the game is over (at a simultaneous
        decision the bots commit too: the learner's pending choice is not in their views)."""
        state, game = self.table.current, self.table.game
        while not state.is_over:
            bots = [s for s in state.to_move if s != self.seat]
            if not bots:
                return
            seat = bots[0]
            action = self.opponents[seat].act(
                game, state.view(seat), seat, state.legal_actions(seat), self._bots_rng
            )
            state.apply(seat, action)

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner as booleans (sb3-contrib's MaskablePPO)."""
        return self.table.mask(self.seat).astype(bool)

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.state = None
