"""Pas de Haricots' observation: the seat's hand and face-down card, the cards face up on the
table, the bean card, every seat's collected cards, series and totals, and whose decision it is.
Cards are indexed suit by suit (H, D, S, C; ranks 1…10, J, N, Q, K), then the trumps T1…T4."""

from __future__ import annotations

from typing import Any

import numpy as np

from potager.engine import Game, Seat, View
from potager.rl.layout import Layout, index_of, relative

PHASES = ("lead", "commit", "take")
HAND_SCALE = 20.0
"""The largest deal (three players)."""
SERIES_SCALE = 20.0
TOTAL_SCALE = 50.0
TURN_SCALE = 20.0


class Encoder:
    def __init__(self, game: Game, players: int, variant: dict[str, Any]) -> None:
        facts = game.facts()
        names = [s + r for s in facts["suits"] for r in facts["ranks"]]
        self.cards = index_of([*names, *facts["pas_de_haricots"]])
        self.suits = index_of(facts["suits"])
        self.players, self.hands = players, variant["hands"]
        c, s = len(self.cards), len(self.suits)
        self.per_seat = 2 * c + 5 + s + 1
        layout = self.layout = Layout()
        self.phase = layout.add("phase", len(PHASES), "one-hot: lead, commit, take")
        self.hand_number = layout.add("hand_number", 1, "hand (manche) number / hands in the match")
        self.turn = layout.add("turn", 1, f"turn in the hand / {TURN_SCALE:g}")
        self.hand = layout.add("hand", c, f"the seat's own cards ({c} flags)")
        self.commitment = layout.add(
            "commitment", c, "one-hot: the seat's own face-down card while it is hidden"
        )
        self.bean_card = layout.add("bean_card", c, "one-hot: the card led with the bean")
        self.seats = layout.add(
            "seats",
            players * self.per_seat,
            f"per seat, the observer first ({self.per_seat} each): its card face up on the table "
            f"(one-hot of {c}), the cards it collected this hand ({c} flags), hand size / "
            f"{HAND_SCALE:g}, has committed its face-down card, holds the bean, is the taker, "
            f"is to move, series value per suit / {SERIES_SCALE:g} (H, D, S, C), total of the "
            f"finished hands / {TOTAL_SCALE:g}",
        )
        # Looked up rather than computed at each step (AEC speed).
        self.phases = {name: self.phase + i for i, name in enumerate(PHASES)}
        self.orders = [relative(range(players), seat) for seat in range(players)]
        self.hand_at = {card: self.hand + i for card, i in self.cards.items()}

    def encode(self, view: View, seat: Seat) -> np.ndarray:
        cards, c = self.cards, len(self.cards)
        v = np.zeros(self.layout.size, dtype=np.float32)
        v[self.hand_number] = view["hand_number"] / self.hands
        v[self.turn] = view["turn"] / TURN_SCALE
        phase = self.phases.get(view["phase"])
        if phase is not None:
            v[phase] = 1.0
        hand_at = self.hand_at
        for card in view["hand"] or ():
            v[hand_at[card]] = 1.0
        if view["commitment"] is not None:
            v[self.commitment + cards[view["commitment"]]] = 1.0
        if view["bean_card"] is not None:
            v[self.bean_card + cards[view["bean_card"]]] = 1.0
        committed, to_move = view["committed"], view["to_move"]
        table, collected, hand_sizes = view["table"], view["collected"], view["hand_sizes"]
        series, totals, bean, taker = view["series"], view["totals"], view["bean"], view["taker"]
        suits = self.suits
        # Zeros are left as they are: most flags and counts are zero at any step.
        for slot, other in enumerate(self.orders[seat]):
            at = self.seats + slot * self.per_seat
            face_up = table[other]
            if face_up is not None:
                v[at + cards[face_up]] = 1.0
            for card in collected[other]:
                v[at + c + cards[card]] = 1.0
            at += 2 * c
            if hand_sizes[other]:
                v[at] = hand_sizes[other] / HAND_SCALE
            if other in committed:
                v[at + 1] = 1.0
            if other == bean:
                v[at + 2] = 1.0
            if other == taker:
                v[at + 3] = 1.0
            if other in to_move:
                v[at + 4] = 1.0
            for suit, value in series[other].items():
                if value:
                    v[at + 5 + suits[suit]] = value / SERIES_SCALE
            if totals[other]:
                v[at + 5 + len(suits)] = totals[other] / TOTAL_SCALE
        return v
