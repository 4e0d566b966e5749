"""Bots of one level do not mirror each other: a search level with ``mix=F`` plays one of its
most searched actions, drawn by visits (Heuschrecken Poker's levels by default, its
`SearchKnowledge`'s ``mix``; measured: docs/bots.md)."""

from __future__ import annotations

import random

from potager import agents, games
from potager.agents import ActionValue
from potager.agents.ismcts import ISMCTSAgent, _mixed
from potager.games.heuschrecken_poker.pieces import SEARCH


def _value(action: int, visits: int) -> ActionValue:
    return ActionValue(action, visits, 0.5, 0.0, 1.0, 0.0, 0.0, 0.0)


def test_a_mixed_choice_is_drawn_by_visits_among_the_most_searched() -> None:
    values = [_value(3, 60), _value(5, 40), _value(7, 10)]
    drawn = [_mixed(values, 0.5, random.Random(seed)) for seed in range(400)]
    assert set(drawn) == {3, 5}  # 10 visits are under half of 60: never played
    assert 0.5 < drawn.count(3) / len(drawn) < 0.7
    assert [_mixed(values, 1.0, random.Random(seed)) for seed in range(20)] == [3] * 20


def test_heuschrecken_poker_s_search_levels_mix_by_default_the_others_do_not() -> None:
    for name in games.names():
        game = games.get(name)
        agent = agents.make("ismcts", game)
        assert isinstance(agent, ISMCTSAgent)
        expected = SEARCH.mix if name == "heuschrecken-poker" else 0.0
        assert agent.mix == expected
    game = games.get("heuschrecken-poker")
    plain = agents.make("ismcts:mix=0", game)
    assert isinstance(plain, ISMCTSAgent) and plain.mix == 0.0
    assert "varying among the actions searched 0.3 as often" in agents.describe("ismcts:mix=0.3")
