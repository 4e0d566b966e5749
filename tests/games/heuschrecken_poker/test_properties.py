"""DESIGN.md's invariants for Heuschrecken Poker, as hypothesis properties over random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from potager.engine import State
from potager.games.heuschrecken_poker import GAME
from potager.games.heuschrecken_poker.data import CARD_COUNTS
from potager.games.heuschrecken_poker.rules import HeuschreckenState
from tests.invariants import (
    assert_draws_only_while_a_deal_is_ahead,
    assert_events_addressed,
    assert_notation_round_trip,
    assert_rejection,
    assert_replay,
    assert_sample_keeps_view,
    play_random,
    snapshot,
    step_random,
)

from .scripted import deck

BOUND = 1600
"""Decisions in a game at most: every turn but a stalemate removes a card from the display (at
most 66 + the 3 refills of double stalemates), at most two stalemates per such turn, and a turn
has at most 2 decisions per player (a bid and a pick): 3 × 66 × 2 × 4 < 1600."""

games = st.tuples(st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.booleans())


def new(seed: int, players: int, beginner: bool) -> HeuschreckenState:
    state = GAME.new_game(players, seed, {"beginner": beginner})
    return state


def conserved(state: State) -> None:
    """Every garden card is in exactly one place: pile, display, a garden or the discard."""
    assert isinstance(state, HeuschreckenState)
    places = [state.display, state.discard, *state.gardens]
    for kind, total in enumerate(CARD_COUNTS):
        in_pile = state.pile[state.top :].count(kind)
        assert in_pile + sum(p[kind] for p in places) == total
        assert all(p[kind] >= 0 for p in places)
    # 3 cards, one more per stalemate: two in a row at most, or one at the end of a round and
    # one at the start of the next (reading 8).
    assert sum(state.display) <= 5


def played(state: HeuschreckenState, rng: random.Random, steps: int) -> HeuschreckenState:
    """``state`` after up to ``steps`` random decisions."""
    while steps > 0 and not state.is_over:
        step_random(state, rng)
        steps -= 1
    return state


@settings(max_examples=30, deadline=None)
@given(games)
def test_random_games_conserve_cards_and_end(game: tuple[int, int, bool]) -> None:
    state = new(*game)
    conserved(state)
    steps = play_random(state, random.Random(game[0]), BOUND, conserved)
    assert steps >= 8 * state.players


@settings(max_examples=20, deadline=None)
@given(games, st.integers(0, 200))
def test_replay_rejection_sampling_and_notation_anywhere(
    game: tuple[int, int, bool], stop: int
) -> None:
    rng = random.Random(stop)
    state = played(new(*game), rng, stop)
    assert_replay(state)
    assert_events_addressed(state)
    assert_rejection(state, rng)
    assert_sample_keeps_view(state, rng)
    assert_notation_round_trip(state)
    if not state.is_over:
        for seat in range(state.players):
            play_random(state.determinize(seat, rng), rng, BOUND)


@settings(max_examples=20, deadline=None)
@given(games)
def test_no_move_draws_from_the_generator(game: tuple[int, int, bool]) -> None:
    """What lets a clone or a sample share the generator (`HeuschreckenState.deals_ahead`):
    only the set-up draws from it."""
    state = new(*game)
    assert not state.deals_ahead()
    assert_draws_only_while_a_deal_is_ahead(state, random.Random(game[0]), BOUND)


@settings(max_examples=20, deadline=None)
@given(games, st.integers(0, 60))
def test_clones_are_independent(game: tuple[int, int, bool], stop: int) -> None:
    rng = random.Random(stop)
    state = played(new(*game), rng, stop)
    before = snapshot(state)
    copy = state.clone()
    assert snapshot(copy) == before
    play_random(copy, rng, BOUND)
    assert snapshot(state) == before


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]))
def test_unseen_pile_order_and_pending_bids_do_not_show(seed: int, players: int) -> None:
    """Two games whose piles differ only below the cards drawn so far look the same to everyone,
    and so do two states that differ only in one seat's pending bid, to every other seat."""
    top = ["corn", "strawberry", "broccoli", "blackberry", "corn", "strawberry"]
    cards = deck(*top)[len(top) :]
    random.Random(seed).shuffle(cards)
    shuffled = cards[:]
    random.Random(seed + 1).shuffle(shuffled)
    one = GAME.new_game(players, seed, deck=top + cards)
    two = GAME.new_game(players, seed, deck=top + shuffled)
    rng = random.Random(seed)
    while one.view(None)["pile"] >= 60 and not one.is_over:
        for seat in [*range(players), None]:
            assert one.view(seat) == two.view(seat)
            assert one.events_for(seat) == two.events_for(seat)
        seat = one.to_move[0]
        action = rng.choice(one.legal_actions(seat))
        if one.view(None)["phase"] == "bid" and len(one.to_move) > 1:
            other = one.clone()
            other.apply(seat, rng.choice(other.legal_actions(seat)))
            one_after = one.clone()
            one_after.apply(seat, action)
            for viewer in [*range(players), None]:
                if viewer != seat:
                    assert one_after.view(viewer) == other.view(viewer)
        one.apply(seat, action)
        two.apply(seat, action)


def test_a_view_whose_cards_do_not_add_up_cannot_be_sampled() -> None:
    view = GAME.new_game(2, 1).view(0)
    view["pile"] = 62
    with pytest.raises(ValueError, match="places 3 garden cards and has a pile of 62"):
        GAME.sample(view, 0, random.Random(0))


SCORE_SHEET = ("harvest", "plague", "round_scoring")
"""The events the end's score sheet is drawn from (`heuschrecken-poker.js`, ``roundsOf``)."""


@settings(max_examples=20, deadline=None)
@given(games)
def test_the_score_sheet_is_public_and_adds_up_to_the_chips(game: tuple[int, int, bool]) -> None:
    """Every seat and a spectator hear the same harvests, plagues and round scorings, one
    scoring per round played; its chips and the harvests' add up to each seat's win chips."""
    state = new(*game)
    play_random(state, random.Random(game[0]), BOUND)
    sheets = [
        [e for e in state.events_for(seat) if e["type"] in SCORE_SHEET]
        for seat in (None, *range(state.players))
    ]
    assert all(sheet == sheets[0] for sheet in sheets)
    scorings = [e for e in sheets[0] if e["type"] == "round_scoring"]
    assert [e["round"] for e in scorings] == list(range(1, len(scorings) + 1))
    chips = [0] * state.players
    for e in sheets[0]:
        if e["type"] == "harvest":
            chips[e["seat"]] += e["chips"]
        elif e["type"] == "round_scoring":
            for seat in e["chips_to"]:
                chips[seat] += GAME.facts()["round_chips"]
    assert chips == state.result().details["chips"]
