"""OpenSpiel's Python MCTS, ISMCTS and outcome-sampling MCCFR run through every game (small
budgets: this proves they run and play legal moves, not how well)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

import potager.openspiel  # noqa: F401 - registers the games

from .test_games import random_state

NAMES = [
    "potager_heuschrecken_poker(players=3)",
    "potager_kraut_und_rueben(players=2)",
    # One hand: over three, outcome sampling's reach probabilities underflow to zero.
    "potager_pas_de_haricots(players=3,hands=1)",
    "potager_garden_rush(players=2)",
    "potager_pas_de_haricots_study",
]


def mcts_bot(game: pyspiel.Game, rng: np.random.RandomState) -> mcts.MCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng, solve=False)


def ismcts_bot(game: pyspiel.Game, rng: np.random.RandomState) -> ismcts.ISMCTSBot:
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng)


@pytest.mark.parametrize("bot", [mcts_bot, ismcts_bot])
@pytest.mark.parametrize("name", NAMES)
def test_search_picks_legal_moves(name: str, bot: Callable[..., pyspiel.Bot]) -> None:
    """MCTS searches the true state (it sees everything); ISMCTS samples states from the
    seat's information state (`resample_from_infostate`)."""
    game = pyspiel.load_game(name)
    searcher = bot(game, np.random.RandomState(1))
    state = random_state(game, 1, 0)
    for _ in range(2):
        action = searcher.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        state = random_state_after(state)


@pytest.mark.parametrize("name", NAMES)
def test_outcome_sampling_mccfr_learns_a_policy(name: str) -> None:
    game = pyspiel.load_game(name)
    np.random.seed(3)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(3):
        solver.iteration()
    state = random_state(game, 3, 0)
    policy = solver.average_policy().action_probabilities(state)
    assert set(policy) == set(state.legal_actions())
    assert sum(policy.values()) == pytest.approx(1.0)


def random_state_after(state: pyspiel.State) -> pyspiel.State:
    """``state`` with its chance nodes sampled up to the next decision."""
    rng = np.random.RandomState(len(state.history()))
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))
    return state
