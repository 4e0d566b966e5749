"""The ``heuristic`` bot: bids by a one-turn look-ahead, takes the kind that helps its garden most.

It sees only its own view. To bid, it draws the other players' bids from their remaining poker
cards (every spent card is public), resolves each draw with the rules' own `resolve`, and scores
what it would receive with a garden evaluation; the strength of the card it gives up is the price.
To take, it picks the kind whose cultivation raises its garden's value most.
"""

from __future__ import annotations

import random
from functools import cache

from potager.engine import Action, Game, Seat, View
from potager.engine.shuffle import below

from .bidding import resolve
from .data import BIDS, GRASSHOPPER, HARVEST_SET, KINDS, PLAGUE_AT, PLANTS

SAMPLES = 48
"""Draws of the other players' bids per decision (shared by every candidate bid)."""

PARTIAL = (0.0, 0.3, 0.65)
"""The worth of 0, 1 or 2 plants of one kind towards the next harvest (a chip is 1)."""

RISK = (0.0, 0.2, 0.55)
"""The share of the garden's worth lost to 0, 1 or 2 grasshoppers (the next plague's risk)."""

PRICE = (0.0, 0.02, 0.04, 0.06, 0.09, 0.125, 0.225, 0.075)
"""What spending each poker card costs (1…6, Ace, X): the turns it could still win later."""


def garden_value(garden: list[int]) -> float:
    """Chips-to-come of a garden: partial sets, discounted by the grasshoppers' threat."""
    worth = sum(PARTIAL[min(garden[k], 2)] for k in PLANTS)
    return worth * (1.0 - RISK[min(garden[GRASSHOPPER], 2)])


def gain(garden: list[int], cards: list[int]) -> float:
    """How much receiving ``cards`` (five counts) is worth: chips harvested at once plus the
    change in the garden's value; a plague loses the whole garden (rules, reading 5)."""
    after = [g + c for g, c in zip(garden, cards, strict=True)]
    if after[GRASSHOPPER] >= PLAGUE_AT:
        return -garden_value(garden) - 0.1 * sum(garden[k] for k in PLANTS)
    chips = 0
    for kind in PLANTS:
        sets, after[kind] = divmod(after[kind], HARVEST_SET)
        chips += sets
    return chips + garden_value(after) - garden_value(garden) + 0.05 * sum(cards[k] for k in PLANTS)


def one_kind(display: list[int], kind: int) -> list[int]:
    return [n if k == kind else 0 for k, n in enumerate(display)]


def best_pick(garden: list[int], display: list[int]) -> tuple[float, int]:
    """The kind in ``display`` worth most to ``garden``, and its worth."""
    return max((gain(garden, one_kind(display, k)), k) for k in range(5) if display[k])


def greedy_pick(display: list[int]) -> int:
    """What an opponent is assumed to take: the most plants, grasshoppers last."""
    return max(range(5), key=lambda k: (display[k] > 0, k != GRASSHOPPER, display[k]))


class Outlook:
    """What ``seat`` gains from the reveal of a set of bids (the others pick greedily before it),
    for one decision's garden and display: each outcome, and each display left to the seat,
    scored once (a decision meets the same ones many times over its draws)."""

    def __init__(self, seat: Seat, garden: list[int], display: list[int], beginner: bool) -> None:
        self.seat = seat
        self.garden = garden
        self.display = display
        self.beginner = beginner
        self.sweep: float | None = None  # the gain of the whole display
        self.outcomes: dict[tuple[int, tuple[int, ...]], float] = {}
        self.picks: dict[tuple[int, ...], float] = {}

    def share(self, bids: tuple[int, ...]) -> float:
        """What ``seat`` gains when ``bids`` are revealed."""
        outcome = _resolved(bids, self.beginner)
        key = (outcome.sweeper, outcome.takers)
        value = self.outcomes.get(key)
        if value is None:
            value = self.outcomes[key] = self._share(outcome.sweeper, outcome.takers)
        return value

    def _share(self, sweeper: int, takers: tuple[int, ...]) -> float:
        if sweeper >= 0:
            if sweeper != self.seat:
                return 0.0
            if self.sweep is None:
                self.sweep = gain(self.garden, self.display)
            return self.sweep
        left = list(self.display)
        for taker in takers:
            if not any(left):
                break
            if taker == self.seat:
                shown = tuple(left)
                pick = self.picks.get(shown)
                if pick is None:
                    pick = self.picks[shown] = best_pick(self.garden, left)[0]
                return pick
            left[greedy_pick(left)] = 0
        return 0.0


_resolved = cache(resolve)
"""`resolve`, kept for every set of bids met (at most 8⁴ of them, times the two variants)."""


class HeuristicAgent:
    """One-turn look-ahead bidder with a garden evaluation (see the module docstring)."""

    name = "heuristic"

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        if view["phase"] == "take":
            garden = [view["gardens"][seat][k] for k in KINDS]
            return len(BIDS) + best_pick(garden, [view["display"][k] for k in KINDS])[1]
        return self.bids(view, seat, legal_actions, [rng])[0]

    def bids(
        self, view: View, seat: Seat, legal: list[Action], rngs: list[random.Random]
    ) -> list[Action]:
        """The bid `act` makes with each generator of ``rngs`` (a search's model of a seat that
        has bid in secret asks for many: `playout.likely_bids`); the outcomes' worths are
        reckoned once for them all."""
        if len(legal) == 1:
            return [legal[0]] * len(rngs)
        garden = [view["gardens"][seat][k] for k in KINDS]
        display = [view["display"][k] for k in KINDS]
        outlook = Outlook(seat, garden, display, view["variant"]["beginner"])
        hands = [[BIDS.index(b) for b in hand] for hand in view["hands"]]
        memo: dict[tuple[int, ...], float] = {}
        return [self._bid(outlook, memo, hands, seat, legal, rng) for rng in rngs]

    def _bid(
        self,
        outlook: Outlook,
        memo: dict[tuple[int, ...], float],
        hands: list[list[int]],
        seat: Seat,
        legal: list[Action],
        rng: random.Random,
    ) -> Action:
        """The bid with the best worth over `SAMPLES` draws of the others' bids (``memo``: the
        worth of each set of bids met so far)."""
        # `below(rng, len(hand))` draws as `rng.choice(hand)` does, without its Python frames.
        draws = [[hand[below(rng, len(hand))] for hand in hands] for _ in range(SAMPLES)]
        best, choice = float("-inf"), legal[0]
        for action in legal:
            total = 0.0
            for draw in draws:
                draw[seat] = action
                bids = tuple(draw)
                value = memo.get(bids)
                if value is None:
                    value = memo[bids] = outlook.share(bids)
                total += value
            score = total / SAMPLES - PRICE[action]
            if score > best:
                best, choice = score, action
        return choice
