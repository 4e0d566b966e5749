"""The environments pass PettingZoo's and Gymnasium's conformance tests on every game and player
count, and keep the engine's promises: illegal input changes nothing, a seat observes only its
own view, rewards follow the result."""

from __future__ import annotations

import contextlib
import functools
import io
import random
from pathlib import Path
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import (
    api_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
    state_test,
)

from potager import games, rl
from potager.engine import IllegalAction, Result
from potager.rl import (
    garden_rush_v0,
    heuschrecken_poker_v0,
    kraut_und_rueben_v0,
    pas_de_haricots_v0,
)
from potager.rl.doc import tables
from potager.rl.encoding import encoder
from potager.rl.single import PotagerSingle
from potager.rl.table import rewards

from .conftest import CONFIGS, config_id

# PettingZoo warns that a Dict observation space is neither Box nor Discrete, as it does for its
# own classic environments with action masks, and that the state's bounds are infinite.
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation:UserWarning"),
    pytest.mark.filterwarnings("ignore:Environment's m:UserWarning"),
]


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_pettingzoo_conformance(config: tuple[str, int, dict[str, Any]]) -> None:
    """PettingZoo's own batteries with the environments' defaults; the seed tests and the state
    test send actions sampled without their mask, which the default ``illegal="lose"`` takes."""
    name, players, variant = config
    make = functools.partial(rl.env, name, players=players, variant=variant)
    make_parallel = functools.partial(rl.parallel_env, name, players=players, variant=variant)
    api_test(make(), num_cycles=150)
    parallel_api_test(make_parallel(), num_cycles=150)
    seed_test(make, num_cycles=30)
    parallel_seed_test(make_parallel, num_cycles=30)
    state_test(make(), make_parallel(), num_cycles=30)
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        render_test(make)
    assert "seat 0" in printed.getvalue().lower()  # render_mode="human" prints the table


@pytest.mark.parametrize(
    "module", [heuschrecken_poker_v0, pas_de_haricots_v0, kraut_und_rueben_v0, garden_rush_v0]
)
def test_versioned_modules_render_as_text(module: Any) -> None:
    env = module.env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "seat 0" in text.lower()
    assert env.metadata["name"] == module.__name__.rsplit(".", 1)[1]


@pytest.mark.parametrize("name", games.names())
def test_gymnasium_check_env(name: str) -> None:
    """Gymnasium's checker on each id with its default arguments, then with random legal
    substitutes for the illegal actions it sends."""
    for env in (
        gymnasium.make(rl.GYMNASIUM_IDS[name]),
        gymnasium.make(rl.GYMNASIUM_IDS[name], illegal="random"),
    ):
        with pytest.warns(UserWarning, match="infinity"):
            check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_global_state_is_every_seats_observation(
    config: tuple[str, int, dict[str, Any]],
) -> None:
    """``state()`` lies in ``state_space`` (float32, fixed shape), is each seat's observation in
    seat order, and is the same for the same seed and actions, in both APIs."""
    name, players, variant = config

    def states(seed: int) -> list[np.ndarray]:
        env = rl.env(name, players=players, variant=variant)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        seen = [env.state()]
        for step, agent in enumerate(env.agent_iter(200)):
            observation, _, termination, truncation, _ = env.last()
            legal = np.flatnonzero(observation["action_mask"])
            env.step(None if termination or truncation else int(rng.choice(legal)))
            if step % 5 == 0 and env.agents:
                state = env.state()
                assert state.dtype == np.float32 and env.state_space.contains(state), agent
                parts = np.split(state, players)
                for seat, part in enumerate(parts):
                    own = env.observe(rl.table.agent_name(seat))["observation"]
                    np.testing.assert_array_equal(part, own)
                seen.append(state)
        return seen

    first = states(8)
    assert all(a.shape == first[0].shape for a in first) and len(first) > 3
    assert all(np.array_equal(a, b) for a, b in zip(first, states(8), strict=True))
    par = rl.parallel_env(name, players=players, variant=variant)
    par.reset(seed=8)
    assert par.state_space == rl.env(name, players=players, variant=variant).state_space
    np.testing.assert_array_equal(par.state(), first[0])


