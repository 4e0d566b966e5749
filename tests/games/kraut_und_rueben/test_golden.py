"""Golden playthroughs: a seeded random game per player count, and a 3-player match, step by
step (views, legal actions, events); any change to the rules or views shows up here.
Regenerate with ``POTAGER_REGEN_GOLDEN=1`` when a change is intended."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.invariants import check_golden, golden_playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("players", "seed", "variant"),
    [(2, 19, {}), (3, 17, {}), (4, 6, {}), (5, 11, {}), (3, 17, {"match": True})],
)
def test_golden_playthrough(players: int, seed: int, variant: dict[str, Any]) -> None:
    name = f"{players}p" + ("_match" if variant.get("match") else "") + ".txt"
    check_golden(GOLDEN / name, golden_playthrough("kraut-und-rueben", players, seed, variant))
