"""Garden Rush's observation: both Potagers (the observer's first) square by square, the Hedge,
the Trampoline, what is left in the bag and in the discard, the gnomes' positions and the bonus or
swap in progress. Every seat sees the same table; only the bag's order is secret."""

from __future__ import annotations

from typing import Any

import numpy as np

from potager.engine import Game, Seat, View
from potager.rl.layout import Layout, index_of, relative

PHASES = ("place or harvest", "bonus", "swap")
FACES = ("double", "single", "tool", "mole")
BAG_SCALE = 12.0
"""Tokens of one vegetable in the bag at the start."""
PASS_SCALE = 2.0


class Encoder:
    def __init__(self, game: Game, players: int, variant: dict[str, Any]) -> None:
        facts = game.facts()
        self.players = players
        self.squares = index_of(facts["squares"])
        self.kinds = index_of([*facts["vegetables"], *facts["tool_tokens"]])
        self.faces = index_of(FACES)
        self.abilities = index_of(facts["abilities"])
        self.slots = facts["hedge_slots"]
        self.goal = float(facts["goal"])
        self.tokens = float(len(game.components(players, variant)))
        q, k, a = len(self.squares), len(self.kinds), len(self.abilities)
        self.per_square = k + len(FACES) + a
        kinds, abilities = ", ".join(self.kinds), ", ".join(self.abilities)
        layout = self.layout = Layout()
        self.phase = layout.add("phase", len(PHASES), "one-hot: place or harvest, bonus, swap")
        self.flags = layout.add(
            "flags",
            4,
            "the observer's turn, the observer has the first-seed marker, the end is triggered, "
            "this is the last turn",
        )
        self.passes = layout.add("passes", 1, f"passes in a row / {PASS_SCALE:g} (stuck: pass)")
        self.scores = layout.add(
            "scores", players, f"gnome positions / {self.goal:g}, the observer first"
        )
        self.hedge = layout.add(
            "hedge",
            self.slots * k,
            f"per Hedge slot 1…{self.slots}, one-hot of {k}: {kinds} (none for a gap left in the "
            "last turn)",
        )
        self.trampoline = layout.add("trampoline", k, "one-hot: the token on the Trampoline")
        self.bag = layout.add("bag", k, f"tokens left in the bag per kind / {BAG_SCALE:g}")
        self.bag_size = layout.add("bag_size", 1, f"tokens in the bag / {self.tokens:g}")
        self.discard = layout.add("discard", k, f"discarded tokens per kind / {BAG_SCALE:g}")
        self.bonus_tools = layout.add(
            "bonus_tools", a, f"tools on offer in the bonus ({a} flags: {abilities})"
        )
        self.bonus_square = layout.add(
            "bonus_square", q, "one-hot: the square the bonus is tied to, if any"
        )
        self.swap = layout.add("swap", self.slots, "one-hot: the first of the two swapped slots")
        self.potagers = layout.add(
            "potagers",
            players * q * self.per_square,
            f"per Potager, the observer's first, per square {', '.join(self.squares)} "
            f"({self.per_square} each): the token (one-hot of {k}), its face (one-hot: double, "
            f"single, tool, mole) and the square's printed tool (one-hot of {a}, none on most)",
        )
        # Looked up rather than computed at each step (AEC speed).
        self.phases = {name: self.phase + i for i, name in enumerate(PHASES)}
        self.orders = [relative(range(players), seat) for seat in range(players)]
        self.square_at = {name: i * self.per_square for name, i in self.squares.items()}
        self.face_at = {face: k + i for face, i in self.faces.items()}
        self.tool_at = {tool: k + len(FACES) + i for tool, i in self.abilities.items()}

    def encode(self, view: View, seat: Seat) -> np.ndarray:
        kinds, k = self.kinds, len(self.kinds)
        v = np.zeros(self.layout.size, dtype=np.float32)
        # Zeros are left as they are: most flags are off at any step.
        if view["turn"] == seat:
            v[self.flags] = 1.0
        if view["first_seed"] == seat:
            v[self.flags + 1] = 1.0
        if view["end_triggered"]:
            v[self.flags + 2] = 1.0
        if view["last_turn"]:
            v[self.flags + 3] = 1.0
        if view["passes"]:
            v[self.passes] = view["passes"] / PASS_SCALE
        v[self.bag_size] = view["bag_size"] / self.tokens
        phase = self.phases.get(view["phase"])
        if phase is not None:
            v[phase] = 1.0
        order = self.orders[seat]
        scores = view["scores"]
        for slot, other in enumerate(order):
            v[self.scores + slot] = scores[other] / self.goal
        for slot, token in enumerate(view["hedge"]):
            if token is not None:
                v[self.hedge + slot * k + kinds[token]] = 1.0
        if view["trampoline"] is not None:
            v[self.trampoline + kinds[view["trampoline"]]] = 1.0
        for kind, count in view["bag"].items():
            if count:
                v[self.bag + kinds[kind]] = count / BAG_SCALE
        for kind, count in view["discard"].items():
            if count:
                v[self.discard + kinds[kind]] = count / BAG_SCALE
        bonus = view["bonus"]
        if bonus is not None:
            for tool in bonus["tools"]:
                v[self.bonus_tools + self.abilities[tool]] = 1.0
            if bonus["fixed"] is not None:
                v[self.bonus_square + self.squares[bonus["fixed"]]] = 1.0
        if view["swap"] is not None:
            v[self.swap + view["swap"] - 1] = 1.0
        square_at, face_at, tool_at = self.square_at, self.face_at, self.tool_at
        potagers, tool_squares = view["potagers"], view["tool_squares"]
        per_potager = len(self.squares) * self.per_square
        for slot, other in enumerate(order):
            at = self.potagers + slot * per_potager
            for square, token in potagers[other].items():
                where = at + square_at[square]
                v[where + kinds[token["token"]]] = 1.0
                v[where + face_at[token["face"]]] = 1.0
            for square, tool in tool_squares[other].items():
                v[at + square_at[square] + tool_at[tool]] = 1.0
        return v
