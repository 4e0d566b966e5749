"""The registry: ``games.get(name)``, ``games.pieces(game)`` and ``games.replay(record)``.

Each game lives in its own sub-package, whose ``pieces.py`` declares its entry (`GamePieces`: its
rules, its bot, what it tells the search, its tutorial); `REGISTRY` lists them, in the order they
were added to Potager.
"""

from __future__ import annotations

from typing import Any

from potager.engine import Game, GamePieces, GameRecord, RecordError, State

from .garden_rush.pieces import PIECES as GARDEN_RUSH
from .heuschrecken_poker.pieces import PIECES as HEUSCHRECKEN_POKER
from .kraut_und_rueben.pieces import PIECES as KRAUT_UND_RUEBEN
from .pas_de_haricots.pieces import PIECES as PAS_DE_HARICOTS

REGISTRY: dict[str, GamePieces[Any]] = {
    entry.game.name: entry
    for entry in (HEUSCHRECKEN_POKER, PAS_DE_HARICOTS, KRAUT_UND_RUEBEN, GARDEN_RUSH)
}
"""Every game's entry by its name."""


def names() -> list[str]:
    """Every game's name, in the order they were added to Potager."""
    return list(REGISTRY)


def get(name: str) -> Game:
    """The game called ``name``; `ValueError` names the known games otherwise."""
    try:
        return REGISTRY[name].game
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; games: {', '.join(REGISTRY)}") from None


def pieces(game: Game) -> GamePieces[Any]:
    """The entry of ``game``, or of the game it was tuned from (`Game.tuned`: the same pieces
    play it); a game outside the registry has only its rules (no bot of its own, nothing to
    tell the search, no tutorial)."""
    entry = REGISTRY.get(game.name)
    if entry is None:
        return GamePieces(game)
    tuned = bool(game.tuning) and type(game) is type(entry.game)
    return entry if entry.game is game or tuned else GamePieces(game)


def replay(record: GameRecord) -> State:
    """Rebuild the state a record describes (`Game.replay`: by notation when the record's action
    numbering is not this code's); `RecordError` says what is wrong with a bad one."""
    try:
        game = get(record.game)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    return game.replay(record)
