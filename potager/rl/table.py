"""What the AEC, Parallel and single-agent environments share: one game in progress, its
observation and state spaces, the observations and masks of each seat (from its own view only),
the global state for centralised critics, what becomes of an illegal action, the final rewards and
the text drawing of the table."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from rich.console import Console

from potager import games
from potager.cli import render
from potager.engine import Action, Game, Result, Seat, State

from .encoding import Encoder, encoder

RewardKind = Literal["win", "margin"]
REWARDS: tuple[RewardKind, ...] = ("win", "margin")
IllegalPolicy = Literal["lose", "random", "raise"]
ILLEGAL: tuple[IllegalPolicy, ...] = ("lose", "random", "raise")
"""What an illegal action does (the environments' ``illegal`` argument): ``lose`` ends the episode,
the seat that played it getting `ILLEGAL_REWARD` and the others 0 (PettingZoo's
``TerminateIllegalWrapper``); ``random`` plays a uniformly random legal action instead, drawn from
the environment's seeded generator; ``raise`` raises `potager.engine.IllegalAction`. Either way
``info["illegal"]`` names the refused action, and the game never sees it."""
ILLEGAL_REWARD = -1.0
"""The reward of the seat whose illegal action ends the episode (``illegal="lose"``)."""
RENDER_MODES = ["human", "ansi"]
RENDER_WIDTH = 100
"""Columns of the text drawing (``render_mode="ansi"``)."""


def agent_name(seat: Seat) -> str:
    """PettingZoo's name of ``seat``: ``player_0``, ``player_1``, …"""
    return f"player_{seat}"


def env_name(game: Game) -> str:
    """The versioned environment name: ``heuschrecken_poker_v0``."""
    return f"{game.name.replace('-', '_')}_v0"


def rewards(result: Result, kind: RewardKind) -> list[float]:
    """Each seat's reward for a finished game; both kinds add up to zero over the seats.

    ``win``: with k winners among n seats, a winner gets ``(n/k - 1) / (n - 1)`` and a loser
    ``-1 / (n - 1)`` (two players: +1 / -1, a shared win 0). ``margin``: the seat's score minus the
    mean score of the other seats, in the game's own unit.
    """
    n = len(result.scores)
    if kind == "win":
        share = 1.0 / len(result.winners)
        return [((n * share if s in result.winners else 0.0) - 1.0) / (n - 1) for s in range(n)]
    total = sum(result.scores)
    return [float(s - (total - s) / (n - 1)) for s in result.scores]


class Table:
    """One configuration of a game (players, by default its fewest; variant) and the game in
    progress on it."""

    def __init__(
        self,
        game: str,
        players: int | None,
        variant: Mapping[str, Any] | None,
        reward: RewardKind,
        render_mode: str | None = None,
        illegal: IllegalPolicy = "lose",
    ) -> None:
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.illegal = illegal
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None")
        self.render_mode = render_mode
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.game = games.get(game)
        players = self.game.min_players if players is None else players
        self.game.check_players(players)
        self.players = players
        self.variant = self.game.resolve_variant(variant)
        self.reward = reward
        self.encoder: Encoder = encoder(self.game, players, self.variant)
        self.num_actions = self.game.num_actions(players, self.variant)
        size = self.encoder.layout.size
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.num_actions)
        self.state_space = spaces.Box(-np.inf, np.inf, (players * size,), np.float32)
        self.state: State | None = None

    def new_game(self, seed: int) -> State:
        self.state = self.game.new_game(self.players, seed=seed, variant=self.variant)
        return self.state

    def mask(self, seat: Seat) -> np.ndarray:
        """1 for each legal action of ``seat`` (all zeros when it is not to move)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        legal = self.current.legal_actions(seat)
        if legal:
            mask[legal] = 1
        return mask

    def observe(self, seat: Seat) -> dict[str, np.ndarray]:
        """``{"observation", "action_mask"}`` of ``seat``, from ``state.view(seat)`` alone."""
        state = self.current
        return {
            "observation": self.encoder.encode(state.view(seat), seat),
            "action_mask": self.mask(seat),
        }

    def global_state(self) -> np.ndarray:
        """Every seat's observation vector, seat 0's first, concatenated: all that any seat knows
        (every hand, every face-down choice), for a centralised critic in training. It reveals
        each seat's hidden information to whoever reads it, so no bot ever plays from it; what no
        seat knows (the order of the undrawn components) is not in it."""
        state, encode = self.current, self.encoder.encode
        return np.concatenate([encode(state.view(s), s) for s in range(self.players)])

    def substitute(self, seat: Seat, rng: np.random.Generator) -> Action:
        """A uniformly random legal action of ``seat`` (``illegal="random"``)."""
        legal = self.current.legal_actions(seat)
        return legal[int(rng.integers(len(legal)))]

    def final_rewards(self) -> list[float]:
        return rewards(self.current.result(), self.reward)

    def ansi(self) -> str:
        """The table as the spectator sees it (no hidden information), drawn by the terminal
        renderer (`potager.cli.render`) as plain text."""
        state = self.current
        out = io.StringIO()
        console = Console(file=out, width=RENDER_WIDTH, color_system=None, force_terminal=False)
        console.print(render.for_game(self.game).render(state.view(None), None))
        return out.getvalue()

    def render(self) -> str | None:
        """The environments' ``render()``: the text for ``ansi``, printed for ``human``."""
        if self.render_mode is None:
            return None
        text = self.ansi()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    @property
    def current(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


class Seats:
    """What PettingZoo's AEC and Parallel environments share: the table, the agents and their
    spaces, the seeding of games, the drawing."""

    def _seat(
        self,
        table: Table,
        max_cycles: int | None,
        **metadata: Any,
    ) -> None:
        self.table = table
        self.metadata = {
            "name": env_name(table.game),
            "render_modes": RENDER_MODES,
            "render_fps": 1,
            **metadata,
        }
        self.render_mode = table.render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [agent_name(s) for s in range(table.players)]
        self.agents: list[str] = []
        self.observation_spaces = dict.fromkeys(self.possible_agents, table.observation_space)
        self.action_spaces = {a: spaces.Discrete(table.num_actions) for a in self.possible_agents}
        self.state_space = table.state_space
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _new_game(self, seed: int | None) -> State:
        """A new game (its seed drawn from the environment's generator, reseeded by ``seed``),
        every agent in it."""
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        state = self.table.new_game(int(self.np_random.integers(2**63)))
        self.agents = self.possible_agents[:]
        self.cycles = 0
        return state

    def state(self) -> np.ndarray:
        """The global state (`Table.global_state`): every seat's hidden information, for training
        centralised critics only."""
        return self.table.global_state()

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.state = None
