"""Kraut & Rüben — placeholder docstring, completed below."""

from .rules import KrautUndRueben, KrautUndRuebenState

GAME = KrautUndRueben()

__all__ = ["GAME", "KrautUndRueben", "KrautUndRuebenState"]
