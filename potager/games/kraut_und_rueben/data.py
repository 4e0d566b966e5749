"""Every fact of Kraut & Rüben as data (rulebook "Matériel", "Carte contrat"; FACTS.md).

A corrected fact is a one-line change here: the tile counts, the garden's shape, the twelve
contract cards with their per-card point rows, the fixed values, the cup. `PARAMETERS` names the
numbers a designer may change, their defaults these facts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from potager.engine import Parameter, ParameterSpec

Kind = Literal["tomato", "asparagus", "carrot", "salad", "clover", "dandelion", "snail", "mole"]
"""A tile's kind, in the notation (French: tomate, asperge, carotte, salade, trèfle, pissenlit,
escargot, taupe)."""

KINDS: Final[tuple[Kind, ...]] = (
    "tomato",
    "asparagus",
    "carrot",
    "salad",
    "clover",
    "dandelion",
    "snail",
    "mole",
)
"""Every kind; a kind's index here is its code in the rules."""

VEGETABLES: Final[tuple[Kind, ...]] = KINDS[:4]

TILE_COUNTS: Final[dict[Kind, int]] = {
    "tomato": 16,
    "asparagus": 16,
    "carrot": 16,
    "salad": 16,
    "clover": 7,
    "dandelion": 7,
    "snail": 7,
    "mole": 5,
}
"""The 90 tiles of the box ("90 cartes")."""

PILE_KINDS: Final[tuple[Kind, ...]] = KINDS[:7]
"""The shuffled pile: every tile but the moles (each player keeps one mole face up)."""

COLUMNS: Final[str] = "abcd"
ROWS: Final[str] = "123"
SPACES: Final[tuple[str, ...]] = tuple(c + r for r in ROWS for c in COLUMNS)
"""A garden is a 3 × 4 grid: the 12 spaces, row by row (``a1 b1 c1 d1 a2 … d3``)."""

SNAILS_PER_GARDEN: Final[int] = 2
MOLES_PER_GARDEN: Final[int] = 2
"""At most 2 snails and 2 moles in one garden (rulebook "La taupe", "L'escargot")."""

FIXED_POINTS: Final[dict[Kind, int]] = {"clover": 1, "dandelion": 0, "mole": 0, "snail": -1}
"""Points per uncovered tile for every player, whatever the contract."""

NEGATIVE_POINTS: Final[int] = -2
"""Points per uncovered tile of a contract's negative vegetable."""

COLUMN_LABELS: Final[tuple[str, ...]] = ("0", "1", "2", "3", "4+")
"""A contract's columns: how many principal vegetables lie uncovered in the garden."""

LOWER_ROW: Final[tuple[int, ...]] = (1, 2, 3, 2, 1)
HIGHER_ROW: Final[tuple[int, ...]] = (2, 3, 4, 3, 2)
"""ASSUMPTION (FACTS.md): the two scoring rows, per column; kept per card below."""


@dataclass(frozen=True)
class Contract:
    """A contract card ("carte contrat"): the principal vegetable picks the column, two
    vegetables score per tile by that column, one vegetable costs 2 points per tile."""

    number: int
    principal: Kind
    lower: Kind
    higher: Kind
    negative: Kind
    lower_points: tuple[int, ...] = LOWER_ROW
    higher_points: tuple[int, ...] = HIGHER_ROW


CONTRACTS: Final[dict[int, Contract]] = {
    c.number: c
    for c in (
        Contract(1, "tomato", "carrot", "salad", "asparagus"),
        Contract(2, "tomato", "salad", "asparagus", "carrot"),
        Contract(3, "tomato", "asparagus", "carrot", "salad"),
        Contract(4, "asparagus", "salad", "tomato", "carrot"),
        Contract(5, "asparagus", "tomato", "carrot", "salad"),
        Contract(6, "asparagus", "carrot", "salad", "tomato"),
        Contract(7, "carrot", "tomato", "asparagus", "salad"),
        Contract(8, "carrot", "asparagus", "salad", "tomato"),
        Contract(9, "carrot", "salad", "tomato", "asparagus"),
        Contract(10, "salad", "asparagus", "carrot", "tomato"),
        Contract(11, "salad", "carrot", "tomato", "asparagus"),
        Contract(12, "salad", "tomato", "asparagus", "carrot"),
    )
}
"""The 12 contract cards (FACTS.md's table, numbered as there)."""

