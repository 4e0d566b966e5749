"""Heuschrecken Poker — placeholder docstring."""

from .game import HeuschreckenPoker

GAME = HeuschreckenPoker()

__all__ = ["GAME", "HeuschreckenPoker"]
