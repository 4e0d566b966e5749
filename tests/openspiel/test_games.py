"""OpenSpiel's own checks on every registered game: its random simulation test (legal actions,
chance outcomes summing to one, clones, observation and information-state strings and tensors
at every node, serialisation round trips), and what its search algorithms need of a game."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import potager.openspiel

CONFIGS = [
    "potager_heuschrecken_poker(players=3)",
    "potager_heuschrecken_poker(players=2,beginner=True)",
    "potager_kraut_und_rueben(players=2)",
    "potager_kraut_und_rueben(players=3,match=True)",
    "potager_pas_de_haricots(players=3,hands=1)",
    "potager_pas_de_haricots(players=4)",
    "potager_garden_rush(players=2)",
    "potager_garden_rush(players=2,tools_and_moles=True,stuck=pass)",
    "potager_pas_de_haricots_study(hands=2)",
]


def random_state(game: pyspiel.Game, seed: int, decisions: int) -> pyspiel.State:
    """The state after ``decisions`` random decisions (fewer if the game ends), chance sampled."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (decisions or state.is_chance_node()):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions -= 1
    return state


@pytest.mark.parametrize("name", CONFIGS)
def test_random_simulation(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_every_game_is_registered() -> None:
    names = {g.short_name for g in pyspiel.registered_games()}
    assert set(potager.openspiel.GAMES) <= names
    assert len(potager.openspiel.GAMES) == 5


@pytest.mark.parametrize("name", CONFIGS[::2])
def test_serialisation_round_trips(name: str) -> None:
    game = pyspiel.load_game(name)
    for seed in range(2):
        state = random_state(game, seed, 25)
        again = game.deserialize_state(state.serialize())
        assert str(again) == str(state) and again.history() == state.history()
        for seat in range(game.num_players()):
            assert again.information_state_string(seat) == state.information_state_string(seat)
        new_game, new_state = pyspiel.deserialize_game_and_state(
            pyspiel.serialize_game_and_state(game, state)
        )
        assert str(new_game) == str(game) and str(new_state) == str(state)


@pytest.mark.parametrize("name", CONFIGS[::2])
def test_resampled_states_keep_the_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = random_state(game, 3, 3)
    seat = state.current_player()
    resampled = state.resample_from_infostate(seat, sampler)
    assert resampled.information_state_string(seat) == state.information_state_string(seat)
    assert resampled.legal_actions() == state.legal_actions()
    assert np.array_equal(
        resampled.information_state_tensor(seat), state.information_state_tensor(seat)
    )


@pytest.mark.parametrize("name", CONFIGS[1::2])
def test_resampled_states_serialise(name: str) -> None:
    """No history replays a resampled state: its serialisation holds the engine's save."""
    game = pyspiel.load_game(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = random_state(game, 4, 12)
    resampled = state.resample_from_infostate(state.current_player(), sampler)
    again = game.deserialize_state(resampled.serialize())
    assert str(again) == str(resampled) and again.legal_actions() == resampled.legal_actions()
    for seat in range(game.num_players()):
        assert again.information_state_string(seat) == resampled.information_state_string(seat)
    while not resampled.is_terminal():
        action = (
            resampled.chance_outcomes()[0][0]
            if resampled.is_chance_node()
            else resampled.legal_actions()[-1]
        )
        resampled.apply_action(action)
        again.apply_action(action)
        assert str(again) == str(resampled)
    assert again.returns() == resampled.returns()


def test_chance_outcomes_are_the_undrawn_shares() -> None:
    """The set-up of Heuschrecken Poker deals from 13 of each plant and 14 grasshoppers."""
    state = pyspiel.load_game("potager_heuschrecken_poker(players=2)").new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(k, 13 / 66) for k in range(4)] + [(4, 14 / 66)]
    state.apply_action(4)
    assert dict(state.chance_outcomes())[4] == pytest.approx(13 / 65)


def test_a_bid_hides_until_the_reveal() -> None:
    """Sequentialised bids: the second bidder's information state is the same whatever the
    first bid."""
    game = pyspiel.load_game("potager_heuschrecken_poker(players=2)")
    state = random_state(game, 0, 0)
    seen = set()
    for bid in state.legal_actions():
        after = state.clone()
        after.apply_action(bid)
        assert after.current_player() == 1
        seen.add(after.information_state_string(1))
        seen.add(after.observation_string(1))
    assert len(seen) == 2


@pytest.mark.parametrize("name", CONFIGS[::2])
def test_information_states_recall_everything_before(name: str) -> None:
    """Perfect recall: at each of a seat's decisions, its information state (but for its view
    now, the last line) begins with what it was at the seat's previous decision."""
    game = pyspiel.load_game(name)
    rng = random.Random(4)
    state = game.new_initial_state()
    recalled: dict[int, str] = {}
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        seat = state.current_player()
        past = state.information_state_string(seat).rsplit("\n", 1)[0]
        assert past.startswith(recalled.get(seat, ""))
        recalled[seat] = past
        state.apply_action(rng.choice(state.legal_actions()))


def test_only_a_seats_own_observations_are_offered() -> None:
    """A view holds a seat's private and public information together: a public-only observer
    is refused rather than given the private part."""
    game = pyspiel.load_game("potager_heuschrecken_poker")
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="own observations"):
        make_observation(game, public)
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.tensor.shape == (game.information_state_tensor_size(),)


def test_an_impossible_outcome_or_action_changes_nothing() -> None:
    game = pyspiel.load_game("potager_pas_de_haricots_study")
    state = game.new_initial_state()
    state.apply_action(0)  # H1 to seat 0
    before = state.serialize()
    with pytest.raises(Exception, match="not a chance outcome"):
        state.apply_action(0)  # no second H1
    assert state.serialize() == before
    state = random_state(game, 0, 0)
    before = state.serialize()
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(illegal)
    assert state.serialize() == before


def test_a_match_deals_only_the_next_contracts_between_its_games() -> None:
    """The tiles a game of a match leaves in its pile are set aside unseen, not drawn: between
    two games the chance nodes are the next game's contracts (after a last drawn tile, maybe)."""
    game = pyspiel.load_game("potager_kraut_und_rueben(players=3,match=True)")
    rng = random.Random(0)
    state, run, runs = game.new_initial_state(), 0, []
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            run += 1
            continue
        runs.append(run)
        run = 0
        state.apply_action(rng.choice(state.legal_actions()))
    assert runs.count(3) + runs.count(4) == 3  # the set-up's contracts, then two more deals
    assert set(runs) <= {0, 1, 3, 4}
