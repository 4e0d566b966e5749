"""The `heuristic` bot of Garden Rush: it grows each vegetable toward its largest reachable field,
harvests a field once no larger one can grow around it, and uses every bonus it earns.

It sees only its own view (`game.sample` rebuilds a state from it; the bag's order, the only
secret, is never looked at). Each legal action gets a value in rough points and the best is played:

- plant: the best field of that vegetable through the square that stays reachable (no other
  vegetable in it), valued ``(tokens in it after placing)² / size``; + 0.6 for a double face;
  + the bonus of a tool square (Gloves: another token; Basket: the field it lets you harvest);
  a tool token in your Potager is worth its bonus, a mole in the opponent's the field it spoils;
- harvest: its size, but only once no larger field of that vegetable can still grow around it
  (or the game is about to end, or the Potager is nearly full); a bonus square reached adds 1;
- bonuses: Watering Can and Column Flip turn your singles double and the opponent's doubles
  single; Wheelbarrow moves a token toward a better field or onto a tool square; Compost takes the
  most tokens; Swap brings the better token to its double column; a mole leaves your Potager.
"""

from __future__ import annotations

import random
from typing import Any, Final

from potager.engine import Action, Game, Seat

from .actions import (
    ARG1,
    ARG2,
    COMPOST_OP,
    FLIP,
    FLIPCOL_OP,
    HARVEST,
    MOLE,
    MOLEMOVE_OP,
    MOVE,
    OP,
    PLANT,
    SKIP,
    SWAP_OP,
)
from .data import (
    BASKET,
    BONUS_SQUARES,
    FIELDS,
    FIRST_TOOL,
    GLOVES,
    KINDS,
    SIZE,
    SQUARES,
    TOOL_SQUARES,
    VEGETABLES,
    WATERING_CAN,
    WHEELBARROW,
)
from .rules import FIELD_MASKS, MAIN, GardenRushState

