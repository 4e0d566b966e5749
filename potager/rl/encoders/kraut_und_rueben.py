"""Kraut & Rüben's observation: every garden's owner and top tiles, the tile drawn, what left the
game, the seat's own contract and score, and per seat its mole, gardens and totals. Other seats'
contracts are hidden until the end and are not encoded."""

from __future__ import annotations

from typing import Any

import numpy as np

from potager.engine import Game, Seat, View
from potager.rl.layout import Layout, index_of, relative

PHASES = ("draw", "place", "take")
HEIGHT_SCALE = 3.0
OUT_SCALE = 10.0
SCORE_SCALE = 20.0
TOTAL_SCALE = 30.0


class Encoder:
    def __init__(self, game: Game, players: int, variant: dict[str, Any]) -> None:
        facts = game.facts()
        self.players = players
        self.kinds = index_of(facts["kinds"])
        self.pile_kinds = index_of(facts["pile_kinds"])
        self.spaces = index_of([c + r for r in facts["rows"] for c in facts["columns"]])
        self.contracts = index_of([str(number) for number in facts["contracts"]])
        self.tiles = len(game.components(players, variant))
        self.gardens = len(game.new_game(players, seed=0, variant=variant).view(None)["gardens"])
        k = len(self.kinds)
        self.per_space = k + 1
        self.per_garden = players + 2 + len(self.spaces) * self.per_space
        layout = self.layout = Layout()
        self.phase = layout.add("phase", len(PHASES), "one-hot: draw, place, take")
        self.game_number = layout.add("game_number", 1, "game of the match / games in the match")
        self.pile = layout.add("pile", 1, f"tiles left in the pile / {self.tiles}")
        kinds = ", ".join(facts["kinds"])
        self.drawn = layout.add(
            "drawn",
            len(self.pile_kinds),
            f"one-hot: the tile drawn, to place ({', '.join(facts['pile_kinds'])})",
        )
        self.out = layout.add("out", k, f"tiles out of the game per kind / {OUT_SCALE:g} ({kinds})")
        self.contract = layout.add(
            "contract", len(self.contracts), "one-hot: the seat's own contract, 1…12"
        )
        self.running_score = layout.add(
            "running_score", 1, f"the seat's gardens scored with its contract now / {SCORE_SCALE:g}"
        )
        self.garden_slices = layout.add(
            "gardens",
            self.gardens * self.per_garden,
            f"per garden in number order ({self.per_garden} each): owner (one-hot of "
            f"{players + 1}: the seats, observer first, then nobody), full, then per space a1…d1, "
            f"a2…d2, a3…d3 the top tile (one-hot of {k}: {kinds}) and the stack's height / "
            f"{HEIGHT_SCALE:g}",
        )
        self.seats = layout.add(
            "seats",
            players * 6,
            "per seat, the observer first (6 each): to move, still has its mole, finished, "
            f"gardens taken / 3, took the first garden of this game, match total / "
            f"{TOTAL_SCALE:g}",
        )
        # Looked up rather than computed at each step (AEC speed).
        self.phases = {name: self.phase + i for i, name in enumerate(PHASES)}
        self.contract_at = {int(c): self.contract + i for c, i in self.contracts.items()}
        self.space_at = {name: i * self.per_space for name, i in self.spaces.items()}
        self.slots = [
            {other: slot for slot, other in enumerate(relative(range(players), seat))}
            for seat in range(players)
        ]

    def encode(self, view: View, seat: Seat) -> np.ndarray:
        kinds, k, n = self.kinds, len(self.kinds), self.players
        v = np.zeros(self.layout.size, dtype=np.float32)
        v[self.game_number] = view["game"] / view["games"]
        v[self.pile] = view["pile"] / self.tiles
        v[self.running_score] = view["running_score"] / SCORE_SCALE
        phase = self.phases.get(view["phase"])
        if phase is not None:
            v[phase] = 1.0
        if view["drawn"] is not None:
            v[self.drawn + self.pile_kinds[view["drawn"]]] = 1.0
        for kind, count in view["out"].items():
            v[self.out + kinds[kind]] = count / OUT_SCALE
        if view["contract"] is not None:
            v[self.contract_at[view["contract"]]] = 1.0
        slot_of, space_at = self.slots[seat], self.space_at
        at = self.garden_slices
        for garden in view["gardens"]:
            owner = garden["owner"]
            v[at + (n if owner is None else slot_of[owner])] = 1.0
            if garden["full"]:
                v[at + n + 1] = 1.0
            spaces = at + n + 2
            for space, stack in garden["spaces"].items():
                where = spaces + space_at[space]
                v[where + kinds[stack[-1]]] = 1.0
                v[where + k] = len(stack) / HEIGHT_SCALE
            at += self.per_garden
        taken = [0] * n
        for taker, _ in view["taken"]:
            taken[taker] += 1
        finished = set(view["finished"])
        first = view["taken"][0][0] if view["taken"] else None
        turn, moles, totals = view["turn"], view["moles"], view["totals"]
        # Zeros are left as they are: most of these flags are off at any step.
        for other, slot in slot_of.items():
            at = self.seats + slot * 6
            if other == turn:
                v[at] = 1.0
            if moles[other]:
                v[at + 1] = 1.0
            if other in finished:
                v[at + 2] = 1.0
            if taken[other]:
                v[at + 3] = taken[other] / 3.0
            if other == first:
                v[at + 4] = 1.0
            if totals[other]:
                v[at + 5] = totals[other] / TOTAL_SCALE
        return v
