"""Determinization: a full state built from one seat's view (DESIGN.md, `Game.sample`).

What a seat sees: its own hand and pending face-down card, every card face up on the table, every
collected series and each seat's hand size. Nothing else restricts the unseen cards (no suit has to
be followed), so they are dealt again uniformly: to the other hands, by size, and as the pending
face-down cards of the seats that have already committed.

A search samples one view many times (ISMCTS: every iteration), so the view is read once
(`read_view`, kept by the game for the next sample of an equal view, `LastView`) and each sample
copies that table and deals (`sample`).
"""

from __future__ import annotations

import random

from potager.engine import Game, Seat, View
from potager.engine.sampling import start_sample
from potager.engine.shuffle import shuffle

from .cards import CARD_INDEX, Card
from .rules import COMMIT, NO_CARD, OVER, PHASES, TAKE, TAKE_OFFSET, PasDeHaricotsState

Reading = tuple[PasDeHaricotsState, Seat, tuple[Card, ...], Card, tuple[int, ...], tuple[Seat, ...]]
"""A view read for sampling (`read_view`): the table as a state (the others' hands empty, nobody
committed yet), the seat, the cards it has not seen, its own face-down card (`NO_CARD` if none),
every seat's hand size and the seats that have committed."""


def read_view(game: Game, view: View, seat: Seat) -> Reading:
    """Read ``view`` for `sample`: everything it shows, and the unseen cards."""
    players: int = view["players"]
    state = PasDeHaricotsState(game, players, 0, dict(view["variant"]), None)

    def cards(names: list[str]) -> list[Card]:
        return [CARD_INDEX[n] for n in names]

    own = cards(view["hand"])
    pending = CARD_INDEX[view["commitment"]] if view["commitment"] is not None else NO_CARD
    state.table = [CARD_INDEX[n] if n is not None else NO_CARD for n in view["table"]]
    state.collected = [cards(c) for c in view["collected"]]
    seen = set(own).union(*state.collected, (c for c in state.table if c >= 0), (pending,))
    unseen = tuple(c for c in state.cards if c not in seen)

    state.phase = PHASES.index(view["phase"])
    state.is_over = state.phase == OVER
    state.bean = view["bean"]
    state.bean_card = CARD_INDEX[view["bean_card"]] if view["bean_card"] is not None else NO_CARD
    state.hand_number = view["hand_number"]
    state.turn = view["turn"]
    state.sheets = [[(p, m, t) for p, m, t in sheet] for sheet in view["scores"]]
    state.to_move = tuple(view["to_move"])
    state.hands[seat] = sorted(own)
    if state.phase == COMMIT:
        state.commitments.open(state._others[state.bean])
    if state.phase == TAKE:
        state.taker = view["taker"]
        state.offer = sorted(
            c + TAKE_OFFSET for c in state.table if c not in (NO_CARD, state.bean_card)
        )
    sizes = tuple(view["hand_sizes"])
    return state, seat, unseen, pending, sizes, tuple(view["committed"])


def sample(reading: Reading, rng: random.Random, quiet: bool = False) -> PasDeHaricotsState:
    """A state the seat of ``reading`` cannot tell from the one that showed it its view: a copy
    of the table with its own seed and generator (the table's in the last hand, where nothing
    draws from it), the unseen cards shuffled and dealt to the other hands and to the others'
    face-down cards. ``quiet``: the state keeps no record of what is played on it
    (`PasDeHaricotsState.quiet`), and it deals the hands to come from ``rng``, the search's own
    generator, instead of one seeded for it (seeding one costs a good part of a sample)."""
    table, seat, cards, pending, sizes, committed = reading
    blank = PasDeHaricotsState(table.game, table.players, 0, table.variant, None, blank=True)
    state = start_sample(table, blank, rng, quiet)
    table._copy_table(state)
    state.quiet = quiet
    unseen = [*cards]
    shuffle(unseen, rng)
    hands = state.hands
    for s, size in enumerate(sizes):
        if s != seat:
            hands[s] = sorted(unseen[:size])
            del unseen[:size]
    if table.phase == COMMIT:
        commitments = state.commitments
        for s in committed:
            commitments.commit(s, pending if s == seat else unseen.pop())
    return state
