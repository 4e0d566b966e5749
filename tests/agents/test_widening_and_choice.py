"""Two knobs of the search, on by default in Garden Rush (its `SearchKnowledge`'s ``widening``
and ``choice``; measured: docs/bots.md. Progressive widening (
"progressive widening where Garden Rush's ~50-action lists need it"): ``widening=A`` has a
decision offer the search only its ``4 + n ** A`` best actions by the game's heuristic
(`potager.games.garden_rush.heuristic.order`) once chosen ``n`` times. The choice by share:
``choice=F`` plays the best win share among the actions searched at least F times as often as
the most searched one."""

from __future__ import annotations

import random

import pytest

from potager import agents, games
from potager.agents import ActionValue
from potager.agents.ismcts import WIDE, ISMCTSAgent, _chosen
from potager.agents.levels import describe
from potager.engine import State
from potager.games.garden_rush import GAME as GARDEN_RUSH
from potager.games.garden_rush import heuristic
from potager.games.garden_rush.pieces import SEARCH
from potager.games.garden_rush.rules import GardenRushState


def _crowded() -> tuple[GardenRushState, int, list[int]]:
    """A Garden Rush position a few turns in, its seat to move and that seat's many actions."""
    state = GARDEN_RUSH.new_game(2, seed=3)
    rng = random.Random(1)
    for _ in range(6):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    assert len(legal) > 40
    return state, seat, legal


def _search(level: str) -> ISMCTSAgent:
    """The search agent of ``level`` for Garden Rush."""
    agent = agents.make(level, GARDEN_RUSH)
    assert isinstance(agent, ISMCTSAgent)
    return agent


def _searched(level: str, state: State, seat: int, legal: list[int]) -> set[int]:
    """The actions the search tried at the root."""
    values = _search(level).evaluate(GARDEN_RUSH, state.view(seat), seat, legal, random.Random(7))
    return {v.action for v in values if v.visits}


def test_a_widened_root_tries_only_the_heuristic_s_best_actions() -> None:
    state, seat, legal = _crowded()
    iterations = 40
    width = WIDE + int((iterations - 1) ** 0.3)
    sample = GARDEN_RUSH.sample(state.view(seat), seat, random.Random(0))
    best = heuristic.order(sample, seat, legal)[:width]
    widened = _searched(f"ismcts:iterations={iterations},widening=0.3", state, seat, legal)
    assert widened <= set(best), "a widened root tried an action outside the heuristic's best"
    everything = _searched(f"ismcts:iterations={iterations},widening=0", state, seat, legal)
    assert len(everything) > 2 * width  # without widening, the root tries far more


def test_the_order_is_the_heuristic_s_values_best_first() -> None:
    state, seat, legal = _crowded()
    plan = heuristic._Plan(state, seat)
    ordered = heuristic.order(state, seat, legal)
    assert sorted(ordered) == sorted(legal)
    values = [plan.value(a) for a in ordered]
    assert values == sorted(values, reverse=True)


def test_a_widened_search_is_reproducible_from_its_seed() -> None:
    state, seat, legal = _crowded()
    level = "ismcts:iterations=150,widening=0.3"

    def figures() -> list[tuple[int, int, float]]:
        agent = _search(level)
        values = agent.evaluate(GARDEN_RUSH, state.view(seat), seat, legal, random.Random(5))
        return [(v.action, v.visits, v.win) for v in values]

    assert figures() == figures()


def test_widening_is_refused_for_a_game_without_an_order_and_described_where_it_is_given() -> None:
    with pytest.raises(ValueError, match="widening needs the game's order"):
        agents.make("ismcts:widening=0.3", games.get("heuschrecken-poker"))
    assert "progressive widening 0.3" in describe("ismcts:iterations=1000,widening=0.3")
    assert "widening" not in describe("ismcts:iterations=1000")


@pytest.mark.parametrize("level", ["ismcts", "ismcts-strong", "ismcts:iterations=500"])
def test_garden_rush_s_search_levels_widen_and_choose_by_share_by_default(level: str) -> None:
    """Garden Rush's defaults (its `SearchKnowledge`'s ``widening`` and ``choice``), which a
    level's own ``widening=0`` or ``choice=0`` turns off; no other game has them."""
    tuned = agents.make(level, GARDEN_RUSH)
    assert isinstance(tuned, ISMCTSAgent) and tuned.knowledge.order is heuristic.order
    assert tuned.widening == SEARCH.widening > 0 and tuned.choice == SEARCH.choice > 0
    joined = f"{level}{',' if ':' in level else ':'}"
    plain = agents.make(f"{joined}widening=0,choice=0", GARDEN_RUSH)
    assert isinstance(plain, ISMCTSAgent) and plain.widening == plain.choice == 0
    for name in games.names():
        if name != GARDEN_RUSH.name:
            other = agents.make(level, games.get(name))
            assert isinstance(other, ISMCTSAgent) and other.widening == other.choice == 0


def _value(action: int, visits: int, win: float) -> ActionValue:
    return ActionValue(action, visits, win, 0.0, 1.0, 0.0, 0.0, 0.0)


def test_the_choice_is_the_best_share_among_the_well_searched_actions() -> None:
    """`ismcts._chosen`: the actions searched at least F times as often as the most searched one
    by win share, then the others as they were (most searched first)."""
    values = [_value(1, 100, 0.5), _value(2, 60, 0.6), _value(3, 50, 0.55), _value(4, 40, 0.9)]
    assert [v.action for v in _chosen(values, 0.5)] == [2, 3, 1, 4]
    assert [v.action for v in _chosen(values, 0.4)] == [4, 2, 3, 1]
    assert [v.action for v in _chosen(values, 1.0)] == [1, 2, 3, 4]


def test_a_search_that_chooses_by_share_plays_its_first_value() -> None:
    state, seat, legal = _crowded()
    level = "ismcts:iterations=300,widening=0.3,choice=0.5"
    agent = _search(level)
    values = agent.evaluate(GARDEN_RUSH, state.view(seat), seat, legal, random.Random(2))
    most = max(v.visits for v in values)
    best = values[0]
    assert best.visits >= 0.5 * most
    assert all(best.win >= v.win for v in values if v.visits >= 0.5 * most)
    assert agent.act(GARDEN_RUSH, state.view(seat), seat, legal, random.Random(2)) == best.action
    assert "choosing by win share over 0.5 of the most visits" in describe(level)
