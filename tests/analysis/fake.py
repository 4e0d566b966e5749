"""A stand-in evaluator for the tests of everything around the search (labels, tables, JSON,
charts, hidden information): its estimates depend on the view it is given and on the generator,
nothing else, and it remembers what it was shown."""

from __future__ import annotations

import hashlib
import json
import random

from potager.agents import ActionValue
from potager.engine import Action, Game, Seat, View


class ViewDigestSearch:
    def __init__(self, spread: float = 0.02) -> None:
        self.spread = spread
        self.shown: list[tuple[View, Seat, list[Action]]] = []

    def evaluate(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> list[ActionValue]:
        self.shown.append((view, seat, list(legal_actions)))
        digest = hashlib.sha256(json.dumps(view, sort_keys=True).encode()).digest()
        values = []
        for action in legal_actions:
            win = (rng.random() + digest[action % len(digest)] / 256) % 1
            low, high = max(0.0, win - self.spread), min(1.0, win + self.spread)
            values.append(ActionValue(action, 50, win, low, high, 10 * win, 10 * low, 10 * high))
        return sorted(values, key=lambda v: -v.win)
