"""The games' playout policies (their ``playout.py``), run by the search inside sampled states:
legal, finishing, a function of the state and the generator alone; the search that uses them
still sees only the seat's view ("informed rollouts")."""

from __future__ import annotations

import random
from typing import cast

import pytest

from potager import agents, games
from potager.agents.ismcts import ISMCTSAgent, Playout
from potager.agents.settings import Budget
from potager.engine import Game, SearchKnowledge, SeatView, State, View
from potager.games.kraut_und_rueben.notation import PLACING, SIZE
from potager.games.kraut_und_rueben.playout import representatives
from potager.games.kraut_und_rueben.rules import KrautUndRuebenState
from potager.games.kraut_und_rueben.scoring import CODE

POLICIES = [name for name in games.names() if games.pieces(games.get(name)).search.playout]


def _policy(game: Game) -> Playout:
    policy = games.pieces(game).search.playout
    assert policy is not None
    return policy


def _points(game: Game, count: int, seed: int) -> list[State]:
    """States after 0 to 40 random decisions of different games (unfinished ones)."""
    rng = random.Random(seed)
    found = []
    for number in range(count):
        state = game.new_game(game.min_players, seed=number)
        for _ in range(rng.randrange(41)):
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("name", POLICIES)
def test_a_playout_plays_only_legal_actions_to_the_end(name: str) -> None:
    """Replayed step by step on a copy of the sampled state, every action the policy played was
    legal for its seat at that moment, and the game ended."""
    game = games.get(name)
    playout = _policy(game)
    rng = random.Random(7)
    for state in _points(game, 12, seed=1):
        seat = state.to_move[0]
        sampled = game.sample(state.view(seat), seat, rng)
        before = sampled.clone()
        start = len(before.record.moves)
        playout(sampled, rng)
        assert sampled.is_over and sampled.result().winners
        for mover, action in sampled.record.moves[start:]:
            assert mover in before.to_move and action in before.legal_actions(mover)
            before.apply(mover, action)
        assert before.is_over and before.result() == sampled.result()


@pytest.mark.parametrize("name", POLICIES)
def test_a_playout_depends_only_on_its_state_and_generator(name: str) -> None:
    """Two copies of one sampled state, each with a generator seeded alike, play the same game:
    the policy reads nothing but what it is given."""
    game = games.get(name)
    playout = _policy(game)
    for state in _points(game, 4, seed=2):
        seat = state.to_move[0]
        sampled = game.sample(state.view(seat), seat, random.Random(3))
        twin = sampled.clone()
        playout(sampled, random.Random(11))
        playout(twin, random.Random(11))
        assert sampled.record.moves == twin.record.moves
        assert sampled.result() == twin.result()


@pytest.mark.parametrize("name", POLICIES)
def test_the_search_with_the_games_playouts_sees_only_the_view(name: str) -> None:
    """As `test_ismcts.test_the_search_sees_only_the_view`, with the game's playout policy: two
    states that differ only in what the seat cannot see evaluate alike with the same seed."""
    game = games.get(name)
    state = _points(game, 1, seed=5)[0]
    rng = random.Random(4)
    while len(state.legal_actions(state.to_move[-1])) < 2:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move[-1]
    other = game.sample(state.view(seat), seat, random.Random(5))
    assert other.view(seat) == state.view(seat)
    agent = ISMCTSAgent(Budget(iterations=30), knowledge=SearchKnowledge(playout=_policy(game)))
    legal = state.legal_actions(seat)
    first = agent.evaluate(game, cast(View, SeatView(state, seat)), seat, legal, random.Random(1))
    second = agent.evaluate(game, cast(View, SeatView(other, seat)), seat, legal, random.Random(1))
    assert first == second


def test_the_search_levels_use_the_games_playouts_unless_told_otherwise() -> None:
    game = games.get("kraut-und-rueben")
    informed = agents.make("ismcts:iterations=10", game)
    plain = agents.make("ismcts:iterations=10,playout=random", game)
    assert isinstance(informed, ISMCTSAgent) and isinstance(plain, ISMCTSAgent)
    assert informed.playout is _policy(game)
    assert plain.playout is agents.random_playout


def _kraut_decisions(count: int) -> list[KrautUndRuebenState]:
    """Kraut & Rüben states at a placement or a draw with the mole in hand, after random play."""
    game = games.get("kraut-und-rueben")
    found: list[KrautUndRuebenState] = []
    for state in _points(game, count, seed=6):
        rng = random.Random(len(found))
        while not state.is_over and len(state.legal_actions(state.to_move[0])) < 3:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over:
            found.append(cast(KrautUndRuebenState, state))
    return found


def test_kraut_und_rueben_merges_only_actions_with_the_same_effect() -> None:
    """An action and its representative leave every garden with the same uncovered tiles, the
    same number of tiles, and the next seat the same number of choices."""
    merged = 0
    for state in _kraut_decisions(8):
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        chosen = representatives(state, legal)
        assert len(chosen) == len(legal) and set(chosen) <= set(legal)
        for action, representative in zip(legal, chosen, strict=True):
            one, other = state.clone(), state.clone()
            one.apply(seat, action)
            other.apply(seat, representative)
            gardens = range(one.gardens)
            assert [one.top_counts(g) for g in gardens] == [other.top_counts(g) for g in gardens]
            assert one.to_move == other.to_move
            assert [len(one.legal_actions(s)) for s in one.to_move] == [
                len(other.legal_actions(s)) for s in other.to_move
            ]
        merged += len(legal) - len(set(chosen))
    assert merged > 0


def test_a_merged_action_is_judged_as_its_representative() -> None:
    """The search weighs one placement a garden for a vegetable, and every legal action gets the
    figures of the representative it was searched as."""
    game = games.get("kraut-und-rueben")
    state = next(s for s in _kraut_decisions(8) if s.phase == PLACING and s.drawn != CODE["snail"])
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    agent = agents.make("ismcts:iterations=40", game)
    assert isinstance(agent, ISMCTSAgent) and agent.knowledge.merge is not None
    values = agent.evaluate(game, state.view(seat), seat, legal, random.Random(2))
    assert sorted(v.action for v in values) == sorted(legal)
    first = state.place_base
    per_garden = {(v.action - first) // SIZE: (v.visits, v.win) for v in values}
    assert all(per_garden[(v.action - first) // SIZE] == (v.visits, v.win) for v in values)
    assert sum(visits for visits, _ in per_garden.values()) == 40
