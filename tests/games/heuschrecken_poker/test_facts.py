"""`GAME.facts()`: the printed facts a drawing may show, as JSON from data.py (cards, counts)."""

from __future__ import annotations

from potager.games.heuschrecken_poker import GAME, data
from tests.invariants import json_facts


def test_facts_are_the_cards_and_counts_of_data() -> None:
    facts = json_facts(GAME)
    assert facts["kinds"] == list(data.KINDS) and facts["bids"] == list(data.BIDS)
    assert facts["plants"] == ["corn", "strawberry", "broccoli", "blackberry"]
    assert (facts["grasshopper"], facts["ace"], facts["x_card"]) == ("grasshopper", "A", "X")
    assert sum(facts["card_counts"].values()) == len(GAME.components(3, {"beginner": False}))
    assert facts["card_counts"] == dict(zip(data.KINDS, data.CARD_COUNTS, strict=True))
    assert facts["hand_size"] == data.HAND_SIZE == len(facts["bids"])
    assert (facts["display_size"], facts["harvest_set"], facts["plague_at"]) == (
        data.DISPLAY_SIZE,
        data.HARVEST_SET,
        data.PLAGUE_AT,
    )
