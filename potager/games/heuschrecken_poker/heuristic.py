"""The ``heuristic`` bot: bids by a one-turn look-ahead, takes the kind that helps its garden most.

It sees only its own view. To bid, it draws the other players' bids from their remaining poker
cards (every spent card is public), resolves each draw with the rules' own `resolve`, and scores
what it would receive with a garden evaluation; the strength of the card it gives up is the price.
It plays one of its good bids, not always the best (`SPREAD`), and each seat weighs prices and
grasshoppers with its own temperament (`TEMPERAMENTS`), so that two bots at a table do not bid
alike. To take, it picks the kind whose cultivation raises its garden's value most.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
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

SPREAD = 0.07
"""How far below its best bid's worth (in chips) the bot still plays a bid: each bid within
`GOOD` of the best is drawn with weight exp(-(best - worth) / SPREAD), a quantal response. A
bidder that always played its best bid would be read at once, and two of them at one table, who
see the same display, would bid the same card and cancel each other out."""

GOOD = 4 * SPREAD
"""A bid worth less than the best by more than this is never played."""


@dataclass(frozen=True)
class Temperament:
    """How one seat's bot weighs its choices: ``price``, a factor on what spending a poker card
    costs (`PRICE`; above 1 it keeps its strong cards longer), ``risk``, a factor on the
    grasshoppers' threat to its garden (`RISK`; above 1 it shuns them more)."""

    name: str
    price: float
    risk: float


TEMPERAMENTS = (
    Temperament("steady", 1.0, 1.0),
    Temperament("thrifty", 1.25, 1.0),
    Temperament("wary", 1.0, 1.2),
    Temperament("patient", 1.15, 1.1),
)
"""The seats' temperaments, seat k's the k-th: every seat of a table has its own, each within a
band of the tuned weights that keeps the bot's strength (cheaper cards or a lighter fear of
grasshoppers cost it games against random players; dearer cards and more fear did not). Fixed
by the seat alone, so every game replays and the search's model of a seat's bid
(`playout.likely_bids`) is that seat's bot."""


def temperament(seat: Seat) -> Temperament:
    """The temperament of the bot at ``seat``."""
    return TEMPERAMENTS[seat % len(TEMPERAMENTS)]


def garden_value(garden: list[int], risk: float = 1.0) -> float:
    """Chips-to-come of a garden: partial sets, discounted by the grasshoppers' threat (`RISK`
    times ``risk``)."""
    worth = sum(PARTIAL[min(garden[k], 2)] for k in PLANTS)
    return worth * (1.0 - min(1.0, risk * RISK[min(garden[GRASSHOPPER], 2)]))


def gain(garden: list[int], cards: list[int], risk: float = 1.0) -> float:
    """How much receiving ``cards`` (five counts) is worth: chips harvested at once plus the
    change in the garden's value (`garden_value` with ``risk``); a plague loses the whole garden
    (rules, reading 5)."""
    after = [g + c for g, c in zip(garden, cards, strict=True)]
    if after[GRASSHOPPER] >= PLAGUE_AT:
        return -garden_value(garden, risk) - 0.1 * sum(garden[k] for k in PLANTS)
    chips = 0
    for kind in PLANTS:
        sets, after[kind] = divmod(after[kind], HARVEST_SET)
        chips += sets
    growth = garden_value(after, risk) - garden_value(garden, risk)
    return chips + growth + 0.05 * sum(cards[k] for k in PLANTS)


def one_kind(display: list[int], kind: int) -> list[int]:
    return [n if k == kind else 0 for k, n in enumerate(display)]


def best_pick(garden: list[int], display: list[int], risk: float = 1.0) -> tuple[float, int]:
    """The kind in ``display`` worth most to ``garden`` (`gain` with ``risk``), and its worth."""
    return max((gain(garden, one_kind(display, k), risk), k) for k in range(5) if display[k])


def greedy_pick(display: list[int]) -> int:
    """What an opponent is assumed to take: the most plants, grasshoppers last."""
    return max(range(5), key=lambda k: (display[k] > 0, k != GRASSHOPPER, display[k]))


class Outlook:
    """What ``seat`` gains from the reveal of a set of bids (the others pick greedily before it),
    for one decision's garden and display: each outcome, and each display left to the seat,
    scored once (a decision meets the same ones many times over its draws)."""

    def __init__(
        self, seat: Seat, garden: list[int], display: list[int], beginner: bool, risk: float = 1.0
    ) -> None:
        self.seat = seat
        self.garden = garden
        self.display = display
        self.beginner = beginner
        self.risk = risk
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
                self.sweep = gain(self.garden, self.display, self.risk)
            return self.sweep
        left = list(self.display)
        for taker in takers:
            if not any(left):
                break
            if taker == self.seat:
                shown = tuple(left)
                pick = self.picks.get(shown)
                if pick is None:
                    pick = self.picks[shown] = best_pick(self.garden, left, self.risk)[0]
                return pick
            left[greedy_pick(left)] = 0
        return 0.0


_resolved = cache(resolve)
"""`resolve`, kept for every set of bids met (at most 8⁴ of them, times the two variants)."""


class HeuristicAgent:
    """One-turn look-ahead bidder with a garden evaluation, each seat with its temperament (see
    the module docstring)."""

    name = "heuristic"

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        if view["phase"] == "take":
            garden = [view["gardens"][seat][k] for k in KINDS]
            display = [view["display"][k] for k in KINDS]
            return len(BIDS) + best_pick(garden, display, temperament(seat).risk)[1]
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
        mood = temperament(seat)
        outlook = Outlook(seat, garden, display, view["variant"]["beginner"], mood.risk)
        hands = [[BIDS.index(b) for b in hand] for hand in view["hands"]]
        memo: dict[tuple[int, ...], float] = {}
        return [self._bid(outlook, memo, hands, seat, legal, mood.price, rng) for rng in rngs]

    def _bid(
        self,
        outlook: Outlook,
        memo: dict[tuple[int, ...], float],
        hands: list[list[int]],
        seat: Seat,
        legal: list[Action],
        price: float,
        rng: random.Random,
    ) -> Action:
        """A good bid by its worth over `SAMPLES` draws of the others' bids, less its `PRICE`
        times ``price``, drawn as `SPREAD` says (``memo``: the worth of each set of bids met so
        far)."""
        # `below(rng, len(hand))` draws as `rng.choice(hand)` does, without its Python frames.
        draws = [[hand[below(rng, len(hand))] for hand in hands] for _ in range(SAMPLES)]
        scores = []
        for action in legal:
            total = 0.0
            for draw in draws:
                draw[seat] = action
                bids = tuple(draw)
                value = memo.get(bids)
                if value is None:
                    value = memo[bids] = outlook.share(bids)
                total += value
            scores.append(total / SAMPLES - price * PRICE[action])
        return good(legal, scores, rng)


def good(actions: list[Action], scores: list[float], rng: random.Random) -> Action:
    """One of ``actions`` drawn by its score as `SPREAD` says: the best most often, one within
    `GOOD` of it sometimes, a worse one never."""
    best = max(scores)
    weights = [math.exp((s - best) / SPREAD) if s >= best - GOOD else 0.0 for s in scores]
    pick = rng.random() * sum(weights)
    for action, weight in zip(actions, weights, strict=True):
        pick -= weight
        if pick < 0 and weight:
            return action
    return actions[scores.index(best)]
