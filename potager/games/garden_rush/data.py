"""Garden Rush's facts as data: the Potager, its tool squares, the tokens, the patterns, the score
track, the tool tokens (rulebook "Matériel", "Mise en place", "Récolter", "Actions bonus"; pictures
read in rules/FACTS.md). A corrected fact is a one-line change here.

Squares are numbered ``row * 5 + column`` on the 5 × 5 grid (row 0 next to the Hedge, column 0 =
``a`` as seat 0 sees it); the four cut corners are not squares of the Potager.
"""

from __future__ import annotations

from typing import Any, Final

from potager.engine import Parameter, ParameterSpec

# -- the Potager (FACTS: 5 × 5 with the corners cut off, 21 squares) -------------------------------
SIZE: Final = 5
COLUMNS: Final = "abcde"
CUT_CORNERS: Final = frozenset({0, 4, 20, 24})
SQUARES: Final = tuple(q for q in range(SIZE * SIZE) if q not in CUT_CORNERS)
"""The 21 squares, in index order."""


def square_name(q: int) -> str:
    """``c2`` for row 1, column 2: the column as seat 0 sees it, the row counted from the Hedge."""
    return f"{COLUMNS[q % SIZE]}{q // SIZE + 1}"


SQUARE_NAMES: Final = {q: square_name(q) for q in SQUARES}
NOTATION_ORDER: Final = tuple(sorted(SQUARES, key=square_name))
"""Squares sorted by name (``a2 a3 a4 b1 …``): the order of squares in a harvest's notation."""

# -- tokens (rulebook "Matériel": 60 vegetables, 12 of each; 8 tool tokens, 2 of each) -------------
VEGETABLES: Final = ("tomato", "carrot", "broccoli", "potato", "aubergine")
TOOL_TOKENS: Final = ("swap", "compost", "flipcol", "copy")
KINDS: Final = VEGETABLES + TOOL_TOKENS
"""A token's kind is its index here: vegetables 0…4, tool tokens 5…8."""
FIRST_TOOL: Final = len(VEGETABLES)
PER_VEGETABLE: Final = 12
PER_TOOL_TOKEN: Final = 2
HEDGE_SLOTS: Final = 5
FACES: Final = ("double", "single")
"""A vegetable's faces (recto Double Légume, verso Simple Légume); a tool token's are the tool and
the mole (Taupe), stored as the same two face numbers."""
TOOL_FACES: Final = ("tool", "mole")

# -- tool squares and the abilities of tools (rulebook "Actions bonus") ----------------------------
GLOVES: Final = 0
BASKET: Final = 1
WHEELBARROW: Final = 2
WATERING_CAN: Final = 3
SWAP: Final = 4
COMPOST: Final = 5
FLIPCOL: Final = 6
COPY: Final = 7
MOLEMOVE: Final = 8
ABILITIES: Final = (
    "gloves",
    "basket",
    "wheelbarrow",
    "watering can",
    "swap",
    "compost",
    "flipcol",
    "copy",
    "molemove",
)
"""What a bonus lets you do: place, harvest, move, flip (the tool squares); the tool tokens' four;
the score track's mole move."""
TOKEN_ABILITY: Final = {FIRST_TOOL + i: SWAP + i for i in range(len(TOOL_TOKENS))}

TOOL_SQUARES: Final = (
    {6: GLOVES, 8: WATERING_CAN, 16: WHEELBARROW, 18: BASKET},
    {8: GLOVES, 6: WATERING_CAN, 18: WHEELBARROW, 16: BASKET},
)
"""Per seat, square → tool (FACTS: seat 0 Gloves b2, Can d2, Wheelbarrow b4, Basket d4; seat
1's Potager is seat 0's turned 180°, so in seat-0 columns Gloves d2, Can b2, Wheelbarrow d4,
Basket b4)."""
TOOL_SQUARE_SET: Final = frozenset(TOOL_SQUARES[0])

# -- patterns (FACTS "Patterns": X = a token of that vegetable; any rotation or reflection) --------
PATTERNS: Final = {
    "tomato": ("X.|.X", "X..|.X.|..X", "X.X|.X.|X.X"),
    "carrot": ("XX", "XX|XX", "XX|XX|XX"),
    "broccoli": ("X", "X.|XX", ".X.|XXX|.X."),
    "potato": ("X", "XXX", "XXXXX"),
    "aubergine": ("XX", "XXX|.X.", "XXX|.X.|.X."),
}
"""The three fields of each vegetable, rows separated by ``|``."""

