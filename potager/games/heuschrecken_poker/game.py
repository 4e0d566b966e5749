"""The game's facts for the engine: name, players, the variant, components and actions."""

from __future__ import annotations

import random
from functools import partial
from typing import Any, ClassVar

from potager.engine import Game, ParameterSpec, Reason, Seat, VariantSpec, View
from potager.engine.sampling import LastView

from . import rules
from .data import BIDS, DISPLAY_SIZE, KINDS, MAX_PLAYERS, MIN_PLAYERS, PARAMETERS, reference
from .rules import RULEBOOK, HeuschreckenState, Tables, tables_of


class HeuschreckenPoker(Game[HeuschreckenState]):
    """Heuschrecken Poker (Grasshopper Poker), Jacques Zeimet, Drei Magier."""

    name = "heuschrecken-poker"
    title = "Heuschrecken Poker"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    variants: ClassVar[VariantSpec] = {
        "beginner": (
            (False, True),
            False,
            "beginners' variant: the X is only a pass and never takes the Ace's power",
        )
    }
    parameters: ClassVar[ParameterSpec] = PARAMETERS
    tables: Tables
    """What the rules read from the parameters (`rules.Tables`; `rules.RULEBOOK` for the
    rulebook's)."""

    def _new_state(
        self, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> HeuschreckenState:
        return HeuschreckenState(self, players, seed, variant, deck)

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        """The 66 garden cards (as many as the parameters say), which form the draw pile (top
        first)."""
        counts = self.tables.counts
        return [kind for kind, n in zip(KINDS, counts, strict=True) for _ in range(n)]

    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        """Bids ``1``…``6``, ``A``, ``X`` (actions 0–7), then the kinds to take (8–12)."""
        return BIDS + KINDS

    def __init__(self) -> None:
        self._last_view = LastView(partial(rules.read_view, self))
        self.tables = RULEBOOK

    def _tune(self) -> None:
        self.tables = tables_of(self)

    def check_params(self, players: int | None) -> None:
        """The pile must fill the first display and hold one card more."""
        cards = sum(self.value(f"{kind}_cards") for kind in KINDS)
        if cards <= DISPLAY_SIZE:
            raise ValueError(
                Reason(
                    "a pile of {cards} garden cards cannot fill the display of {display} and"
                    " draw again",
                    cards=cards,
                    display=DISPLAY_SIZE,
                )
            )

    def sample(self, view: View, seat: Seat, rng: random.Random) -> HeuschreckenState:
        """The view read once (`rules.read_view`, kept for the next sample of an equal view),
        then the unseen pile shuffled and the others' pending bids drawn (`rules.sample`)."""
        return rules.sample(self._last_view(view, seat), rng)

    def facts(self) -> dict[str, Any]:
        """The garden cards, the poker cards and the counts of the rules (`data.reference`), as
        this instance's parameters change them."""
        found = reference()
        if self.tuning:
            found["card_counts"] = dict(zip(KINDS, self.tables.counts, strict=True))
            for name in ("harvest_set", "harvest_chips", "round_chips", "plague_at"):
                found[name] = self.value(name)
        return found
