"""What a game's rules page gives as notation, and real positions where each example is legal.

The rules pages' code spans are of three kinds: a move as typed at the prompt (``plant 3 c2``),
one word of the notation (a rank ``J``, a column ``a``, ``opp``), or a variant's setting
(``tools_and_moles=true``). `positions` plays seeded random games of the configurations below
until each move example has been legal for the seat to move, and keeps where.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache

from potager import games
from potager.cli import reference
from potager.engine import Action, Game, NotationError, Seat, State

LANGUAGES = ("en", "fr", "de", "it")
CODE = re.compile(r"`([^`]+)`")
CONFIGURATIONS: dict[str, tuple[tuple[int, dict[str, object]], ...]] = {
    "heuschrecken-poker": ((2, {}), (3, {}), (4, {})),
    "pas-de-haricots": ((3, {}), (4, {}), (6, {})),
    "kraut-und-rueben": ((3, {}), (4, {}), (2, {})),
    "garden-rush": ((2, {}), (2, {"tools_and_moles": True})),
}
"""The player counts and variants played to find the examples, per game."""
GAMES_EACH = 200
"""Games played per configuration at most (every example is found well before)."""


def spans(game: Game, title: str, lang: str) -> list[str]:
    """The code spans of one section (`reference.RULES`, `reference.NOTATION`) of the game's
    rules page in ``lang``, in order, each once."""
    found = reference.source(game, title, lang)
    assert found is not None, (game.name, title, lang)
    return list(dict.fromkeys(CODE.findall(found[1])))


@cache
def words(name: str) -> frozenset[str]:
    """Every word of every action's notation in the game's configurations (``plant``, ``c2``)."""
    game = games.get(name)
    found: set[str] = set()
    for players, variant in CONFIGURATIONS[name]:
        state = game.new_game(players, 0, variant=variant)
        for action in range(game.num_actions(players, variant)):
            found.update(state.action_to_str(action).split())
    return frozenset(found)


def is_piece(name: str, text: str) -> bool:
    """Whether ``text`` is one word of the notation, or begins or ends one (the suit ``H`` and
    the rank ``J`` of ``HJ``, the column ``a`` of ``a2``), spelt as the game spells it."""
    return " " not in text and any(w.startswith(text) or w.endswith(text) for w in words(name))


def is_setting(game: Game, text: str) -> bool:
    """Whether ``text`` is one of the game's variant settings, as ``-v`` takes it."""
    option, _, value = text.partition("=")
    known = game.variants.get(option)
    return known is not None and value.casefold() in {str(v).casefold() for v in known[0]}


@dataclass(frozen=True)
class Position:
    """Where a move example is legal: the game's configuration and the moves that lead there."""

    name: str
    players: int
    variant: dict[str, object]
    seed: int
    moves: tuple[tuple[Seat, Action], ...]
    seat: Seat
    action: Action

    def state(self) -> State:
        """The position, played again from the game's start."""
        state = games.get(self.name).new_game(self.players, self.seed, variant=self.variant)
        for seat, action in self.moves:
            state.apply(seat, action)
        return state


def parsed(state: State, seat: Seat, text: str) -> Action | None:
    try:
        return state.str_to_action(seat, text)
    except NotationError:
        return None


@cache
def positions(name: str, examples: tuple[str, ...]) -> dict[str, Position]:
    """For each of ``examples`` that is a move of the game, a position where it is legal for the
    seat to move, from seeded random games of `CONFIGURATIONS`."""
    game = games.get(name)
    found: dict[str, Position] = {}
    for players, variant in CONFIGURATIONS[name]:
        for seed in range(GAMES_EACH):
            state = game.new_game(players, seed, variant=variant)
            wanted = {
                (seat, text): action
                for seat in range(players)
                for text in examples
                if text not in found and (action := parsed(state, seat, text)) is not None
            }
            if not wanted:
                break
            rng = random.Random(seed)
            while not state.is_over and wanted:
                for seat in state.to_move:
                    legal = set(state.legal_actions(seat))
                    for (at, text), action in list(wanted.items()):
                        if at == seat and action in legal and text not in found:
                            moves = tuple(state.moves)
                            found[text] = Position(
                                name, players, variant, seed, moves, seat, action
                            )
                            wanted = {k: a for k, a in wanted.items() if k[1] != text}
                seat = state.to_move[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found
