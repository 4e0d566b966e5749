"""Each game's observation encoder, by the game's class (`ENCODERS`; `potager.rl.encoding`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from potager.engine import Game
from potager.games.garden_rush import GardenRush
from potager.games.heuschrecken_poker import HeuschreckenPoker
from potager.games.kraut_und_rueben import KrautUndRueben
from potager.games.pas_de_haricots import PasDeHaricots

from ..layout import Encoder
from . import garden_rush, heuschrecken_poker, kraut_und_rueben, pas_de_haricots

MakeEncoder = Callable[[Game, int, dict[str, Any]], Encoder]
"""An encoder of a game for a player count and a (resolved) variant."""

ENCODERS: dict[type[Game], MakeEncoder] = {
    HeuschreckenPoker: heuschrecken_poker.Encoder,
    PasDeHaricots: pas_de_haricots.Encoder,
    KrautUndRueben: kraut_und_rueben.Encoder,
    GardenRush: garden_rush.Encoder,
}
"""Each game's encoder, by the game's class."""
