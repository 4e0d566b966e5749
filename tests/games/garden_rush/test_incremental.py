"""The indexes that the rules keep up to date square by square equal the ones
computed from scratch, at every step of seeded random games with and without Tools & Moles: each
seat's complete fields (`ready`, through `_THROUGH` indexed by `_window`) and its plants onto its
free squares (`plants`)."""

from __future__ import annotations

import random

import pytest

from potager.games.garden_rush.actions import HARVEST_ID
from potager.games.garden_rush.rules import ALL_SQUARES, FIELD_MASKS, GardenRushState, _plants

from .scripted import GAME


def complete_fields(state: GardenRushState, seat: int) -> list[int]:
    """Every harvest of ``seat`` whose field's squares all hold its vegetable, ascending."""
    masks = state.veg_masks[seat]
    return sorted(
        a
        for v, fields in enumerate(FIELD_MASKS)
        for a, m in zip(HARVEST_ID[v], fields, strict=True)
        if m & masks[v] == m
    )


@pytest.mark.parametrize("module", [False, True])
def test_kept_indexes_equal_the_recomputed_ones(module: bool) -> None:
    rng = random.Random(12)
    for seed in range(40):
        state = GAME.new_game(2, seed, {"tools_and_moles": module})
        while not state.is_over:
            for seat in (0, 1):
                assert state.ready[seat] == complete_fields(state, seat)
                plants = state.plants[seat]
                if plants is not None:
                    assert plants == _plants(ALL_SQUARES & ~state.occupied[seat])
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
