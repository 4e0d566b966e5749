"""Kraut & Rüben — Gerd Fenchel, Kosmos 1998 — 2 to 5 players.

Registered as ``kraut-und-rueben`` (`GAME`): ``draw``, ``place 2 b3``, ``mole 2 b3``, ``take 4``
and ``pass``, 25·N + 2 actions with N gardens. Rules for players: ``potager/texts``; view keys,
events, result: docs/reference/games.md; the readings chosen (a match game begins with the next
seat, two players finish with both gardens taken and full, a full garden may be taken, the snail's
empty space only on an empty table) and their evidence: docs/rules-notes.md.

>>> from potager import games
>>> state = games.get("kraut-und-rueben").new_game(3, seed=1)
>>> state.apply(0, state.str_to_action(0, "draw"))
>>> tile = state.view(1)["drawn"]
>>> state.apply(0, state.str_to_action(0, "place 2 b3"))
>>> state.view(1)["gardens"][1]["spaces"] == {"b3": [tile]}
True
"""

from .rules import KrautUndRueben, KrautUndRuebenState

GAME = KrautUndRueben()

__all__ = ["GAME", "KrautUndRueben", "KrautUndRuebenState"]
