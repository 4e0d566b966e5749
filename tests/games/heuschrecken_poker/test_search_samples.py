"""The search's samples (`playout.sampler`): quiet states, and the bids that other seats
made in secret drawn as the heuristic would make them, from what the seat asking sees."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from potager.games.heuschrecken_poker import GAME
from potager.games.heuschrecken_poker.heuristic import HeuristicAgent
from potager.games.heuschrecken_poker.playout import LIKELY, likely_bids, playout, sampler
from potager.games.heuschrecken_poker.rules import BID, HeuschreckenState
from tests.invariants import assert_quiet_samples


def some_way_in(seed: int, players: int) -> HeuschreckenState:
    """A game some random decisions in, not over, where no seat has a pending bid (a walk that
    ends the game is walked again, shorter: a 2-player game may end within 60 decisions)."""
    rng = random.Random(seed)
    limit = 60
    while True:
        state = GAME.new_game(players, seed)
        steps = rng.randrange(limit)
        while (steps > 0 or state.committed) and not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps -= 1
        if not state.is_over:
            return state
        limit = max(1, limit // 2)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.integers(0, 2**32))
@example(549, 2, 0)  # a random walk of 59 decisions ends this game
def test_a_quiet_sample_plays_as_the_games_sample_and_keeps_no_record(
    seed: int, players: int, draw: int
) -> None:
    loud = assert_quiet_samples(GAME, sampler, playout, some_way_in(seed, players), 0, draw)
    assert isinstance(loud, HeuschreckenState) and loud.events[-1]["type"] == "game_end"


def at_the_last_bid(seed: int, players: int) -> tuple[HeuschreckenState, HeuschreckenState]:
    """Two states at a bidding turn where every seat but the last has bid, each seat its own
    bid in each state (what the last seat cannot see), hands of 3 cards or more (a walk that
    ends the game before such a turn is dropped for the game's first bidding turn)."""
    state = some_way_in(seed, players)
    rng = random.Random(seed)
    while state.phase != BID or state.committed or state.played > 5:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            first = GAME.new_game(players, seed)
            state = first
    one, other = state.clone(), state.clone()
    for seat in range(players - 1):
        one.apply(seat, rng.choice(one.legal_actions(seat)))
        other.apply(seat, rng.choice(other.legal_actions(seat)))
    return one, other


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.integers(0, 2**32))
@example(205040, 2, 0)  # the walk to a bidding turn ends this game
def test_the_others_secret_bids_are_drawn_as_the_heuristic_would_bid_them(
    seed: int, players: int, draw: int
) -> None:
    """Never from the bids themselves: two states that differ only in them give the last seat
    the same samples; each drawn bid is one the heuristic chooses in that seat's place."""
    one, other = at_the_last_bid(seed, players)
    last = players - 1
    view = one.view(last)
    rng, again = random.Random(draw), random.Random(draw)
    draws, other_draws = sampler(GAME, view, last), sampler(GAME, other.view(last), last)
    for _ in range(10):
        sampled = draws(rng)
        assert sampled.bids == other_draws(again).bids
        assert sampled.view(last) == view
        for seat in range(last):
            allowed = tuple(b for b in range(8) if view_hand(view, seat) >> b & 1)
            assert sampled.bids[seat] in likely_bids(view, seat, allowed)


def view_hand(view: dict[str, object], seat: int) -> int:
    """The bitmask of a seat's poker cards in a view (a pending bid still counts as in hand)."""
    hands = view["hands"]
    assert isinstance(hands, list)
    return sum(1 << "123456AX".index(card) for card in hands[seat])


def test_the_likely_bids_are_the_heuristics_choices() -> None:
    one, _ = at_the_last_bid(3, 3)
    view = one.view(2)
    allowed = tuple(b for b in range(8) if view_hand(view, 0) >> b & 1)
    bids = likely_bids(view, 0, allowed)
    guide = HeuristicAgent()
    assert len(bids) == LIKELY and set(bids) <= set(allowed)
    assert bids[5] == guide.act(GAME, view, 0, list(allowed), random.Random(5))
