"""The `heuristic` bot: plays to its contract and spoils the others' gardens.

It reads only its own view. Every decision is scored by how it changes the gardens' points:
its own gardens with its contract; an unowned garden it may still take, at a discount; another
player's garden negatively, with that player's contract guessed from the gardens they took (each
unseen contract weighted by how well it would score them now). Position within a garden never
matters for scoring, so the bot compares gardens and covered kinds, not spaces.

- Place: the best garden for the drawn tile (a good vegetable at home, a bad one or a snail in
  a rival's garden).
- Mole: played instead of drawing when covering a tile is worth more than an average draw.
- Take: the unowned garden worth most now plus what its empty spaces promise, once that is worth
  taking or the pile runs low.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from potager.engine import Action, Game, Seat, View

from .data import CONTRACTS, SPACES, gardens_to_take
from .notation import DRAW, ActionSpace
from .scoring import CODE, points

RIVAL_WEIGHT = 0.7
"""How much a point taken from a rival counts against a point won."""
PROSPECT_WEIGHT = 0.5
"""How much a point in a garden the bot may still take counts."""
GUESS_SHARPNESS = 0.4
"""How strongly a rival's current garden points pick out its contract."""
MOLE_THRESHOLD = 2.0
"""A mole is played when covering is worth more than this (about what a draw brings)."""
PROMISE_PER_SPACE = 1.2
"""What an empty space of a garden one owns is expected to bring."""
TAKE_THRESHOLD = 14.0
"""Take a garden once its points plus its promise reach this; sooner when the pile runs low."""


def guess(
    counts: list[list[int]], owners: Sequence[int | None], rival: Seat, contracts: list[int]
) -> list[float]:
    """How the bot guesses ``rival``'s contract among ``contracts``: a weight for each (the
    largest 1), exp(`GUESS_SHARPNESS` x the points the gardens ``rival`` owns are worth under
    it), from the gardens' uncovered tiles per kind (``counts``) and their ``owners``."""
    mine = [g for g, o in enumerate(owners) if o == rival]
    fit = [sum(points(n, counts[g]) for g in mine) for n in contracts]
    top = max(fit)
    return [math.exp(GUESS_SHARPNESS * (f - top)) for f in fit]


@dataclass
class Table:
    """The gardens as the bot sees them: uncovered tiles per kind, owners, top tile per space."""

    seat: Seat
    contract: int
    owners: list[Seat | None]
    counts: list[list[int]]
    tops: list[dict[str, int]]
    empty: list[int]
    rivals: dict[Seat, list[tuple[float, int]]]

    @staticmethod
    def of(view: View, seat: Seat) -> Table:
        owners, counts, tops, empty = [], [], [], []
        for garden in view["gardens"]:
            owners.append(garden["owner"])
            top = {name: CODE[stack[-1]] for name, stack in garden["spaces"].items()}
            c = [0] * len(CODE)
            for kind in top.values():
                c[kind] += 1
            counts.append(c)
            tops.append(top)
            empty.append(len(SPACES) - len(top))
        table = Table(seat, view["contract"], owners, counts, tops, empty, {})
        unseen = [n for n in CONTRACTS if n != view["contract"]]
        for rival in {o for o in owners if o is not None and o != seat}:
            weights = guess(counts, owners, rival, unseen)
            total = sum(weights)
            table.rivals[rival] = [(w / total, n) for w, n in zip(weights, unseen, strict=True)]
        return table

    def change(self, g: int, add: int, remove: int | None, prospect: bool) -> float:
        """The value to the bot of tile ``add`` going onto garden ``g`` (covering ``remove``)."""
        before = self.counts[g]
        after = list(before)
        after[add] += 1
        if remove is not None:
            after[remove] -= 1
        owner = self.owners[g]
        if owner == self.seat or (owner is None and prospect):
            gain = points(self.contract, after) - points(self.contract, before)
            return gain if owner == self.seat else PROSPECT_WEIGHT * gain
        if owner is None:
            return 0.0
        loss = sum(w * (points(n, after) - points(n, before)) for w, n in self.rivals[owner])
        return -RIVAL_WEIGHT * loss

    def worth(self, g: int) -> float:
        """What garden ``g`` would be worth to the bot: its points now and its promise."""
        return points(self.contract, self.counts[g]) + PROMISE_PER_SPACE * self.empty[g]


class HeuristicAgent:
    """Plays to its contract, spoils rivals with snails and its mole (see the module doc)."""

    name = "heuristic"

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        space = ActionSpace.of(len(view["gardens"]))
        table = Table.of(view, seat)
        owned = sum(o == seat for o in table.owners)
        prospect = owned < gardens_to_take(view["players"])
        if view["phase"] == "take":
            return self._take(table, space, legal_actions, view["pile"])
        if view["phase"] == "place":
            kind = CODE[view["drawn"]]
            return _best(
                rng,
                [
                    (table.change(*_target(table, space, a, kind), prospect), a)
                    for a in legal_actions
                ],
            )
        moles = [
            (table.change(*_target(table, space, a, CODE["mole"]), prospect), a)
            for a in legal_actions
            if a != DRAW
        ]
        threshold = MOLE_THRESHOLD if view["pile"] > view["players"] else 0.0
        if moles and max(moles)[0] > threshold:
            return _best(rng, moles)
        return DRAW

    def _take(self, table: Table, space: ActionSpace, legal: list[Action], pile: int) -> Action:
        worth, g = max((table.worth(a - space.take), a - space.take) for a in legal[:-1])
        threshold = TAKE_THRESHOLD * min(1.0, pile / 40)
        return space.take + g if worth >= threshold else space.pass_


def _target(
    table: Table, space: ActionSpace, action: Action, kind: int
) -> tuple[int, int, int | None]:
    """(garden, tile added, tile covered) of a place or mole action."""
    first = space.place if action < space.mole else space.mole
    g, s = divmod(action - first, len(SPACES))
    return g, kind, table.tops[g].get(SPACES[s])


def _best(rng: random.Random, scored: list[tuple[float, Action]]) -> Action:
    """The best-valued action; ties broken at random."""
    top = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= top - 1e-9])
