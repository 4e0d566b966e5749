"""Pas de Haricots — TODO docs."""

from .game import PasDeHaricots

GAME = PasDeHaricots()

__all__ = ["GAME", "PasDeHaricots"]
