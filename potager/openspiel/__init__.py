"""OpenSpiel adapter: ``import potager.openspiel`` registers every Potager game with pyspiel.

| OpenSpiel name | game | parameters |
|---|---|---|
| ``potager_heuschrecken_poker`` | Heuschrecken Poker | ``players`` (2–4), ``beginner`` |
| ``potager_kraut_und_rueben`` | Kraut & Rüben | ``players`` (2–5), ``match`` |
| ``potager_pas_de_haricots`` | Pas de Haricots | ``players`` (3–6), ``hands`` |
| ``potager_garden_rush`` | Garden Rush | ``players`` (2), ``tools_and_moles``, ``stuck`` |
| ``potager_pas_de_haricots_study`` | a study game, not in the rulebooks (`study`) | ``hands`` |

Actions are the engine's (`Game.num_actions`); every draw and deal is a chance node over the
undrawn components (`potager.engine.chance`). Simultaneous decisions are sequentialised: the
seats commit one after the other in seat order, and no information state shows another's pending
choice until the reveal (why this form: docs/openspiel.md).
"""

from __future__ import annotations

from .game import PotagerGame, PotagerState, register
from .specs import SPECS

GAMES: dict[str, type[PotagerGame]] = {spec.short_name: register(spec) for spec in SPECS}
"""Every registered game's class by its OpenSpiel name, in the order of `potager.games.names`."""

__all__ = ["GAMES", "PotagerGame", "PotagerState"]
