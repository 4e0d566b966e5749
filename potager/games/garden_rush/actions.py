"""The fixed action space of Garden Rush and its notation (DESIGN.md, "Notation").

Every action is an int; the tables below decode it (`OP`, `ARG1`, `ARG2`) and encode it (the
``*_ID`` tables). The basic game's actions are a prefix of the Tools & Moles space, so an action
has the same number in both. Actions are grouped by kind in this order, which is also the order in
which the rules build legal lists (so a concatenation of groups is sorted):

``skip`` · ``plant 3 c2`` · ``harvest broccoli b2 b3 c3`` · ``move b2 c4`` · ``flip c3`` /
``flip opp c3`` · (module:) ``mole 3 opp c2`` · ``swap 2`` · ``compost tomato`` · ``flipcol c`` ·
``molemove c2 opp d3``.
"""

from __future__ import annotations

from typing import Final

from .data import (
    COLUMNS,
    FIELDS,
    HEDGE_SLOTS,
    NOTATION_ORDER,
    SIZE,
    SQUARE_NAMES,
    SQUARES,
    TOOL_SQUARE_SET,
    VEGETABLES,
)

SKIP: Final = 0
PLANT: Final = 1
HARVEST: Final = 2
MOVE: Final = 3
FLIP: Final = 4
MOLE: Final = 5
SWAP_OP: Final = 6
COMPOST_OP: Final = 7
FLIPCOL_OP: Final = 8
MOLEMOVE_OP: Final = 9
"""The kinds of action (`OP`)."""
OWN: Final = 0
OPP: Final = 1
"""Whose Potager a square of an action is in."""
NON_TOOL_SQUARES: Final = tuple(q for q in SQUARES if q not in TOOL_SQUARE_SET)

_TABLE: list[tuple[str, int, int, int]] = []
"""(notation, kind of action, first argument, second argument), indexed by action."""


def _add(name: str, op: int, a1: int = -1, a2: int = -1) -> int:
    _TABLE.append((name, op, a1, a2))
    return len(_TABLE) - 1


def _squares(squares: tuple[int, ...]) -> str:
    return " ".join(SQUARE_NAMES[q] for q in sorted(squares, key=NOTATION_ORDER.index))


_add("skip", SKIP)
PLANT_ID: Final = [
    {q: _add(f"plant {k + 1} {SQUARE_NAMES[q]}", PLANT, k, q) for q in SQUARES}
    for k in range(HEDGE_SLOTS)
]
"""``PLANT_ID[slot][square]`` (slot 0-based)."""
HARVEST_ID: Final = [
    [_add(f"harvest {VEGETABLES[v]} {_squares(f)}", HARVEST, v, i) for i, f in enumerate(fields)]
    for v, fields in enumerate(FIELDS)
]
"""``HARVEST_ID[vegetable][field index in FIELDS[vegetable]]``."""
MOVE_ID: Final = {
    (a, b): _add(f"move {SQUARE_NAMES[a]} {SQUARE_NAMES[b]}", MOVE, a, b)
    for a in SQUARES
    for b in SQUARES
    if a != b
}
FLIP_ID: Final = [
    {q: _add(f"flip {'opp ' * side}{SQUARE_NAMES[q]}", FLIP, side, q) for q in SQUARES}
    for side in (OWN, OPP)
]
"""``FLIP_ID[OWN or OPP][square]``."""
BASIC_ACTIONS: Final = len(_TABLE)
"""The basic game uses actions ``0 … BASIC_ACTIONS - 1``."""

MOLE_ID: Final = [
    {q: _add(f"mole {k + 1} opp {SQUARE_NAMES[q]}", MOLE, k, q) for q in NON_TOOL_SQUARES}
    for k in range(HEDGE_SLOTS)
]
SWAP_ID: Final = [_add(f"swap {k + 1}", SWAP_OP, k) for k in range(HEDGE_SLOTS - 1)]
"""``SWAP_ID[k]`` swaps Hedge slots k and k + 1 (0-based)."""
COMPOST_ID: Final = [_add(f"compost {v}", COMPOST_OP, i) for i, v in enumerate(VEGETABLES)]
FLIPCOL_ID: Final = [_add(f"flipcol {c}", FLIPCOL_OP, i) for i, c in enumerate(COLUMNS[:SIZE])]
MOLEMOVE_ID: Final = {
    (a, b): _add(f"molemove {SQUARE_NAMES[a]} opp {SQUARE_NAMES[b]}", MOLEMOVE_OP, a, b)
    for a in NON_TOOL_SQUARES
    for b in NON_TOOL_SQUARES
}
"""``MOLEMOVE_ID[(own square, opponent's square)]``: moles never stand on tool squares."""

NAMES: Final = tuple(t[0] for t in _TABLE)
OP: Final = tuple(t[1] for t in _TABLE)
ARG1: Final = tuple(t[2] for t in _TABLE)
ARG2: Final = tuple(t[3] for t in _TABLE)


def action_names(tools_and_moles: bool) -> tuple[str, ...]:
    """The notation of every action of a configuration, indexed by action."""
    return NAMES if tools_and_moles else NAMES[:BASIC_ACTIONS]
