"""The generic ISMCTS level: legal, reproducible, playable in every game, stronger than random."""

from __future__ import annotations

import random
from typing import cast

import pytest

from potager import agents, games
from potager.agents.ismcts import ISMCTSAgent
from potager.agents.settings import Budget
from potager.arena.match import play_match
from potager.engine import SeatView, View


@pytest.mark.parametrize("name", games.names())
def test_ismcts_plays_a_whole_game_of_every_game_from_its_view(name: str) -> None:
    game = games.get(name)
    players = game.min_players
    seats = [ISMCTSAgent(Budget(iterations=8))] + [agents.make("random", game)] * (players - 1)
    state = play_match(game, seats, seed=3)
    assert state.is_over and state.result().winners


def test_ismcts_is_reproducible_and_legal() -> None:
    game = games.get("kraut-und-rueben")
    state = game.new_game(3, seed=5)
    seat = state.to_move[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    first = ISMCTSAgent(Budget(iterations=40)).act(game, view, seat, legal, random.Random(9))
    again = ISMCTSAgent(Budget(iterations=40)).act(game, view, seat, legal, random.Random(9))
    assert first == again and first in legal


def test_ismcts_beats_random_at_heuschrecken_poker() -> None:
    game = games.get("heuschrecken-poker")
    share = 0.0
    for i in range(6):
        seats = [ISMCTSAgent(Budget(iterations=60)), agents.make("random", game)]
        if i % 2:
            seats.reverse()
        winners = play_match(game, seats, seed=100 + i).result().winners
        me = i % 2
        share += (me in winners) / len(winners)
    assert share >= 5


@pytest.mark.parametrize("name", games.names())
def test_the_search_sees_only_the_view(name: str) -> None:
    """Two states that differ only in what the seat cannot see (the second drawn from the
    first's view) get the same evaluation with the same seed, given as the seat views that
    `play_match` hands to bots."""
    game = games.get(name)
    state = game.new_game(game.min_players, seed=11)
    rng = random.Random(4)
    while len(state.legal_actions(state.to_move[0])) < 2 or len(state.moves) < 6:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move[-1]
    other = game.sample(state.view(seat), seat, random.Random(5))
    assert other.view(seat) == state.view(seat)
    agent = ISMCTSAgent(Budget(iterations=30))
    legal = state.legal_actions(seat)
    first = agent.evaluate(game, cast(View, SeatView(state, seat)), seat, legal, random.Random(1))
    second = agent.evaluate(game, cast(View, SeatView(other, seat)), seat, legal, random.Random(1))
    assert first == second
