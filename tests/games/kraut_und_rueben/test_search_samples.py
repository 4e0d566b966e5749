"""The search's samples (`playout.sampler`, issue 12): quiet states, which play the rules as the
game's own samples do and keep no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from potager.games.kraut_und_rueben import GAME
from potager.games.kraut_und_rueben.playout import playout, sampler
from tests.invariants import assert_quiet_samples


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 5),
    match=st.booleans(),
    steps=st.integers(0, 150),
    draw=st.integers(0, 2**32),
)
def test_a_quiet_sample_plays_as_the_games_sample_and_keeps_no_record(
    seed: int, players: int, match: bool, steps: int, draw: int
) -> None:
    state = GAME.new_game(players, seed, {"match": match})
    loud = assert_quiet_samples(GAME, sampler, playout, state, steps, draw)
    assert loud is None or loud.events[-1]["type"] == "game_over"
