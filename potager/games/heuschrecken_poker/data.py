"""Every fact of Heuschrecken Poker as data (rulebook "Inhalt / Content" and FACTS.md).

Kinds and bids are small ints in the rules; their names here are the notation (DESIGN.md).
A corrected fact is a one-line change in this module. `PARAMETERS` names the numbers a designer
may change, their defaults these facts.
"""

from __future__ import annotations

from typing import Any, Final

from potager.engine import Parameter, ParameterSpec

KINDS: Final = ("corn", "strawberry", "broccoli", "blackberry", "grasshopper")
"""The five kinds of garden card (Gartenkarten); a kind is its index here."""

GRASSHOPPER: Final = 4
"""The grasshopper (Heuschrecke): not a plant, it never counts as one."""

PLANTS: Final = (0, 1, 2, 3)
"""Corn (Mais), strawberries (Erdbeeren), broccoli (Brokkoli), blackberries (Brombeeren)."""

CARD_COUNTS: Final = (13, 13, 13, 13, 14)
"""How many garden cards of each kind: 66 in all (box contents)."""

BIDS: Final = ("1", "2", "3", "4", "5", "6", "A", "X")
"""One colour set of poker cards (FACTS.md); a bid is its index here: value ``bid + 1`` for
the numbers, then the Ace and the X."""

ACE: Final = 6
X_CARD: Final = 7

HAND_SIZE: Final = len(BIDS)
"""A round ends when every player has played all 8 poker cards."""

DISPLAY_SIZE: Final = 3
"""The display (Auslage) is made up to 3 cards after every turn."""

HARVEST_SET: Final = 3
"""Three plants of one kind in a garden are harvested for one win chip (Ernten)."""

HARVEST_CHIPS: Final = 1

PLAGUE_AT: Final = 3
"""Three or more grasshoppers eat the whole garden (Heuschreckenplage)."""

STALEMATES_TO_DISCARD: Final = 2
"""The second stalemate (Patt) in a row discards the display."""

STALEMATE_EXTRA_CARDS: Final = 1
"""A stalemate adds this many cards from the draw pile before the players bid again."""

ROUND_CHIPS: Final = 1
"""Intermediate scoring: the most plants in a garden earns this many chips (ties all earn it)."""

TAKE_ALL_ALONE_PLAYERS: Final = 2
"""With this many players, a lone taker takes the whole display ("Spiel zu zweit")."""

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4

PARAMETERS: Final[ParameterSpec] = {
    **{
        f"{kind}_cards": Parameter(n, f"{kind} cards in the draw pile", low=0, high=30)
        for kind, n in zip(KINDS, CARD_COUNTS, strict=True)
    },
    "harvest_set": Parameter(
        HARVEST_SET, "plants of one kind in a garden that are harvested together", low=2, high=6
    ),
    "harvest_chips": Parameter(HARVEST_CHIPS, "chips a harvested set earns", low=1, high=5),
    "round_chips": Parameter(
        ROUND_CHIPS, "chips for the most plants at a round's scoring", low=0, high=5
    ),
    "plague_at": Parameter(
        PLAGUE_AT, "grasshoppers in a garden that eat it (a plague)", low=2, high=8
    ),
}
"""The rule parameters (`potager.engine.parameters`): the pile, the harvest, the chips, the
plague."""


def reference() -> dict[str, Any]:
    """These facts as JSON for interfaces (`Game.facts`), kinds and bids by name."""
    return {
        "kinds": list(KINDS),
        "plants": [KINDS[p] for p in PLANTS],
        "grasshopper": KINDS[GRASSHOPPER],
        "card_counts": dict(zip(KINDS, CARD_COUNTS, strict=True)),
        "bids": list(BIDS),
        "ace": BIDS[ACE],
        "x_card": BIDS[X_CARD],
        "hand_size": HAND_SIZE,
        "display_size": DISPLAY_SIZE,
        "harvest_set": HARVEST_SET,
        "harvest_chips": HARVEST_CHIPS,
        "plague_at": PLAGUE_AT,
        "stalemates_to_discard": STALEMATES_TO_DISCARD,
        "stalemate_extra_cards": STALEMATE_EXTRA_CARDS,
        "round_chips": ROUND_CHIPS,
        "take_all_alone_players": TAKE_ALL_ALONE_PLAYERS,
    }
