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
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import CARD_KING, CARD_MINUS, CARD_PIPS, CARD_SUIT, CARD_TRUMP, Card
from .data import SUITS


def series_value(pips: int, minus: int, king: bool, trump: bool) -> int:
    """One suit's value: 0 with its Pas de Haricots; else the sum of its simple cards, negative
    when it holds an odd number of "moins" cards (Valet, Cavalier, Dame), doubled by the Roi."""
    if trump:
        return 0
    value = -pips if minus % 2 else pips
    return 2 * value if king else value


def series_values(cards: Iterable[Card]) -> list[int]:
    """The value of each suit series of ``cards``, in `SUITS` order."""
    pips = [0] * len(SUITS)
    minus = [0] * len(SUITS)
    king = [False] * len(SUITS)
    trump = [False] * len(SUITS)
    for c in cards:
        s = CARD_SUIT[c]
        pips[s] += CARD_PIPS[c]
        minus[s] += CARD_MINUS[c]
        king[s] = king[s] or CARD_KING[c]
        trump[s] = trump[s] or CARD_TRUMP[c]
    return [series_value(pips[s], minus[s], king[s], trump[s]) for s in range(len(SUITS))]


def score_sheet(cards: Iterable[Card]) -> tuple[int, int, int]:
    """A player's line on the score pad: ("+" the positive series, "−" the negative series as a
    negative number, their sum) — "Les scores positifs et négatifs et la somme"."""
    values = series_values(cards)
    plus = sum(v for v in values if v > 0)
    minus = sum(v for v in values if v < 0)
    return plus, minus, plus + minus


def match_winners(totals: list[int]) -> tuple[int, ...]:
    """Every seat with the highest total after the last hand; ties share the win (FACTS.md 3)."""
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)