FIRST_PLAYER: Final[int] = 0
"""Seat 0 is "the youngest player" and begins the game; in a match, game k (0-based) begins with
seat ``(FIRST_PLAYER + k) mod players`` (FACTS.md, reading 6, corrected 2026-11-23)."""

MIN_PLAYERS: Final[int] = 2
MAX_PLAYERS: Final[int] = 5
"""2 to 5 players (the box; the game for two has rules of its own, "Jeu à deux")."""

MATCH_GAMES: Final[int] = 3
CUP_POINTS: Final[int] = 3
"""Variant: 3 games in a row; the first player to take a garden in a game gets the cup, +3."""


STARTS: Final[tuple[str, ...]] = ("rotate", "trailing", "first")
"""Who begins a match's next game: by rotation (`FIRST_PLAYER`'s reading), the player with the
fewest points so far (ties in rotation order), or seat 0 every game."""

PARAMETERS: Final[ParameterSpec] = {
    **{
        f"{kind}_tiles": Parameter(TILE_COUNTS[kind], f"{kind} tiles in the pile", low=0, high=40)
        for kind in PILE_KINDS
    },
    "clover_points": Parameter(
        FIXED_POINTS["clover"], "points per uncovered clover, for everyone", low=-9, high=9
    ),
    "dandelion_points": Parameter(
        FIXED_POINTS["dandelion"], "points per uncovered dandelion, for everyone", low=-9, high=9
    ),
    "snail_points": Parameter(
        FIXED_POINTS["snail"], "points per uncovered snail, for everyone", low=-9, high=9
    ),
    "negative_points": Parameter(
        NEGATIVE_POINTS,
        "points per uncovered tile of a contract's negative vegetable",
        low=-9,
        high=9,
    ),
    "lower_points": Parameter(
        LOWER_ROW,
        "every contract's lower scoring row: points per tile by principal vegetables 0,1,2,3,4+",
        low=-9,
        high=9,
    ),
    "higher_points": Parameter(
        HIGHER_ROW,
        "every contract's higher scoring row: points per tile by principal vegetables 0,1,2,3,4+",
        low=-9,
        high=9,
    ),
    "match_games": Parameter(MATCH_GAMES, "games in a match (variant match)", low=2, high=9),
    "cup_points": Parameter(
        CUP_POINTS,
        "points of the cup, to the first player to take a garden in a match's game",
        low=0,
        high=20,
    ),
    "match_starts": Parameter(
        STARTS[0],
        "who begins a match's next game: by rotation, the player trailing on points, or seat 0",
        choices=STARTS,
    ),
}
"""The rule parameters (`potager.engine.parameters`): the pile, the scoring values and rows,
and the match."""


def gardens_for(players: int) -> int:
    """One garden more than players ("un jardin de plus que le nombre de joueurs"); five in the
    2-player game ("Jeu à deux")."""
    return 5 if players == 2 else players + 1


def gardens_to_take(players: int) -> int:
    """Gardens each player takes: one, two in the 2-player game ("Jeu à deux")."""
    return 2 if players == 2 else 1


def reference(values: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """These facts as JSON for interfaces (`Game.facts`): the tiles, the garden's shape, the
    fixed values and every contract card with its point rows (keyed by its number as text),
    as parameter ``values`` (every parameter's, by name) change them; the rulebook's without."""
    if values is None:
        values = {name: parameter.default for name, parameter in PARAMETERS.items()}
    fixed = {kind: values.get(f"{kind}_points", n) for kind, n in FIXED_POINTS.items()}
    return {
        "kinds": list(KINDS),
        "vegetables": list(VEGETABLES),
        "tile_counts": {
            kind: values[f"{kind}_tiles"] if kind in PILE_KINDS else n
            for kind, n in TILE_COUNTS.items()
        },
        "pile_kinds": list(PILE_KINDS),
        "columns": list(COLUMNS),
        "rows": list(ROWS),
        "snails_per_garden": SNAILS_PER_GARDEN,
        "moles_per_garden": MOLES_PER_GARDEN,
        "fixed_points": fixed,
        "negative_points": values["negative_points"],
        "column_labels": list(COLUMN_LABELS),
        "contracts": {
            str(c.number): {
                "principal": c.principal,
                "lower": c.lower,
                "higher": c.higher,
                "negative": c.negative,
                "lower_points": list(values["lower_points"]),
                "higher_points": list(values["higher_points"]),
            }
            for c in CONTRACTS.values()
        },
        "match_games": values["match_games"],
        "cup_points": values["cup_points"],
    }
