"""Scripted games of Kraut & Rüben: a pile with a chosen top, seeds dealing chosen contracts,
and turns written in the notation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from potager.games.kraut_und_rueben import GAME, KrautUndRuebenState
from potager.games.kraut_und_rueben.notation import TAKING


def pile(*top: str) -> list[str]:
    """The 85-tile pile with ``top`` drawn first, the rest in the box's order."""
    rest = Counter(GAME.components(2, {}))
    rest.subtract(top)
    assert min(rest.values()) >= 0, "more tiles than the box holds"
    return [*top, *rest.elements()]


def seed_dealing(players: int, contracts: Sequence[int | None], match: bool = False) -> int:
    """The first seed that deals ``contracts`` (None: any) to the first seats."""
    for seed in range(100_000):
        state = GAME.new_game(players, seed, {"match": match}, pile())
        if all(c is None or c == state.contracts[s] for s, c in enumerate(contracts)):
            return seed
    raise AssertionError(f"no seed deals {contracts}")


def new(
    players: int, top: Sequence[str] = (), contracts: Sequence[int | None] = (), match: bool = False
) -> KrautUndRuebenState:
    """A game whose pile starts with ``top`` and whose first seats hold ``contracts``."""
    seed = seed_dealing(players, contracts, match)
    state = GAME.new_game(players, seed, {"match": match}, pile(*top))
    return state


def play(state: KrautUndRuebenState, *moves: str) -> None:
    """Apply ``moves`` (notation), each by the seat to move."""
    for text in moves:
        seat = state.to_move[0]
        state.apply(seat, state.str_to_action(seat, text))


def turn(state: KrautUndRuebenState, where: str | None, take: str = "pass") -> None:
    """One turn: draw and place on ``where`` (``"2 b3"``; None when the tile has no place), then
    ``take`` or pass when a garden may be taken."""
    play(state, "draw")
    if where is not None:
        play(state, f"place {where}")
    if state.phase == TAKING:
        play(state, take)


def legal(state: KrautUndRuebenState) -> list[str]:
    """The legal actions of the seat to move, in notation."""
    return [state.action_to_str(a) for a in state.legal_actions(state.to_move[0])]
