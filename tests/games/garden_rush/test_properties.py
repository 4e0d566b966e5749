"""DESIGN.md's invariants as hypothesis properties, over random games with and without the
Tools & Moles module and both readings of ``stuck``."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from potager.games.garden_rush.data import FIRST_TOOL, KINDS, PER_TOOL_TOKEN, PER_VEGETABLE
from potager.games.garden_rush.rules import EMPTY, GardenRushState
from tests.invariants import (
    assert_draws_only_while_a_deal_is_ahead,
    assert_events_addressed,
    assert_notation_round_trip,
    assert_rejection,
    assert_replay,
    assert_sample_keeps_view,
    play_random,
    snapshot,
)

from .scripted import GAME, deck_with

BOUND = 2000
"""Termination: at most 68 placements (each draws from the bag or empties the Hedge), at most 79
scoring actions before a gnome reaches 40, a bounded bonus chain after each; random games take
80–100 decisions on average, the longest of 8,000 took 120."""

seeds = st.integers(0, 2**32)
variants = st.fixed_dictionaries(
    {"tools_and_moles": st.booleans(), "stuck": st.sampled_from(["lose", "pass"])}
)


def assert_conserved(state: GardenRushState) -> None:
    """Each of the 60 vegetable tokens (and the 8 tool tokens) is in exactly one place."""
    where: Counter[int] = Counter(state.bag)
    where.update(state.hedge)
    if state.trampoline != EMPTY:
        where[state.trampoline] += 1
    for potager in state.potagers:
        where.update((c - 1) >> 1 for c in potager if c > 0)
    for kind, n in enumerate(state.discard):
        where[kind] += n
    want = {
        k: PER_VEGETABLE if k < FIRST_TOOL else PER_TOOL_TOKEN * state.module
        for k in range(len(KINDS))
    }
    assert {k: where[k] for k in want} == want


def assert_masks(state: GardenRushState) -> None:
    for seat, potager in enumerate(state.potagers):
        assert state.occupied[seat] == sum(1 << q for q, c in enumerate(potager) if c > 0)
        for v in range(FIRST_TOOL):
            assert state.veg_masks[seat][v] == sum(
                1 << q for q, c in enumerate(potager) if c > 0 and (c - 1) >> 1 == v
            )


def assert_is_legal_agrees(state: GardenRushState) -> None:
    seat = state.turn
    legal = set(state.legal_actions(seat))
    assert legal == {
        a for a in range(GAME.num_actions(2, state.variant)) if state.is_legal(seat, a)
    }


@settings(max_examples=60, deadline=None)
@given(seeds, variants)
def test_random_games_keep_every_invariant(seed: int, variant: dict[str, object]) -> None:
    state = GAME.new_game(2, seed, variant)
    rng = random.Random(seed)

    def each(s: GardenRushState) -> None:  # type: ignore[override]
        assert_conserved(s)
        if rng.random() < 0.08:
            assert_masks(s)
            assert_notation_round_trip(s)
            assert_sample_keeps_view(s, rng)
            if not s.is_over:
                assert_is_legal_agrees(s)
        if rng.random() < 0.03:
            assert_rejection(s, rng)

    assert_conserved(state)
    play_random(state, rng, BOUND, each)  # type: ignore[arg-type]
    assert_replay(state)
    assert_events_addressed(state)
    assert_rejection(state, rng)
    assert_sample_keeps_view(state, rng)


@settings(max_examples=10, deadline=None)
@given(seeds, variants)
def test_no_move_draws_from_the_generator(seed: int, variant: dict[str, object]) -> None:
    """What lets a clone or a sample share the generator (`GardenRushState.deals_ahead`):
    only the set-up draws from it."""
    state = GAME.new_game(2, seed, variant)
    assert not state.deals_ahead()
    assert_draws_only_while_a_deal_is_ahead(state, random.Random(seed), BOUND)


@settings(max_examples=10, deadline=None)
@given(seeds, st.booleans())
def test_the_order_of_the_bag_is_hidden(seed: int, module: bool) -> None:
    """Two games whose bags differ only in the order of tokens nobody has drawn yet give every
    seat the same view, step by step."""
    rng = random.Random(seed)
    a = deck_with([], module)
    rng.shuffle(a)
    while any(k not in KINDS[:FIRST_TOOL] for k in a[:6]):
        rng.shuffle(a)
    b = a[:-20] + sorted(a[-20:])
    variant = {"tools_and_moles": module}
    one, two = GAME.new_game(2, seed, variant, a), GAME.new_game(2, seed, variant, b)
    while not one.is_over and len(one.bag) > 20:
        for s in (0, 1, None):
            assert one.view(s) == two.view(s)
        seat = one.to_move[0]
        action = rng.choice(one.legal_actions(seat))
        one.apply(seat, action)
        two.apply(seat, action)


@settings(max_examples=10, deadline=None)
@given(seeds, st.booleans())
def test_a_clone_is_independent(seed: int, module: bool) -> None:
    """``clone`` copies every mutable part: playing on the copy leaves the original as it was."""
    state = GAME.new_game(2, seed, {"tools_and_moles": module})
    rng = random.Random(seed)
    for _ in range(rng.randrange(60)):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = snapshot(state)
    copy = state.clone()
    assert snapshot(copy) == before
    if not copy.is_over:
        play_random(copy, rng, BOUND)
    assert snapshot(state) == before
