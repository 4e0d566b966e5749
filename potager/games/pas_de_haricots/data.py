"""Every fact of Pas de Haricots as data (rulebook "Matériel", "Préparation", "Comptage";
FACTS.md "Pas de Haricots"). A corrected fact is a one-line change here.
"""

from __future__ import annotations

from typing import Any

from potager.engine import Parameter, ParameterSpec

SUITS: tuple[str, ...] = ("H", "D", "S", "C")
"""The four suits in notation: cœur (hearts), carreau (diamonds), pique (spades), trèfle (clubs)."""

SUIT_NAMES: dict[str, str] = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}

RANKS: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "N", "Q", "K")
"""The 14 ranks of a tarot suit: simple cards 1…10, Valet (J), Cavalier (N), Dame (Q), Roi (K)."""

RANK_NAMES: dict[str, str] = {"J": "Valet", "N": "Cavalier", "Q": "Dame", "K": "Roi"}

PIPS: dict[str, int] = {str(v): v for v in range(1, 11)}
"""The value of each simple card ("cartes simples numérotées de 1 à 10")."""

MINUS_RANKS: frozenset[str] = frozenset({"J", "N", "Q"})
"""The "moins" cards: an odd number of them in a series makes it negative ("Comptage")."""

DOUBLER_RANK = "K"
"""The Roi doubles its series' value, positive or negative ("Roi = X2")."""

KING_FACTOR = 2
"""What the Roi multiplies its series' value by ("X2")."""

PAS_DE_HARICOTS: dict[str, str] = {"T1": "D", "T2": "H", "T3": "S", "T4": "C"}
"""The trumps 1–4, each the "Pas de Haricots" card of one suit: it makes that series worth 0."""

DEAL: dict[int, int] = {3: 20, 4: 15, 5: 12, 6: 10}
"""Cards dealt to each player by player count: always the whole 60-card deck ("Préparation")."""

HANDS = 3
"""Hands (manches) in a match: "le joueur qui après 3 manches a totalisé le plus de points"."""

HANDS_ALLOWED: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""Values offered by the `hands` variant option."""


PARAMETERS: ParameterSpec = {
    "king_factor": Parameter(
        KING_FACTOR, "the Roi multiplies its series' value by this", low=1, high=5
    ),
}
"""The rule parameters (`potager.engine.parameters`): the Roi's factor."""


def reference() -> dict[str, Any]:
    """These facts as JSON for interfaces (`Game.facts`); the deal is keyed by the player count
    as text."""
    return {
        "suits": list(SUITS),
        "suit_names": dict(SUIT_NAMES),
        "ranks": list(RANKS),
        "rank_names": dict(RANK_NAMES),
        "pips": dict(PIPS),
        "minus_ranks": sorted(MINUS_RANKS, key=RANKS.index),
        "doubler_rank": DOUBLER_RANK,
        "king_factor": KING_FACTOR,
        "pas_de_haricots": dict(PAS_DE_HARICOTS),
        "deal": {str(players): cards for players, cards in DEAL.items()},
        "hands": HANDS,
    }
