"""The cards as ints and their names (`cards`, compiled: its examples live here)."""

from __future__ import annotations

from potager.games.pas_de_haricots.cards import CARD_INDEX, CARD_SUIT, CARDS, label, names
from potager.games.pas_de_haricots.data import SUITS


def test_cards_in_suit_order_then_the_trumps() -> None:
    assert (CARDS[0], CARDS[13], CARDS[56], CARD_INDEX["C10"]) == ("H1", "HK", "T1", 51)
    assert SUITS[CARD_SUIT[CARD_INDEX["T4"]]] == "C"


def test_names_lay_cards_out_by_series_a_trump_with_its_suit() -> None:
    assert names([CARD_INDEX[c] for c in ("C2", "T4", "H5", "T1")]) == ["H5", "T1", "C2", "T4"]


def test_labels() -> None:
    assert [label(CARD_INDEX[c]) for c in ("H7", "SN", "T1")] == [
        "7 of hearts",
        "Cavalier of spades",
        "trump 1 (Pas de Haricots of diamonds)",
    ]
