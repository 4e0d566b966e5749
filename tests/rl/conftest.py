"""The configurations every environment test covers: each game at each player count, and Garden
Rush with its Tools & Moles module too."""

from __future__ import annotations

from typing import Any

from potager import games

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    (name, players, {})
    for name in games.names()
    for players in range(games.get(name).min_players, games.get(name).max_players + 1)
] + [("garden-rush", 2, {"tools_and_moles": True})]


def config_id(config: tuple[str, int, dict[str, Any]]) -> str:
    name, players, variant = config
    return f"{name}-{players}p" + "".join(f"-{k}" for k in variant)
