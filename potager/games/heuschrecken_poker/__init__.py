"""Heuschrecken Poker (Grasshopper Poker) — Jacques Zeimet, Drei Magier — 2 to 4 players.

Registered as ``heuschrecken-poker`` (`GAME`): 13 actions, bid ``1``…``6``, ``A``, ``X`` and take
a kind (``corn`` … ``grasshopper``). A bid is one simultaneous decision of every seat; the takers
then pick one at a time, highest bid first. The rules for players: ``potager/texts``; the view
keys, events and result: docs/reference/games.md. The readings chosen where the rulebook leaves
room (equal Aces and Xs cancel, a stalemate's bids are spent, a stalemate on a round's last bid
carries its display over, chips never run out), with their evidence: docs/rules-notes.md.

>>> from potager import games
>>> state = games.get("heuschrecken-poker").new_game(2, seed=7, deck=None)
>>> for seat, text in ((0, "A"), (1, "x")):
...     state.apply(seat, state.str_to_action(seat, text))
>>> state.events[2]["type"], state.events[3]["seat"], state.events[3]["reason"]
('reveal', 1, 'x')
"""

from .game import HeuschreckenPoker

GAME = HeuschreckenPoker()

__all__ = ["GAME", "HeuschreckenPoker"]
