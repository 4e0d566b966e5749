"""Garden Rush's state and transitions (rulebook "Déroulement de la partie", "Actions bonus",
"Sortez les taupes et les outils !"; readings: docs/rules-notes.md).

A turn is a chain of decisions by the seat to move, each from the one fixed action space
(`actions.py`): the main action (place a token, or harvest a field), then each bonus it earns,
one at a time, each optional (``skip``). A bonus is a set of *abilities* (a bitmask over
`data.ABILITIES`); its legal actions are the union of theirs. Every action earns at most one
further bonus, so a chain is a line and the state holds only the pending one. The Potagers are
lists of 25 cells with per-seat bitmasks, and each seat's legal harvests (`ready`) and plants
are kept up to date square by square; how, and why for the compiler: docs/architecture.md.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import combinations
from operator import or_
from typing import Any, Final, cast

from potager.engine import Action, Event, Game, IllegalAction, Pool, Result, Seat, State, View
from potager.engine.ascending import holds, insert, position
from potager.engine.chance import restack
from potager.engine.record import move_entries
from potager.engine.shuffle import shuffle

from .actions import (
    ARG1,
    ARG2,
    COMPOST_ID,
    COMPOST_OP,
    FLIP,
    FLIP_ID,
    FLIPCOL_ID,
    FLIPCOL_OP,
    HARVEST,
    HARVEST_ID,
    MOLE,
    MOLE_ID,
    MOLEMOVE_ID,
    MOVE,
    MOVE_ID,
    OP,
    OPP,
    OWN,
    PLANT,
    PLANT_ID,
    SKIP,
    SWAP_ID,
    SWAP_OP,
)
from .data import (
    ABILITIES,
    BASKET,
    BONUS_SQUARES,
    COPY,
    CUT_CORNERS,
    FACES,
    FIELDS,
    FIRST_SEED,
    FIRST_TOOL,
    FLIPCOL,
    GLOVES,
    GOAL,
    HEDGE_SLOTS,
    KINDS,
    MOLEMOVE,
    PER_TOOL_TOKEN,
    PER_VEGETABLE,
    SIZE,
    SQUARE_NAMES,
    SQUARES,
    TOKEN_ABILITY,
    TOOL_FACES,
    TOOL_SQUARE_SET,
    TOOL_SQUARES,
    VEGETABLES,
    WATERING_CAN,
    WHEELBARROW,
    bonus_squares,
)
from .data import COMPOST as COMPOST_ABILITY
from .data import SWAP as SWAP_ABILITY

BLOCKED: Final = -1
EMPTY: Final = -1
"""No token: an empty Trampoline, an empty Hedge slot (a gap left in the last turn)."""
MAIN: Final = 0
BONUS: Final = 1
SWAP_PLACE: Final = 2
OVER: Final = 3
"""The phases of a turn."""
_TO_MOVE: Final[tuple[tuple[Seat, ...], ...]] = ((0,), (1,))
VEGETABLE_CELLS: Final = 2 * FIRST_TOOL
"""Cells ``1 … VEGETABLE_CELLS`` hold vegetables; higher ones tool tokens (`cell`)."""
PHASES: Final = ("place or harvest", "bonus", "swap", "over")
ALL_SQUARES: Final = sum(1 << q for q in SQUARES)
_BONUS_MASK: Final = sum(1 << s for s in BONUS_SQUARES)
"""The bonus squares of the score track as bits: a test in two native operations where a
`frozenset` would hash a boxed int."""


@dataclass(frozen=True)
class Track:
    """The score track a game plays by (`data.PARAMETERS`): the goal and the bonus squares,
    as a sorted tuple and as bits (`_BONUS_MASK`'s form)."""

    goal: int
    bonus_squares: tuple[int, ...]
    bonus_mask: int


RULEBOOK: Final = Track(GOAL, tuple(sorted(BONUS_SQUARES)), _BONUS_MASK)
"""The rulebook's `Track`."""


def track_of(game: Game) -> Track:
    """The `Track` of ``game``'s parameters (`Game.value`)."""
    goal = game.value("goal")
    squares = tuple(sorted(bonus_squares(goal, game.value("bonus_every"))))
    return Track(goal, squares, sum(1 << s for s in squares))


FIELD_MASKS: Final = tuple(tuple(sum(1 << q for q in f) for f in fields) for fields in FIELDS)
_NEAR: Final = tuple(
    sum(
        1 << (r * SIZE + c)
        for r in range(q // SIZE - 1, q // SIZE + 2)
        for c in range(q % SIZE - 1, q % SIZE + 2)
        if 0 <= r < SIZE and 0 <= c < SIZE and r * SIZE + c != q
    )
    & ALL_SQUARES
    for q in range(SIZE * SIZE)
)
"""Per square, its neighbours (eight at most): every field of two squares or more through a square
holds one of them (the patterns are connected, tomatoes diagonally)."""

Completed = tuple[tuple[Any, ...], tuple[tuple[Any, int], ...]]
"""The harvests a token completes for sure, and the (harvest, field mask) left to test."""


def _subsets(squares: int) -> list[int]:
    """Every subset of ``squares`` (a bitmask), itself first, down to none."""
    found = [squares]
    subset = squares
    while subset:
        subset = (subset - 1) & squares
        found.append(subset)
    return found


def _through(v: int, q: int) -> dict[int, Completed]:
    """The fields of vegetable ``v`` through square ``q`` that a token of ``v`` arriving on ``q``
    can complete, for each set ``near`` of the neighbours of ``q`` that hold ``v``: those whose
    squares next to ``q`` are all in ``near``. The ones within ``q`` and its neighbours are then
    complete; only the others, reaching further, are left to test."""
    neighbours = _NEIGHBOURS[v][q]
    sure: dict[int, list[Action]] = {near: [] for near in _subsets(neighbours)}
    test: dict[int, list[tuple[Action, int]]] = {near: [] for near in sure}
    for a, m in zip(HARVEST_ID[v], FIELD_MASKS[v], strict=True):
        if m >> q & 1:
            need = m & neighbours
            further = m & ~neighbours & ~(1 << q)
            for other in _subsets(neighbours & ~need):  # the sets of neighbours holding need
                if further:
                    test[need | other].append((a, m))
                else:
                    sure[need | other].append(a)
    return {near: (tuple(sure[near]), tuple(test[near])) for near in sure}


_NEIGHBOURS: Final = tuple(
    tuple(reduce(or_, (m & _NEAR[q] for m in masks if m >> q & 1), 0) for q in range(SIZE * SIZE))
    for masks in FIELD_MASKS
)
"""``_NEIGHBOURS[vegetable][square]``: the neighbours of the square that its fields through it hold
(the orthogonal ones for carrots and potatoes, the diagonal ones for tomatoes)."""


def _window(q: int, near: int) -> int:
    """The neighbours ``near`` of square ``q`` (a bitmask) as the 9 bits of the 3 × 3 square around
    ``q``, row by row: a small index, computed in a few shifts where a set of squares as a key
    would be an object to make and hash."""
    w = (near << (SIZE + 1)) >> q
    return (w & 7) | (w >> SIZE & 7) << 3 | (w >> (2 * SIZE) & 7) << 6


def _through_windows(v: int, q: int) -> tuple[Completed, ...]:
    """`_through` of ``v`` and ``q`` indexed by `_window` of ``near``."""
    nothing: Completed = ((), ())
    table = [nothing] * (1 << 9)
    if q in SQUARES:
        for near, completed in _through(v, q).items():
            table[_window(q, near)] = completed
    return tuple(table)


_THROUGH: Final[tuple[tuple[tuple[Completed, ...], ...], ...]] = tuple(
    tuple(_through_windows(v, q) for q in range(SIZE * SIZE)) for v in range(len(FIELDS))
)
"""The pattern placements indexed by square, then by the neighbours holding the vegetable:
``_THROUGH[vegetable][square][_window(square, near)]``. Most often ``near`` is empty or one
square, and at most a few fields through the square are left to test."""


_FIELD_NAMES: Final = tuple(
    tuple(tuple(SQUARE_NAMES[q] for q in f) for f in fields) for fields in FIELDS
)
"""The square names of each field, for the harvest event."""
_TOOL_BITS: Final = tuple({q: 1 << tool for q, tool in tools.items()} for tools in TOOL_SQUARES)
"""Per seat, tool square → the bit of its ability."""
TOOL_MASK: Final = sum(1 << q for q in TOOL_SQUARE_SET)
_TOOL_BITS_DOWN: Final[tuple[int, ...]] = tuple(
    1 << q for q in sorted(TOOL_SQUARE_SET, reverse=True)
)
"""The tool squares as bits, from the last: deleting their entries from a run leaves the others'
ranks."""
_ABILITY_BIT: Final[tuple[int, ...]] = tuple(
    1 << TOKEN_ABILITY[k] if k in TOKEN_ABILITY else 0 for k in range(len(KINDS))
)
"""Per kind of token, the bit of the ability of a tool token (`TOKEN_ABILITY`; 0 for a vegetable):
a tuple read where a dict would hash a boxed int."""
_FREE_TOOLS: Final = tuple(
    {
        sum(1 << q for q in free): sum(bits[q] for q in free)
        for n in range(len(bits) + 1)
        for free in combinations(bits, n)
    }
    for bits in _TOOL_BITS
)
"""Per seat and set of free tool squares, the bits of their abilities."""
_TOOL_BIT: Final = tuple(tuple(bits.get(q, 0) for q in range(SIZE * SIZE)) for bits in _TOOL_BITS)
"""Per seat and square, the bit of the ability of its tool square (0 for none)."""
_TOOL_NAMES: Final = tuple(
    tuple(n for i, n in enumerate(ABILITIES) if abilities >> i & 1)
    for abilities in range(1 << len(ABILITIES))
)
"""The names of the abilities of a bonus, by its bitmask."""
_MOVE_FROM: Final[tuple[tuple[Any, ...], ...]] = tuple(
    tuple(MOVE_ID.get((a, b)) for b in range(SIZE * SIZE)) for a in range(SIZE * SIZE)
)
"""``_MOVE_FROM[a][b]`` is ``MOVE_ID[a, b]`` without building and hashing the pair (``None`` for
no move): ``_MOVE_FROM[a]`` is read by `_add_on`."""
_MOLEMOVE_AT: Final[tuple[tuple[Any, ...], ...]] = tuple(
    tuple(MOLEMOVE_ID.get((a, b)) for b in range(SIZE * SIZE)) for a in range(SIZE * SIZE)
)
"""``_MOLEMOVE_AT[a][b]`` is ``MOLEMOVE_ID[a, b]`` (as `_MOVE_FROM`)."""
_DECODE: Final = tuple(zip(OP, ARG1, ARG2, strict=True))
"""Per action, its kind and arguments in one lookup."""
_COLUMN_SQUARES: Final = tuple(tuple(q for q in SQUARES if q % SIZE == c) for c in range(SIZE))
_COLUMN_MASKS: Final = tuple(sum(1 << q for q in column) for column in _COLUMN_SQUARES)
"""The squares of each column as bits (`_column_flips`)."""


SPLIT: Final = 13
"""A set of squares is looked up in two halves: the squares 1 … ``SPLIT - 1`` (``squares >> 1 &
LOW_HALF``) and the others (``squares >> SPLIT``); squares 0 and 24 are cut corners."""
LOW_HALF: Final = (1 << (SPLIT - 1)) - 1
Halves = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]


def _half(ids: dict[int, int], lo: int, hi: int) -> tuple[tuple[int, ...], ...]:
    """For each set of squares ``lo … hi - 1`` (as bits from ``lo``), the ids of those squares
    that have one, ascending: the sets with square ``q`` are those without it, plus ``q``."""
    table: list[tuple[int, ...]] = [()]
    for q in range(lo, hi):
        if q in ids:
            table += [(*t, ids[q]) for t in table]
        else:
            table += table
    return tuple(table)


def _halves(ids: dict[int, int]) -> Halves:
    """The ids of the squares of any set, in two table lookups (`_plants`)."""
    return _half(ids, 1, SPLIT), _half(ids, SPLIT, SIZE * SIZE - 1)


def _by_square(ids: dict[int, int]) -> tuple[Any, ...]:
    """``ids`` by square: the id of each square, ``None`` for a square without one. Typed ``Any``,
    as the module's docstring says of the tables of actions that go into lists."""
    return tuple(ids.get(q) for q in range(SIZE * SIZE))


def _add_on(found: list[Any], ids: tuple[Any, ...], squares: int) -> None:
    """Append to ``found`` the ids (`_by_square`) of ``squares`` (a bitmask) that have one,
    ascending: a step per square of the set, its lowest bit (whose `int.bit_length` mypyc does in
    C), rather than one per square of the Potager; the ids go into the list as the table's own
    objects, and into the caller's list itself rather than a new one to be copied into it. (A
    table by set of squares, as `_plants` reads, is cheaper to read but takes a cache miss at every
    read when there are many: these are read less often than the plants.)"""
    while squares:
        low = squares & -squares
        i = ids[low.bit_length() - 1]
        if i is not None:
            found.append(i)
        squares ^= low


_PLANT_FREE: Final = tuple(_halves(ids) for ids in PLANT_ID)
_MOLE_FREE: Final = tuple(_by_square(ids) for ids in MOLE_ID)
_FLIP_OWN: Final = _by_square(FLIP_ID[OWN])
_FLIP_OPP: Final = _by_square(FLIP_ID[OPP])


def squares_of(squares: int) -> list[int]:
    """The squares of a set (a bitmask), ascending (as `_add_on`)."""
    found: list[int] = []
    while squares:
        low = squares & -squares
        found.append(low.bit_length() - 1)
        squares ^= low
    return found


_ONES: Final[tuple[int, ...]] = tuple(n.bit_count() for n in range(1 << SPLIT))
"""The number of squares of each set of squares 0 … ``SPLIT - 1``."""


def ones(squares: int) -> int:
    """The number of squares of a set: `int.bit_count` in two table lookups, which compiled code
    does without a Python method call."""
    return _ONES[squares & ((1 << SPLIT) - 1)] + _ONES[squares >> SPLIT]


_LOW: Final = tuple(zip(*(table[0] for table in _PLANT_FREE), strict=True))
_HIGH: Final = tuple(zip(*(table[1] for table in _PLANT_FREE), strict=True))
"""`_PLANT_FREE` turned half first: ``_LOW[bits]`` holds the plant actions of each Hedge slot on
the free squares ``bits`` of the low half."""


def _plants(free: int) -> list[Action]:
    """The plant actions of every Hedge slot onto the squares ``free``, ascending: five runs, one
    per slot, in one list display rather than a loop over the slots."""
    low, high = _LOW[free >> 1 & LOW_HALF], _HIGH[free >> SPLIT]
    return [
        *low[0], *high[0],
        *low[1], *high[1],
        *low[2], *high[2],
        *low[3], *high[3],
        *low[4], *high[4],
    ]  # fmt: skip


_MOVES: Final[tuple[tuple[Any, ...], ...]] = move_entries(2, len(OP))
"""``_MOVES[seat][action]``: the record's ``(seat, action)``, shared rather than built per move."""


_PLANT_AT: Final[tuple[tuple[Any, ...], ...]] = tuple(_by_square(ids) for ids in PLANT_ID)
"""``_PLANT_AT[slot][square]`` is ``PLANT_ID[slot][square]`` in a tuple (``None`` off the board)."""
_KIND_INDEX: Final = {k: i for i, k in enumerate(KINDS)}
_FACE_NAMES: Final = tuple(FACES if k < FIRST_TOOL else TOOL_FACES for k in range(len(KINDS)))
"""Per kind, the names of its two faces."""


_EMPTY_POTAGER: Final = tuple(BLOCKED if q in CUT_CORNERS else 0 for q in range(SIZE * SIZE))
_VEGETABLE_TOKENS: Final = tuple(v for v in range(len(VEGETABLES)) for _ in range(PER_VEGETABLE))
_TOOL_TOKENS: Final = tuple(k for k in range(FIRST_TOOL, len(KINDS)) for _ in range(PER_TOOL_TOKEN))
"""The tokens by kind, in a fixed order before the set-up shuffles."""


_PLACE_EVENTS: Final = tuple(
    tuple(
        tuple(
            tuple(
                tuple(
                    {
                        "type": "mole" if as_mole else "plant",
                        "seat": seat,
                        "slot": slot + 1,
                        "token": KINDS[(value - 1) >> 1],
                        "face": _FACE_NAMES[(value - 1) >> 1][(value - 1) & 1],
                        "square": SQUARE_NAMES[q],
                    }
                    if q in SQUARE_NAMES and value
                    else {}
                    for q in range(SIZE * SIZE)
                )
                for value in range(1 + 2 * len(KINDS))
            )
            for slot in range(HEDGE_SLOTS)
        )
        for seat in (0, 1)
    )
    for as_mole in (False, True)
)
"""``_PLACE_EVENTS[as_mole][seat][slot][cell][square]``: the ``plant`` or ``mole`` event, shared
(events are read-only values, `potager.engine.Event`) rather than built key by key at every
placement; ``{}`` where no token or square is."""
_DRAW_EVENTS: Final = tuple({"type": "draw", "token": k} for k in KINDS)
"""Per kind, the ``draw`` event (shared, as `_PLACE_EVENTS`)."""
_HARVEST_EVENTS: Final = tuple(
    tuple(
        tuple(
            tuple(
                {
                    "type": "harvest",
                    "seat": seat,
                    "vegetable": VEGETABLES[v],
                    "squares": list(names),
                    "discarded": discarded,
                }
                for discarded in range(len(names) + 1)
            )
            for names in _FIELD_NAMES[v]
        )
        for v in range(len(VEGETABLES))
    )
    for seat in (0, 1)
)
"""``_HARVEST_EVENTS[seat][vegetable][field][discarded]``: the ``harvest`` event (shared)."""
_MOST_POINTS: Final = max(HEDGE_SLOTS, *(len(f) for fields in FIELDS for f in fields)) + 1
"""The most squares a gnome moves at once: a field, or a compost of the whole Hedge, and a bump."""
_SCORE_EVENTS: Final = tuple(
    tuple(
        tuple(
            {"type": "score", "seat": seat, "from": start, "to": start + points}
            for points in range(_MOST_POINTS + 1)
        )
        for start in range(GOAL)
    )
    for seat in (0, 1)
)
"""``_SCORE_EVENTS[seat][start][points]``: the ``score`` event (shared) of a gnome below the
goal."""
_BONUS_EVENTS: Final = tuple(
    tuple({"type": "bonus", "seat": seat, "tools": list(names)} for names in _TOOL_NAMES)
    for seat in (0, 1)
)
"""``_BONUS_EVENTS[seat][abilities]``: the ``bonus`` event (shared)."""


def cell(kind: int, face: int) -> int:
    """The cell value of a token of ``kind`` showing ``face`` (0 double/tool, 1 single/mole)."""
    return 1 + 2 * kind + face


def empty_potager() -> list[int]:
    return list(_EMPTY_POTAGER)


class GardenRushState(State):
    """A game of Garden Rush in progress (two seats; seat 0 holds the first-seed marker)."""

    # Compiled (`potager.compiled`), this is a native class: every attribute declared here is a C
    # field. The engine's fields are declared again to be fields too: then no instance dict is ever
    # made, which a call of a method from outside (``state.apply``) would look into first. Run from
    # the source, the slots give the same (and override `State`'s abstract `to_move`, `is_over`).
    __slots__ = (
        "_legal", "_lookup", "_names", "abilities", "bag", "deck", "discard", "end_triggered",
        "events", "fixed", "game", "gnomes", "hedge", "is_over", "last_turn", "lose_when_stuck",
        "module", "moves", "occupied", "passes", "phase", "plants", "players", "potagers", "ready",
        "rng", "seed", "stuck", "swap_slot", "to_move", "track", "trampoline", "turn", "variant",
        "veg_masks",
    )  # fmt: skip
    game: Game
    players: int
    track: Track
    """The score track the game plays by (its `GardenRush.track`)."""
    seed: int
    variant: dict[str, Any]
    deck: list[str] | None
    _names: tuple[str, ...]
    _lookup: dict[str, Action]
    moves: list[Any]  # of (seat, action): `_MOVES`
    events: list[Event]
    rng: random.Random
    module: bool
    lose_when_stuck: bool
    potagers: list[list[int]]
    occupied: list[int]
    veg_masks: list[list[int]]
    ready: list[list[Action]]
    """Per seat, its legal harvests (rulebook "Récolter 1 champ": every placement of a pattern whose
    squares all hold that vegetable, either face), ascending, kept up to date by `_put` and
    `_clear`."""
    plants: list[list[Action] | None]
    """Per seat, `_plants` of its free squares: the legal placements when the Hedge holds five
    vegetables, kept up to date square by square by `_put` (one slice deletion) and `_clear` (five
    insertions) rather than built at every turn; ``None`` until first needed."""
    hedge: list[int]
    """The kind of token in each of the five Hedge slots, slot 1 first; `EMPTY` for a gap, which
    only a refill with the bag and the Trampoline both empty leaves (`_refill`)."""
    trampoline: int
    bag: list[int]
    discard: list[int]
    gnomes: list[int]
    turn: Seat
    phase: int
    abilities: int
    fixed: int
    swap_slot: int
    end_triggered: bool
    last_turn: bool
    passes: int
    stuck: int
    _legal: list[Action] | None
    """The legal actions of the bonus on offer (`_bonus`), ascending; ``None`` out of a bonus, and
    until needed. Placing and harvesting need no list to be tested (`is_legal`)."""
    # `to_move` and `is_over` are plain attributes kept up to date with `turn` and `phase` (by
    # `_start_turn` and `_finish`): they are read at every step of a playout.
    to_move: tuple[Seat, ...]
    is_over: bool

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        variant: dict[str, Any],
        deck: list[str] | None,
        *,
        blank: bool = False,
    ) -> None:
        """Set up a new game (rulebook "Mise en place"); ``blank`` only makes the room for a state
        that `clone` or `views.sample` then lays out, the engine's attributes included (a compiled
        class has no ``__new__`` without ``__init__``)."""
        if blank:
            return
        super().__init__(game, players, seed, variant, deck)
        self.track = cast(Any, game).track
        self.module = bool(variant["tools_and_moles"])
        self.lose_when_stuck = variant["stuck"] == "lose"
        if deck is None:
            vegetables = list(_VEGETABLE_TOKENS)
            shuffle(vegetables, self.rng)
            tokens = vegetables
            rest = vegetables[HEDGE_SLOTS + 1 :]
            if self.module:
                rest += _TOOL_TOKENS
            shuffle(rest, self.rng)
            bag = rest
        else:
            tokens = [_KIND_INDEX[k] for k in deck]
            bag = tokens[:HEDGE_SLOTS:-1]
        self.potagers = [empty_potager(), empty_potager()]
        self.occupied = [0, 0]
        self.veg_masks = [[0] * len(VEGETABLES), [0] * len(VEGETABLES)]
        self.ready = [[], []]
        self.plants = [None, None]
        self.hedge = tokens[:HEDGE_SLOTS]
        self.trampoline = tokens[HEDGE_SLOTS]
        self.bag = bag
        self.discard = [0] * len(KINDS)
        self.gnomes = [0, 0]
        self.end_triggered = self.last_turn = False
        self.passes = 0
        self.stuck = -1
        self.fixed = -1
        self.abilities = 0
        self.swap_slot = -1
        self._legal = None
        self.is_over = False
        self.events.append(
            {
                "type": "setup",
                "hedge": [KINDS[k] for k in self.hedge],
                "trampoline": KINDS[self.trampoline],
            }
        )
        self._start_turn(FIRST_SEED)

    # -- whose turn, what is legal ---------------------------------------------------------------
    def legal_actions(self, seat: Any) -> list[Action]:
        """A new list at every call (the caller's to keep), ascending."""
        turn = self.turn
        if seat != turn or self.phase == OVER:
            return []
        # Below, ``turn`` (a native int) rather than ``seat`` (any object equal to it).
        if self.phase == MAIN:
            return self._hedge_placements(turn, self.ready[turn])
        if self.phase == SWAP_PLACE:
            first, stop = self.swap_slot, self.swap_slot + 2
            plant = self._slot_plants(turn, first, stop)
            self._add_moles(plant, turn, first, stop)
            return plant
        return self._bonus()[:]

    def is_legal(self, seat: Any, action: Any) -> bool:
        """Anything but an int (a bool neither) is not legal; see `_is_legal`."""
        return type(seat) is int and type(action) is int and self._is_legal(seat, action)

    def _is_legal(self, seat: Seat, action: Action) -> bool:
        """Placing a token is tested on the squares and the Hedge, a harvest looked up among the
        seat's complete fields (`ready`), a bonus's actions in its list: no legal list is built."""
        if seat != self.turn or self.phase == OVER:
            return False
        if self.phase == BONUS:
            return holds(self._bonus(), action)
        if not 0 <= action < len(_DECODE):
            return False
        op, slot, q = _DECODE[action]
        if op == HARVEST:
            return self.phase == MAIN and holds(self.ready[seat], action)
        if self.phase == SWAP_PLACE and not 0 <= slot - self.swap_slot <= 1:
            return False
        if op == PLANT:
            kind = self.hedge[slot]
            return (
                kind != EMPTY
                and not self.occupied[seat] >> q & 1
                and (kind < FIRST_TOOL or not TOOL_MASK >> q & 1)
            )
        if op == MOLE:  # onto a square that is not a tool square (`MOLE_ID`)
            return self.hedge[slot] >= FIRST_TOOL and not self.occupied[1 - seat] >> q & 1
        return False

    def _bonus(self) -> list[Action]:
        """The legal actions of the bonus on offer (kept in `_legal`)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._bonus_actions(self.turn, self.abilities)
        return legal

    def _free(self, seat: Seat) -> tuple[int, int]:
        """The squares a vegetable of the Hedge may go to (``seat``'s free squares), and whether
        a tool token may go anywhere (a free square that is not a tool square, in either
        Potager)."""
        own = ALL_SQUARES & ~self.occupied[seat]
        plain = (own | ALL_SQUARES & ~self.occupied[1 - seat]) & ~TOOL_MASK
        return own, plain

    def _can_place(self, seat: Seat) -> bool:
        """Whether some token of the Hedge can be placed."""
        own, plain = self._free(seat)
        return any(own if kind < FIRST_TOOL else plain for kind in self.hedge if kind != EMPTY)

    def _hedge_placements(self, seat: Seat, between: list[Action]) -> list[Action]:
        """The placements from every slot of the Hedge: the plants (`_slot_plants`), then
        ``between`` (actions whose numbers lie between theirs, ascending), then the moles
        (`_add_moles`). The common case first: a Hedge of five vegetables, whose plants are kept in
        `plants`."""
        if self._vegetable_hedge():
            return self._plants_of(seat) + between
        plant = self._slot_plants(seat, 0, HEDGE_SLOTS)
        plant += between
        self._add_moles(plant, seat, 0, HEDGE_SLOTS)
        return plant

    def _vegetable_hedge(self) -> bool:
        """Whether the Hedge holds five vegetables (then every slot has the plants of `plants`);
        a gap is possible only once the end is triggered. (Its five slots compared one by one:
        `all` of a generator costs a frame's worth of calls.)"""
        hedge = self.hedge
        if self.module and (
            hedge[0] >= FIRST_TOOL
            or hedge[1] >= FIRST_TOOL
            or hedge[2] >= FIRST_TOOL
            or hedge[3] >= FIRST_TOOL
            or hedge[4] >= FIRST_TOOL
        ):
            return False
        return not self.end_triggered or EMPTY not in hedge

    def _plants_of(self, seat: Seat) -> list[Action]:
        """`plants` of ``seat``, built if need be (the list itself, not a copy)."""
        plants = self.plants[seat]
        if plants is None:
            plants = self.plants[seat] = _plants(ALL_SQUARES & ~self.occupied[seat])
        return plants

    def _slot_plants(self, seat: Seat, first: int, stop: int) -> list[Action]:
        """Place 1 token (rulebook "Placer 1 jeton") from Hedge slots ``first`` … ``stop - 1``, in
        your Potager: a vegetable onto any free square; a tool token, tool side up, onto a free
        square that is not a tool square ("Sortez les taupes", "Placer 1 jeton"). A new list.

        Those slots' runs of the kept `plants`, copied in one slice, less the runs of empty slots
        and the free tool squares in the runs of tool tokens."""
        plants = self._plants_of(seat)
        n = len(plants) // HEDGE_SLOTS
        plant = plants[first * n : stop * n]
        hedge = self.hedge
        free = ALL_SQUARES & ~self.occupied[seat]
        tools = free & TOOL_MASK
        for k in range(stop - 1, first - 1, -1):  # from the last run: the others stay put
            kind = hedge[k]
            start = (k - first) * n
            if kind == EMPTY:
                del plant[start : start + n]
            elif kind >= FIRST_TOOL and tools:
                for bit in _TOOL_BITS_DOWN:
                    if tools & bit:
                        plant.pop(start + ones(free & (bit - 1)))
        return plant

    def _add_moles(self, found: list[Action], seat: Seat, first: int, stop: int) -> None:
        """Place 1 token, the rest (module, "Sortez les taupes"): a tool token of Hedge slots
        ``first`` … ``stop - 1`` mole side up onto a free square of the opponent's Potager that is
        not a tool square; appended to ``found``, slot by slot."""
        hedge = self.hedge
        opponent = ALL_SQUARES & ~self.occupied[1 - seat] & ~TOOL_MASK
        for k in range(first, stop):
            if hedge[k] >= FIRST_TOOL:
                _add_on(found, _MOLE_FREE[k], opponent)

    def _bonus_actions(self, seat: Seat, abilities: int) -> list[Action]:
        """The union of the actions of every ability of the pending bonus, ``skip`` first, in one
        list built in the order of their numbers."""
        actions = [SKIP]
        if abilities & (1 << GLOVES):
            if self._vegetable_hedge():
                actions += self._plants_of(seat)
            else:
                actions += self._slot_plants(seat, 0, HEDGE_SLOTS)
        if abilities & (1 << BASKET):
            actions += self.ready[seat]
        if abilities & (1 << WHEELBARROW):
            self._add_moves(actions, seat)
        if abilities & (1 << WATERING_CAN):
            _add_on(actions, _FLIP_OWN, self._vegetables(seat))
            _add_on(actions, _FLIP_OPP, self._vegetables(1 - seat))
        if abilities & (1 << GLOVES):
            self._add_moles(actions, seat, 0, HEDGE_SLOTS)
        if abilities & (1 << SWAP_ABILITY):
            actions += self._swaps(seat)
        if abilities & (1 << COMPOST_ABILITY):
            hedge = self.hedge
            actions += [COMPOST_ID[v] for v in range(FIRST_TOOL) if v in hedge]
        if abilities & (1 << FLIPCOL):
            actions += self._column_flips()
        if abilities & (1 << MOLEMOVE):
            self._add_mole_moves(actions, seat)
        return actions

    def _add_moves(self, found: list[Any], seat: Seat) -> None:
        """Wheelbarrow: "Déplacez 1 jeton de votre Potager vers une autre case de votre Potager":
        any token, vegetable, tool or mole (not the token that was just placed on the
        Wheelbarrow), to a free square; "Un jeton Outil/Taupe ne peut jamais être déplacé vers une
        case Outil" (rulebook "Actions bonus des cases Outil", "Sortez les taupes"; FACTS)."""
        own = self.potagers[seat]
        occupied = self.occupied[seat]
        free = ALL_SQUARES & ~occupied
        plain = free & ~TOOL_MASK
        fixed = self.fixed
        while occupied:  # each token, from the lowest square (as `_add_on`)
            low = occupied & -occupied
            a = low.bit_length() - 1
            occupied ^= low
            if a != fixed:
                _add_on(found, _MOVE_FROM[a], free if own[a] <= VEGETABLE_CELLS else plain)

    def _vegetables(self, seat: Seat) -> int:
        """The squares of ``seat``'s Potager that hold a vegetable token (Watering Can: flip one
        vegetable token of either Potager, the one just placed too)."""
        masks = self.veg_masks[seat]
        return masks[0] | masks[1] | masks[2] | masks[3] | masks[4]

    def _swaps(self, seat: Seat) -> list[Action]:
        """Swap token: swap two adjacent Hedge tokens (a gap is no token), then place one of them;
        offered only where one of them can then be placed (FACTS)."""
        own, plain = self._free(seat)
        hedge = self.hedge
        placeable = [kind != EMPTY and bool(own if kind < FIRST_TOOL else plain) for kind in hedge]
        return [
            SWAP_ID[k]
            for k in range(HEDGE_SLOTS - 1)
            if hedge[k] != EMPTY and hedge[k + 1] != EMPTY and (placeable[k] or placeable[k + 1])
        ]

    def _column_flips(self) -> list[Action]:
        """Column Flip token: flip every vegetable token of one column in both Potagers; offered for
        the columns that hold a vegetable token."""
        vegetables = self._vegetables(0) | self._vegetables(1)
        return [FLIPCOL_ID[c] for c in range(SIZE) if vegetables & _COLUMN_MASKS[c]]

    def _add_mole_moves(self, found: list[Any], seat: Seat) -> None:
        """Score track (module): move one mole of your Potager to a free square of the opponent's
        that is not a tool square (moles never stand on tool squares)."""
        own = self.potagers[seat]
        free = ALL_SQUARES & ~self.occupied[1 - seat] & ~TOOL_MASK
        tokens = self.occupied[seat] & ~self._vegetables(seat) & ~TOOL_MASK
        while tokens:  # each tool token or mole, from the lowest square (as `_add_on`)
            low = tokens & -tokens
            a = low.bit_length() - 1
            tokens ^= low
            if (own[a] - 1) & 1:  # mole side up, not a tool
                _add_on(found, _MOLEMOVE_AT[a], free)

    # -- transitions -------------------------------------------------------------------------------
    def apply(self, seat: Any, action: Any) -> None:
        """`State.apply` with `is_legal`'s test and `_apply` in one call (playouts call it at every
        step); an illegal action changes nothing."""
        if type(seat) is int and type(action) is int and self._is_legal(seat, action):
            self._play(seat, action)
        else:
            raise IllegalAction(self._why_illegal(seat, action))

    def _play(self, seat: Seat, action: Action) -> None:
        self.moves.append(_MOVES[seat][action])
        self._apply(seat, action)

    def _apply(self, seat: Seat, action: Action) -> None:
        self._legal = None
        op, arg1, arg2 = _DECODE[action]
        bonus, fixed = 0, -1
        if op == PLANT:
            bonus, fixed = self._place(seat, arg1, arg2, False)
        elif op == HARVEST:
            bonus = self._harvest(seat, arg1, arg2)
        elif op == SKIP:
            self.events.append({"type": "skip", "seat": seat})
        elif op == MOVE:
            bonus, fixed = self._move(seat, arg1, arg2)
        elif op == FLIP:
            self._flip(seat, arg1, arg2)
        elif op == MOLE:
            self._place(seat, arg1, arg2, True)
        elif op == SWAP_OP:
            self._swap(seat, arg1)
            return
        elif op == COMPOST_OP:
            bonus = self._compost(seat, arg1)
        elif op == FLIPCOL_OP:
            self._flip_column(seat, arg1)
        else:
            self._move_mole(seat, arg1, arg2)
        if bonus:
            self._offer(seat, bonus, fixed)
        else:
            self._end_turn()

    def _clear(self, seat: Seat, q: int) -> None:
        """Take the token off square ``q``: the complete fields through it are no longer."""
        potager = self.potagers[seat]
        old = potager[q]
        potager[q] = 0
        bit = 1 << q
        occupied = self.occupied[seat] = self.occupied[seat] & ~bit
        plants = self.plants[seat]
        if plants is not None:
            # q's plants go back into the five runs (one per slot), at q's rank in each.
            n, rank = len(plants) // HEDGE_SLOTS + 1, ones(~occupied & (bit - 1) & ALL_SQUARES)
            for k in range(HEDGE_SLOTS):
                plants.insert(k * n + rank, _PLANT_AT[k][q])
        if old <= VEGETABLE_CELLS:
            v = (old - 1) >> 1
            masks = self.veg_masks[seat]
            mask = masks[v]
            masks[v] = mask & ~bit
            ready = self.ready[seat]
            # The fields through q that were complete: those of `_THROUGH` sure to be, and those
            # left to test (inline: a function call per token costs more than the lookup).
            sure, test = _THROUGH[v][q][_window(q, mask & _NEIGHBOURS[v][q])]
            for a in sure:
                ready.pop(position(ready, a))
            for a, m in test:
                if m & mask == m:
                    ready.pop(position(ready, a))

    def _put(self, seat: Seat, q: int, value: int) -> None:
        """Put a token (cell ``value``) on the free square ``q``: a vegetable completes the fields
        through ``q`` whose other squares hold it already."""
        self.potagers[seat][q] = value
        bit = 1 << q
        occupied = self.occupied[seat]
        plants = self.plants[seat]
        if plants is not None:
            # `plants` holds five runs (one per slot) of the plants onto the free squares; the
            # rank of q among them is its place in each run: one extended slice deletes q's five.
            del plants[ones(~occupied & (bit - 1) & ALL_SQUARES) :: len(plants) // HEDGE_SLOTS]
        self.occupied[seat] = occupied | bit
        if value <= VEGETABLE_CELLS:
            v = (value - 1) >> 1
            masks = self.veg_masks[seat]
            mask = masks[v] = masks[v] | bit
            ready = self.ready[seat]
            sure, test = _THROUGH[v][q][_window(q, mask & _NEIGHBOURS[v][q])]  # as in `_clear`
            for a in sure:
                insert(ready, a)
            for a, m in test:
                if m & mask == m:
                    insert(ready, a)

    def _place(self, seat: Seat, slot: int, q: int, as_mole: bool) -> tuple[int, int]:
        """Place 1 token (rulebook "Placer 1 jeton"): take Hedge slot ``slot``; a vegetable stays
        double in the column of its slot and is flipped to single elsewhere; a tool token stays tool
        side up, or goes mole side up into the opponent's Potager. Then refill; then the bonus of
        the tool square (vegetable) or of the tool token (after the refill)."""
        hedge = self.hedge
        kind = hedge.pop(slot)
        face = q % SIZE != slot if kind < FIRST_TOOL else as_mole  # a bool: 0 double/tool
        value = 1 + 2 * kind + face
        self._put(1 - seat if as_mole else seat, q, value)
        events = self.events
        events.append(_PLACE_EVENTS[as_mole][seat][slot][value][q])
        bag = self.bag
        if bag and self.trampoline != EMPTY:
            # `_refill`'s common case inline: a token left in the bag means the Hedge was full, so
            # the others have closed up (the pop), the Trampoline token enters, one is drawn.
            hedge.append(self.trampoline)
            self.trampoline = drawn = bag.pop()
            events.append(_DRAW_EVENTS[drawn])
        else:
            hedge.insert(slot, EMPTY)  # the slot stays where it was until `_refill` closes up
            self._refill()
        if as_mole:
            return 0, -1
        if kind >= FIRST_TOOL:
            return self._expand(seat, _ABILITY_BIT[kind]), -1
        bit = _TOOL_BIT[seat][q]
        return bit, q if bit else -1

    def _refill(self) -> None:
        """Refill (rulebook "Placer 1 jeton" 2; FACTS): the Hedge closes up towards slot 1; the
        Trampoline token enters the lowest empty slot and a token is drawn onto the Trampoline,
        until the Hedge is full or nothing is left. The first time a token must be drawn from an
        empty bag, the end of the game is triggered. Once the bag and the Trampoline are both
        empty, a refill completes nothing ("Si le sac est vide, vous ne complétez ni la Haie ni le
        plateau Trampoline"): the tokens stay in their slots (and start columns), gaps stay."""
        if self.trampoline == EMPTY:
            return
        bag = self.bag
        hedge = self.hedge = [k for k in self.hedge if k != EMPTY]
        while len(hedge) < HEDGE_SLOTS and self.trampoline != EMPTY:
            hedge.append(self.trampoline)
            if bag:
                self.trampoline = kind = bag.pop()
                self.events.append(_DRAW_EVENTS[kind])
            else:
                self.trampoline = EMPTY
                self.end_triggered = True
                self.events.append({"type": "bag empty"})
        hedge += [EMPTY] * (HEDGE_SLOTS - len(hedge))

    def _harvest(self, seat: Seat, v: int, index: int) -> int:
        """Harvest 1 field (rulebook "Récolter 1 champ"): discard its single tokens, flip its double
        ones to single, and score 1 per token."""
        field = FIELDS[v][index]
        potager = self.potagers[seat]
        discarded = 0
        for q in field:
            # ``x[i] = x[i] + n`` rather than ``x[i] += n``: compiled, an item's augmented
            # assignment adds through `PyNumber_InPlaceAdd` where this adds two native ints.
            if potager[q] & 1:
                potager[q] = potager[q] + 1
            else:
                self._clear(seat, q)
                discarded += 1
        self.discard[v] = self.discard[v] + discarded
        self.events.append(_HARVEST_EVENTS[seat][v][index][discarded])
        return self._score(seat, len(field))

    def _score(self, seat: Seat, points: int) -> int:
        """Move the gnome (rulebook "Récolter" 3–4): never onto the other gnome's square but 0 (it
        goes on to the next one); a bonus square lets you use any visible tool of your Potager
        (and, with the module, move a mole instead). Returns that bonus."""
        start = self.gnomes[seat]
        end = start + points
        if end == self.gnomes[1 - seat]:
            end += 1
        self.gnomes[seat] = end
        events = _SCORE_EVENTS[seat]
        if start < len(events):
            self.events.append(events[start][end - start])
        else:
            self.events.append({"type": "score", "seat": seat, "from": start, "to": end})
        if not self.track.bonus_mask >> end & 1:
            return 0
        return self._expand(seat, self._visible(seat)) | (self.module << MOLEMOVE)

    def _visible(self, seat: Seat) -> int:
        """The abilities of the tool squares no token covers and of the tool tokens (tool side up)
        of ``seat``'s Potager."""
        occupied = self.occupied[seat]
        found = _FREE_TOOLS[seat][TOOL_MASK & ~occupied]
        if self.module:
            potager = self.potagers[seat]
            tokens = occupied & ~self._vegetables(seat)
            while tokens:  # each tool token or mole, from the lowest square (as `_add_on`)
                low = tokens & -tokens
                c = potager[low.bit_length() - 1]
                tokens ^= low
                if (c - 1) & 1 == 0:  # tool side up, not a mole
                    found |= _ABILITY_BIT[(c - 1) >> 1]
        return found

    def _expand(self, seat: Seat, abilities: int) -> int:
        """Copy (module): use, in your Potager, any visible tool square or tool token of the
        opponent's, a Copy excepted."""
        if abilities & (1 << COPY):
            abilities = (abilities | self._visible(1 - seat)) & ~(1 << COPY)
        return abilities

    def _move(self, seat: Seat, a: int, b: int) -> tuple[int, int]:
        """Wheelbarrow: the token keeps its face (a mole stays a mole); moved onto a tool square
        (a vegetable only), it gives its bonus."""
        value = self.potagers[seat][a]
        self._clear(seat, a)
        self._put(seat, b, value)
        self.events.append(
            {"type": "move", "seat": seat, "from": SQUARE_NAMES[a], "to": SQUARE_NAMES[b]}
        )
        bit = _TOOL_BIT[seat][b]
        return bit, b if bit else -1

    def _flip(self, seat: Seat, side: int, q: int) -> None:
        """Watering Can: flip one vegetable token (single to double too)."""
        potager = self.potagers[seat ^ side]
        potager[q] = ((potager[q] - 1) ^ 1) + 1
        self.events.append(
            {"type": "flip", "seat": seat, "potager": seat ^ side, "square": SQUARE_NAMES[q]}
        )

    def _swap(self, seat: Seat, k: int) -> None:
        """Swap token: swap Hedge slots k and k + 1; the player must then place one of them."""
        hedge = self.hedge
        hedge[k], hedge[k + 1] = hedge[k + 1], hedge[k]
        self.events.append({"type": "swap", "seat": seat, "slots": [k + 1, k + 2]})
        self.phase = SWAP_PLACE
        self.swap_slot = k

    def _compost(self, seat: Seat, v: int) -> int:
        """Compost token: discard every token of one vegetable from the Hedge (not the Trampoline),
        1 point each, then close up and refill (`_refill`: in the last turn, neither)."""
        n = self.hedge.count(v)
        self.hedge = [EMPTY if k == v else k for k in self.hedge]
        self.discard[v] = self.discard[v] + n
        self.events.append({"type": "compost", "seat": seat, "vegetable": VEGETABLES[v], "n": n})
        self._refill()
        return self._score(seat, n)

    def _flip_column(self, seat: Seat, column: int) -> None:
        """Column Flip token: flip every vegetable token of the column in both Potagers (tool
        tokens, moles and the Hedge are untouched)."""
        for potager in self.potagers:
            for q in _COLUMN_SQUARES[column]:
                if 0 < potager[q] <= VEGETABLE_CELLS:
                    potager[q] = ((potager[q] - 1) ^ 1) + 1
        self.events.append({"type": "flipcol", "seat": seat, "column": "abcde"[column]})

    def _move_mole(self, seat: Seat, a: int, b: int) -> None:
        """Score track (module): a mole of your Potager goes to a free square of the opponent's."""
        value = self.potagers[seat][a]
        self._clear(seat, a)
        self._put(1 - seat, b, value)
        self.events.append(
            {"type": "molemove", "seat": seat, "from": SQUARE_NAMES[a], "to": SQUARE_NAMES[b]}
        )

    # -- the chain of a turn ----------------------------------------------------------------------
    def _offer(self, seat: Seat, abilities: int, fixed: int) -> None:
        """Offer a bonus; one that allows nothing is passed over without a decision."""
        self.phase = BONUS
        self.abilities = abilities
        self.fixed = fixed
        actions = self._bonus_actions(seat, abilities)
        if len(actions) == 1:  # skip alone
            self._end_turn()
            return
        self._legal = actions
        self.events.append(_BONUS_EVENTS[seat][abilities])

    def _end_turn(self) -> None:
        """End of the turn (rulebook "Fin de la partie"): the game ends after the turn in which a
        gnome reaches 40 or the bag ran out; if that was the first-seed holder's turn, the
        opponent plays one last turn first."""
        seat = self.turn
        gnomes = self.gnomes
        goal = self.track.goal
        ending = self.end_triggered or gnomes[0] >= goal or gnomes[1] >= goal
        if self.last_turn or (ending and seat != FIRST_SEED):
            self._finish()
        else:
            if ending:
                self.last_turn = True
                self.events.append({"type": "last turn", "seat": 1 - seat})
            self._start_turn(1 - seat)

    def _start_turn(self, seat: Seat) -> None:
        """A player who can neither place nor harvest loses at once (option ``stuck="lose"``) or
        passes (``stuck="pass"``; the game ends when neither can act) (FACTS)."""
        self.turn = seat
        self.to_move = _TO_MOVE[seat]
        self.phase = MAIN
        self.abilities = 0
        self.fixed = self.swap_slot = -1
        if self.ready[seat] or self._can_place(seat):
            self.passes = 0
            return
        if self.lose_when_stuck:
            self.stuck = seat
            self.events.append({"type": "stuck", "seat": seat})
            self._finish()
            return
        self.passes += 1
        self.events.append({"type": "pass", "seat": seat})
        if self.passes >= 2:
            self._finish()
        else:
            self._end_turn()

    def _finish(self) -> None:
        self.phase = OVER
        self.to_move = ()
        self.is_over = True
        self._legal = None
        winners = list(self._winners())
        self.events.append({"type": "game over", "scores": list(self.gnomes), "winners": winners})

    # -- outcome -----------------------------------------------------------------------------------
    def result(self) -> Result:
        """The higher gnome wins; both on 0 share the win; a stuck player loses (``stuck``)."""
        if self.phase != OVER:
            raise ValueError("the game is not over")
        g = self.gnomes
        details = {"stuck": None if self.stuck < 0 else self.stuck}
        return Result((g[0], g[1]), self._winners(), details)

    def _winners(self) -> tuple[Seat, ...]:
        g = self.gnomes
        if self.stuck >= 0:
            return (1 - self.stuck,)
        if g[0] == g[1]:
            return (0, 1)
        return (0,) if g[0] > g[1] else (1,)

    # -- information and copies ------------------------------------------------------------------
    def view(self, seat: Seat | None) -> View:
        from .views import view

        return view(self, seat)

    def clone(self) -> GardenRushState:
        """A copy that shares the game's generator (`deals_ahead`)."""
        new = GardenRushState(self.game, 2, self.seed, self.variant, self.deck, blank=True)
        self._copy_engine_attributes(new)
        new.moves = list(self.moves)
        new.events = list(self.events)
        self._copy_table(new)
        return new

    def pools(self) -> dict[str, Pool]:
        """The bag (sac), next token first: the set-up's Hedge and Trampoline were its first
        six, every refill draws from it."""
        total = len(_VEGETABLE_TOKENS) + (len(_TOOL_TOKENS) if self.module else 0)
        return {"bag": Pool(total - len(self.bag), tuple(KINDS[k] for k in reversed(self.bag)))}

    def stack(self, pool: str, components: Sequence[str]) -> None:
        if pool != "bag":
            State.stack(self, pool, components)
        first = [KINDS.index(name) for name in components]
        self.bag = restack(self.bag[::-1], first)[::-1]

    def deals_ahead(self) -> bool:
        """False: Garden Rush draws from the generator only at the set-up (the bag and the
        Tools & Moles cards are shuffled once; the tests prove no move draws), so a clone or a
        sample shares it."""
        return False

    def _copy_engine_attributes(self, new: State) -> None:
        """`State._copy_engine_attributes` from the fields (`__slots__`): there is no instance
        dict to copy them from."""
        assert isinstance(new, GardenRushState)
        new.game = self.game
        new.players = self.players
        new.seed = self.seed
        new.variant = self.variant
        new.deck = self.deck
        new._names = self._names
        new._lookup = self._lookup
        new.rng = self.rng
        new.moves = self.moves
        new.events = self.events

    def _copy_table(self, new: GardenRushState) -> None:
        """Lay this state's table out in ``new`` (the lists copied, the values shared)."""
        new.track = self.track
        new.module = self.module
        new.lose_when_stuck = self.lose_when_stuck
        new.potagers = [list(p) for p in self.potagers]
        new.occupied = list(self.occupied)
        new.veg_masks = [list(m) for m in self.veg_masks]
        new.ready = [list(r) for r in self.ready]
        new.plants = [None if p is None else list(p) for p in self.plants]
        new.hedge = list(self.hedge)
        new.trampoline = self.trampoline
        new.bag = list(self.bag)
        new.discard = list(self.discard)
        new.gnomes = list(self.gnomes)
        new.turn = self.turn
        new.phase = self.phase
        new.abilities = self.abilities
        new.fixed = self.fixed
        new.swap_slot = self.swap_slot
        new.end_triggered = self.end_triggered
        new.last_turn = self.last_turn
        new.passes = self.passes
        new.stuck = self.stuck
        new._legal = self._legal
        new.to_move = self.to_move
        new.is_over = self.is_over
