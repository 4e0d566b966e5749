"""Garden Rush (Ki Mansell, Space Cowboys 2025): two gardeners race to 40 points by planting
vegetable tokens in their Potager and harvesting them in set patterns.

Registered as ``garden-rush`` (`GAME`): one fixed action space (``plant 3 c2``, ``harvest …``,
each bonus's actions, ``skip``); a turn is a chain of decisions, the main action then each bonus.
The rules for players: ``potager/texts``; the view keys, events and variants:
docs/reference/games.md. The readings chosen (every bonus optional, Swap's placement owed, the
Wheelbarrow's token, moles included, Gloves as the whole placing action, Copy's offer, the stuck
check), with their evidence: docs/rules-notes.md.

>>> from potager import games
>>> state = games.get("garden-rush").new_game(2, seed=1)
>>> state.apply(0, state.str_to_action(0, "plant 3 c3"))
>>> state.action_to_str(state.str_to_action(1, "HARVEST broccoli  b2 b3 c3"))
'harvest broccoli b2 b3 c3'
"""

from .game import GardenRush

GAME = GardenRush()

__all__ = ["GAME", "GardenRush"]
