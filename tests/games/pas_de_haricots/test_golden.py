"""Golden playthroughs: a seeded random game per player count, views, legal actions and events
step by step. The 3-player one plays two hands (the passage from hand to hand); the others one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.invariants import check_golden, golden_playthrough

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize(("players", "hands"), [(3, 2), (4, 1), (5, 1), (6, 1)])
def test_golden_playthrough(players: int, hands: int) -> None:
    text = golden_playthrough("pas-de-haricots", players, 2026 + players, {"hands": hands})
    check_golden(GOLDEN / f"{players}p_{hands}hands.txt", text)
