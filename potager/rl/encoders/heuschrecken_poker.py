"""Heuschrecken Poker's observation: the display, the gardens, chips and the poker cards of every
seat (all public once revealed), who has bid, the seat's own pending bid, and whose pick it is.
Counts are divided by a fixed scale so that most features lie in 0…1."""

from __future__ import annotations

from typing import Any

import numpy as np

from potager.engine import Game, Seat, View
from potager.rl.layout import Layout, index_of, relative

PILE_SCALE = 66.0
"""Garden cards in the box (13 of each plant, 14 grasshoppers)."""
COUNT_SCALE = 10.0
CHIP_SCALE = 10.0
ROUND_SCALE = 8.0
PHASES = ("bid", "take")


class Encoder:
    def __init__(self, game: Game, players: int, variant: dict[str, Any]) -> None:
        facts = game.facts()
        self.players = players
        self.kinds = index_of(facts["kinds"])
        self.bids = index_of(facts["bids"])
        kinds, bids = len(self.kinds), len(self.bids)
        self.per_seat = kinds + 1 + bids + bids + 1 + (bids + 1) + 2
        layout = self.layout = Layout()
        self.phase = layout.add("phase", len(PHASES), "one-hot: bid, take")
        self.round = layout.add("round", 1, f"round number / {ROUND_SCALE:g}")
        self.bids_played = layout.add("bids_played", 1, "bids played this round / 8")
        self.stalemates = layout.add("stalemates", 1, "1 after a stalemate (the next one discards)")
        self.pile = layout.add("pile", 1, f"cards left to draw / {PILE_SCALE:g}")
        self.display = layout.add(
            "display", kinds, f"cards of each kind in the display / {COUNT_SCALE:g}: {_k(facts)}"
        )
        self.discard = layout.add(
            "discard", kinds, f"cards of each kind discarded / {COUNT_SCALE:g}: {_k(facts)}"
        )
        self.own_bid = layout.add(
            "own_bid", bids, "one-hot: the seat's own bid, placed face down this turn (1…6, A, X)"
        )
        self.seats = layout.add(
            "seats",
            players * self.per_seat,
            f"per seat, the observer first ({self.per_seat} each): its garden "
            f"({kinds} counts / {COUNT_SCALE:g}), chips / {CHIP_SCALE:g}, poker cards in hand "
            f"({bids} flags, 1…6, A, X), spent this round ({bids} flags), has bid this turn, "
            f"last revealed bid (one-hot of {bids + 1}: 1…6, A, X, none), to move, "
            "still to pick a kind",
        )
        # Looked up rather than computed at each step (AEC speed): per seat slot, the
        # offsets of its garden's kinds, of its cards in hand and spent, of its revealed bid.
        self.phases = {name: self.phase + i for i, name in enumerate(PHASES)}
        self.orders = [relative(range(players), seat) for seat in range(players)]
        slots = [self.seats + slot * self.per_seat for slot in range(players)]
        self.garden_at = [{kind: at + i for kind, i in self.kinds.items()} for at in slots]
        self.hand_at = [{bid: at + kinds + 1 + i for bid, i in self.bids.items()} for at in slots]
        self.spent_at = [
            {bid: at + kinds + 1 + bids + i for bid, i in self.bids.items()} for at in slots
        ]
        self.revealed_at = [
            {bid: at + kinds + 2 + 2 * bids + i for bid, i in [*self.bids.items(), (None, bids)]}
            for at in slots
        ]

    def encode(self, view: View, seat: Seat) -> np.ndarray:
        kinds, k, b = self.kinds, len(self.kinds), len(self.bids)
        v = np.zeros(self.layout.size, dtype=np.float32)
        v[self.round] = view["round"] / ROUND_SCALE
        v[self.bids_played] = view["bids_played"] / 8.0
        v[self.stalemates] = float(view["stalemates"])
        v[self.pile] = view["pile"] / PILE_SCALE
        phase = self.phases.get(view["phase"])
        if phase is not None:
            v[phase] = 1.0
        # Zeros are left as they are: most counts and flags are zero at any step.
        for kind, n in view["display"].items():
            if n:
                v[self.display + kinds[kind]] = n / COUNT_SCALE
        for kind, n in view["discard"].items():
            if n:
                v[self.discard + kinds[kind]] = n / COUNT_SCALE
        if view["bid"] is not None:
            v[self.own_bid + self.bids[view["bid"]]] = 1.0
        revealed = view["revealed"]
        committed, to_move, takers = view["committed"], view["to_move"], view["takers"]
        gardens, chips, hands, spent = view["gardens"], view["chips"], view["hands"], view["spent"]
        for slot, other in enumerate(self.orders[seat]):
            garden_at = self.garden_at[slot]
            for kind, count in gardens[other].items():
                if count:
                    v[garden_at[kind]] = count / COUNT_SCALE
            at = self.seats + slot * self.per_seat
            if chips[other]:
                v[at + k] = chips[other] / CHIP_SCALE
            hand_at, spent_at = self.hand_at[slot], self.spent_at[slot]
            for card in hands[other]:
                v[hand_at[card]] = 1.0
            for card in spent[other]:
                v[spent_at[card]] = 1.0
            v[self.revealed_at[slot][revealed[other] if revealed else None]] = 1.0
            at += k + 1 + 2 * b
            if other in committed:
                v[at] = 1.0
            if other in to_move:
                v[at + 2 + b] = 1.0
            if other in takers:
                v[at + 3 + b] = 1.0
        return v


def _k(facts: dict[str, Any]) -> str:
    return ", ".join(facts["kinds"])