def test_max_cycles_truncates_after_that_many_decisions() -> None:
    # PettingZoo's max_cycles_test expects every agent to act in every cycle, and its unmasked
    # actions end the episode early; this is its check with legal actions, where a cycle is one
    # decision of the game (a simultaneous decision of several seats is one).
    for name, players, variant in CONFIGS[::3]:
        par = rl.parallel_env(name, players=players, variant=variant, max_cycles=4)
        obs, _ = par.reset(seed=2)
        steps = 0
        while par.agents:
            actions = {
                a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any() else 0
                for a, o in obs.items()
            }
            obs, _, terminations, truncations, _ = par.step(actions)
            steps += 1
        assert steps == 4 and all(truncations.values()) and not any(terminations.values())
        aec = rl.env(name, players=players, variant=variant, max_cycles=4)
        aec.reset(seed=2)
        decisions = 0
        for agent in aec.agent_iter():  # noqa: B007 (checked after the loop)
            observation, _, termination, truncation, _ = aec.last()
            if termination or truncation:
                aec.step(None)
                continue
            before = aec.unwrapped.cycles
            aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
            decisions += aec.unwrapped.cycles - before
        assert decisions == 4 and agent.startswith("player_")


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_a_seat_observes_its_view_only(config: tuple[str, int, dict[str, Any]]) -> None:
    """Two states a seat cannot tell apart (the game resampled from its view: other hands, the
    pile's order, others' pending choices) give it the same observation."""
    name, players, variant = config
    game = games.get(name)
    enc = encoder(game, players, variant)
    env = rl.raw_env(name, players=players, variant=variant)
    env.reset(seed=4)
    rng = random.Random(4)
    state = env.table.current
    for step in range(120):
        if state.is_over:
            break
        if step % 7 == 0:
            for seat in range(players):
                observed = env.observe(rl.table.agent_name(seat))
                twin = game.sample(state.view(seat), seat, rng)
                again = enc.encode(twin.view(seat), seat)
                np.testing.assert_array_equal(observed["observation"], again)
                assert observed["observation"].dtype == np.float32
                legal = np.flatnonzero(observed["action_mask"]).tolist()
                assert legal == state.legal_actions(seat)
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_illegal_actions_raise_on_request_and_change_nothing() -> None:
    env = rl.env("heuschrecken-poker", players=2, illegal="raise")
    env.reset(seed=3)
    record = env.unwrapped.table.current.record
    with pytest.raises(IllegalAction, match="not legal"):
        env.step(8)  # taking corn during the bids
    assert env.unwrapped.table.current.record == record and env.agent_selection == "player_0"
    par = rl.parallel_env("heuschrecken-poker", players=2, illegal="raise")
    par.reset(seed=3)
    with pytest.raises(ValueError, match="no action for player_1"):
        par.step({"player_0": 0})
    with pytest.raises(IllegalAction):
        par.step({"player_0": 0, "player_1": 12})
    assert par.table.current.moves == [] and par.agents == ["player_0", "player_1"]
    single = PotagerSingle("heuschrecken-poker", illegal="raise")
    single.reset(seed=3)
    moves = list(single.table.current.moves)  # the bot's bid, committed at once
    with pytest.raises(IllegalAction):
        single.step(8)
    assert single.table.current.moves == moves
    with pytest.raises(ValueError, match="illegal must be one of lose, random, raise"):
        rl.env("garden-rush", illegal="ignore")  # type: ignore[arg-type]


def test_an_illegal_action_loses_by_default_leaving_the_game_as_it_was() -> None:
    env = rl.env("heuschrecken-poker", players=3)
    env.reset(seed=3)
    env.step(0)
    moves = list(env.unwrapped.table.current.moves)
    env.step(8)  # player_1 takes corn during the bids
    assert env.unwrapped.table.current.moves == moves
    assert env.terminations == dict.fromkeys(env.possible_agents, True)
    assert env.infos["player_1"]["illegal"].startswith("'corn' is not legal for seat 1")
    returns = {}
    for agent in env.agent_iter():
        _, returns[agent], termination, _, _ = env.last()
        assert termination
        env.step(None)
    assert returns == {"player_0": 0.0, "player_1": -1.0, "player_2": 0.0}
    par = rl.parallel_env("pas-de-haricots", players=3)
    obs, _ = par.reset(seed=3)
    illegal = int(np.flatnonzero(obs["player_0"]["action_mask"] == 0)[0])
    _, rewards_, terminations, truncations, infos = par.step(
        {a: illegal for a in par.possible_agents}  # only player_0 leads: 1 and 2 are ignored
    )
    assert rewards_ == {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0}
    assert all(terminations.values()) and not any(truncations.values()) and par.agents == []
    assert "illegal" in infos["player_0"] and infos["player_1"] == {}
    assert par.table.current.moves == []
    single = PotagerSingle("heuschrecken-poker")
    single.reset(seed=3)
    moves = list(single.table.current.moves)
    _, reward, terminated, truncated, info = single.step(8)
    assert (reward, terminated, truncated) == (-1.0, True, False) and "illegal" in info
    assert single.table.current.moves == moves


