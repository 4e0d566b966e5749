"""Scripted Heuschrecken Poker games for the rule tests: decks, bids, takes, positions."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from potager.games.heuschrecken_poker import GAME
from potager.games.heuschrecken_poker.data import CARD_COUNTS, KINDS
from potager.games.heuschrecken_poker.rules import HeuschreckenState


def deck(*top: str) -> list[str]:
    """A whole draw pile: ``top`` first, then the other garden cards in a fixed order."""
    rest = Counter(dict(zip(KINDS, CARD_COUNTS, strict=True)))
    rest.subtract(top)
    assert min(rest.values()) >= 0, "more cards of a kind than the game has"
    return [*top, *(kind for kind in KINDS for _ in range(rest[kind]))]


def new(players: int, *top: str, beginner: bool = False) -> HeuschreckenState:
    state = GAME.new_game(players, 1, {"beginner": beginner}, deck(*top))
    return state


def bid(state: HeuschreckenState, *bids: str) -> None:
    """Every seat bids, seat 0 first: ``bid(state, "6", "A", "X")``."""
    assert len(bids) == state.players
    for seat, text in enumerate(bids):
        state.apply(seat, state.str_to_action(seat, text))


def take(state: HeuschreckenState, seat: int, kind: str) -> None:
    assert state.to_move == (seat,), f"seat {state.to_move} to take, not {seat}"
    state.apply(seat, state.str_to_action(seat, kind))


def _full(counts: dict[str, int]) -> dict[str, int]:
    return {kind: counts.get(kind, 0) for kind in KINDS}


def position(
    players: int,
    display: dict[str, int],
    gardens: list[dict[str, int]] | None = None,
    pile: tuple[str, ...] = (),
    **keys: Any,
) -> HeuschreckenState:
    """A state built from a hand-made view (through `Game.sample`): ``display`` and ``gardens``
    as ``{kind: count}``, ``pile`` the kinds left to draw (in any order), every other garden card
    on the discard pile; ``keys`` replace any other view keys (chips, hands, round...)."""
    view = GAME.new_game(players, 1).view(0)
    gardens = gardens or [{} for _ in range(players)]
    placed = Counter(display) + Counter(pile)
    for garden in gardens:
        placed.update(garden)
    view.update(
        display=_full(display),
        gardens=[_full(g) for g in gardens],
        discard={kind: n - placed[kind] for kind, n in zip(KINDS, CARD_COUNTS, strict=True)},
        pile=len(pile),
    )
    view.update(keys)
    state = GAME.sample(view, 0, random.Random(0))
    return state
