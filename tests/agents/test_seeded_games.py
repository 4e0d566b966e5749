"""Seeded search games play the same moves from one version to the next: each case of
``seeded_games.json`` (the search levels of every game, paired, planned, widened, mixed, on two
workers, against the heuristic, random play or another search) was recorded by the code before
the search took its budget, settings and each game's knowledge as values."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from potager import agents, games
from potager.arena.match import play_match

CASES: list[dict[str, Any]] = json.loads((Path(__file__).parent / "seeded_games.json").read_text())


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c['game']}-{c['players']}p-{c['level']}" for c in CASES]
)
def test_a_seeded_search_game_plays_the_recorded_moves(case: dict[str, Any]) -> None:
    game = games.get(case["game"])
    others = [agents.make(case["other"], game) for _ in range(case["players"] - 1)]
    state = play_match(game, [agents.make(case["level"], game), *others], case["seed"])
    assert [action for _, action in state.record.moves] == case["moves"]
