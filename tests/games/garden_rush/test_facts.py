"""`GAME.facts()`: the printed facts the browser draws, as JSON from data.py (Potager, patterns)."""

from __future__ import annotations

from potager.games.garden_rush import data
from tests.invariants import json_facts

from .scripted import GAME, TOOL_SQUARES_OF_SEAT_0


def test_facts_are_the_potager_tokens_and_patterns_of_data() -> None:
    facts = json_facts(GAME)
    assert facts["columns"] == list(data.COLUMNS) and facts["size"] == data.SIZE
    assert facts["cut_corners"] == ["a1", "a5", "e1", "e5"]
    assert facts["squares"] == [data.SQUARE_NAMES[q] for q in data.SQUARES]
    assert len(facts["squares"]) + len(facts["cut_corners"]) == data.SIZE**2
    assert facts["vegetables"] == list(data.VEGETABLES)
    assert facts["tool_tokens"] == list(data.TOOL_TOKENS)
    assert facts["patterns"] == {v: list(shapes) for v, shapes in data.PATTERNS.items()}
    assert facts["tool_squares"][0] == TOOL_SQUARES_OF_SEAT_0


def test_facts_agree_with_the_view() -> None:
    facts, view = GAME.facts(), GAME.new_game(2, 5).view(0)
    for key in ("tool_squares", "goal", "bonus_squares", "first_seed"):
        assert facts[key] == view[key], key
