"""The engine's chance API (`State.pools`, `State.stack`) on every game: the pools hold what the
rules will draw, stacked components are what they draw next, and a state nobody stacks plays
as before (the records of tests/games replay unchanged)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from potager import games
from potager.engine import Pool, State

CONFIGS = [
    ("heuschrecken-poker", 3, {}),
    ("kraut-und-rueben", 3, {"match": True}),
    ("pas-de-haricots", 3, {"hands": 2}),
    ("garden-rush", 2, {"tools_and_moles": True}),
]


def play_stacking(state: State, rng: random.Random, steps: int) -> None:
    """Random play that stacks a random choice before every action, checking that each draw
    of the action took the stacked components, in order."""
    for _ in range(steps):
        if state.is_over:
            return
        before = state.pools()
        stacked = {}
        for name, pool in before.items():
            first = rng.sample(pool.undrawn, min(len(pool.undrawn), 3))
            state.stack(name, first)
            assert state.pools()[name].undrawn[: len(first)] == tuple(first)
            assert Counter(state.pools()[name].undrawn) == Counter(pool.undrawn)
            stacked[name] = first
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        for name, pool in state.pools().items():
            assert pool.taken >= before[name].taken


@pytest.mark.parametrize(("name", "players", "variant"), CONFIGS)
def test_stacking_keeps_the_pools_whole(name: str, players: int, variant: dict) -> None:
    game = games.get(name)
    for seed in range(3):
        play_stacking(game.new_game(players, seed, variant), random.Random(seed), 400)


@pytest.mark.parametrize(("name", "players", "variant"), CONFIGS)
def test_stacking_what_comes_anyway_changes_nothing(name: str, players: int, variant: dict) -> None:
    """Stacking a pile's own order is no change: the same game, draw for draw."""
    game = games.get(name)
    plain, stacked = game.new_game(players, 5, variant), game.new_game(players, 5, variant)
    rng = random.Random(5)
    while not plain.is_over:
        for pool_name, pool in stacked.pools().items():
            if pool_name in ("pile", "bag"):
                stacked.stack(pool_name, pool.undrawn[:2])
        seat = plain.to_move[0]
        action = rng.choice(plain.legal_actions(seat))
        plain.apply(seat, action)
        stacked.apply(seat, action)
        assert stacked.view(None) == plain.view(None)
    assert stacked.result() == plain.result()


def test_the_display_is_drawn_from_the_stack() -> None:
    game = games.get("heuschrecken-poker")
    state = game.new_game(2, 1)
    assert state.pools()["pile"].taken == 3
    state.stack("pile", ["grasshopper", "grasshopper", "grasshopper"])
    state.apply(0, state.str_to_action(0, "A"))
    state.apply(1, state.str_to_action(1, "1"))
    assert state.view(None)["display"]["grasshopper"] == 3
    assert state.pools()["pile"].taken == 6


def test_contracts_are_dealt_again_before_the_first_move() -> None:
    game = games.get("kraut-und-rueben")
    state = game.new_game(3, 2)
    assert state.pools()["contracts"].taken == 3
    state.stack("contracts", ["7", "1", "12"])
    assert [state.view(s)["contract"] for s in range(3)] == [7, 1, 12]
    assert [e["contract"] for e in state.events if e["type"] == "contract"] == [7, 1, 12]
    state.apply(0, state.str_to_action(0, "draw"))
    with pytest.raises(ValueError):
        state.stack("contracts", ["2"])  # no game follows: nothing more is dealt


def test_the_next_hand_is_dealt_from_the_stack() -> None:
    game = games.get("pas-de-haricots")
    state = game.new_game(3, 4, {"hands": 2})
    order = list(reversed(game.components(3, state.variant)))
    state.stack("deck", order)
    rng = random.Random(0)
    while state.view(None)["hand_number"] == 1:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert set(state.view(0)["hand"]) == set(order[0::3])
    assert state.pools()["deck"] == Pool(120, ())  # the last hand: no deal to come


@pytest.mark.parametrize(
    ("name", "pool", "components"),
    [
        ("heuschrecken-poker", "pile", ["tomato"]),
        ("heuschrecken-poker", "bag", ["corn"]),
        ("kraut-und-rueben", "pile", ["mole"]),
        ("kraut-und-rueben", "contracts", ["13"]),
        ("pas-de-haricots", "deck", ["H1", "H1"]),
        ("garden-rush", "bag", ["corn"]),
    ],
)
def test_stacking_what_the_pool_lacks_is_refused(name: str, pool: str, components: list) -> None:
    game = games.get(name)
    state = game.new_game(game.min_players, 0, {"hands": 2} if name == "pas-de-haricots" else {})
    with pytest.raises(ValueError):
        state.stack(pool, components)
