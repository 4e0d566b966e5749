"""The search's budget and settings as values, and how an agent reads them with the game's
knowledge: the level's setting where it names one, the game's default otherwise."""

from __future__ import annotations

import dataclasses
import random

import pytest

from potager import agents, games
from potager.agents import random_playout
from potager.agents.ismcts import ISMCTSAgent
from potager.agents.settings import Budget, SearchSettings
from potager.engine import SearchKnowledge


def test_a_budget_needs_a_limit_and_is_a_value() -> None:
    with pytest.raises(ValueError, match="needs iterations or seconds"):
        Budget(None, None)
    assert Budget(iterations=40) == Budget(40, None) and hash(Budget(40)) == hash(Budget(40))
    with pytest.raises(dataclasses.FrozenInstanceError):
        Budget().iterations = 5  # type: ignore[misc]


def test_an_agent_takes_the_game_s_defaults_where_its_settings_name_none() -> None:
    knowledge = SearchKnowledge(playout=random_playout, widening=0.3, choice=0.5, mix=0.2)
    default = ISMCTSAgent(Budget(10), knowledge=knowledge)
    assert (default.widening, default.choice, default.mix) == (0.3, 0.5, 0.2)
    own = ISMCTSAgent(Budget(10), SearchSettings(widening=0, choice=0.25, mix=0), knowledge)
    assert (own.widening, own.choice, own.mix) == (0.0, 0.25, 0.0)


def test_an_agent_plays_out_and_plans_as_its_settings_say() -> None:
    search = games.pieces(games.get("kraut-und-rueben")).search
    informed = ISMCTSAgent(Budget(10), SearchSettings(plan=True), search)
    assert informed.playout is search.playout and informed.follow_up is search.follow_up
    plain = ISMCTSAgent(Budget(10), SearchSettings(game_playout=False), search)
    assert plain.playout is random_playout and plain.follow_up is None


def test_a_level_is_a_budget_settings_and_the_game_s_knowledge() -> None:
    game = games.get("garden-rush")
    agent = agents.make("ismcts:iterations=30,exploration=0.5,widening=0.2,bias=4", game)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.budget == Budget(30, None)
    assert agent.settings == SearchSettings(exploration=0.5, bias=4.0, widening=0.2)
    assert agent.knowledge is games.pieces(game).search and agent.guide is not None
    assert (agent.widening, agent.choice) == (0.2, games.pieces(game).search.choice)
    state = game.new_game(2, 1)
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    first = agent.act(game, state.view(seat), seat, legal, random.Random(3))
    assert first == agent.act(game, state.view(seat), seat, legal, random.Random(3))
