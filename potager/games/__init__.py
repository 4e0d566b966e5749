"""The registry: ``games.get(name)`` and ``games.replay(record)``.

Each game lives in its own sub-package, which exposes ``GAME`` (its `Game` instance); a game is
imported the first time it is asked for.
"""

from __future__ import annotations

import importlib

from potager.engine import Game, GameRecord, RecordError, State

_PACKAGES = {
    "heuschrecken-poker": "potager.games.heuschrecken_poker",
    "pas-de-haricots": "potager.games.pas_de_haricots",
    "kraut-und-rueben": "potager.games.kraut_und_rueben",
    "garden-rush": "potager.games.garden_rush",
}


def names() -> list[str]:
    """Every game's name, in the order they were added to Potager."""
    return list(_PACKAGES)


def get(name: str) -> Game:
    """The game called ``name``; `ValueError` names the known games otherwise."""
    try:
        package = _PACKAGES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; games: {', '.join(_PACKAGES)}") from None
    game: Game = importlib.import_module(package).GAME
    return game


def replay(record: GameRecord) -> State:
    """Rebuild the state a record describes (`Game.replay`: by notation when the record's action
    numbering is not this code's); `RecordError` says what is wrong with a bad one."""
    try:
        game = get(record.game)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    return game.replay(record)
