"""The search's samples (`playout.sampler`): quiet states, which play the rules as the
game's own samples do and keep no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from potager.games.pas_de_haricots import GAME
from potager.games.pas_de_haricots.playout import playout, sampler
from tests.invariants import assert_quiet_samples


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(3, 6), st.integers(0, 150), st.integers(0, 2**32))
def test_a_quiet_sample_plays_as_the_games_sample_and_keeps_no_record(
    seed: int, players: int, steps: int, draw: int
) -> None:
    state = GAME.new_game(players, seed, {"hands": 2})
    loud = assert_quiet_samples(GAME, sampler, playout, state, steps, draw)
    assert loud is None or loud.events[-1]["type"] == "game_end"
