"""One game between agents, each acting from its own view only."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from potager.engine import Action, Agent, Game, SeatView, State


def play_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    variant: Mapping[str, Any] | None = None,
    deck: list[str] | None = None,
    params: Mapping[str, Any] | None = None,
) -> State:
    """Play a whole game: seat i is ``agents[i]``; returns the finished state. ``params``:
    rule parameters changed from the rulebook's (`Game.tuned`); the agents get the game they
    play by.

    Each decision goes to the first seat in ``to_move`` with that seat's view and nothing else,
    as a `SeatView` (built only if the agent reads it, unreadable after the decision); the
    agents' randomness comes from one generator seeded from ``seed``, apart from the rules'.
    """
    state = game.new_game(len(agents), seed, variant, deck, params)
    game = state.game
    rng = random.Random(seed ^ 0x5EED)
    # Looked up once per game, not per decision (the bot path's cost per decision).
    # Typed loosely: a `SeatView` stands in for the view dict (read-only, see `Agent.act`).
    acts: list[Callable[..., Action]] = [agent.act for agent in agents]
    while not state.is_over:
        seat = state.to_move[0]
        view = SeatView(state, seat)
        action = acts[seat](game, view, seat, state.legal_actions(seat), rng)
        view.expire()
        state.apply(seat, action)
    return state