# -- the score track (FACTS: 0…40 and beyond; bonus squares every 5 up to 35) ----------------------
GOAL: Final = 40
BONUS_EVERY: Final = 5
BONUS_SQUARES: Final = frozenset(range(BONUS_EVERY, GOAL, BONUS_EVERY))
FIRST_SEED: Final = 0
"""Seat 0 holds the first-seed marker (silhouette 1re graine) and begins."""

PARAMETERS: Final[ParameterSpec] = {
    "goal": Parameter(
        GOAL, "the score track's square a gnome must reach to end the game", low=10, high=80
    ),
    "bonus_every": Parameter(
        BONUS_EVERY,
        "a bonus square every this many squares below the goal (0: none)",
        low=0,
        high=20,
    ),
}
"""The rule parameters (`potager.engine.parameters`): the score track."""


def bonus_squares(goal: int, every: int) -> frozenset[int]:
    """The score track's bonus squares: every ``every`` squares below ``goal`` (none for 0)."""
    return frozenset(range(every, goal, every)) if every else frozenset()


def _cells(shape: str) -> frozenset[tuple[int, int]]:
    return frozenset(
        (r, c) for r, row in enumerate(shape.split("|")) for c, x in enumerate(row) if x == "X"
    )


def orientations(shape: str) -> list[frozenset[tuple[int, int]]]:
    """Every rotation and reflection of ``shape``, each moved to the top-left corner, distinct."""
    cells = _cells(shape)
    seen: list[frozenset[tuple[int, int]]] = []
    for _ in range(2):
        for _ in range(4):
            cells = frozenset((c, -r) for r, c in cells)
            top, left = min(r for r, _ in cells), min(c for _, c in cells)
            norm = frozenset((r - top, c - left) for r, c in cells)
            if norm not in seen:
                seen.append(norm)
        cells = frozenset((r, -c) for r, c in cells)
    return seen


def placements(shape: str) -> list[tuple[int, ...]]:
    """Every placement of ``shape`` on the Potager's 21 squares, as sorted square tuples."""
    found: set[tuple[int, ...]] = set()
    for cells in orientations(shape):
        for dr in range(SIZE):
            for dc in range(SIZE):
                squares = []
                for r, c in cells:
                    if r + dr >= SIZE or c + dc >= SIZE:
                        break
                    squares.append((r + dr) * SIZE + c + dc)
                else:
                    if not CUT_CORNERS.intersection(squares):
                        found.add(tuple(sorted(squares)))
    return sorted(found, key=lambda p: (len(p), p))


FIELDS: Final = tuple(
    tuple(p for shape in PATTERNS[v] for p in placements(shape)) for v in VEGETABLES
)
"""Per vegetable, every field that may be harvested: the placements of its three patterns."""


def reference() -> dict[str, Any]:
    """These facts as JSON for interfaces (`Game.facts`), squares by name: the Potager and its
    cut corners, the tokens, each seat's tool squares, the patterns as printed (rows split by
    ``|``), the score track."""
    return {
        "size": SIZE,
        "columns": list(COLUMNS),
        "squares": [SQUARE_NAMES[q] for q in SQUARES],
        "cut_corners": sorted(square_name(q) for q in CUT_CORNERS),
        "vegetables": list(VEGETABLES),
        "tool_tokens": list(TOOL_TOKENS),
        "per_vegetable": PER_VEGETABLE,
        "per_tool_token": PER_TOOL_TOKEN,
        "hedge_slots": HEDGE_SLOTS,
        "abilities": list(ABILITIES),
        "tool_squares": [
            {SQUARE_NAMES[q]: ABILITIES[t] for q, t in sorted(tools.items())}
            for tools in TOOL_SQUARES
        ],
        "patterns": {v: list(PATTERNS[v]) for v in VEGETABLES},
        "goal": GOAL,
        "bonus_squares": sorted(BONUS_SQUARES),
        "first_seed": FIRST_SEED,
    }
