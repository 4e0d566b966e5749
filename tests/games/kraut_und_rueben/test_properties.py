"""The invariants of DESIGN.md for Kraut & Rüben, driven by hypothesis over random games."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from potager.games.kraut_und_rueben import GAME, KrautUndRuebenState
from potager.games.kraut_und_rueben.data import CUP_POINTS, KINDS, TILE_COUNTS
from potager.games.kraut_und_rueben.notation import EMPTY
from tests.invariants import (
    assert_draws_only_while_a_deal_is_ahead,
    assert_events_addressed,
    assert_notation_round_trip,
    assert_rejection,
    assert_replay,
    assert_sample_keeps_view,
    play_random,
    step_random,
)

from .scripted import pile, seed_dealing

TURN_DECISIONS = 3
"""A turn is at most draw, place, take/pass (a mole turn: mole, take/pass)."""
GAME_BOUND = (85 + 5) * TURN_DECISIONS
"""Each turn uses up a tile of the pile or a mole: at most 90 turns a game."""


def tiles(state: KrautUndRuebenState) -> Counter[str]:
    """Every tile of the box, wherever it is: pile, gardens, out of the game, the drawn tile,
    moles in hand and the unused moles left in the box."""
    where: Counter[str] = Counter(KINDS[k] for k in state.pile)
    where.update(KINDS[k] for k in state.base + state.cover if k != EMPTY)
    where.update({k: n for k, n in zip(KINDS, state.out, strict=True)})
    if state.drawn != EMPTY:
        where[KINDS[state.drawn]] += 1
    where["mole"] += sum(state.has_mole) + TILE_COUNTS["mole"] - state.players
    return where


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 2**40),
    match=st.booleans(),
    every=st.integers(15, 40),
)
def test_random_games_keep_every_invariant(
    players: int, seed: int, match: bool, every: int
) -> None:
    state = GAME.new_game(players, seed, {"match": match})
    rng = random.Random(seed)
    box = Counter({k: n for k, n in TILE_COUNTS.items()})
    steps = [0]

    def check(s: KrautUndRuebenState) -> None:
        assert tiles(s) == box
        steps[0] += 1
        if steps[0] % every == 0:
            assert_rejection(s, rng)
            assert_sample_keeps_view(s, rng)
            assert_notation_round_trip(s)

    play_random(state, rng, GAME_BOUND * state.games, check)  # type: ignore[arg-type]
    assert_replay(state)
    assert_events_addressed(state)
    assert_rejection(state, rng)
    result = state.result()
    for game in result.details["games"]:
        cup = [CUP_POINTS * (game["cup"] == s) for s in range(players)]
        assert game["scores"] == [
            sum(p) + c for p, c in zip(game["garden_points"], cup, strict=True)
        ]
        assert all(len(g) <= (2 if players == 2 else 1) for g in game["gardens"])
    last = state.history[-1]
    assert last["garden_points"] == [state.garden_points(s) for s in range(players)]
    assert state.view(0)["contracts"] == state.contracts


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**40), steps=st.integers(0, 60))
def test_clone_is_independent(players: int, seed: int, steps: int) -> None:
    state = GAME.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        step_random(state, rng)
    copy = state.clone()
    assert [copy.view(s) for s in range(players)] == [state.view(s) for s in range(players)]
    play_random(copy, rng, GAME_BOUND)
    assert len(state.moves) == steps and not state.is_over


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**40), match=st.booleans())
def test_no_move_draws_from_the_generator_once_no_deal_is_ahead(
    players: int, seed: int, match: bool
) -> None:
    """What lets a clone or a sample share the generator (`KrautUndRuebenState.deals_ahead`):
    only a match's next deal draws from it, so from the last game on its state stays."""
    state = GAME.new_game(players, seed, {"match": match})
    assert_draws_only_while_a_deal_is_ahead(state, random.Random(seed), GAME_BOUND * state.games)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**20), steps=st.integers(1, 80))
def test_the_unseen_pile_order_is_hidden(seed: int, steps: int) -> None:
    """Two piles that differ only below what has been drawn give every seat the same view."""
    deck = pile()
    other = list(deck)
    other[60], other[80] = other[80], other[60]
    assert other != deck
    first, second = GAME.new_game(3, seed, deck=deck), GAME.new_game(3, seed, deck=other)
    rng = random.Random(seed)
    for _ in range(steps):
        if first.is_over or first.view(None)["pile"] <= 85 - 60:
            break
        seat = first.to_move[0]
        action = rng.choice(first.legal_actions(seat))
        first.apply(seat, action)
        second.apply(seat, action)
    for viewer in (0, 1, 2, None):
        assert first.view(viewer) == second.view(viewer)


def test_others_contracts_are_hidden() -> None:
    """Two games that differ only in the others' contracts look the same to seat 0."""
    one = GAME.new_game(3, seed_dealing(3, (5, 6)), deck=pile())
    two = GAME.new_game(3, seed_dealing(3, (5, 7)), deck=pile())
    assert one.contracts[0] == two.contracts[0] and one.contracts[1] != two.contracts[1]
    rng = random.Random(4)
    for _ in range(30):
        seat = one.to_move[0]
        action = rng.choice(one.legal_actions(seat))
        one.apply(seat, action)
        two.apply(seat, action)
        assert one.view(0) == two.view(0) and one.view(1) != two.view(1)
        assert one.events_for(0) == two.events_for(0)


def test_sample_deals_others_contracts_from_the_unseen() -> None:
    state = GAME.new_game(4, 3)
    rng = random.Random(1)
    for _ in range(20):
        step_random(state, rng)
    seen: set[int] = set()
    for _ in range(40):
        sampled = GAME.sample(state.view(2), 2, rng)
        assert sampled.contracts[2] == state.contracts[2]
        assert len(set(sampled.contracts)) == 4
        seen.update(sampled.contracts[s] for s in (0, 1, 3))
    assert state.contracts[2] not in seen and len(seen) >= 9
