"""Scoring a hand: each suit series on its own, then the "+", "−" and total lines
(rulebook "Comptage").

Claudia's cards from the rulebook's example: spades 3, 5 (+8); diamonds Cavalier, 1, 5 (−6);
hearts Roi (0); clubs 10, 2, Valet and trump 4, the clubs' Pas de Haricots (0):

>>> from .cards import CARD_INDEX
>>> claudia = [CARD_INDEX[c] for c in "S3 S5 DN D1 D5 HK C10 C2 CJ T4".split()]
>>> series_values(claudia)
[0, -6, 8, 0]
>>> score_sheet(claudia)
(8, -6, 2)

Compiled with the rules, which score every hand's end with it (`potager.compiled`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import CARD_KING, CARD_MINUS, CARD_PIPS, CARD_SUIT, CARD_TRUMP, Card
from .data import KING_FACTOR, SUITS


def series_value(pips: int, minus: int, king: bool, trump: bool, factor: int = KING_FACTOR) -> int:
    """One suit's value: 0 with its Pas de Haricots; else the sum of its simple cards, negative
    when it holds an odd number of "moins" cards (Valet, Cavalier, Dame), doubled by the Roi
    (multiplied by ``factor``, the rule parameter ``king_factor``)."""
    if trump:
        return 0
    value = -pips if minus % 2 else pips
    return factor * value if king else value


Tally = list[list[int]]
"""Per suit (in `SUITS` order): [sum of simple cards, "moins" cards, Roi, Pas de Haricots]."""


def tally(cards: Iterable[Card]) -> Tally:
    """What the scoring of each series of ``cards`` depends on."""
    counts = [[0, 0, 0, 0] for _ in SUITS]
    for c in cards:
        add(counts, c)
    return counts


def add(counts: Tally, card: Card) -> None:
    """Lay ``card`` out in its series."""
    series = counts[CARD_SUIT[card]]
    series[0] += CARD_PIPS[card]
    series[1] += CARD_MINUS[card]
    series[2] |= CARD_KING[card]
    series[3] |= CARD_TRUMP[card]


def gain(counts: Tally, card: Card) -> int:
    """How much ``card`` would change the score of a player whose series are ``counts``.

    >>> from .cards import CARD_INDEX
    >>> spades_3_5 = tally([CARD_INDEX["S5"], CARD_INDEX["S3"]])
    >>> [gain(spades_3_5, CARD_INDEX[c]) for c in ("SK", "SJ", "T3", "H9")]
    [8, -16, -8, 9]
    """
    pips, minus, king, trump = counts[CARD_SUIT[card]]
    before = series_value(pips, minus, bool(king), bool(trump))
    after = series_value(
        pips + CARD_PIPS[card],
        minus + CARD_MINUS[card],
        bool(king) or CARD_KING[card],
        bool(trump) or CARD_TRUMP[card],
    )
    return after - before


SERIES_BITS: Final = 10
"""A series packed in an int: its simple cards' sum (6 bits: at most 55), its "moins" cards
(2 bits: at most 3), its Roi and its Pas de Haricots (a bit each)."""

SERIES_MASK: Final = (1 << SERIES_BITS) - 1

PACKED: Final[tuple[int, ...]] = tuple(
    (CARD_PIPS[c] | CARD_MINUS[c] << 6 | CARD_KING[c] << 8 | CARD_TRUMP[c] << 9)
    << SERIES_BITS * CARD_SUIT[c]
    for c in range(len(CARD_SUIT))
)
"""Each card as its contribution to its series' fields, shifted to its suit's place: the sum of
a player's cards holds all four series at once, as no field can overflow into the next."""


def series_table(factor: int = KING_FACTOR) -> tuple[int, ...]:
    """The value of every packed series, the Roi multiplying by ``factor``."""
    return tuple(
        series_value(f & 63, f >> 6 & 3, bool(f >> 8 & 1), bool(f >> 9 & 1), factor)
        for f in range(1 << SERIES_BITS)
    )


SERIES_VALUE: Final[tuple[int, ...]] = series_table()
"""The value of every packed series, by the rulebook."""

SHIFTS: Final[tuple[int, ...]] = tuple(SERIES_BITS * s for s in range(len(SUITS)))


def series_values(cards: list[Card], table: tuple[int, ...] = SERIES_VALUE) -> list[int]:
    """The value of each suit series of ``cards``, in `SUITS` order (one sum of packed series:
    every hand's end scores every player), by ``table`` (`series_table`)."""
    total = packed(cards)
    return [table[total >> shift & SERIES_MASK] for shift in SHIFTS]


def packed(cards: list[Card]) -> int:
    """The four series of ``cards`` packed in one int (`PACKED`; a list, which compiled code
    walks without an iterator)."""
    total = 0
    for c in cards:  # compiled (`potager.compiled`): a C loop
        total += PACKED[c]
    return total


def score_sheet(cards: list[Card]) -> tuple[int, int, int]:
    """A player's line on the score pad for ``cards`` (see `score_line`)."""
    return score_line(series_values(cards))


def score_line(values: list[int]) -> tuple[int, int, int]:
    """A player's line on the score pad from its series' values: ("+" the positive series, "−"
    the negative series as a negative number, their sum) — "Les scores positifs et négatifs et la
    somme de ces deux scores sont notés sur le bloc"."""
    plus = minus = 0
    for v in values:
        if v > 0:
            plus += v
        else:
            minus += v
    return plus, minus, plus + minus


def match_winners(totals: list[int]) -> tuple[int, ...]:
    """Every seat with the highest total after the last hand; ties share the win (FACTS.md 3)."""
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)
