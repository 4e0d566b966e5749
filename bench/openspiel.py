"""OpenSpiel anchors, driven the way Potager's playouts are: whole games of uniformly random
legal actions from a new initial state, one decision per player action.

- ``goofspiel(num_cards=8,players=3)``: C++, a simultaneous bidding game like Heuschrecken Poker;
  at each simultaneous node every player picks a random legal action (3 decisions), applied
  together; chance nodes (the prize order) are sampled and not counted;
- ``python_liars_poker``: a game written in Python, sequential, with chance deals.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .measure import Measure, until_spent

ANCHORS = ("goofspiel(num_cards=8,players=3)", "python_liars_poker")


def load() -> Any:
    """``pyspiel`` with OpenSpiel's Python games registered; `ImportError` when not installed."""
    import open_spiel.python.games  # noqa: F401 - registers python_liars_poker
    import pyspiel

    return pyspiel


def playout(state: Any, rng: random.Random) -> int:
    """Random play to the end; returns the number of player decisions."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.is_simultaneous_node():
            joint = [rng.choice(state.legal_actions(p)) for p in range(state.num_players())]
            state.apply_actions(joint)
            decisions += len(joint)
        else:
            state.apply_action(rng.choice(state.legal_actions(state.current_player())))
            decisions += 1
    return decisions


def games_of(name: str) -> Callable[[int], int]:
    """``one_game(i)`` for `until_spent`: a whole random game of OpenSpiel's ``name``."""
    game = load().load_game(name)
    rng = random.Random(1)
    return lambda i: playout(game.new_initial_state(), rng)


def anchor(name: str, seconds: float) -> Measure:
    """Whole random games of OpenSpiel's ``name`` for ``seconds``."""
    return Measure("openspiel", name, *until_spent(seconds, games_of(name)))