THROUGH: Final = tuple(
    tuple(
        tuple((m, len(f)) for f, m in zip(FIELDS[v], FIELD_MASKS[v], strict=True) if q in f)
        for q in range(SIZE * SIZE)
    )
    for v in range(len(VEGETABLES))
)
"""``THROUGH[vegetable][square]``: (mask, size) of every field of that vegetable through it."""
SPREAD: Final = tuple(
    tuple((m, len(f), f) for f, m in zip(FIELDS[v], FIELD_MASKS[v], strict=True))
    for v in range(len(VEGETABLES))
)
"""``SPREAD[vegetable]``: (mask, size, squares) of each of its fields."""
LARGER: Final = tuple(
    tuple(tuple(m for m in masks if m & own == own and m != own) for own in masks)
    for masks in FIELD_MASKS
)
"""``LARGER[vegetable][field]``: the masks of the larger fields that contain that field."""
NEIGHBOURS: Final = tuple(
    sum(
        1 << (q + d)
        for d in (-SIZE, SIZE, -1, 1)
        if 0 <= q + d < SIZE * SIZE and (d not in (-1, 1) or (q + d) // SIZE == q // SIZE)
    )
    for q in range(SIZE * SIZE)
)
DOUBLE: Final = 0.6
TOOL_TOKEN_VALUE: Final = {"swap": 0.8, "flipcol": 0.5, "copy": 1.2}
ENDGAME_BAG: Final = 6
"""With this few tokens left in the bag, every complete field is harvested at once."""


class HeuristicAgent:
    """Values every legal action from the seat's own view and plays the best one."""

    name = "heuristic"

    def act(
        self, game: Game, view: Any, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        """``view`` is typed ``Any``: a bot is handed a `SeatView`, which this module, compiled
        (`potager.compiled`), would refuse as a dict."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = game.sample(view, seat, rng)
        assert isinstance(state, GardenRushState)
        plan = _Plan(state, seat)
        best = max(legal_actions, key=lambda a: (plan.value(a), rng.random()))
        return best


class _Plan:
    """The values of one decision's actions, from one position."""

    def __init__(self, state: GardenRushState, seat: Seat) -> None:
        self.state = state
        self.seat = seat
        self.own = state.potagers[seat]
        self.masks = state.veg_masks[seat]
        self.occupied = state.occupied[seat]
        self.endgame = state.end_triggered or len(state.bag) < ENDGAME_BAG or state.last_turn
        self.crowded = 21 - self.occupied.bit_count() <= 3
        self.fields: dict[int, list[float]] = {}
        """Per vegetable asked for so far, `field` of every square of the seat's own Potager
        (`own_field`)."""
        self.baskets: dict[int, int] = {}
        """The Basket's bonus for each vegetable planted on it (`plant`)."""

    def value(self, action: Action) -> float:
        op, a1, a2 = OP[action], ARG1[action], ARG2[action]
        if op == SKIP:
            return 0.0
        if op == PLANT:
            return self.plant(self.state.hedge[a1], a1, a2)
        if op == HARVEST:
            return self.harvest(a1, a2)
        if op == MOLE:
            return 0.5 + self.field(1 - self.seat, None, a2)
        if op == MOVE:
            return self.move(a1, a2)
        if op == FLIP:
            return self.flip(self.seat ^ a1, a2)
        if op == SWAP_OP:
            # With no free square of your own, a swapped tool token can only go as a mole: a
            # swap is then worth what declining it is.
            hedge = self.state.hedge
            return max(
                (
                    self.plant(hedge[k], j, q)
                    for k, j in ((a1, a1 + 1), (a1 + 1, a1))
                    for q in SQUARES
                    if self.own[q] == 0
                ),
                default=0.0,
            )
        if op == COMPOST_OP:
            return float(self.state.hedge.count(a1)) + self.bonus_square(self.state.hedge.count(a1))
        if op == FLIPCOL_OP:
            return sum(self.flip(s, q) for s in (0, 1) for q in SQUARES if q % SIZE == a1)
        assert op == MOLEMOVE_OP
        return 1.0 + self.field(1 - self.seat, None, a2)

    def field(self, seat: Seat, vegetable: int | None, q: int, gone: int = 0) -> float:
        """The best field through ``q`` that a token of ``vegetable`` (or, for ``None``, of any
        vegetable: what a mole there spoils) would join in ``seat``'s Potager."""
        masks = self.state.veg_masks[seat]
        occupied = self.state.occupied[seat] & ~gone
        best = 0.0
        for v in range(len(VEGETABLES)) if vegetable is None else (vegetable,):
            mine = masks[v] & ~gone
            blocked = occupied & ~mine
            for m, size in THROUGH[v][q]:
                if not m & blocked:
                    k = (m & mine).bit_count() + 1
                    value = k * k / size
                    if value > best:  # max(best, value), without the call
                        best = value
        return best

    def own_field(self, vegetable: int, q: int) -> float:
        """`field` of ``vegetable`` on ``q`` in the seat's own Potager. Worked out for every square
        at the first call: each field of that vegetable is valued once and gives its value to its
        squares (the largest stays), rather than each square valuing the fields through it."""
        values = self.fields.get(vegetable)
        if values is None:
            values = self.fields[vegetable] = [0.0] * (SIZE * SIZE)
            mine = self.masks[vegetable]
            blocked = self.occupied & ~mine
            for m, size, squares in SPREAD[vegetable]:
                if not m & blocked:
                    k = (m & mine).bit_count() + 1
                    value = k * k / size
                    for p in squares:
                        if value > values[p]:
                            values[p] = value
        return values[q]

    def plant(self, kind: int, slot: int, q: int) -> float:
        """Plant Hedge token ``kind`` from ``slot`` (a tool token: place it in your Potager)."""
        if kind >= FIRST_TOOL:
            if KINDS[kind] == "compost":
                worth = float(max(self.state.hedge.count(v) for v in range(FIRST_TOOL)))
            else:
                worth = TOOL_TOKEN_VALUE[KINDS[kind]]
            return worth - 0.3 * (NEIGHBOURS[q] & self.occupied).bit_count()
        value = self.own_field(kind, q)
        if q % SIZE == slot:
            value += DOUBLE
        tool = TOOL_SQUARES[self.seat].get(q)
        if tool == GLOVES:
            value += 1.5
        elif tool == BASKET:
            value += self.basket(kind, q)
        elif tool == WATERING_CAN:
            value += DOUBLE
        elif tool == WHEELBARROW:
            value += 0.3
        return value

    def basket(self, kind: int, q: int) -> int:
        """The largest field complete once a vegetable ``kind`` is on ``q`` (the free Basket
        square): one complete already (the state's ``ready``), or one through ``q`` whose other
        squares hold ``kind``."""
        size = self.baskets.get(kind)
        if size is None:
            complete = self.masks[kind] | 1 << q
            size = max(
                [len(FIELDS[ARG1[a]][ARG2[a]]) for a in self.state.ready[self.seat]]
                + [n for m, n in THROUGH[kind][q] if m & ~complete == 0],
                default=0,
            )
            self.baskets[kind] = size
        return size

    def harvest(self, v: int, index: int) -> float:
        """Harvest a field once it cannot grow into a larger one (or when time or room runs out)."""
        size = len(FIELDS[v][index])
        mine = self.masks[v]
        blocked = self.occupied & ~mine
        waiting = self.state.phase == MAIN and not self.endgame and not self.crowded
        if waiting and any(not m & blocked for m in LARGER[v][index]):
            return -1.0
        return size + 0.2 + self.bonus_square(size)

    def bonus_square(self, points: int) -> float:
        gnomes = self.state.gnomes
        end = gnomes[self.seat] + points
        if end == gnomes[1 - self.seat]:
            end += 1
        return 1.0 if end in BONUS_SQUARES else 0.0

    def move(self, a: int, b: int) -> float:
        """Wheelbarrow: onto a tool square for its bonus, or toward a better field."""
        c = self.own[a]
        kind = (c - 1) >> 1
        tool = TOOL_SQUARES[self.seat].get(b)
        onto_tool = 1.0 if tool in (GLOVES, BASKET) else 0.3 if tool is not None else 0.0
        if kind >= FIRST_TOOL:
            return onto_tool - 0.5
        gain = self.field(self.seat, kind, b, gone=1 << a) - self.field(self.seat, kind, a)
        return gain + onto_tool - 0.2

    def flip(self, seat: Seat, q: int) -> float:
        """Turn your singles double and the opponent's doubles single."""
        c = self.state.potagers[seat][q]
        if not 0 < c <= 2 * FIRST_TOOL:
            return 0.0
        single = (c - 1) & 1
        sign = 1.0 if (seat == self.seat) == bool(single) else -1.0
        return sign * (DOUBLE if seat == self.seat else 0.4)


def order(state: GardenRushState, seat: Seat, actions: list[Action]) -> list[Action]:
    """``actions`` best first by the heuristic's values from ``state`` (the search's own sampled
    state): the order in which progressive widening offers them."""
    plan = _Plan(state, seat)
    return sorted(actions, key=plan.value, reverse=True)
