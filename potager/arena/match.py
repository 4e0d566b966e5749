"""One game between agents, each acting from its own view only."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from potager.engine import Agent, Game, SeatView, State, View


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    variant: Mapping[str, Any] | None = None,
    deck: list[str] | None = None,
) -> State:
    """Play a whole game: seat i is ``agents[i]``; returns the finished state.

    Each decision goes to the first seat in ``to_move`` with that seat's view and nothing else,
    as a `SeatView` (built only if the agent reads it, unreadable after the decision); the
    agents' randomness comes from one generator seeded from ``seed``, apart from the rules'.
    """
    state = game.new_game(len(agents), seed, variant, deck)
    rng = random.Random(seed ^ 0x5EED)
    while not state.is_over:
        seat = state.to_move[0]
        view = SeatView(state, seat)
        # Read-only and built on demand, it stands in for the dict (see `Agent.act`).
        action = agents[seat].act(game, cast(View, view), seat, state.legal_actions(seat), rng)
        view.expire()
        state.apply(seat, action)
    return state
