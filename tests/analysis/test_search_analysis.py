"""Analysis with the real search (`ismcts` at a small iteration budget): reproducible, and blind
to what the analysed seat could not see."""

from __future__ import annotations

from potager import games
from potager.analysis import analyse, evaluator
from tests.analysis.test_review import contract_pair

LEVEL = "ismcts:iterations=60"


def reviews(record, seats, seed):  # type: ignore[no-untyped-def]
    search = evaluator(LEVEL, games.get(record.game))
    return [r.to_dict() for r in analyse(record, search, LEVEL, seats, seed).reviews]


def test_the_same_record_and_seed_give_the_same_analysis() -> None:
    one, _ = contract_pair()
    first = reviews(one, [0], seed=3)
    assert first == reviews(one, [0], seed=3)
    assert first != reviews(one, [0], seed=4)
    for move in first:
        actions = move["actions"]
        assert sum(a["visits"] for a in actions) >= 60 or len(actions) == 1
        assert all(0 <= a["win_low"] <= a["win"] + 1e-9 <= a["win_high"] + 2e-9 for a in actions)


def test_a_secret_of_another_seat_does_not_change_the_search_analysis() -> None:
    one, two = contract_pair()
    assert reviews(one, [0], seed=3) == reviews(two, [0], seed=3)
