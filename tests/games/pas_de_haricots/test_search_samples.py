"""The search's samples (`playout.sampler`, issue 12): quiet states, which play the rules as the
game's own samples do and keep no record."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from potager.games.pas_de_haricots import GAME
from potager.games.pas_de_haricots.playout import playout, sampler
from potager.games.pas_de_haricots.rules import PasDeHaricotsState
from tests.invariants import assert_quiet_sample_plays_as_sample


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(3, 6), st.integers(0, 150), st.integers(0, 2**32))
def test_a_quiet_sample_plays_as_the_games_sample_and_keeps_no_record(
    seed: int, players: int, steps: int, draw: int
) -> None:
    state = GAME.new_game(players, seed, {"hands": 2})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    if state.is_over:
        return
    seat = state.to_move[-1]
    view = state.view(seat)
    loud = GAME.sample(view, seat, random.Random(draw))
    quiet = sampler(GAME, view, seat)(random.Random(draw))
    assert isinstance(loud, PasDeHaricotsState)
    assert_quiet_sample_plays_as_sample(loud, quiet, draw)
    assert loud.events[-1]["type"] == "game_end"
    again = sampler(GAME, view, seat)(random.Random(draw))
    played = again.clone()
    playout(again, random.Random(seed))
    playout(played, random.Random(seed))
    assert again.result() == played.result() and played.quiet
