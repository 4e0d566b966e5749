"""Study games: Potager games cut down until exact methods (CFR, exploitability) finish within a
minute, as OpenSpiel ships Kuhn and Leduc poker beside Hold'em. **They are not in the rulebooks**:
each is registered under its own name, ending in ``_study``, never with the real ones.

``potager_pas_de_haricots_study``: Pas de Haricots for three players with a six-card deck, two
cards each (`STUDY_DECK`: three hearts with their Roi and Valet, a spade, the hearts' Pas de
Haricots trump), one hand by default (``hands``: 1 or 2). Everything else is the real rules: the
lead, the face-down cards, the taking chain and the scoring of the series.
"""

from __future__ import annotations

from typing import Any, ClassVar

from potager.engine import VariantSpec
from potager.games.pas_de_haricots.game import PasDeHaricots

STUDY_DECK: tuple[str, ...] = ("H1", "H3", "HJ", "HK", "S2", "T2")
"""The study deck, in card order."""


class StudyPasDeHaricots(PasDeHaricots):
    """Pas de Haricots with `STUDY_DECK` for three players: not the rulebook's game."""

    name = "pas-de-haricots-study"
    title = "Pas de Haricots (study deck, not in the rulebook)"
    min_players = 3
    max_players = 3
    variants: ClassVar[VariantSpec] = {
        "hands": ((1, 2), 1, "hands (manches) in the match; the study plays 1"),
    }

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        """The six cards of `STUDY_DECK`."""
        return list(STUDY_DECK)
