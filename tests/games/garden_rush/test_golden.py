"""Golden playthroughs: a seeded random game, step by step, with and without the module."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.invariants import check_golden, golden_playthrough

HERE = Path(__file__).parent / "golden"


@pytest.mark.parametrize(
    ("label", "variant"),
    [
        ("basic", {}),
        ("tools_and_moles", {"tools_and_moles": True}),
    ],
)
def test_golden(label: str, variant: dict[str, object]) -> None:
    text = golden_playthrough("garden-rush", 2, 11, variant)
    check_golden(HERE / f"{label}.txt", text)
