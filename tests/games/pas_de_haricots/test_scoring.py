"""Scoring (rulebook "Comptage"): both worked examples and each rule of a series."""

from __future__ import annotations

import pytest

from potager.games.pas_de_haricots.cards import CARD_INDEX
from potager.games.pas_de_haricots.scoring import match_winners, score_sheet, series_values


def cards(text: str) -> list[int]:
    return [CARD_INDEX[c] for c in text.split()]


def test_claudia_scores_plus_two() -> None:
    """Claudia: spades 3, 5 = +8; diamonds Cavalier, 1, 5 = −6; hearts Roi = 0; clubs 10, 2,
    Valet with trump 4 (the clubs' Pas de Haricots) = −12 cancelled, 0. Total +2."""
    claudia = cards("S3 S5 DN D1 D5 HK C10 C2 CJ T4")
    assert dict(zip("HDSC", series_values(claudia), strict=True)) == {
        "H": 0,
        "D": -6,
        "S": 8,
        "C": 0,
    }
    assert score_sheet(claudia)[2] == 2


def test_the_other_player_scores_37_minus_13_plus_24() -> None:
    """Clubs +9, hearts +28, diamonds 0, spades −13: "+" 37, "−" 13, total +24."""
    player = cards("C4 C5 H10 H9 H8 H1 D7 D8 T1 SJ S6 S7")
    assert dict(zip("HDSC", series_values(player), strict=True)) == {
        "H": 28,
        "D": 0,
        "S": -13,
        "C": 9,
    }
    assert score_sheet(player) == (37, -13, 24)


@pytest.mark.parametrize(
    ("series", "value"),
    [
        ("", 0),
        ("H1 H2 H10", 13),  # simple cards add up
        ("H7 HJ", -7),  # one "moins" card: negative
        ("H7 HJ HQ", 7),  # two: positive again
        ("H7 HJ HN HQ", -7),  # three: negative
        ("H7 HK", 14),  # the Roi doubles a positive series
        ("H7 HN HK", -14),  # and a negative one
        ("HK HJ", 0),  # special cards alone are worth nothing
        ("H10 HK T2", 0),  # the Pas de Haricots cancels everything
        ("H10 T1", 10),  # a trump counts only for its own suit (T1 is diamonds')
    ],
)
def test_series_rules(series: str, value: int) -> None:
    assert series_values(cards(series))[0] == value


def test_the_order_cards_were_taken_in_does_not_matter() -> None:
    """ "Le moment où les cartes spéciales sont récupérées n'influe pas sur le calcul"."""
    assert series_values(cards("HJ H5 HK")) == series_values(cards("HK H5 HJ"))


def test_each_trump_cancels_its_own_suit() -> None:
    """Trump 1 = diamonds, 2 = hearts, 3 = spades, 4 = clubs."""
    full = "H5 D5 S5 C5"
    assert series_values(cards(full + " T1")) == [5, 0, 5, 5]
    assert series_values(cards(full + " T2")) == [0, 5, 5, 5]
    assert series_values(cards(full + " T3")) == [5, 5, 0, 5]
    assert series_values(cards(full + " T4")) == [5, 5, 5, 0]


def test_the_highest_total_wins_and_ties_share() -> None:
    assert match_winners([3, 9, -2]) == (1,)
    assert match_winners([9, 4, 9, 1]) == (0, 2)
