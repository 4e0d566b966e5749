"""What a seat sees, and a full state rebuilt from it.

Everything in Garden Rush is on the table but the order of the bag (rulebook: discarded tokens
"peuvent être consultés à tout moment"; the bag's contents follow from what is visible). So every
seat's view is the spectator's plus ``seat``, and `sample` only reshuffles the bag.
"""

from __future__ import annotations

import random

from potager.engine import Game, Seat, View
from potager.engine.sampling import start_sample
from potager.engine.shuffle import shuffle

from .data import (
    ABILITIES,
    FACES,
    FIRST_SEED,
    FIRST_TOOL,
    KINDS,
    SQUARE_NAMES,
    TOOL_FACES,
    TOOL_SQUARES,
)
from .rules import (
    BONUS,
    EMPTY,
    OVER,
    PHASES,
    GardenRushState,
    cell,
    empty_potager,
    squares_of,
)

_SQUARE = {name: q for q, name in SQUARE_NAMES.items()}
_KIND = {k: i for i, k in enumerate(KINDS)}
_CELL = {
    (k, name): cell(kind, face)
    for kind, k in enumerate(KINDS)
    for face, name in enumerate(FACES if kind < FIRST_TOOL else TOOL_FACES)
}
"""The cell value of a token shown as (kind, face)."""


_NAMES = {value: pair for pair, value in _CELL.items()}
"""(kind, face) of a cell value."""
_TOOL_SQUARE_NAMES = tuple(
    tuple((SQUARE_NAMES[q], ABILITIES[t]) for q, t in sorted(tools.items()))
    for tools in TOOL_SQUARES
)


def _token(value: int) -> dict[str, str]:
    kind, face = _NAMES[value]
    return {"token": kind, "face": face}


def view(state: GardenRushState, seat: Seat | None) -> View:
    """The table as ``seat`` sees it: both Potagers (``{square: {"token", "face"}}``, occupied
    squares only), the tool squares, the Hedge (its five slots, slot 1 first, ``None`` for a gap
    left in the last turn) and the Trampoline, the bag's
    contents as counts, the discarded tokens, the gnomes, the pending bonus and the end flags."""
    kinds = KINDS if state.module else KINDS[:FIRST_TOOL]
    bag = {k: state.bag.count(i) for i, k in enumerate(kinds)}
    return {
        "seat": seat,
        "variant": dict(state.variant),
        "turn": state.turn,
        "to_move": list(state.to_move),
        "phase": PHASES[state.phase],
        "bonus": None
        if state.phase != BONUS
        else {
            "tools": [n for i, n in enumerate(ABILITIES) if state.abilities >> i & 1],
            "fixed": SQUARE_NAMES.get(state.fixed),
        },
        "swap": state.swap_slot + 1 if state.swap_slot >= 0 else None,
        "potagers": [
            {SQUARE_NAMES[q]: _token(p[q]) for q in squares_of(occupied)}
            for p, occupied in zip(state.potagers, state.occupied, strict=True)
        ],
        "tool_squares": [dict(names) for names in _TOOL_SQUARE_NAMES],
        "hedge": [None if k == EMPTY else KINDS[k] for k in state.hedge],
        "trampoline": None if state.trampoline == EMPTY else KINDS[state.trampoline],
        "bag": bag,
        "bag_size": len(state.bag),
        "discard": {k: state.discard[i] for i, k in enumerate(kinds)},
        "scores": list(state.gnomes),
        "first_seed": FIRST_SEED,
        "goal": state.track.goal,
        "bonus_squares": list(state.track.bonus_squares),
        "end_triggered": state.end_triggered,
        "last_turn": state.last_turn,
        "passes": state.passes,
        "stuck": None if state.stuck < 0 else state.stuck,
    }


def sample(table: GardenRushState, rng: random.Random) -> GardenRushState:
    """A full state with the view read into ``table`` (`read_view`) as its view: the bag's tokens
    in a random order (its only secret). A state of its own seed, the table copied, with the
    table's generator: these rules draw only at the set-up, and seeding a new generator would cost
    a third of a sample."""
    blank = GardenRushState(table.game, 2, 0, table.variant, None, blank=True)
    state = start_sample(table, blank, rng)
    table._copy_table(state)
    shuffle(state.bag, rng)
    return state


def read_view(game: Game, v: View, seat: Seat) -> GardenRushState:
    """``v`` read for `sample` (kept by the game for the next sample of an equal view): the
    table it shows as a state, with the bag's tokens in the view's order (a new game's table,
    every part of it then replaced)."""
    state = GardenRushState(game, 2, 0, dict(v["variant"]), None)
    state.potagers = [empty_potager(), empty_potager()]
    state.occupied = [0, 0]
    state.veg_masks = [[0] * FIRST_TOOL, [0] * FIRST_TOOL]
    state.ready = [[], []]
    state.plants = [None, None]
    for s, squares in enumerate(v["potagers"]):
        for name, token in squares.items():
            state._put(s, _SQUARE[name], _CELL[token["token"], token["face"]])
    state.hedge = [EMPTY if k is None else _KIND[k] for k in v["hedge"]]
    state.trampoline = EMPTY if v["trampoline"] is None else _KIND[v["trampoline"]]
    state.bag = [_KIND[k] for k, n in v["bag"].items() for _ in range(n)]
    state.discard = [v["discard"].get(k, 0) for k in KINDS]
    state.gnomes = list(v["scores"])
    state.turn = v["turn"]
    state.phase = PHASES.index(v["phase"])
    state.is_over = state.phase == OVER
    state.to_move = tuple(v["to_move"])
    bonus = v["bonus"]
    state.abilities = 0 if bonus is None else sum(1 << ABILITIES.index(t) for t in bonus["tools"])
    state.fixed = -1 if bonus is None or bonus["fixed"] is None else _SQUARE[bonus["fixed"]]
    state.swap_slot = -1 if v["swap"] is None else v["swap"] - 1
    state.end_triggered = v["end_triggered"]
    state.last_turn = v["last_turn"]
    state.passes = v["passes"]
    state.stuck = -1 if v["stuck"] is None else v["stuck"]
    state._legal = None
    return state
