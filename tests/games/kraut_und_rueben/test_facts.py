"""`GAME.facts()`: the printed facts the browser draws, as JSON from data.py (contracts, tiles)."""

from __future__ import annotations

from potager.games.kraut_und_rueben import GAME, data
from tests.invariants import json_facts


def test_facts_are_the_twelve_contract_cards_of_data() -> None:
    cards = json_facts(GAME)["contracts"]
    assert list(cards) == [str(n) for n in data.CONTRACTS]
    for number, contract in data.CONTRACTS.items():
        assert cards[str(number)] == {
            "principal": contract.principal,
            "lower": contract.lower,
            "higher": contract.higher,
            "negative": contract.negative,
            "lower_points": list(contract.lower_points),
            "higher_points": list(contract.higher_points),
        }


def test_facts_are_the_tiles_garden_and_values_of_data() -> None:
    facts = json_facts(GAME)
    assert facts["tile_counts"] == data.TILE_COUNTS
    assert facts["kinds"] == list(data.KINDS) and facts["pile_kinds"] == list(data.PILE_KINDS)
    pile = sum(facts["tile_counts"][k] for k in facts["pile_kinds"])
    assert pile == len(GAME.components(3, GAME.resolve_variant(None))) == 85
    assert [c + r for r in facts["rows"] for c in facts["columns"]] == list(data.SPACES)
    assert facts["fixed_points"] == data.FIXED_POINTS
    assert facts["negative_points"] == data.NEGATIVE_POINTS
    assert facts["column_labels"] == list(data.COLUMN_LABELS)
    assert (facts["cup_points"], facts["match_games"]) == (data.CUP_POINTS, data.MATCH_GAMES)
