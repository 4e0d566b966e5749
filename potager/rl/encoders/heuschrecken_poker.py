"""Heuschrecken Poker's observation: the display, the gardens, chips and the poker cards of every
seat (all public once revealed), who has bid, the seat's own pending bid, and whose pick it is.
Counts are divided by a fixed scale so that most features lie in 0…1."""

from __future__ import annotations

from typing import Any

import numpy as np

from potager.engine import Game, Seat, View
from potager.rl.encoding import Layout, index_of, relative

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

    def encode(self, view: View, seat: Seat) -> np.ndarray:
        kinds, bids = self.kinds, self.bids
        v = np.zeros(self.layout.size, dtype=np.float32)
        v[self.round] = view["round"] / ROUND_SCALE
        v[self.bids_played] = view["bids_played"] / 8.0
        v[self.stalemates] = float(view["stalemates"])
        v[self.pile] = view["pile"] / PILE_SCALE
        if view["phase"] in PHASES:
            v[self.phase + PHASES.index(view["phase"])] = 1.0
        for kind, n in view["display"].items():
            v[self.display + kinds[kind]] = n / COUNT_SCALE
        for kind, n in view["discard"].items():
            v[self.discard + kinds[kind]] = n / COUNT_SCALE
        if view["bid"] is not None:
            v[self.own_bid + bids[view["bid"]]] = 1.0
        n, k, b = self.players, len(kinds), len(bids)
        order = relative(range(n), seat)
        revealed = view["revealed"] or [None] * n
        committed, to_move, takers = set(view["committed"]), set(view["to_move"]), view["takers"]
        for slot, other in enumerate(order):
            at = self.seats + slot * self.per_seat
            for kind, count in view["gardens"][other].items():
                v[at + kinds[kind]] = count / COUNT_SCALE
            v[at + k] = view["chips"][other] / CHIP_SCALE
            for card in view["hands"][other]:
                v[at + k + 1 + bids[card]] = 1.0
            for card in view["spent"][other]:
                v[at + k + 1 + b + bids[card]] = 1.0
            at += k + 1 + 2 * b
            v[at] = float(other in committed)
            shown = revealed[other]
            v[at + 1 + (b if shown is None else bids[shown])] = 1.0
            v[at + 2 + b] = float(other in to_move)
            v[at + 3 + b] = float(other in takers)
        return v


def _k(facts: dict[str, Any]) -> str:
    return ", ".join(facts["kinds"])
