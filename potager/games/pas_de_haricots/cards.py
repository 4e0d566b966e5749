"""The 60 cards as ints, with the tables the rules look them up in.

A card is an int 0…59: the 56 suit cards in suit order (``H1`` … ``HK``, ``D1`` … ``CK``), then the
four Pas de Haricots trumps ``T1`` … ``T4``. Each trump belongs to the series of its suit
(tests/games/pas_de_haricots/test_cards.py shows them). Compiled with the rules, which name the
cards of every deal and every hand's end with `names` (`potager.compiled`).
"""

from __future__ import annotations

from typing import Any, Final

from .data import (
    DOUBLER_RANK,
    MINUS_RANKS,
    PAS_DE_HARICOTS,
    PIPS,
    RANK_NAMES,
    RANKS,
    SUIT_NAMES,
    SUITS,
)

Card = int
"""A card: an index into `CARDS`."""

CARDS: tuple[str, ...] = tuple(s + r for s in SUITS for r in RANKS) + tuple(PAS_DE_HARICOTS)
"""Every card's notation, indexed by card; also the order of `Game.components`."""

NUM_CARDS: Final = len(CARDS)

CARD_INDEX: dict[str, Card] = {name: i for i, name in enumerate(CARDS)}

CARD_SUIT: Final[tuple[int, ...]] = tuple(
    SUITS.index(PAS_DE_HARICOTS[name] if name in PAS_DE_HARICOTS else name[0]) for name in CARDS
)
"""The series (index into `SUITS`) each card is laid out in; a trump goes with its suit."""

CARD_PIPS: Final[tuple[int, ...]] = tuple(
    PIPS.get(name[1:], 0) if name[0] in SUITS else 0 for name in CARDS
)
"""The simple value of each card (0 for the special cards)."""

CARD_MINUS: Final[tuple[bool, ...]] = tuple(
    name[0] in SUITS and name[1:] in MINUS_RANKS for name in CARDS
)
CARD_KING: Final[tuple[bool, ...]] = tuple(
    name[0] in SUITS and name[1:] == DOUBLER_RANK for name in CARDS
)
CARD_TRUMP: Final[tuple[bool, ...]] = tuple(name in PAS_DE_HARICOTS for name in CARDS)


LAYOUT: tuple[Card, ...] = tuple(sorted(range(NUM_CARDS), key=lambda c: (CARD_SUIT[c], c)))
"""The cards laid out by series: each suit in rank order, its Pas de Haricots last."""

LAYOUT_NAMES: Final[tuple[Any, ...]] = tuple(CARDS[c] for c in LAYOUT)
LAYOUT_POSITION: Final[tuple[int, ...]] = tuple(LAYOUT.index(c) for c in range(NUM_CARDS))
"""Each card's place in `LAYOUT`."""


def names(cards: list[Card]) -> list[str]:
    """The notation of ``cards`` laid out by series (a trump with its suit): each card a bit at
    its place in `LAYOUT`, then the bits read from the lowest, which compiled (60 bits are a C
    int) is cheaper than sorting (hands and series are laid out at every deal and every hand's
    end)."""
    marks = 0
    for c in cards:
        marks |= 1 << LAYOUT_POSITION[c]
    laid_out: list[str] = []
    while marks:
        lowest = marks & -marks
        laid_out.append(LAYOUT_NAMES[lowest.bit_length() - 1])
        marks ^= lowest
    return laid_out


def label(card: Card) -> str:
    """A card in words."""
    name = CARDS[card]
    suit = SUIT_NAMES[SUITS[CARD_SUIT[card]]]
    if CARD_TRUMP[card]:
        return f"trump {name[1:]} (Pas de Haricots of {suit})"
    return f"{RANK_NAMES.get(name[1:], name[1:])} of {suit}"
