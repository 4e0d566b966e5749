"""Determinization: a full state built from one seat's view (DESIGN.md, `Game.sample`).

What a seat sees: its own hand and pending face-down card, every card face up on the table, every
collected series and each seat's hand size. Nothing else restricts the unseen cards (no suit has to
be followed), so they are dealt again uniformly: to the other hands, by size, and as the pending
face-down cards of the seats that have already committed.
"""

from __future__ import annotations

import random

from potager.engine import Game, Seat, View

from .cards import CARD_INDEX, NUM_CARDS, Card
from .rules import COMMIT, NO_CARD, OVER, PHASES, TAKE, TAKE_OFFSET, PasDeHaricotsState


def sample(game: Game, view: View, seat: Seat, rng: random.Random) -> PasDeHaricotsState:
    """A state ``seat`` cannot tell from the one that showed it ``view``."""
    players: int = view["players"]
    state = PasDeHaricotsState(game, players, rng.randrange(2**63), dict(view["variant"]), None)

    def cards(names: list[str]) -> list[Card]:
        return [CARD_INDEX[n] for n in names]

    own = cards(view["hand"])
    pending = CARD_INDEX[view["commitment"]] if view["commitment"] is not None else NO_CARD
    state.table = [CARD_INDEX[n] if n is not None else NO_CARD for n in view["table"]]
    state.collected = [cards(c) for c in view["collected"]]
    seen = set(own).union(*state.collected, (c for c in state.table if c >= 0), (pending,))
    unseen = [c for c in range(NUM_CARDS) if c not in seen]
    rng.shuffle(unseen)

    state.phase = PHASES.index(view["phase"])
    state.is_over = state.phase == OVER
    state.bean = view["bean"]
    state.bean_card = CARD_INDEX[view["bean_card"]] if view["bean_card"] is not None else NO_CARD
    state.hand_number = view["hand_number"]
    state.turn = view["turn"]
    state.sheets = [[(p, m, t) for p, m, t in sheet] for sheet in view["scores"]]
    state.to_move = tuple(view["to_move"])
    for s, size in enumerate(view["hand_sizes"]):
        if s == seat:
            state.hands[s] = sorted(own)
        else:
            state.hands[s] = sorted(unseen[:size])
            del unseen[:size]
    if state.phase == COMMIT:
        state.commitments.open(state._others[state.bean])
        for s in view["committed"]:
            state.commitments.commit(s, pending if s == seat else unseen.pop())
    if state.phase == TAKE:
        state.taker = view["taker"]
        state.offer = sorted(
            c + TAKE_OFFSET for c in state.table if c not in (NO_CARD, state.bean_card)
        )
    return state
