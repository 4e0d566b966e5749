"""Scoring a garden with a contract (rulebook "Carte contrat", "Fin du jeu").

Only the uncovered (top) tile of each space counts. The number of uncovered principal
vegetables picks the contract's column (0, 1, 2, 3, 4+); the two scoring vegetables earn that
column's points per tile, the negative vegetable −2 per tile; clover +1, dandelion and mole 0,
snail −1 for everyone.

>>> counts = [3, 1, 2, 2, 1, 1, 1, 1]  # the rulebook's example, by kind code (see data.KINDS)
>>> points(1, counts)
8
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from .data import (
    COLUMN_LABELS,
    CONTRACTS,
    FIXED_POINTS,
    KINDS,
    NEGATIVE_POINTS,
    Contract,
    Kind,
)

CODE: Final[dict[str, int]] = {k: i for i, k in enumerate(KINDS)}
"""A kind's code: its index in `data.KINDS`."""


LAST_COLUMN: Final = len(COLUMN_LABELS) - 1
"""The contract's last column (4 or more principal vegetables)."""


def column(principal: int) -> int:
    """The contract column for ``principal`` uncovered principal vegetables (4+ share one)."""
    return min(principal, LAST_COLUMN)


Weights = dict[int, tuple[tuple[int, ...], ...]]
"""Points per uncovered tile, by contract number, column and kind code."""


def weights_of(
    fixed: Mapping[Kind, int],
    negative: int,
    lower: tuple[int, ...] | None = None,
    higher: tuple[int, ...] | None = None,
) -> Weights:
    """The `Weights` of the 12 contracts with these values: ``fixed`` per kind for everyone,
    ``negative`` per negative vegetable, and every card's rows ``lower`` and ``higher`` (its own
    rows when ``None``)."""

    def one(contract: Contract, col: int) -> tuple[int, ...]:
        per_kind = dict(fixed)
        per_kind[contract.principal] = 0
        per_kind[contract.lower] = (lower or contract.lower_points)[col]
        per_kind[contract.higher] = (higher or contract.higher_points)[col]
        per_kind[contract.negative] = negative
        return tuple(per_kind[k] for k in KINDS)

    return {
        n: tuple(one(c, col) for col in range(len(COLUMN_LABELS))) for n, c in CONTRACTS.items()
    }


WEIGHTS: Final[Weights] = weights_of(FIXED_POINTS, NEGATIVE_POINTS)
"""The rulebook's `Weights`."""

PRINCIPAL: Final[dict[int, int]] = {n: CODE[c.principal] for n, c in CONTRACTS.items()}


def points(contract: int, counts: list[int], table: Weights = WEIGHTS) -> int:
    """The points of a garden whose uncovered tiles number ``counts`` (by kind code), scored
    by ``table`` (the rulebook's by default)."""
    weights = table[contract][column(counts[PRINCIPAL[contract]])]
    total = 0
    for kind, weight in enumerate(weights):  # compiled (`potager.compiled`): a C loop
        total += weight * counts[kind]
    return total


def breakdown(contract: int, counts: Sequence[int], table: Weights = WEIGHTS) -> dict[str, int]:
    """Points per kind (kinds present only), for score sheets and renderers."""
    weights = table[contract][column(counts[PRINCIPAL[contract]])]
    return {k: w * n for k, w, n in zip(KINDS, weights, counts, strict=True) if n}
