"""The `Game` of Garden Rush: its facts, components, action space and sampling."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from potager.engine import Game, ParameterSpec, Seat, VariantSpec, View
from potager.engine.sampling import LastView

from .actions import action_names
from .data import (
    FIRST_TOOL,
    HEDGE_SLOTS,
    KINDS,
    PARAMETERS,
    PER_TOOL_TOKEN,
    PER_VEGETABLE,
    VEGETABLES,
    reference,
)
from .rules import RULEBOOK, GardenRushState, Track, track_of
from .views import read_view, sample


class GardenRush(Game[GardenRushState]):
    """Garden Rush (Ki Mansell, Space Cowboys 2025), two players."""

    name = "garden-rush"
    title = "Garden Rush"
    min_players = 2
    max_players = 2
    variants: ClassVar[VariantSpec] = {
        "tools_and_moles": (
            (False, True),
            False,
            "the Tools & Moles module: 8 tool tokens in the bag after set-up",
        ),
        "stuck": (
            ("lose", "pass"),
            "lose",
            "a player who can neither place nor harvest loses at once, or passes",
        ),
    }

    def _new_state(
        self, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> GardenRushState:
        return GardenRushState(self, players, seed, variant, deck)

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        """The 60 vegetable tokens, and with the module the 8 tool tokens."""
        tools = KINDS[FIRST_TOOL:] if variant["tools_and_moles"] else ()
        return [v for v in VEGETABLES for _ in range(PER_VEGETABLE)] + [
            t for t in tools for _ in range(PER_TOOL_TOKEN)
        ]

    def check_deck(self, deck: list[str], players: int, variant: dict[str, Any]) -> None:
        """Also: the six set-up tokens (Hedge and Trampoline) are vegetables (module set-up:
        tool tokens go into the bag only after it)."""
        super().check_deck(deck, players, variant)
        tools = [k for k in deck[: HEDGE_SLOTS + 1] if k not in VEGETABLES]
        if tools:
            raise ValueError(
                f"the first {HEDGE_SLOTS + 1} tokens of a Garden Rush deck (Hedge and Trampoline) "
                f"must be vegetables, not {', '.join(tools)}"
            )

    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        return action_names(variant["tools_and_moles"])

    parameters: ClassVar[ParameterSpec] = PARAMETERS
    track: Track
    """The score track the rules play by (`rules.Track`; `rules.RULEBOOK` for the
    rulebook's)."""

    def __init__(self) -> None:
        self._last_view = LastView(partial(read_view, self))
        self.track = RULEBOOK

    def _tune(self) -> None:
        self.track = track_of(self)

    def sample(self, view: View, seat: Seat, rng: random.Random) -> GardenRushState:
        """The view read once (`views.read_view`, kept for the next sample of an equal view),
        then the bag shuffled (`views.sample`)."""
        return sample(self._last_view(view, seat), rng)

    def sampler(self, view: View, seat: Seat) -> Callable[[random.Random], GardenRushState]:
        """`sample` with the view read once for all the samples: a search no longer compares
        its view with the one read at each iteration."""
        return partial(sample, self._last_view(view, seat))

    def facts(self) -> dict[str, Any]:
        """The Potager, the tokens, the tool squares, the patterns, the track (`data.reference`),
        as this instance's parameters change the track."""
        found = reference()
        if self.tuning:
            found["goal"] = self.track.goal
            found["bonus_squares"] = list(self.track.bonus_squares)
        return found
