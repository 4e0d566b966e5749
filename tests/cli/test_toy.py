"""The toy game the command's tests use keeps the engine's invariants."""

from __future__ import annotations

import random

import pytest

from tests.invariants import assert_rejection, assert_replay, assert_sample_keeps_view, play_random

from .toy import register


@pytest.mark.parametrize("players", [2, 3, 4])
def test_toy_game_invariants(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    game = register(monkeypatch)
    rng = random.Random(players)
    state = game.new_game(players, players, {"cards": 6})

    def check(s):  # type: ignore[no-untyped-def]
        assert_sample_keeps_view(s, rng)
        assert_rejection(s, rng)

    play_random(state, rng, bound=6 * (players + 1), each=check)
    assert_replay(state)
