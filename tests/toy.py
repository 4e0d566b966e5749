"""The one toy game of the tests of everything around the rules (engine, command line, arena,
bench, server, store): tiny, but with every kind of decision and information the real games have.

Set-up: the fruits (``cards`` for sale plus one per seat, half apples, half pears) are shuffled,
or scripted with ``deck=``. The first ones are dealt face down, one to each seat (a private
``deal`` event; only its owner's view shows it); the others are the pile, top first.

Each round the top fruit of the pile is shown and every seat secretly bids ``1``, ``2`` or ``3``
(hidden commitments: views show only who has committed, a seat's own bid only to that seat, as
does its private ``your bid`` event; the others get no event until the ``reveal``). The highest
bid that nobody else made wins the fruit, and its bidder alone chooses to ``keep`` it or ``give
away`` to the next seat. No unique bid: the fruit is discarded. The game ends with the pile. An
apple scores 2, a pear 1, the dealt fruit included (the result's details show the dealt fruits);
the ``bonus`` option adds 1 to the score of each seat that won at least one fruit.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from potager import games
from potager.engine import PRIVATE_TO, Commitments, Game, GamePieces, Result, State

BIDS = ("1", "2", "3")
KEEP, GIVE = 3, 4
POINTS = {"apple": 2, "pear": 1}


class ToyState(State):
    def __init__(
        self, game: Game, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> None:
        super().__init__(game, players, seed, variant, deck)
        if deck is None:
            deck = game.components(players, variant)
            self.rng.shuffle(deck)
        self.hands = [[fruit] for fruit in deck[:players]]
        self.pile = deck[players:]
        self.card: str | None = self.pile.pop(0)
        self.baskets: list[list[str]] = [[] for _ in range(players)]
        self.discard: list[str] = []
        self.won = [0] * players
        self.bids = Commitments()
        self.bids.open(tuple(range(players)))
        self.chooser: int | None = None
        for seat, hand in enumerate(self.hands):
            self.events.append({"type": "deal", PRIVATE_TO: seat, "fruits": list(hand)})

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
        self.events.append({"type": "your bid", PRIVATE_TO: seat, "bid": BIDS[action]})
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
        own = None if seat is None else self.bids.choice(seat)
        return {
            "variant": dict(self.variant),
            "card": self.card,
            "pile": len(self.pile),
            "hand": None if seat is None else list(self.hands[seat]),
            "baskets": [list(b) for b in self.baskets],
            "discard": list(self.discard),
            "won": list(self.won),
            "chooser": self.chooser,
            "committed": list(self.bids.committed),
            "bid": None if own is None else BIDS[own],
        }

    @property
    def is_over(self) -> bool:
        return self.card is None

    def result(self) -> Result:
        if not self.is_over:
            raise ValueError("the game is not over")
        bonus = self.variant["bonus"]
        scores = tuple(
            float(sum(POINTS[f] for f in self.hands[s] + b) + (bonus and self.won[s] > 0))
            for s, b in enumerate(self.baskets)
        )
        winners = tuple(s for s, v in enumerate(scores) if v == max(scores))
        return Result(scores, winners, {"hands": [list(h) for h in self.hands]})

    def action_label(self, action: int) -> str:
        if action < KEEP:
            return f"Bid {BIDS[action]}"
        return "Keep the fruit" if action == KEEP else "Give the fruit to the next seat"


class Toy(Game[ToyState]):
    name = "toy"
    title = "Toy Fruit"
    min_players = 2
    max_players = 4
    variants = {
        "cards": ((4, 6), 4, "fruits for sale"),
        "bonus": ((False, True), False, "1 point for winning any fruit"),
    }

    def _new_state(
        self, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> ToyState:
        return ToyState(self, players, seed, variant, deck)

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        fruits = variant["cards"] + players
        return ["apple"] * (fruits // 2) + ["pear"] * (fruits - fruits // 2)

    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        return (*BIDS, "keep", "give away")

    def sample(self, view: dict[str, Any], seat: int, rng: random.Random) -> ToyState:
        """The others' dealt fruits and the pile drawn from the unseen fruits; the others'
        pending bids drawn at random."""
        baskets, variant = view["baskets"], view["variant"]
        players = len(baskets)
        state = ToyState(self, players, rng.randrange(2**31), variant, None)
        seen = [view["card"], *view["hand"], *view["discard"], *(f for b in baskets for f in b)]
        unseen = Counter(self.components(players, variant)) - Counter(seen)
        hidden = list(unseen.elements())
        rng.shuffle(hidden)
        state.hands = [list(view["hand"]) if s == seat else [hidden.pop()] for s in range(players)]
        state.pile, state.card, state.chooser = hidden, view["card"], view["chooser"]
        state.baskets, state.discard = [list(b) for b in baskets], list(view["discard"])
        state.won = list(view["won"])
        state.bids.open(tuple(range(players)) if view["chooser"] is None else ())
        for s in view["committed"]:
            state.bids.commit(s, BIDS.index(view["bid"]) if s == seat else rng.randrange(3))
        return state


GAME = Toy()


def register(monkeypatch: pytest.MonkeyPatch) -> Toy:
    """Make ``games.get("toy")`` find this game (for the test's duration)."""
    monkeypatch.setitem(games.REGISTRY, GAME.name, GamePieces(GAME))
    return GAME
