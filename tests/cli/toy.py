"""A toy game for the command's tests: a simultaneous bid with hidden commitments, then a
sequential choice, private events, a scripted deck and variant options.

Each round the top fruit of the deck is shown; every seat secretly bids ``1``, ``2`` or ``3``; the
highest bid that nobody else made wins the fruit and then chooses ``keep`` or ``give`` (to the next
seat). No unique bid: the fruit is discarded. An apple scores 2, a pear 1. The ``bonus`` option
adds 1 to the score of each seat that won at least one fruit.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from potager import games
from potager.engine import Commitments, Game, Result, State

BIDS = ("1", "2", "3")
KEEP, GIVE = 3, 4


class ToyState(State):
    def __init__(
        self, game: Game, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> None:
        super().__init__(game, players, seed, variant, deck)
        if deck is None:
            deck = game.components(players, variant)
            self.rng.shuffle(deck)
        self.pile = list(deck)
        self.card: str | None = self.pile.pop(0)
        self.baskets: list[list[str]] = [[] for _ in range(players)]
        self.discard: list[str] = []
        self.won = [0] * players
        self.bids = Commitments()
        self.bids.open(tuple(range(players)))
        self.chooser: int | None = None

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.chooser is not None:
            return (self.chooser,)
        return self.bids.waiting if self.card is not None else ()

    def legal_actions(self, seat: int) -> list[int]:
        if seat not in self.to_move:
            return []
        return [KEEP, GIVE] if self.chooser is not None else [0, 1, 2]

    def _apply(self, seat: int, action: int) -> None:
        if self.chooser is not None:
            target = seat if action == KEEP else (seat + 1) % self.players
            assert self.card is not None
            self.baskets[target].append(self.card)
            self.events.append({"type": "basket", "seat": target, "fruit": self.card})
            self.chooser = None
            self._next_card()
            return
        self.bids.commit(seat, action)
        self.events.append({"type": "your bid", "to": seat, "bid": BIDS[action]})
        if not self.bids.complete:
            return
        bids = self.bids.reveal()
        self.events.append({"type": "reveal", "bids": {str(s): BIDS[b] for s, b in bids.items()}})
        unique = [b for b in bids.values() if list(bids.values()).count(b) == 1]
        if unique:
            self.chooser = next(s for s, b in bids.items() if b == max(unique))
            self.won[self.chooser] += 1
            self.events.append({"type": "win", "seat": self.chooser, "fruit": self.card})
        else:
            assert self.card is not None
            self.discard.append(self.card)
            self._next_card()

    def _next_card(self) -> None:
        self.card = self.pile.pop(0) if self.pile else None
        if self.card is not None:
            self.bids.open(tuple(range(self.players)))

    def view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "variant": dict(self.variant),
            "card": self.card,
            "discard": list(self.discard),
            "won": list(self.won),
            "chooser": self.chooser,
            "pile": len(self.pile),
            "baskets": [list(b) for b in self.baskets],
            "committed": list(self.bids.committed),
        }
        if seat is not None:
            own = self.bids.choice(seat)
            view["bid"] = None if own is None else BIDS[own]
        return view

    @property
    def is_over(self) -> bool:
        return self.card is None

    def result(self) -> Result:
        if not self.is_over:
            raise ValueError("the game is not over")
        bonus = self.variant["bonus"]
        scores = tuple(
            float(sum(2 if f == "apple" else 1 for f in b) + (bonus and self.won[s] > 0))
            for s, b in enumerate(self.baskets)
        )
        return Result(scores, tuple(s for s, v in enumerate(scores) if v == max(scores)))


class Toy(Game):
    name = "toy"
    title = "Toy Fruit"
    min_players = 2
    max_players = 4
    variants = {
        "cards": ((4, 6), 4, "fruits in the deck"),
        "bonus": ((False, True), False, "1 point for winning any fruit"),
    }

    def _new_state(self, players, seed, variant, deck):  # type: ignore[no-untyped-def]
        return ToyState(self, players, seed, variant, deck)

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        half = variant["cards"] // 2
        return ["apple"] * half + ["pear"] * half

    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        return (*BIDS, "keep", "give")

    def sample(self, view: dict[str, Any], seat: int, rng: random.Random) -> ToyState:
        """The unseen fruits shuffled into the pile; the others' pending bids drawn at random."""
        baskets = view["baskets"]
        state = ToyState(self, len(baskets), rng.randrange(2**31), view["variant"], None)
        seen = Counter([f for b in baskets for f in b] + view["discard"] + [view["card"]])
        state.pile = list(
            (Counter(self.components(len(baskets), view["variant"])) - seen).elements()
        )
        rng.shuffle(state.pile)
        state.card, state.chooser = view["card"], view["chooser"]
        state.baskets, state.discard = [list(b) for b in baskets], list(view["discard"])
        state.won = list(view["won"])
        state.bids.open(tuple(range(len(baskets))) if view["chooser"] is None else ())
        for s in view["committed"]:
            state.bids.commit(s, BIDS.index(view["bid"]) if s == seat else rng.randrange(3))
        return state


GAME = Toy()


def register(monkeypatch: pytest.MonkeyPatch) -> Game:
    """Make ``games.get("toy")`` find this module (for the test's duration)."""
    monkeypatch.setitem(games._PACKAGES, "toy", __name__)
    return GAME