def test_illegal_actions_may_be_replaced_by_random_legal_ones() -> None:
    """``illegal="random"`` plays a legal action drawn from the environment's seeded generator
    and says so in the agent's info; the same seed and actions give the same games."""

    def games_played(seed: int) -> list[Any]:
        par = rl.parallel_env("kraut-und-rueben", players=3, illegal="random")
        par.reset(seed=seed)
        for i, agent in enumerate(par.possible_agents):
            par.action_space(agent).seed(seed + i)
        flagged = 0
        while par.agents:
            actions = {a: int(par.action_space(a).sample()) for a in par.agents}
            _, _, _, _, infos = par.step(actions)
            flagged += sum("illegal" in info for info in infos.values())
        assert flagged > 0
        return par.table.current.moves

    assert games_played(5) == games_played(5) != games_played(6)
    env = rl.env("heuschrecken-poker", players=2, illegal="random")
    env.reset(seed=3)
    env.step(8)
    assert "illegal" in env.infos["player_0"] and env.agent_selection == "player_1"
    ((seat, played),) = env.unwrapped.table.current.moves
    assert seat == 0 and played < 8  # a bid, not the refused take

    def play_the_first_legal_action() -> None:
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))

    play_the_first_legal_action()  # player_1's bid
    while env.agent_selection != "player_0":
        play_the_first_legal_action()
    play_the_first_legal_action()  # player_0's next step, a legal one, clears its info
    assert env.infos["player_0"] == {} and len(env.unwrapped.table.current.moves) > 2
    single = PotagerSingle("garden-rush", illegal="random")
    obs, _ = single.reset(seed=1)
    _, _, _, _, info = single.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert "illegal" in info and single.table.current.moves[0][0] == 0


def test_a_parallel_step_is_one_simultaneous_decision() -> None:
    par = rl.parallel_env("heuschrecken-poker", players=3)
    obs, _ = par.reset(seed=5)
    assert all(o["action_mask"].sum() == 8 for o in obs.values())
    obs, *_ = par.step({"player_0": 6, "player_1": 6, "player_2": 0})  # A, A cancel: 1 takes
    assert [e["type"] for e in par.table.current.events].count("reveal") == 1
    assert par.table.current.moves[:3] == [(0, 6), (1, 6), (2, 0)]


def test_rewards_split_ties_and_measure_margins() -> None:
    assert rewards(Result((5, 3), (0,)), "win") == [1.0, -1.0]
    assert rewards(Result((4, 4), (0, 1)), "win") == [0.0, 0.0]
    assert rewards(Result((1, 6, 6), (1, 2)), "win") == [-0.5, 0.25, 0.25]
    assert rewards(Result((3, 6, 9), (2,)), "margin") == [-4.5, 0.0, 4.5]


@pytest.mark.parametrize("name", games.names())
def test_single_agent_env_plays_a_whole_game_against_bots(name: str) -> None:
    env = gymnasium.make(rl.GYMNASIUM_IDS[name], opponents="heuristic", seat=1)
    single = env.unwrapped
    assert isinstance(single, PotagerSingle)
    obs, _ = env.reset(seed=7)
    rng = np.random.default_rng(7)
    done = False
    reward: SupportsFloat = 0.0
    info: dict[str, Any] = {}
    while not done:
        mask = single.action_masks()
        assert mask.any() and np.array_equal(mask, obs["action_mask"].astype(bool))
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
    result = info["result"]
    assert reward == rewards(Result(tuple(result["scores"]), tuple(result["winners"])), "win")[1]


def test_docs_hold_every_feature_table() -> None:
    docs = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    assert tables() in docs


def test_using_an_environment_before_reset_is_refused() -> None:
    env = rl.env("garden-rush", render_mode="ansi")
    for call in (lambda: env.step(0), env.last, env.render, lambda: env.observe("player_0")):
        with pytest.raises(RuntimeError, match="reset"):
            call()
    assert list(env.agent_iter()) == []


def test_a_gap_in_the_hedge_is_observed_as_no_token() -> None:
    """Garden Rush's last turn leaves a gap where a token was taken: that slot's one-hot is all
    zeros, and every other slot keeps its own token."""
    game = games.get("garden-rush")
    head = ["tomato", "carrot", "potato", "broccoli", "aubergine", "potato"]
    rest = game.components(2, game.resolve_variant({}))
    for kind in head:
        rest.remove(kind)
    state = game.new_game(2, 1, {}, [*head, *rest])
    state.bag.clear()  # type: ignore[attr-defined]
    for text in ("plant 1 a3", "plant 2 d2"):  # the end, then a gap in slot 2 (Gloves on offer)
        state.apply(state.to_move[0], state.str_to_action(state.to_move[0], text))
    hedge = state.view(1)["hedge"]
    assert hedge == ["carrot", None, "broccoli", "aubergine", "potato"]
    enc = encoder(game, 2, {})
    layout = enc.layout  # type: ignore[attr-defined]
    start = next(f.offset for f in layout.features if f.name == "hedge")
    kinds = [*game.facts()["vegetables"], *game.facts()["tool_tokens"]]
    slots = enc.encode(state.view(1), 1)[start : start + 5 * len(kinds)].reshape(5, len(kinds))
    assert [None if not row.any() else kinds[int(row.argmax())] for row in slots] == hedge
