"""The configurations every environment test covers: each game at each player count, and each
rulebook variant the game takes (every other value of each option) at its fewest players."""

from __future__ import annotations

from typing import Any

from potager import games

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    (name, players, {})
    for name in games.names()
    for players in range(games.get(name).min_players, games.get(name).max_players + 1)
] + [
    (name, games.get(name).min_players, {key: value})
    for name in games.names()
    for key, (values, default, _doc) in games.get(name).variants.items()
    for value in values
    if value != default
]


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    name, players, variant = config
    options = "".join(f"-{k}" if v is True else f"-{k}={v}" for k, v in variant.items())
    return f"{name}-{players}p{options}"
