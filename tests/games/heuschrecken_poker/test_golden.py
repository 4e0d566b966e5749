"""Golden playthroughs: one seeded game per player count (and the beginners' variant), every
step's views, legal actions in notation and events; any change to the rules fails them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.invariants import check_golden, golden_playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("players", "variant", "file"),
    [
        (2, {}, "2p.txt"),
        (3, {}, "3p.txt"),
        (4, {}, "4p.txt"),
        (3, {"beginner": True}, "3p-beginner.txt"),
    ],
)
def test_golden_playthrough(players: int, variant: dict[str, bool], file: str) -> None:
    text = golden_playthrough("heuschrecken-poker", players, 20251122, variant)
    check_golden(GOLDEN / file, text)
