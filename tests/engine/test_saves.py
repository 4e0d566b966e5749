"""Saved states (`Game.save`, `Game.load`): a state saved at any ply of any game, player count
and variant loads as the same state, and goes on the same way; a corrupt save is refused."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from potager import games
from potager.engine import SaveError, State, saves
from tests.invariants import snapshot

CONFIGS = [
    (name, players, dict(zip(game.variants, values, strict=True)))
    for name in games.names()
    for game in [games.get(name)]
    for players in range(game.min_players, game.max_players + 1)
    for values in itertools.product(*(spec[0] for spec in game.variants.values()))
]


def played(config: tuple[str, int, dict[str, Any]], seed: int, plies: int) -> State:
    name, players, variant = config
    state = games.get(name).new_game(players, seed, variant)
    rng = random.Random(seed)
    while not state.is_over and len(state.moves) < plies:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def observed(state: State) -> str:
    pools = {name: [p.taken, list(p.undrawn)] for name, p in state.pools().items()}
    return snapshot(state) + json.dumps(pools, sort_keys=True)


def through_json(state: State) -> State:
    return state.game.load(json.loads(json.dumps(state.game.save(state))))


def assert_same_game(one: State, two: State, rng: random.Random, plies: int = 60) -> None:
    """The same choices give the same play, draws included, to the end or ``plies`` more."""
    assert observed(one) == observed(two)
    for _ in range(plies):
        if one.is_over:
            break
        seat = rng.choice(one.to_move)
        action = rng.choice(one.legal_actions(seat))
        one.apply(seat, action)
        two.apply(seat, action)
    assert observed(one) == observed(two)
    if one.is_over:
        assert one.result() == two.result()


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 2**32), st.integers(0, 300), st.randoms())
def test_a_state_saved_at_any_ply_loads_as_itself(
    config: tuple[str, int, dict[str, Any]], seed: int, plies: int, rng: random.Random
) -> None:
    state = played(config, seed, plies)
    loaded = through_json(state)
    assert type(loaded) is type(state) and loaded.game is state.game
    assert_same_game(state, loaded, rng)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}")
def test_every_configuration_saves_mid_game(config: tuple[str, int, dict[str, Any]]) -> None:
    state = played(config, 7, 25)
    assert_same_game(state, through_json(state), random.Random(7), plies=400)


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(CONFIGS), st.integers(0, 2**32), st.integers(0, 120))
def test_a_sampled_state_saves_too(
    config: tuple[str, int, dict[str, Any]], seed: int, plies: int
) -> None:
    """A sample is no record's replay: only its saved table rebuilds it."""
    state = played(config, seed, plies)
    seat = (state.to_move or (0,))[0]
    sampled = state.game.sample(state.view(seat), seat, random.Random(seed))
    assert_same_game(sampled, through_json(sampled), random.Random(seed))


def test_a_save_of_another_version_loads_by_its_record() -> None:
    state = played(CONFIGS[0], 3, 20)
    data = state.game.save(state)
    data["potager"], data["table"] = "0.1.0", None
    assert observed(state.game.load(data)) == observed(state)


def test_a_sample_of_another_version_is_refused() -> None:
    state = played(("pas-de-haricots", 4, {}), 3, 9)
    sampled = state.game.sample(state.view(1), 1, random.Random(1))
    data = state.game.save(sampled)
    data["potager"] = "0.1.0"
    with pytest.raises(SaveError, match="Potager 0.1.0.* replays to another position"):
        state.game.load(data)


def rehashed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its table's checksum made right again (a table written wrong, not changed
    after): the digest still refuses it."""
    data["checksum"] = saves._checksum(data["table"])
    return data


def corrupt_field(data: dict[str, Any], name: str, value: Any) -> dict[str, Any]:
    data["table"]["fields"][name] = value
    return data


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda d: "not a save", "a saved state is a JSON object with format 1"),
        (lambda d: {**d, "format": 2}, "with format 1"),
        (lambda d: {**d, "game": "garden-rush"}, "'garden-rush' is not a kraut-und-rueben"),
        (lambda d: corrupt_field(d, "turn", 99), "corrupt: its table was changed"),
        (lambda d: rehashed(corrupt_field(d, "rng", {"random": 7})), "state is corrupt"),
        (
            lambda d: rehashed(corrupt_field(d, "pile", {"object": "os:system", "fields": {}})),
            "of Potager's",
        ),
        (lambda d: rehashed({**d, "table": [1, 2]}), "the table is not a state"),
        (lambda d: rehashed(corrupt_field(d, "turn", 99)), "does not give the position"),
        (lambda d: {**d, "digest": "0" * 64}, "corrupt"),
    ],
)
def test_a_corrupt_save_is_refused(spoil: Any, message: str) -> None:
    state = played(("kraut-und-rueben", 3, {}), 5, 14)
    with pytest.raises(SaveError, match=message):
        state.game.load(spoil(state.game.save(state)))
