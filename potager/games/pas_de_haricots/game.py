"""The game's facts for the engine: players, variants, components, the action space."""

from __future__ import annotations

import random
from functools import partial
from typing import Any, ClassVar

from potager.engine import Game, ParameterSpec, Seat, VariantSpec, View
from potager.engine.sampling import LastView

from .cards import CARD_INDEX, CARDS
from .data import DEAL, HANDS, HANDS_ALLOWED, PARAMETERS, reference
from .rules import PasDeHaricotsState
from .sampling import read_view, sample
from .scoring import SERIES_VALUE, series_table


class PasDeHaricots(Game[PasDeHaricotsState]):
    """Pas de Haricots (Amigo), 3 to 6 players."""

    name = "pas-de-haricots"
    title = "Pas de Haricots"
    min_players = min(DEAL)
    max_players = max(DEAL)
    variants: ClassVar[VariantSpec] = {
        "hands": (HANDS_ALLOWED, HANDS, "hands (manches) in the match; the rulebook plays 3"),
    }

    def _new_state(
        self, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> PasDeHaricotsState:
        state = PasDeHaricotsState(self, players, seed, variant, deck)
        state.deal(None if deck is None else [CARD_INDEX[c] for c in deck])
        return state

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        """The 60 cards: 4 suits × (1–10, Valet, Cavalier, Dame, Roi) and the trumps 1–4."""
        return list(CARDS)

    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        """``play <card>`` for actions 0…59, ``take <card>`` for 60…119."""
        return tuple(f"play {c}" for c in CARDS) + tuple(f"take {c}" for c in CARDS)

    parameters: ClassVar[ParameterSpec] = PARAMETERS
    series: tuple[int, ...]
    """The value of every packed series (`scoring.series_table`; the rulebook's
    `scoring.SERIES_VALUE`)."""

    def __init__(self) -> None:
        self._last_view = LastView(partial(read_view, self))
        self.series = SERIES_VALUE

    def _tune(self) -> None:
        self.series = series_table(self.value("king_factor"))

    def sample(self, view: View, seat: Seat, rng: random.Random) -> PasDeHaricotsState:
        """The view read once (`sampling.read_view`, kept for the next sample of an equal view),
        then the unseen cards dealt again (`sampling.sample`)."""
        return sample(self._last_view(view, seat), rng)

    def facts(self) -> dict[str, Any]:
        """The suits, ranks, trumps, scoring ranks and the deal (`data.reference`), the Roi's
        factor as this instance's parameters say."""
        found = reference()
        if self.tuning:
            found["king_factor"] = self.value("king_factor")
        return found
