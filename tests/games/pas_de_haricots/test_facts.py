"""`GAME.facts()`: the printed facts the browser draws, as JSON from data.py (suits, ranks)."""

from __future__ import annotations

from potager.games.pas_de_haricots import GAME, data
from tests.invariants import json_facts


def test_facts_are_the_cards_and_deal_of_data() -> None:
    facts = json_facts(GAME)
    assert facts["suits"] == list(data.SUITS) and facts["suit_names"] == data.SUIT_NAMES
    assert facts["ranks"] == list(data.RANKS) and facts["rank_names"] == data.RANK_NAMES
    assert facts["pips"] == data.PIPS
    assert set(facts["minus_ranks"]) == data.MINUS_RANKS
    assert facts["doubler_rank"] == data.DOUBLER_RANK
    assert facts["pas_de_haricots"] == data.PAS_DE_HARICOTS
    assert facts["hands"] == data.HANDS
    for players, cards in facts["deal"].items():
        assert data.DEAL[int(players)] == cards
        deck = GAME.components(int(players), GAME.resolve_variant(None))
        assert cards * int(players) == len(deck)
