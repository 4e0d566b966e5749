"""The heuristic bot beats random clearly (docs/bots.md has the long run)."""

from __future__ import annotations

import pytest

from potager import agents
from potager.arena.match import play_match
from potager.games.kraut_und_rueben import GAME


@pytest.mark.parametrize(
    ("players", "games", "at_least"), [(2, 40, 0.8), (3, 60, 0.6), (5, 60, 0.35)]
)
def test_heuristic_beats_random(players: int, games: int, at_least: float) -> None:
    """Seat by seat in turn, one heuristic bot against random players (chance: 1/players)."""
    wins = 0.0
    for i in range(games):
        seat = i % players
        bots = [agents.make("heuristic" if s == seat else "random", GAME) for s in range(players)]
        result = play_match(GAME, bots, seed=i).result()
        wins += (seat in result.winners) / len(result.winners)
    assert wins / games >= at_least


def test_heuristic_plays_a_match_from_its_view_only() -> None:
    bots = [agents.make("heuristic", GAME) for _ in range(3)]
    state = play_match(GAME, bots, seed=3, variant={"match": True})
    assert len(state.result().details["games"]) == 3
