"""OpenSpiel adapter: ``import potager.openspiel`` registers every Potager game with pyspiel.

| OpenSpiel name | game | parameters |
|---|---|---|
| ``potager_heuschrecken_poker`` | Heuschrecken Poker | ``players`` (2–4), ``beginner`` |
| ``potager_kraut_und_rueben`` | Kraut & Rüben | ``players`` (2–5), ``match`` |
| ``potager_pas_de_haricots`` | Pas de Haricots | ``players`` (3–6), ``hands`` |
| ``potager_garden_rush`` | Garden Rush | ``players`` (2), ``tools_and_moles``, ``stuck`` |
| ``potager_pas_de_haricots_study`` | a study game, not in the rulebooks (`study`) | ``hands`` |

Actions are the engine's (`Game.num_actions`); every draw and deal of the rules is a chance node
whose outcomes are the undrawn components with their shares (`potager.engine.chance`). The
simultaneous decisions (bids, face-down cards) are sequentialised: the seats to move commit one
after the other in seat order and no seat's information state shows another's pending choice
until the reveal, the engine's hidden commitments as they are. OpenSpiel's MCTS, ISMCTS, CFR,
MCCFR, exploitability and best responses all take turn-based games only, so this is the form
its algorithms can run; OpenSpiel's simultaneous-move form would need its turn-based transform
before any of them, which is this same game.
"""

from __future__ import annotations

from .game import PotagerGame, PotagerState, register
from .specs import SPECS

GAMES: dict[str, type[PotagerGame]] = {spec.short_name: register(spec) for spec in SPECS}
"""Every registered game's class by its OpenSpiel name, in the order of `potager.games.names`."""

__all__ = ["GAMES", "PotagerGame", "PotagerState"]
