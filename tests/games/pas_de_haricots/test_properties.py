"""DESIGN.md's invariants as hypothesis properties, over random games of 3 to 6 players."""

from __future__ import annotations

import random
from collections import Counter
from itertools import chain

from hypothesis import given, settings
from hypothesis import strategies as st

from potager.games.pas_de_haricots.cards import CARD_INDEX, CARDS
from potager.games.pas_de_haricots.rules import PasDeHaricotsState
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

from .scripted import GAME, deck_with, play

DECISIONS_PER_HAND = 120
"""Termination bound: a hand has 60/n turns of at most 1 lead, n − 1 face-down cards and n − 2
chosen takes, fewer than 2n decisions: under 120 decisions per hand."""

players = st.integers(3, 6)
seeds = st.integers(0, 2**32)


def pending(state: PasDeHaricotsState) -> list[int]:
    return [
        c for s in state.commitments.committed if (c := state.commitments.choice(s)) is not None
    ]


def assert_conserved(state: PasDeHaricotsState) -> None:
    """Each of the 60 cards is in exactly one place: a hand, face down, face up, or collected."""
    places = [*chain(*state.hands, *state.collected), *pending(state)]
    places += [c for c in state.table if c >= 0]
    assert Counter(places) == Counter(range(len(CARDS)))


@settings(max_examples=25, deadline=None)
@given(players=players, seed=seeds, hands=st.sampled_from([1, 2, 3]))
def test_random_play_keeps_every_invariant(players: int, seed: int, hands: int) -> None:
    state = GAME.new_game(players, seed, {"hands": hands})
    rng = random.Random(seed)

    def check(s: PasDeHaricotsState) -> None:  # type: ignore[override]
        assert_conserved(s)
        if rng.random() < 0.03:
            assert_rejection(s, rng)
            assert_sample_keeps_view(s, rng)
            assert_notation_round_trip(s)
            assert snapshot(s.clone()) == snapshot(s)

    steps = play_random(state, rng, hands * DECISIONS_PER_HAND, check)  # type: ignore[arg-type]
    assert steps <= hands * DECISIONS_PER_HAND
    assert_rejection(state, rng)
    assert_replay(state)
    assert_events_addressed(state)
    result = state.result()
    assert result.scores == tuple(float(sum(h[s][2] for h in result.details["sheets"]))
                                  for s in range(players))  # fmt: skip


@settings(max_examples=10, deadline=None)
@given(players=players, seed=seeds, hands=st.sampled_from([1, 2, 3]))
def test_no_move_draws_from_the_generator_once_no_deal_is_ahead(
    players: int, seed: int, hands: int
) -> None:
    """What lets a clone or a sample share the generator (`PasDeHaricotsState.deals_ahead`):
    only the next hand's deal draws from it, so in the last hand its state stays."""
    state = GAME.new_game(players, seed, {"hands": hands})
    assert_draws_only_while_a_deal_is_ahead(state, random.Random(seed), hands * DECISIONS_PER_HAND)


def hide_differently(state: PasDeHaricotsState, seat: int, rng: random.Random) -> None:
    """Change what ``seat`` may not know: swap cards between the other seats' hands and
    face-down cards, keeping every count."""
    others = [s for s in range(state.players) if s != seat]
    places = [(s, i) for s in others for i in range(len(state.hands[s]))]
    hidden = [state.hands[s][i] for s, i in places]
    committed = [s for s in state.commitments.committed if s != seat]
    hidden += [state.commitments.choice(s) for s in committed]  # type: ignore[misc]
    rng.shuffle(hidden)
    for s in others:
        state.hands[s] = []
    for s, _ in places:
        state.hands[s].append(hidden.pop())
    for s in others:
        state.hands[s].sort()
    for s in committed:
        state.commitments.commit(s, hidden.pop())


@settings(max_examples=25, deadline=None)
@given(players=players, seed=seeds, steps=st.integers(0, 100), data=st.data())
def test_what_a_seat_may_not_know_does_not_change_its_view(
    players: int, seed: int, steps: int, data: st.DataObject
) -> None:
    state = GAME.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s = state.to_move[0]
        state.apply(s, rng.choice(state.legal_actions(s)))
    seat = data.draw(st.integers(0, players - 1))
    other = state.clone()
    hide_differently(other, seat, rng)
    assert_conserved(other)
    assert other.view(seat) == state.view(seat)
    assert other.view(None) == state.view(None)
    assert other.legal_actions(seat) == state.legal_actions(seat)


def test_another_seats_face_down_card_and_unseen_cards_are_not_in_a_view() -> None:
    """Two deals differing only in cards seat 0 cannot see, and seat 1's different face-down
    card: seat 0, seat 3 and the spectator see the same."""
    hands = [["H1"], ["S5", "C9"], ["D2"], ["HK"]]
    one = GAME.new_game(4, 3, deck=deck_with(hands))
    two = GAME.new_game(4, 3, deck=deck_with([hands[0], ["S5", "D2"], ["C9"], hands[3]]))
    for state, card in ((one, "C9"), (two, "D2")):
        play(state, "0 play H1", f"1 play {card}", "3 play HK")
        assert state.commitments.choice(1) == CARD_INDEX[card]
    for seat in (0, 3, None):
        assert one.view(seat) == two.view(seat)
        assert one.events_for(seat) == two.events_for(seat)
    assert one.view(1) != two.view(1)
