"""The facts of data.py: the Potager, the patterns in every orientation, the action space."""

from __future__ import annotations

import pytest

from potager.games.garden_rush.actions import BASIC_ACTIONS, NAMES
from potager.games.garden_rush.data import (
    FIELDS,
    PATTERNS,
    SQUARE_NAMES,
    SQUARES,
    VEGETABLES,
    orientations,
)

from .scripted import GAME, lay, legal, new

ORIENTATIONS = {
    "tomato": (2, 2, 1),
    "carrot": (2, 1, 2),
    "broccoli": (1, 4, 1),
    "potato": (1, 2, 2),
    "aubergine": (2, 4, 4),
}
"""Distinct rotations and reflections of each vegetable's three patterns."""


def test_the_potager_has_21_squares_without_its_corners() -> None:
    assert len(SQUARES) == 21
    assert {"a1", "e1", "a5", "e5"}.isdisjoint(SQUARE_NAMES.values())


def test_pattern_sizes_follow_the_rulebook() -> None:
    """Carrot 2; broccoli 1 and 3; potato 1, 3 and 5 (rule text); the rest from FACTS."""
    sizes = {v: tuple(s.count("X") for s in shapes) for v, shapes in PATTERNS.items()}
    assert sizes == {
        "tomato": (2, 3, 5),
        "carrot": (2, 4, 6),
        "broccoli": (1, 3, 5),
        "potato": (1, 3, 5),
        "aubergine": (2, 4, 5),
    }


def test_orientation_counts() -> None:
    for v, shapes in PATTERNS.items():
        assert tuple(len(orientations(s)) for s in shapes) == ORIENTATIONS[v]


CASES = [
    (v, i, cells)
    for v, shapes in PATTERNS.items()
    for i, shape in enumerate(shapes)
    for cells in orientations(shape)
]


@pytest.mark.parametrize(("vegetable", "pattern", "cells"), CASES)
def test_each_pattern_in_each_orientation_is_harvestable(
    vegetable: str, pattern: int, cells: frozenset[tuple[int, int]]
) -> None:
    """Any orientation may be harvested (page 6: "n'importe quel sens"); it scores its size."""
    state = new(["tomato", "carrot", "potato", "broccoli", "aubergine", "potato"])
    top = 0 if max(r for r, _ in cells) == 4 else 1
    left = 0 if max(c for _, c in cells) == 4 else 1
    squares = sorted(f"{'abcde'[c + left]}{r + top + 1}" for r, c in cells)
    lay(state, 0, " ".join(f"{vegetable}:single@{q}" for q in squares))
    state._legal = None
    text = f"harvest {vegetable} {' '.join(squares)}"
    assert text in legal(state)
    state.apply(0, state.str_to_action(0, text))
    assert state.gnomes[0] == len(cells)
    assert state.view(0)["potagers"][0] == {}


def test_fields_hold_no_cut_corner_and_are_distinct() -> None:
    for fields in FIELDS:
        assert len(set(fields)) == len(fields)
        assert all(set(f) <= set(SQUARES) for f in fields)


def test_action_space_is_fixed_and_the_basic_one_a_prefix() -> None:
    basic = GAME.action_names(2, GAME.resolve_variant({}))
    module = GAME.action_names(2, GAME.resolve_variant({"tools_and_moles": True}))
    assert module[:BASIC_ACTIONS] == basic and module == NAMES
    assert len(set(module)) == len(module)
    assert GAME.num_actions(2) == BASIC_ACTIONS == len(basic)
    assert sum(len(f) for f in FIELDS) == sum(n.startswith("harvest") for n in basic)
    assert "harvest broccoli b2 b3 c3" in basic
    assert {"plant 3 c2", "move b2 c4", "flip c3", "flip opp c3", "skip"} <= set(basic)
    assert {"mole 3 opp c2", "swap 2", "compost tomato", "flipcol c", "molemove c2 opp d3"} <= set(
        module
    )
    assert len(VEGETABLES) == 5


def test_variant_and_deck_errors() -> None:
    with pytest.raises(ValueError, match="stuck"):
        GAME.new_game(2, 1, {"stuck": "cry"})
    with pytest.raises(ValueError, match="unknown variant"):
        GAME.new_game(2, 1, {"moles": True})
    with pytest.raises(ValueError, match="2 players only"):
        GAME.new_game(3, 1)
    with pytest.raises(ValueError, match="permutation"):
        GAME.new_game(2, 1, deck=["tomato"] * 60)
    deck = (
        ["swap"]
        + [
            d
            for d in GAME.components(2, GAME.resolve_variant({"tools_and_moles": True}))
            if d != "swap"
        ]
        + ["swap"]
    )
    with pytest.raises(ValueError, match="must be vegetables"):
        GAME.new_game(2, 1, {"tools_and_moles": True}, deck=deck)
