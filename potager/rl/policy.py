"""A masked policy network in numpy, and the bot that plays it (bot level ``policy:PATH``).

The network: the observation (`potager.rl.encoding`) through two ``tanh`` layers, then a logit per
action and a value estimate (the expected reward of the seat). Illegal actions are masked out of
the softmax. A saved policy is one ``.npz`` file: the weights and a JSON header naming the game,
player count, variant and sizes, so that a policy is refused by a game or configuration it was not
trained for. The bot plays the most probable legal action (greedy) from its own seat's view.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from potager.engine import Action, Game, Seat, View

from .encoding import Encoder, encoder

LEVEL_PREFIX = "policy:"
"""A bot level ``policy:PATH`` plays the policy saved at PATH (`agents.make`)."""

NEG = np.float32(-1e9)
"""The logit of a masked (illegal) action."""


class Network:
    """The weights and the forward and backward passes (`potager.rl.train` optimises them)."""

    NAMES = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv")

    def __init__(self, params: dict[str, np.ndarray], header: dict[str, Any]) -> None:
        self.params = params
        self.header = header

    @classmethod
    def new(
        cls, game: Game, players: int, variant: Mapping[str, Any], hidden: int, seed: int
    ) -> Network:
        """Random weights (scaled for ``tanh``; the last layers start small, so the first policy
        is close to uniform over the legal actions)."""
        resolved = game.resolve_variant(variant)
        inputs = encoder(game, players, resolved).layout.size
        actions = game.num_actions(players, resolved)
        rng = np.random.default_rng(seed)

        def layer(fan_in: int, fan_out: int, scale: float) -> np.ndarray:
            return (rng.standard_normal((fan_in, fan_out)) * scale / np.sqrt(fan_in)).astype(
                np.float32
            )

        params = {
            "w1": layer(inputs, hidden, 1.0),
            "b1": np.zeros(hidden, np.float32),
            "w2": layer(hidden, hidden, 1.0),
            "b2": np.zeros(hidden, np.float32),
            "wp": layer(hidden, actions, 0.01),
            "bp": np.zeros(actions, np.float32),
            "wv": layer(hidden, 1, 0.1),
            "bv": np.zeros(1, np.float32),
        }
        header = {
            "game": game.name,
            "players": players,
            "variant": resolved,
            "inputs": inputs,
            "actions": actions,
            "hidden": hidden,
        }
        return cls(params, header)

    def forward(
        self, obs: np.ndarray, masks: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, ...]]:
        """Probabilities (rows of legal actions summing to 1), values, and what `backward` needs."""
        p = self.params
        h1 = np.tanh(obs @ p["w1"] + p["b1"])
        h2 = np.tanh(h1 @ p["w2"] + p["b2"])
        logits = np.where(masks > 0, h2 @ p["wp"] + p["bp"], NEG)
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        probs = e / e.sum(axis=1, keepdims=True)
        values = (h2 @ p["wv"] + p["bv"])[:, 0]
        return probs, values, (obs, h1, h2)

    def backward(
        self, cache: tuple[np.ndarray, ...], dlogits: np.ndarray, dvalues: np.ndarray
    ) -> dict[str, np.ndarray]:
        """The gradients of the loss whose derivatives by logit and by value are given."""
        obs, h1, h2 = cache
        p = self.params
        dh2 = dlogits @ p["wp"].T + dvalues[:, None] @ p["wv"].T
        dz2 = dh2 * (1.0 - h2 * h2)
        dh1 = dz2 @ p["w2"].T
        dz1 = dh1 * (1.0 - h1 * h1)
        return {
            "wp": h2.T @ dlogits,
            "bp": dlogits.sum(axis=0),
            "wv": h2.T @ dvalues[:, None],
            "bv": np.array([dvalues.sum()], np.float32),
            "w2": h1.T @ dz2,
            "b2": dz2.sum(axis=0),
            "w1": obs.T @ dz1,
            "b1": dz1.sum(axis=0),
        }

    def save(self, path: str | Path) -> None:
        with open(path, "wb") as out:
            arrays: dict[str, Any] = {"header": np.array(json.dumps(self.header)), **self.params}
            np.savez_compressed(out, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Network:
        """The policy saved at ``path``; `ValueError` names what is wrong with a bad file."""
        try:
            with np.load(path, allow_pickle=False) as data:
                header = json.loads(str(data["header"]))
                params = {name: data[name] for name in cls.NAMES}
        except (OSError, KeyError, ValueError) as exc:
            raise ValueError(f"cannot load a policy from {str(path)!r}: {exc}") from None
        return cls(params, header)


class EncodedPolicy:
    """A bot that scores the actions from its own seat's encoded view and plays the best legal
    one (greedy); `scores` is the trained model. It refuses a game, player count or variant it
    was not trained for."""

    def __init__(self, game: Game, trained: Mapping[str, Any], name: str) -> None:
        if trained["game"] != game.name:
            raise ValueError(f"the policy was trained for {trained['game']}, not {game.name}")
        self.game = game
        self.players: int = trained["players"]
        self.variant = game.resolve_variant(trained["variant"])
        self.encoder: Encoder = encoder(game, self.players, self.variant)
        self.num_actions = game.num_actions(self.players, self.variant)
        self.name = name

    def scores(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """One score an action (the higher, the likelier) for one float32 observation."""
        raise NotImplementedError

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        # Garden Rush's views have no player count: it is played by two only.
        players = view.get("players", game.max_players)
        if players != self.players:
            raise ValueError(f"the policy was trained for {self.players} players, not {players}")
        mask = np.zeros(self.num_actions, np.float32)
        mask[legal_actions] = 1.0
        scores = self.scores(self.encoder.encode(view, seat), mask)
        return int(legal_actions[int(np.argmax(scores[legal_actions]))])


class PolicyAgent(EncodedPolicy):
    """A bot that plays a saved policy greedily from its own view (bot level ``policy:PATH``)."""

    def __init__(self, network: Network, game: Game) -> None:
        header = network.header
        super().__init__(game, header, f"{LEVEL_PREFIX}{header.get('path', '')}")
        self.network = network

    @classmethod
    def load(cls, path: str, game: Game) -> PolicyAgent:
        network = Network.load(path)
        network.header["path"] = path
        return cls(network, game)

    def scores(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        probs, _, _ = self.network.forward(observation[None, :], mask[None, :])
        return probs[0]
