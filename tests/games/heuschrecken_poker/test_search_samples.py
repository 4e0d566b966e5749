"""The search's samples (`playout.sampler`, issue 12): the states `Game.sample` draws, quiet."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from potager.games.heuschrecken_poker import GAME
from potager.games.heuschrecken_poker.playout import playout, sampler
from potager.games.heuschrecken_poker.rules import HeuschreckenState


def some_way_in(seed: int, players: int) -> HeuschreckenState:
    """A game some random decisions in, not over."""
    state = GAME.new_game(players, seed)
    assert isinstance(state, HeuschreckenState)
    rng = random.Random(seed)
    for _ in range(rng.randrange(60)):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert not state.is_over
    return state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.integers(0, 2**32))
def test_a_quiet_sample_plays_as_the_games_sample_and_keeps_no_record(
    seed: int, players: int, draw: int
) -> None:
    state = some_way_in(seed, players)
    seat = state.to_move[-1]
    view = state.view(seat)
    loud = GAME.sample(view, seat, random.Random(draw))
    quiet = sampler(GAME, view, seat)(random.Random(draw))
    assert isinstance(loud, HeuschreckenState) and quiet.quiet and not loud.quiet
    assert quiet.pile == loud.pile and quiet.bids == loud.bids
    assert [quiet.view(s) for s in range(players)] == [loud.view(s) for s in range(players)]
    steps = random.Random(draw)
    while not loud.is_over:
        mover = loud.to_move[0]
        action = steps.choice(loud.legal_actions(mover))
        loud.apply(mover, action)
        quiet.apply(mover, action)
        assert quiet.view(mover) == loud.view(mover)
    assert quiet.is_over and quiet.result() == loud.result()
    assert (quiet.moves, quiet.events) == ([], [])
    assert loud.events[-1]["type"] == "game_end"
    again = sampler(GAME, view, seat)(random.Random(draw))
    played = again.clone()
    playout(again, random.Random(seed))
    playout(played, random.Random(seed))
    assert again.result() == played.result()
