"""The `random` level: a uniformly random legal action. Also the fast random playout."""

from __future__ import annotations

import random
from typing import Any, TypeAlias

from potager.engine import Action, Game, Seat, State

AnyView: TypeAlias = Any
"""A seat's `View`, or the `SeatView` that stands for one (a mapping, not a dict): typed ``Any``
in the agents compiled with mypyc (`potager.compiled`), which would refuse a `SeatView` where a
dict is declared."""


class RandomAgent:
    """Plays a uniformly random legal action."""

    name = "random"

    def act(
        self, game: Game, view: AnyView, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        if type(rng) is not random.Random:  # a subclass may draw differently: ask it
            return rng.choice(legal_actions)
        # ``rng.choice(legal_actions)`` drawn inline as `random_playout` draws it: the same
        # numbers, two Python calls fewer per decision (the bot path's cost).
        n = len(legal_actions)
        bits = n.bit_length()
        r = rng.getrandbits(bits)
        while r >= n:
            if not n:
                raise IndexError("no legal action to choose from")
            r = rng.getrandbits(bits)
        return legal_actions[r]


def random_playout(state: State, rng: random.Random, max_steps: int = 1_000_000) -> int:
    """Play uniformly random legal actions until the end; return the number of decisions.

    The hot loop of benchmarks and search: no views, only `to_move`, `legal_actions`, `apply`.
    Each action is the one ``rng.choice(legal)`` would pick, drawn the same way inline (below).
    """
    if type(rng) is not random.Random:  # a subclass may draw differently: ask it
        return _playout_with_choice(state, rng, max_steps)
    # `Random.choice(legal)` is `legal[r]` for r = getrandbits(len(legal).bit_length()), drawn
    # again while r >= len(legal) (`Random._randbelow_with_getrandbits`). Inlined, it saves two
    # Python calls per decision and consumes the same random numbers.
    getrandbits = rng.getrandbits
    # The state's two methods looked up once, not at every step. The seat and the legal actions
    # typed ``Any``: they go to the state's methods as the objects read, where a compiled ``int``
    # would be unboxed and boxed again (a new object for the actions above 256).
    legal_actions = state.legal_actions
    apply = state.apply
    # A `for` over the steps is cheaper than counting them. As in `_playout_with_choice`, the
    # error comes after the ``max_steps``-th action (the first one for ``max_steps`` < 1).
    for steps in range(max(max_steps, 1)):
        if state.is_over:
            return steps
        seat: Any = state.to_move[0]
        legal: list[Any] = legal_actions(seat)
        n = len(legal)
        bits = n.bit_length()
        r = getrandbits(bits)
        while r >= n:
            if not n:  # here, off the common path: no draw is below 0
                raise IndexError(f"{state.game.name}: no legal action for seat {seat} to move")
            r = getrandbits(bits)
        apply(seat, legal[r])
    raise RuntimeError(f"{state.game.name} did not end within {max_steps} decisions")


def _playout_with_choice(state: State, rng: random.Random, max_steps: int) -> int:
    """`random_playout` with ``rng.choice``, for random generators other than `random.Random`."""
    steps = 0
    choice = rng.choice
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, choice(state.legal_actions(seat)))
        steps += 1
        if steps >= max_steps:
            raise RuntimeError(f"{state.game.name} did not end within {max_steps} decisions")
    return steps
