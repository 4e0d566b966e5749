"""Observation tensors from a seat's view: each game's encoder by its game (`encoder`).

An encoder (`Encoder`, made of a `potager.rl.layout.Layout`) observes one configuration of its game
from a seat's view alone; the games' encoders are in `potager.rl.encoders`. ``python -m
potager.rl.doc`` prints the tables of docs/rl.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from potager.engine import Game

from .encoders import ENCODERS
from .layout import Encoder


def encoder(game: Game, players: int, variant: Mapping[str, Any] | None = None) -> Encoder:
    """The encoder of ``game`` for ``players`` and ``variant`` (`ValueError` if it has none)."""
    make = ENCODERS.get(type(game))
    if make is None:
        raise ValueError(f"{game.name} has no observation encoder")
    return make(game, players, game.resolve_variant(variant))
