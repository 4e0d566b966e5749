"""Pas de Haricots (Amigo), 3 to 6 players: ``games.get("pas-de-haricots")``.

Registered as ``pas-de-haricots`` (`GAME`): 120 actions, ``play H7`` and ``take H7`` for each of
the 60 cards. The face-down cards are one simultaneous decision; a step with a single choice is
made by the game. The rules for players: ``potager/texts``; the view keys and events:
docs/reference/games.md. The readings chosen (a scripted ``deck`` fixes the first deal only, the
"−" line is a negative number, forced steps are automatic), with their evidence:
docs/rules-notes.md.

>>> from potager import games
>>> state = games.get("pas-de-haricots").new_game(4, seed=1)
>>> state.apply(0, state.str_to_action(0, "play " + state.view(0)["hand"][0]))
>>> state.to_move
(1, 2, 3)
"""

from .game import PasDeHaricots

GAME = PasDeHaricots()

__all__ = ["GAME", "PasDeHaricots"]
