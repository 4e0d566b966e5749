"""A toy game with what the server must handle, used until (and beside) the real games.

Each seat is dealt three hidden cards (a private event); three rounds of simultaneous bids
(`potager.engine.Commitments`: views show only who has committed); after each reveal the winner
of the round (highest unique card) decides alone to ``keep`` the point or ``pass`` it.
"""

from __future__ import annotations

import random
from typing import Any

from potager import games
from potager.engine import Commitments, Game, Result, State

NAME = "toy-bids"
PLAY = 6  # actions 0..5: "play 1".."play 6"; 6: keep; 7: pass
KEEP, PASS = 6, 7


class ToyState(State):
    def __init__(
        self, game: Game, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> None:
        super().__init__(game, players, seed, variant, deck)
        cards = deck if deck is not None else self.rng.sample(game.components(players, variant), 12)
        self.hands = [sorted(int(c) for c in cards[3 * s : 3 * s + 3]) for s in range(players)]
        self.points = [0] * players
        self.round = 1
        self.bids = Commitments()
        self.bids.open(tuple(range(players)))
        self.deciding: int | None = None
        self.last: dict[str, int] = {}
        for s in range(players):
            self.events.append({"type": "deal", "to": s, "cards": list(self.hands[s])})

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.deciding is not None:
            return (self.deciding,)
        return () if self.is_over else self.bids.waiting

    def legal_actions(self, seat: int) -> list[int]:
        if seat not in self.to_move:
            return []
        if self.deciding is not None:
            return [KEEP, PASS]
        return sorted({c - 1 for c in self.hands[seat]})

    def _apply(self, seat: int, action: int) -> None:
        if action >= PLAY:
            self.deciding = None
            self.points[seat if action == KEEP else (seat + 1) % self.players] += 1
            self.events.append({"type": "keep" if action == KEEP else "pass", "seat": seat})
            self._next_round()
            return
        self.hands[seat].remove(action + 1)
        self.bids.commit(seat, action + 1)
        self.events.append({"type": "commit", "seat": seat})
        if self.bids.complete:
            plays = self.bids.reveal()
            self.last = {str(s): c for s, c in sorted(plays.items())}
            self.events.append({"type": "reveal", "plays": self.last})
            unique = [c for c in plays.values() if list(plays.values()).count(c) == 1]
            if unique:
                self.deciding = next(s for s, c in plays.items() if c == max(unique))
            else:
                self._next_round()

    def _next_round(self) -> None:
        self.round += 1
        if self.round <= 3:
            self.bids.open(tuple(range(self.players)))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": min(self.round, 3),
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "points": list(self.points),
            "committed": list(self.bids.committed),
            "my_bid": None if seat is None else self.bids.choice(seat),
            "last_reveal": dict(self.last),
        }

    @property
    def is_over(self) -> bool:
        return self.round > 3

    def result(self) -> Result:
        best = max(self.points)
        return Result(
            tuple(float(p) for p in self.points),
            tuple(s for s, p in enumerate(self.points) if p == best),
        )

    def action_label(self, action: int) -> str:
        return {KEEP: "Keep the point", PASS: "Pass the point"}.get(action, f"Bid {action + 1}")


class ToyBids(Game):
    name = NAME
    title = "Toy Bids"
    min_players = 2
    max_players = 3
    variants = {"rounds": ((3,), 3, "rounds (fixed)")}

    def _new_state(self, players, seed, variant, deck):  # type: ignore[no-untyped-def]
        return ToyState(self, players, seed, variant, deck)

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        return [str(n) for n in range(1, 7)] * 2

    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        return (*(f"play {n}" for n in range(1, 7)), "keep", "pass")

    def sample(self, view, seat, rng: random.Random):  # type: ignore[no-untyped-def]
        raise NotImplementedError


GAME = ToyBids()


def register() -> None:
    """Make ``toy-bids`` a registered game (for a server started in another process)."""
    games._PACKAGES[NAME] = __name__
