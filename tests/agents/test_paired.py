"""The paired root search (Kraut & Rüben): every choice played on the same
determinizations and playout seeds, the heuristic's choice kept unless beaten on those pairs."""

from __future__ import annotations

import random

from potager import agents, games
from potager.agents.ismcts import (
    Guidance,
    ISMCTSAgent,
    RootStats,
    _by_action,
    _paired_choice,
    paired_root,
)
from potager.games.kraut_und_rueben import GAME as KRAUT_UND_RUEBEN
from potager.games.kraut_und_rueben.notation import PLACING
from potager.games.kraut_und_rueben.playout import follow_up, representatives
from potager.games.kraut_und_rueben.rules import KrautUndRuebenState


def _placement(seed: int, before_a_take: bool = False) -> KrautUndRuebenState:
    """A Kraut & Rüben 2p position where seat to move places a tile with several gardens open
    (``before_a_take``: and may then take a garden)."""
    state = KRAUT_UND_RUEBEN.new_game(2, seed=seed)
    rng = random.Random(seed)
    while not (
        state.phase == PLACING
        and len(set(representatives(state, state.legal_actions(state.turn)))) >= 3
        and len(state.moves) > (6 if before_a_take else 10)
        and (not before_a_take or len(state.owned[state.turn]) < state.quota)
    ):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_paired_root_plays_every_choice_on_the_same_determinizations() -> None:
    game = games.get("kraut-und-rueben")
    state = _placement(3)
    seat = state.turn
    hinted = representatives(state, state.legal_actions(seat))[-1]
    level = agents.make("ismcts", game)  # the game's playout policy and merge, as it plays
    assert isinstance(level, ISMCTSAgent)
    knowledge = Guidance((seat, hinted, 16.0), level.playout, level.knowledge.merge, paired=True)
    stats = paired_root(game, state.view(seat), seat, 7, (30, None, 0.7), knowledge)
    choices = set(representatives(state, state.legal_actions(seat)))
    assert set(stats) == choices
    visits = {edge[0] for edge in stats.values()}
    assert len(visits) == 1 and visits.pop() * len(choices) >= 30
    # the hint's choice is the reference: its gain over itself is nought on every pair
    assert stats[hinted][6:] == [0.0, 0.0]
    again = paired_root(game, state.view(seat), seat, 7, (30, None, 0.7), knowledge)
    assert again == stats


def _edge(visits: int, gain: float, gain2: float) -> list[float]:
    return [visits, visits, 0.0, 0.0, 0.0, 0.0, gain, gain2]


def test_the_hints_choice_stands_unless_another_beats_it_by_z_standard_errors() -> None:
    # 100 pairs: action 2 wins 10 more (gain 0.1, sd ~0.3: 3.3 standard errors), action 3
    # wins 3 more and loses 1 (gain 0.02, sd ~0.2: 1 standard error)
    stats: RootStats = {1: _edge(100, 0.0, 0.0), 2: _edge(100, 10.0, 10.0), 3: _edge(100, 2.0, 4.0)}
    assert _paired_choice(stats, 1, 1.0) == 2
    assert _paired_choice(stats, 1, 4.0) == 1
    del stats[2]
    assert _paired_choice(stats, 1, 1.5) == 1
    assert _paired_choice(stats, 1, 0.5) == 3


def test_kraut_und_rueben_searches_paired_and_puts_its_choice_first() -> None:
    game = games.get("kraut-und-rueben")
    agent = agents.make("ismcts:iterations=40", game)
    assert isinstance(agent, ISMCTSAgent) and agent.knowledge.paired
    state = _placement(5)
    seat = state.turn
    legal = state.legal_actions(seat)
    values = agent.evaluate(game, state.view(seat), seat, legal, random.Random(2))
    assert sorted(v.action for v in values) == sorted(legal)
    assert len({v.visits for v in values}) == 1  # every choice played on the same pairs
    assert values == agent.evaluate(game, state.view(seat), seat, legal, random.Random(2))
    assert agent.act(game, state.view(seat), seat, legal, random.Random(2)) == values[0].action


def test_other_games_keep_the_tree() -> None:
    for name in games.names():
        agent = agents.make("ismcts:iterations=10", games.get(name))
        assert isinstance(agent, ISMCTSAgent)
        assert agent.knowledge.paired == (name == "kraut-und-rueben")


def test_a_paired_search_over_two_workers_adds_their_pairs() -> None:
    game = games.get("kraut-und-rueben")
    state = _placement(4)
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    agent = agents.make("ismcts-strong:iterations=20,workers=2", game)
    assert isinstance(agent, ISMCTSAgent)
    values = agent.evaluate(game, state.view(seat), seat, legal, random.Random(1))
    choices = len(set(representatives(state, legal)))
    assert values[0].visits * choices >= 40


def test_a_paired_root_plans_each_placement_with_the_take_that_follows_it() -> None:
    game = games.get("kraut-und-rueben")
    state = _placement(2, before_a_take=True)
    seat = state.turn
    choices = list(dict.fromkeys(representatives(state, state.legal_actions(seat))))
    hinted = choices[-1]
    level = agents.make("ismcts:plan=1", game)
    assert isinstance(level, ISMCTSAgent)
    knowledge = Guidance(
        (seat, hinted, 16.0), level.playout, level.knowledge.merge, True, follow_up=level.follow_up
    )
    assert knowledge.follow_up is follow_up
    stats = paired_root(game, state.view(seat), seat, 3, (200, None, 0.7), knowledge)
    arms = list(stats)
    assert arms[0] == hinted  # the reference: the hint's choice, its take left to the playout
    for action in choices:
        after = state.clone()
        after.apply(seat, action)
        assert follow_up(after, seat)  # nothing drawn between a placement and its take
        takes = after.legal_actions(seat)
        assert len(takes) > 1
        assert {arm[1] for arm in arms if isinstance(arm, tuple) and arm[0] == action} == set(takes)
    assert len({edge[0] for edge in stats.values()}) == 1  # every arm on the same pairs
    assert stats == paired_root(game, state.view(seat), seat, 3, (200, None, 0.7), knowledge)


def test_a_planned_search_judges_every_legal_action_and_plays_its_first() -> None:
    game = games.get("kraut-und-rueben")
    state = _placement(2, before_a_take=True)
    seat = state.turn
    legal = state.legal_actions(seat)
    agent = agents.make("ismcts:iterations=300,plan=1", game)
    assert isinstance(agent, ISMCTSAgent) and agent.follow_up is follow_up
    plain = agents.make("ismcts", game)
    assert isinstance(plain, ISMCTSAgent) and plain.follow_up is None  # off unless asked for
    values = agent.evaluate(game, state.view(seat), seat, legal, random.Random(5))
    assert sorted(v.action for v in values) == sorted(legal)
    assert agent.act(game, state.view(seat), seat, legal, random.Random(5)) == values[0].action


def test_a_planned_actions_figures_are_its_chosen_arms_else_its_best_arms() -> None:
    def edge(visits: float, wins: float) -> list[float]:
        return [visits, visits, wins, wins, 0.0, 0.0, 0.0, 0.0]

    stats: RootStats = {
        1: edge(10, 5),
        (1, 7): edge(10, 4),
        (1, 8): edge(10, 6),
        (2, 7): edge(10, 3),
        (2, 8): edge(10, 2),
        3: edge(10, 1),
    }
    by = _by_action(stats, (1, 7))  # the chosen arm stands for its action, whatever wins more
    assert by == {1: stats[(1, 7)], 2: stats[(2, 7)], 3: stats[3]}
    assert _by_action(stats, 3)[1] is stats[(1, 8)]
