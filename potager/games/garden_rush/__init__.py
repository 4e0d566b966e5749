"""Garden Rush (placeholder docstring, written at the end)."""

from .game import GardenRush

GAME = GardenRush()

__all__ = ["GAME", "GardenRush"]
