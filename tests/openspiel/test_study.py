"""The study game: Pas de Haricots' own rules on a six-card deck, small enough for OpenSpiel's
exact methods (docs/openspiel.md's worked example runs CFR and NashConv on it, tested by
test_docs)."""

from __future__ import annotations

import pyspiel
from open_spiel.python.algorithms import get_all_states

import potager.openspiel  # noqa: F401 - registers the games
from potager.openspiel.study import STUDY_DECK, StudyPasDeHaricots


def test_the_study_deals_its_deck() -> None:
    state = StudyPasDeHaricots().new_game(3, 1)
    hands = [state.view(s)["hand"] for s in range(3)]
    assert sorted(card for hand in hands for card in hand) == sorted(STUDY_DECK)
    assert all(len(hand) == 2 for hand in hands)


def test_the_study_deal_has_one_history_per_deal() -> None:
    """90 deals (15 hands for seat 0, then 6 for seat 1), each one chance history, and a tree
    of a few thousand decisions."""
    game = pyspiel.load_game("potager_pas_de_haricots_study")
    states = get_all_states.get_all_states(
        game, include_terminals=False, include_chance_states=False
    )
    deals = {tuple(s.history()[:6]) for s in states.values()}
    assert len(deals) == 90
    assert len(states) == 90 * 31
